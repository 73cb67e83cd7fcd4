// The admin console's chargebacks (issue 64, decision 103): the list beside Comet's own disputes with each due date,
// one chargeback's record with the evidence as it will be sent, and its "Submit evidence to Stripe" post, refused in
// the admin's words. The pages' loaders and action are called as React Router calls them; the disputes come from the
// Stripe emulator's dispute test card and reach D1 through the Worker's webhook.
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import enChargebacks from "#messages/chargebacks/en.json";
import jaChargebacks from "#messages/chargebacks/ja.json";
import * as chargebackPage from "#app/routes/admin/chargeback";
import * as queuePage from "#app/routes/admin/disputes";
import type { Locale } from "#worker/domain/locales";
import { withMessageLocale } from "#worker/messages/message-locale";
import { deliver, platform } from "../support/payments-helpers";
import {
  chargebackIdOf,
  chattedAndDelivered,
  deliverDisputeEvents,
  disputeEvent,
  disputeObject,
  disputeOfIntent,
} from "../support/chargeback-orders";
import { as, form, person, run } from "./admin-fixtures";

type RecordView = Awaited<ReturnType<typeof chargebackPage.loader>>;
type Queue = Awaited<ReturnType<typeof queuePage.loader>>;

/** A paid order, a word each way in its chat, delivered; the client's bank disputes the charge (the test card). */
async function disputedOrder() {
  const { order, seller, buyer } = await chattedAndDelivered();
  const dispute = await disputeOfIntent(order.intentId);
  await deliverDisputeEvents(dispute.id);
  return { order, seller, buyer, dispute, chargebackId: await chargebackIdOf(dispute.id) };
}

/**
 * A dispute the emulator never made, heard by the webhook on the order's charge: due `dueInDays` from now (negative:
 * already past). Stripe refuses evidence for it, as it does for any dispute it does not know.
 */
async function madeUpDispute(order: { intentId: string; chargeId: string }, dueInDays: number) {
  const start = Math.floor(Date.now() / 1000);
  const dispute = disputeObject(
    {
      id: `dp_admin_${crypto.randomUUID().slice(0, 8)}`,
      payment_intent: order.intentId,
      charge: order.chargeId,
      reason: "product_not_received",
      evidence_details: {
        due_by: start + dueInDays * 86_400,
        has_evidence: false,
        past_due: dueInDays < 0,
        submission_count: 0,
        enhanced_eligibility: {},
      } as never,
    },
    start,
  );
  expect((await deliver(disputeEvent("charge.dispute.created", dispute, start))).status).toBe(200);
  return chargebackIdOf(dispute.id);
}

const submittedOf = (chargebackId: string) =>
  env.DB.prepare("SELECT evidence_submitted_at, evidence_submitted_by FROM chargebacks WHERE id = ?")
    .bind(chargebackId)
    .first<{ evidence_submitted_at: number | null; evidence_submitted_by: string | null }>();

const pathOf = (chargebackId: string) => `/admin/chargebacks/${chargebackId}`;

/** The record page as `who` loads it, in `locale`. */
async function loadRecord(who: { accountId: string }, chargebackId: string, locale: Locale = "en") {
  const args = { ...(await as(who, pathOf(chargebackId), {}, locale)), params: { chargebackId } };
  return withMessageLocale(locale, "http://localhost", () => run(chargebackPage.loader, args));
}

/** The record page's post as `who` sends it (by default the button's own field), in `locale`. */
async function submit(
  who: { accountId: string },
  chargebackId: string,
  { fields = { intent: "submit_evidence" } as Record<string, string>, locale = "en" as Locale } = {},
) {
  const args = { ...(await as(who, pathOf(chargebackId), form(fields), locale)), params: { chargebackId } };
  return withMessageLocale(locale, "http://localhost", () => run(chargebackPage.action, args));
}

describe("the console's chargebacks are an admin's: anyone else gets the site's 404", () => {
  it("refuses a stranger and the order's own client the record and the submission, and sends nothing", async () => {
    const [{ buyer, dispute, chargebackId }, stranger] = await Promise.all([disputedOrder(), person()]);
    const client = { accountId: buyer.userAccountId };
    for (const who of [stranger, client]) {
      expect((await loadRecord(who, chargebackId)).status).toBe(404);
      expect((await submit(who, chargebackId)).status).toBe(404);
    }
    expect(await submittedOf(chargebackId)).toEqual({ evidence_submitted_at: null, evidence_submitted_by: null });
    expect((await platform().disputes.retrieve(dispute.id)).status).toBe("needs_response");
  });

  it("an admin asking for no such chargeback gets the 404 too", async () => {
    const admin = await person({ admin: true });
    expect((await loadRecord(admin, crypto.randomUUID())).status).toBe(404);
    expect((await submit(admin, crypto.randomUUID())).status).toBe(404);
  });
});

describe("beside the disputes", () => {
  it("lists the chargeback with its order, amount, the bank's reason, its status and when evidence is due", async () => {
    const [{ order, chargebackId, dispute }, admin] = await Promise.all([disputedOrder(), person({ admin: true })]);
    const { status, body } = await run(queuePage.loader, { ...(await as(admin, "/admin/disputes")), params: {} });
    expect(status).toBe(200);
    const shown = (body as Queue).chargebacks.find((entry) => entry.id === chargebackId);
    const due = new Date(dispute.evidence_details.due_by! * 1000);
    expect(shown).toMatchObject({
      heading: `Chargeback on order ${order.code}`,
      status: "Awaiting evidence",
      amount: "¥10,000",
      reason: "The cardholder says they did not make the payment",
      due: { iso: due.toISOString(), urgent: true },
    });
    expect(shown!.due!.text).toMatch(/^Evidence due by /);
  });
});

describe("a chargeback's record", () => {
  it("shows the evidence as it will be sent: the request, the payment, the chat, the delivery, Stripe's fields", async () => {
    const [{ order, dispute, chargebackId }, admin] = await Promise.all([disputedOrder(), person({ admin: true })]);
    const { status, body } = await loadRecord(admin, chargebackId);
    expect(status).toBe(200);
    const record = body as RecordView;
    expect(record.facts.heading).toBe(`Chargeback on order ${order.code}`);
    expect(record.facts.rows).toContainEqual({ label: "At Stripe", value: dispute.id });
    expect(record.facts.rows).toContainEqual({ label: "Evidence submitted", value: "Not yet" });
    expect(record.canSubmit).toBe(true);
    const evidence = record.evidence!;
    expect(evidence.request.terms).toBe("The client accepted the terms when sending it.");
    expect(evidence.payments.map((p) => [p.amount, p.intentId])).toEqual([["¥10,000", order.intentId]]);
    expect(evidence.chat.map((line) => [line.who, line.message])).toEqual([
      ["Client", "A fox in the snow, please."],
      ["Creator", "Here is your fox."],
    ]);
    expect(evidence.deliveries).toHaveLength(1);
    expect(evidence.deliveries[0].files).toEqual(["work.png (68 bytes)"]);
    const fields = Object.fromEntries(evidence.sent.map((f) => [f.field, f.text]));
    expect(fields.uncategorized_text).toContain("client: A fox in the snow, please.");
    expect(fields.product_description).toContain(order.code);
  });

  it("reads in Japanese for a Japanese admin", async () => {
    const [{ order, chargebackId }, admin] = await Promise.all([disputedOrder(), person({ admin: true })]);
    const record = (await loadRecord(admin, chargebackId, "ja")).body as RecordView;
    expect(record.facts.heading).toBe(`注文 ${order.code} のチャージバック`);
    expect(record.facts.rows).toContainEqual({ label: "状態", value: "証拠の提出待ち" });
    expect(record.evidence!.chat[0].who).toBe("依頼者");
  });
});

describe("submitting the evidence", () => {
  it("sends it once: the page then says when, and a second post is refused in words", async () => {
    const [{ dispute, chargebackId }, admin] = await Promise.all([disputedOrder(), person({ admin: true })]);
    const done = await submit(admin, chargebackId);
    expect(done).toEqual({ status: 200, body: { ok: true, message: enChargebacks.chargebacks_submitted_notice } });
    expect((await platform().disputes.retrieve(dispute.id)).evidence_details.submission_count).toBe(1);
    expect(await submittedOf(chargebackId)).toMatchObject({ evidence_submitted_by: admin.accountId });
    const record = (await loadRecord(admin, chargebackId)).body as RecordView;
    expect(record.canSubmit).toBe(false);
    expect(record.note).toMatch(/^Evidence submitted on /);
    const again = await submit(admin, chargebackId, { locale: "ja" });
    expect(again).toEqual({
      status: 409,
      body: { ok: false, message: jaChargebacks.chargebacks_error_not_awaiting_evidence },
    });
    expect((await platform().disputes.retrieve(dispute.id)).evidence_details.submission_count).toBe(1);
  });

  it("refuses a post that is not the button's, past the due date, and when Stripe refuses: each worded, nothing recorded", async () => {
    const [{ order, chargebackId }, admin] = await Promise.all([disputedOrder(), person({ admin: true })]);
    const notTheButton: Record<string, string>[] = [
      {},
      { intent: "settle" },
      { intent: "submit_evidence ", extra: "x" },
    ];
    for (const fields of notTheButton)
      expect(await submit(admin, chargebackId, { fields })).toEqual({
        status: 400,
        body: { ok: false, message: enChargebacks.chargebacks_error_form },
      });
    expect(await submittedOf(chargebackId)).toEqual({ evidence_submitted_at: null, evidence_submitted_by: null });

    const overdue = await madeUpDispute(order, -1);
    const overdueRecord = (await loadRecord(admin, overdue)).body as RecordView;
    expect(overdueRecord).toMatchObject({ canSubmit: false, note: enChargebacks.chargebacks_error_past_due });
    expect(await submit(admin, overdue)).toEqual({
      status: 409,
      body: { ok: false, message: enChargebacks.chargebacks_error_past_due },
    });

    const unknownToStripe = await madeUpDispute(order, 7);
    expect(((await loadRecord(admin, unknownToStripe)).body as RecordView).canSubmit).toBe(true);
    expect(await submit(admin, unknownToStripe, { locale: "ja" })).toEqual({
      status: 502,
      body: { ok: false, message: jaChargebacks.chargebacks_error_stripe_failed },
    });
    expect(await submittedOf(unknownToStripe)).toEqual({ evidence_submitted_at: null, evidence_submitted_by: null });
  });
});
