// A chargeback fought with the order's own record (issue 64, decision 103): the evidence gathers itself from a
// delivered order (its request, chat, delivery and the client's downloads, recorded when the download link is made for
// them), an admin submits it to the emulator's Disputes API once, named in the audit log, and each refusal is worded.
// Real workerd, D1, R2, the Order object, the ChatRoom, and the `stripe` SDK against the emulator.
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { withMessageLocale } from "#worker/messages/message-locale";
import { stripeEvidenceOf } from "#worker/orders/domain/chargeback-evidence";
import {
  chargebackRecord,
  evidenceIdempotencyKey,
  gatherChargebackEvidence,
  submitChargebackEvidence,
} from "#worker/orders/services/chargeback-evidence";
import * as overview from "#app/routes/admin/index";
import { as, person, run } from "../admin/admin-fixtures";
import { sent } from "../support/chat-fixtures";
import { call } from "../support/helpers";
import { newAdmin, type Party } from "../support/order-states";
import { deliver, platform } from "../support/payments-helpers";
import {
  bankDecides,
  chargebackIdOf,
  chattedAndDelivered,
  deliverDisputeEvents,
  disputeEvent,
  disputeObject,
  disputeOfIntent,
} from "../support/chargeback-orders";

const signRead = (who: Party, url: string) =>
  call("/api/google/storage/sign/read", { method: "POST", cookie: who.cookie, json: { url } });

/** A paid order its creator delivered after a word in the chat each way, the client downloading the file; disputed. */
async function deliveredAndDisputed() {
  const { order, seller, buyer, fileUrl } = await chattedAndDelivered();
  // The client's download is recorded; the creator opening their own file is not the client's download.
  expect((await signRead(buyer, fileUrl)).status).toBe(200);
  expect((await signRead(seller, fileUrl)).status).toBe(200);
  const dispute = await disputeOfIntent(order.intentId);
  await deliverDisputeEvents(dispute.id);
  return { order, seller, buyer, dispute, chargebackId: await chargebackIdOf(dispute.id) };
}

const auditRows = async (orderId: string) =>
  (
    await env.DB.prepare(
      "SELECT admin_account_id, reason FROM admin_actions WHERE target_id = ? AND action = 'order.chargeback_evidence_submitted'",
    )
      .bind(orderId)
      .all<{ admin_account_id: string; reason: string }>()
  ).results;
const submittedOf = (chargebackId: string) =>
  env.DB.prepare("SELECT evidence_submitted_at, evidence_submitted_by FROM chargebacks WHERE id = ?")
    .bind(chargebackId)
    .first<{ evidence_submitted_at: number | null; evidence_submitted_by: string | null }>();
const deps = () => ({ d1: env.DB, stripe: platform() });

const faultSwitch = `http://${env.STRIPE_API_HOST}:${env.STRIPE_API_PORT}/_emulator/faults`;
/** Stripe's bad moment (the emulator's fault switch): the next `count` calls naming `match` fail as `fault` says. */
async function armFault(rule: { fault: string; count: number; match: string }): Promise<string> {
  const response = await fetch(faultSwitch, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify(rule),
  });
  expect(response.status).toBe(201);
  return ((await response.json()) as { id: string }).id;
}
const disarmFault = (id: string) => fetch(`${faultSwitch}/${id}`, { method: "DELETE" });

describe("the evidence gathers itself from the order", () => {
  it("a delivered order's request, payment, chat, delivery and the client's one download", async () => {
    const { order, chargebackId } = await deliveredAndDisputed();
    const record = await chargebackRecord(env.DB, chargebackId);
    expect(record?.summary).toMatchObject({ orderId: order.id, orderCode: order.code, status: "needs_response" });
    const evidence = record!.evidence!;
    expect(evidence).toMatchObject({
      orderCode: order.code,
      request: { agreedToTerms: true },
      payments: [{ amount: 10_000, currency: "JPY", intentId: order.intentId }],
      chat: [
        { side: "client", text: "A fox in the snow, please." },
        { side: "creator", text: "Here is your fox." },
      ],
      deliveries: [{ files: [{ name: "work.png", byteSize: 68 }] }],
      downloads: [{ fileName: "work.png" }],
      completedAt: null,
    });
    expect(evidence.clientEmail).toContain("@");
    const text = stripeEvidenceOf(evidence);
    expect(text.access_activity_log).toContain("work.png");
    expect(text.uncategorized_text).toContain("client: A fox in the snow, please.");
    expect(text.service_date).toMatch(/^Delivered \d{4}-\d\d-\d\d \d\d:\d\d UTC$/);
  });

  it("no record for an order that does not exist", async () => {
    expect(await gatherChargebackEvidence(env.DB, crypto.randomUUID())).toBeNull();
  });
});

describe("an admin submits it once", () => {
  it("sent to Stripe, recorded with its admin and one audit row; a second submission is refused", async () => {
    const { order, dispute, chargebackId } = await deliveredAndDisputed();
    const admin = await newAdmin();
    expect(await submitChargebackEvidence(deps(), chargebackId, admin, Date.now())).toEqual({ ok: true });
    const atStripe = await platform().disputes.retrieve(dispute.id);
    expect(atStripe.status).toBe("under_review");
    expect(atStripe.evidence.access_activity_log).toContain("work.png");
    expect(atStripe.evidence.customer_name).not.toBe("");
    expect(await submittedOf(chargebackId)).toMatchObject({ evidence_submitted_by: admin.userAccountId });
    expect(await auditRows(order.id)).toEqual([
      { admin_account_id: admin.userAccountId, reason: `dispute ${dispute.id}` },
    ]);
    expect(await submitChargebackEvidence(deps(), chargebackId, await newAdmin(), Date.now())).toEqual({
      ok: false,
      error: "not_awaiting_evidence",
    });
    await deliverDisputeEvents(dispute.id);
    expect((await chargebackRecord(env.DB, chargebackId))?.summary.status).toBe("under_review");
    expect(await auditRows(order.id)).toHaveLength(1);
  });

  it("Stripe took it but its answer was lost: the retry is the same request, recorded once", async () => {
    const { order, dispute, chargebackId } = await deliveredAndDisputed();
    const evidence = stripeEvidenceOf((await gatherChargebackEvidence(env.DB, order.id))!);
    await platform().disputes.update(
      dispute.id,
      { evidence, submit: true },
      { idempotencyKey: await evidenceIdempotencyKey(dispute.id, evidence) },
    );
    const admin = await newAdmin();
    expect(await submitChargebackEvidence(deps(), chargebackId, admin, Date.now())).toEqual({ ok: true });
    expect((await platform().disputes.retrieve(dispute.id)).evidence_details.submission_count).toBe(1);
    expect(await auditRows(order.id)).toHaveLength(1);
  });

  it("its answer lost, a chat message added, the admin's retry sends other evidence: Stripe's submission is recorded once", async () => {
    const { order, buyer, dispute, chargebackId } = await deliveredAndDisputed();
    const admin = await newAdmin();
    const before = stripeEvidenceOf((await gatherChargebackEvidence(env.DB, order.id))!);
    // The submission reaches Stripe and every answer about this dispute is lost, the SDK's retries' and the read's.
    const fault = await armFault({ fault: "drop_after", count: 6, match: dispute.id });
    try {
      expect(await submitChargebackEvidence(deps(), chargebackId, admin, Date.now())).toEqual({
        ok: false,
        error: "stripe_failed",
      });
    } finally {
      await disarmFault(fault);
    }
    expect(await submittedOf(chargebackId)).toEqual({ evidence_submitted_at: null, evidence_submitted_by: null });
    const room = await env.DB.prepare("SELECT id FROM chat_rooms WHERE order_id = ?")
      .bind(order.id)
      .first<{ id: string }>();
    await sent(buyer.cookie, room!.id, { text: "I never asked for a fox." });
    const after = stripeEvidenceOf((await gatherChargebackEvidence(env.DB, order.id))!);
    expect(after.uncategorized_text).not.toBe(before.uncategorized_text);
    // The retry is a request of its own (the evidence changed), not the first one's key with other parameters.
    expect(await evidenceIdempotencyKey(dispute.id, after)).not.toBe(await evidenceIdempotencyKey(dispute.id, before));
    expect(await submitChargebackEvidence(deps(), chargebackId, admin, Date.now())).toEqual({ ok: true });
    const atStripe = await platform().disputes.retrieve(dispute.id);
    expect(atStripe.evidence_details.submission_count).toBe(1);
    expect(atStripe.evidence.uncategorized_text).toBe(before.uncategorized_text);
    expect(await submittedOf(chargebackId)).toMatchObject({ evidence_submitted_by: admin.userAccountId });
    expect(await auditRows(order.id)).toEqual([
      { admin_account_id: admin.userAccountId, reason: `dispute ${dispute.id}` },
    ]);
    expect(await submitChargebackEvidence(deps(), chargebackId, admin, Date.now())).toEqual({
      ok: false,
      error: "not_awaiting_evidence",
    });
    expect(await auditRows(order.id)).toHaveLength(1);
  });

  it("the console's audit log names the submission in English and Japanese", async () => {
    const { order, chargebackId } = await deliveredAndDisputed();
    const admin = await person({ admin: true });
    expect(
      await submitChargebackEvidence(deps(), chargebackId, { userAccountId: admin.accountId }, Date.now()),
    ).toEqual({ ok: true });
    const logged = async (locale: "en" | "ja") => {
      const args = await as(admin, "/admin", {}, locale);
      const { body } = await withMessageLocale(locale, "http://localhost", () =>
        run(overview.loader, { ...args, params: {} }),
      );
      const { actions } = body as Awaited<ReturnType<typeof overview.loader>>;
      return actions.filter((a) => a.target === order.code).map((a) => a.action);
    };
    expect(await logged("en")).toEqual(["Submitted a chargeback's evidence to Stripe"]);
    expect(await logged("ja")).toEqual(["チャージバックの証拠をStripeに提出"]);
  });

  it("refused past its due date, once closed, for no such chargeback, and a Stripe failure leaves it to try again", async () => {
    const { order, dispute, chargebackId } = await deliveredAndDisputed();
    const admin = await newAdmin();
    const due = (await chargebackRecord(env.DB, chargebackId))!.summary.evidenceDueAt!;
    expect(await submitChargebackEvidence(deps(), chargebackId, admin, due + 1)).toEqual({
      ok: false,
      error: "past_due",
    });
    expect(await submitChargebackEvidence(deps(), crypto.randomUUID(), admin, Date.now())).toEqual({
      ok: false,
      error: "not_found",
    });
    // A dispute Stripe does not know (its id made up on the order's charge): Stripe refuses, nothing is recorded.
    const start = Math.floor(Date.now() / 1000);
    const unknown = disputeObject(
      { id: `dp_unknown_${start}`, payment_intent: order.intentId, charge: order.chargeId },
      start,
    );
    expect((await deliver(disputeEvent("charge.dispute.created", unknown, start))).status).toBe(200);
    const unknownRow = await env.DB.prepare("SELECT id FROM chargebacks WHERE stripe_dispute_id = ?")
      .bind(unknown.id)
      .first<{ id: string }>();
    expect(await submitChargebackEvidence(deps(), unknownRow!.id, admin, Date.now())).toEqual({
      ok: false,
      error: "stripe_failed",
    });
    expect(await submittedOf(unknownRow!.id)).toEqual({ evidence_submitted_at: null, evidence_submitted_by: null });
    expect(await auditRows(order.id)).toEqual([]);
    // Closed by the bank: nothing more to send.
    await bankDecides(dispute.id, "won");
    await deliverDisputeEvents(dispute.id);
    expect(await submitChargebackEvidence(deps(), chargebackId, admin, Date.now())).toEqual({
      ok: false,
      error: "not_awaiting_evidence",
    });
  });
});
