// Disputes: Stripe's dispute test cards make a dispute a moment after their charge succeeds, with the reason, status
// and money Stripe's test mode gives them; the Disputes API takes evidence, and Stripe's test evidence values (or the
// emulator's own decision control) close a dispute won or lost, each step heard as Stripe's webhooks, in order.
import type Stripe from "stripe";
import { afterEach, describe, expect, it } from "vitest";
import { call, form, receiver, rejection, start } from "./helpers.ts";

const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0)) await cleanup();
});

async function setup() {
  const hook = await receiver();
  const { emulator, stripe } = await start({ webhooks: [{ url: hook.url, secret: "whsec_disputes" }] });
  cleanups.push(
    () => emulator.close(),
    () => hook.close(),
  );
  return { hook, emulator, stripe };
}

function events(hook: Awaited<ReturnType<typeof receiver>>): Stripe.Event[] {
  return hook.received.map((entry) => JSON.parse(entry.body) as Stripe.Event);
}

/** The disputes of a payment, once the bank has acted (a background step a moment after the charge). */
async function disputesOf(stripe: Stripe, paymentIntent: string, count = 1): Promise<Stripe.Dispute[]> {
  const deadline = Date.now() + 3000;
  for (;;) {
    const { data } = await stripe.disputes.list({ payment_intent: paymentIntent });
    if (data.length >= count) return data;
    if (Date.now() > deadline) throw new Error(`expected ${count} disputes on ${paymentIntent}, found ${data.length}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

async function statusBecomes(stripe: Stripe, id: string, status: string): Promise<Stripe.Dispute> {
  const deadline = Date.now() + 3000;
  for (;;) {
    const dispute = await stripe.disputes.retrieve(id);
    if (dispute.status === status) return dispute;
    if (Date.now() > deadline) throw new Error(`dispute ${id} is ${dispute.status}, never ${status}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

function pay(stripe: Stripe, paymentMethod: string, amount = 5000): Promise<Stripe.PaymentIntent> {
  return stripe.paymentIntents.create({ amount, currency: "jpy", payment_method: paymentMethod, confirm: true });
}

async function disputed(stripe: Stripe, paymentMethod = "pm_card_createDispute", amount = 5000) {
  const intent = await pay(stripe, paymentMethod, amount);
  const [dispute] = await disputesOf(stripe, intent.id);
  return { intent, dispute: dispute! };
}

describe("the dispute test cards", () => {
  const cards = [
    { pm: "pm_card_createDispute", number: "4000000000000259", reason: "fraudulent", status: "needs_response" },
    {
      pm: "pm_card_createDisputeProductNotReceived",
      number: "4000000000002685",
      reason: "product_not_received",
      status: "needs_response",
    },
    {
      pm: "pm_card_createDisputeInquiry",
      number: "4000000000001976",
      reason: "fraudulent",
      status: "warning_needs_response",
    },
  ];

  it.each(cards)("$pm and $number pay, then are disputed: $reason, $status", async ({ pm, number, reason, status }) => {
    const { stripe } = await setup();
    const typed = await stripe.paymentMethods.create({
      type: "card",
      card: { number, exp_month: 12, exp_year: 2040, cvc: "123" },
    } as Stripe.PaymentMethodCreateParams);
    for (const intent of [await pay(stripe, pm, 4200), await pay(stripe, typed.id, 4200)]) {
      expect(intent.status).toBe("succeeded");
      const [dispute] = await disputesOf(stripe, intent.id);
      const inquiry = status === "warning_needs_response";
      expect(dispute).toMatchObject({
        object: "dispute",
        amount: 4200,
        currency: "jpy",
        charge: intent.latest_charge,
        payment_intent: intent.id,
        reason,
        status,
        is_charge_refundable: inquiry,
        livemode: false,
        evidence_details: { has_evidence: false, submission_count: 0, past_due: false },
        payment_method_details: { type: "card", card: { case_type: inquiry ? "inquiry" : "chargeback" } },
      });
      expect(dispute!.evidence_details.due_by).toBe(dispute!.created + 7 * 86_400);
      // A chargeback takes the amount and the dispute fee at once; an inquiry moves no money.
      if (inquiry) expect(dispute!.balance_transactions).toEqual([]);
      else
        expect(dispute!.balance_transactions).toEqual([
          expect.objectContaining({ amount: -4200, fee: 1500, net: -5700, type: "adjustment", source: dispute!.id }),
        ]);
      const charge = await stripe.charges.retrieve(intent.latest_charge as string);
      expect(charge.disputed).toBe(true);
      const listed = await stripe.charges.list({ payment_intent: intent.id });
      expect(listed.data.map((item) => item.disputed)).toEqual([true]);
      expect(await stripe.disputes.retrieve(dispute!.id)).toEqual(dispute);
    }
  });

  it("a charge paid with an ordinary card is never disputed", async () => {
    const { stripe } = await setup();
    const intent = await pay(stripe, "pm_card_visa");
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect((await stripe.disputes.list({ payment_intent: intent.id })).data).toEqual([]);
    expect((await stripe.charges.retrieve(intent.latest_charge as string)).disputed).toBe(false);
  });

  it("the multiple-disputes card brings two chargebacks on the one charge", async () => {
    const { stripe } = await setup();
    const intent = await pay(stripe, "pm_card_createMultipleDisputes");
    const disputes = await disputesOf(stripe, intent.id, 2);
    expect(disputes.map((dispute) => [dispute.charge, dispute.status])).toEqual([
      [intent.latest_charge, "needs_response"],
      [intent.latest_charge, "needs_response"],
    ]);
    expect(new Set(disputes.map((dispute) => dispute.id)).size).toBe(2);
  });

  it("the early-fraud-warning card brings a warning and no dispute", async () => {
    const { stripe, hook } = await setup();
    const intent = await pay(stripe, "pm_card_createIssuerFraudRecord");
    await hook.until((all) => all.length >= 4);
    expect(hook.types()).toEqual([
      "payment_intent.created",
      "charge.succeeded",
      "payment_intent.succeeded",
      "radar.early_fraud_warning.created",
    ]);
    const warnings = await stripe.radar.earlyFraudWarnings.list({ charge: intent.latest_charge as string });
    expect(warnings.data).toEqual([
      expect.objectContaining({ object: "radar.early_fraud_warning", actionable: true, payment_intent: intent.id }),
    ]);
    expect(await stripe.radar.earlyFraudWarnings.retrieve(warnings.data[0]!.id)).toEqual(warnings.data[0]);
    expect((await stripe.disputes.list({ payment_intent: intent.id })).data).toEqual([]);
  });

  it("a held payment is disputed once it is captured, not before", async () => {
    const { stripe } = await setup();
    const held = await stripe.paymentIntents.create({
      amount: 3000,
      currency: "jpy",
      payment_method: "pm_card_createDispute",
      confirm: true,
      capture_method: "manual",
    });
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect((await stripe.disputes.list({ payment_intent: held.id })).data).toEqual([]);
    await stripe.paymentIntents.capture(held.id);
    const [dispute] = await disputesOf(stripe, held.id);
    expect(dispute).toMatchObject({ amount: 3000, status: "needs_response" });
  });
});

describe("webhooks", () => {
  it("a chargeback is heard after the payment: created, then funds withdrawn, each carrying the dispute", async () => {
    const { stripe, hook } = await setup();
    const { intent, dispute } = await disputed(stripe);
    await hook.until((all) => all.length >= 5);
    expect(hook.types()).toEqual([
      "payment_intent.created",
      "charge.succeeded",
      "payment_intent.succeeded",
      "charge.dispute.created",
      "charge.dispute.funds_withdrawn",
    ]);
    const [created, withdrawn] = events(hook).slice(3);
    expect(created!.data.object).toMatchObject({ id: dispute.id, payment_intent: intent.id, status: "needs_response" });
    expect((withdrawn!.data.object as Stripe.Dispute).balance_transactions).toHaveLength(1);
    // The bank's act is no API request of ours.
    expect(created!.request).toEqual({ id: null, idempotency_key: null });
  });

  it("an inquiry is heard as created only: no money moves", async () => {
    const { stripe, hook } = await setup();
    await disputed(stripe, "pm_card_createDisputeInquiry");
    await hook.until((all) => all.length >= 4);
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(hook.types().slice(3)).toEqual(["charge.dispute.created"]);
  });
});

describe("evidence", () => {
  it("staged with submit=false, then submitted: under review, heard as updated with what changed", async () => {
    const { stripe, hook } = await setup();
    const { dispute } = await disputed(stripe);
    const staged = await stripe.disputes.update(dispute.id, {
      evidence: { product_description: "An illustration, delivered 2026-05-01", customer_name: "Aiko" },
      metadata: { chargeback: "cb_1" },
      submit: false,
    });
    expect(staged).toMatchObject({
      status: "needs_response",
      metadata: { chargeback: "cb_1" },
      evidence: { product_description: "An illustration, delivered 2026-05-01", customer_name: "Aiko" },
      evidence_details: { has_evidence: true, submission_count: 0 },
    });
    const submitted = await stripe.disputes.update(dispute.id, {
      evidence: { uncategorized_text: "The client downloaded the file twice." },
    });
    expect(submitted).toMatchObject({
      status: "under_review",
      evidence: { customer_name: "Aiko", uncategorized_text: "The client downloaded the file twice." },
      evidence_details: { has_evidence: true, submission_count: 1, submission_method: "manual", past_due: false },
    });
    await hook.until((all) => all.length >= 7);
    const updates = events(hook).filter((event) => event.type === "charge.dispute.updated");
    expect(updates.map((event) => (event.data.object as Stripe.Dispute).status)).toEqual([
      "needs_response",
      "under_review",
    ]);
    expect(updates[1]!.data.previous_attributes).toMatchObject({ status: "needs_response" });
    // Evidence that is not a test value leaves the bank deciding: still under review.
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect((await stripe.disputes.retrieve(dispute.id)).status).toBe("under_review");
    const again = await rejection(stripe.disputes.update(dispute.id, { evidence: { customer_name: "Someone" } }));
    expect(again).toMatchObject({ type: "StripeInvalidRequestError", statusCode: 400 });
    expect(again.message).toMatch(/already been submitted/);
  });

  it("an evidence update sent twice with one idempotency key is made once and answered the same", async () => {
    const { stripe } = await setup();
    const { dispute } = await disputed(stripe);
    const params = { evidence: { uncategorized_text: "Delivered on time." }, submit: true };
    const first = await stripe.disputes.update(dispute.id, params, { idempotencyKey: "evidence-cb-1" });
    const replay = await stripe.disputes.update(dispute.id, params, { idempotencyKey: "evidence-cb-1" });
    expect(replay).toEqual(first);
    expect(replay.lastResponse.headers["idempotent-replayed"]).toBe("true");
    const updates = await stripe.events.list({ type: "charge.dispute.updated" });
    expect(updates.data).toHaveLength(1);
  });
});

describe("won and lost", () => {
  it("winning_evidence closes it won: heard as closed, then funds reinstated, and the balance is made whole", async () => {
    const { stripe, hook } = await setup();
    const { dispute } = await disputed(stripe);
    const answered = await stripe.disputes.update(dispute.id, {
      evidence: { uncategorized_text: "winning_evidence" },
      submit: true,
    });
    expect(answered.status).toBe("under_review");
    const won = await statusBecomes(stripe, dispute.id, "won");
    expect(won.balance_transactions.map((transaction) => [transaction.amount, transaction.fee])).toEqual([
      [-5000, 1500],
      [5000, -1500],
    ]);
    await hook.until((all) => all.length >= 8);
    expect(hook.types().slice(3)).toEqual([
      "charge.dispute.created",
      "charge.dispute.funds_withdrawn",
      "charge.dispute.updated",
      "charge.dispute.closed",
      "charge.dispute.funds_reinstated",
    ]);
    expect((events(hook)[6]!.data.object as Stripe.Dispute).status).toBe("won");
  });

  it("losing_evidence closes it lost: heard as closed, nothing reinstated", async () => {
    const { stripe, hook } = await setup();
    const { dispute } = await disputed(stripe);
    await stripe.disputes.update(dispute.id, { evidence: { uncategorized_text: "losing_evidence" } });
    const lost = await statusBecomes(stripe, dispute.id, "lost");
    expect(lost.balance_transactions).toHaveLength(1);
    await hook.until((all) => all.length >= 7);
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(hook.types().slice(5)).toEqual(["charge.dispute.updated", "charge.dispute.closed"]);
  });

  it("accepting (close) loses it; a closed dispute refuses evidence and a second close, as Stripe words it", async () => {
    const { stripe, hook } = await setup();
    const { dispute } = await disputed(stripe);
    const accepted = await stripe.disputes.close(dispute.id);
    expect(accepted.status).toBe("lost");
    await hook.until((all) => all.length >= 6);
    expect(hook.types().at(-1)).toBe("charge.dispute.closed");
    for (const attempt of [
      stripe.disputes.close(dispute.id),
      stripe.disputes.update(dispute.id, { evidence: { uncategorized_text: "winning_evidence" } }),
    ]) {
      const refused = await rejection(attempt);
      expect(refused).toMatchObject({ type: "StripeInvalidRequestError", statusCode: 400 });
      expect(refused.message).toMatch(/already closed/);
    }
    // Metadata may still be written on a closed dispute.
    expect((await stripe.disputes.update(dispute.id, { metadata: { note: "lost" } })).metadata).toEqual({
      note: "lost",
    });
  });

  it("the emulator's decision control closes a dispute won or lost without test evidence", async () => {
    const { stripe, emulator } = await setup();
    const first = await disputed(stripe);
    await stripe.disputes.update(first.dispute.id, { evidence: { uncategorized_text: "Delivered." } });
    const decide = (id: string, outcome: string) =>
      call(emulator, `/_emulator/disputes/${id}/decide`, { method: "POST", ...form({ outcome }) });
    const won = await decide(first.dispute.id, "won");
    expect(won.status).toBe(200);
    expect(((await won.json()) as Stripe.Dispute).status).toBe("won");
    expect((await stripe.disputes.retrieve(first.dispute.id)).balance_transactions).toHaveLength(2);
    const second = await disputed(stripe);
    expect((await decide(second.dispute.id, "lost")).status).toBe(200);
    expect((await stripe.disputes.retrieve(second.dispute.id)).status).toBe("lost");
    expect((await decide(second.dispute.id, "won")).status).toBe(400);
    expect((await decide(second.dispute.id, "maybe")).status).toBe(400);
    expect((await decide("du_missing", "won")).status).toBe(404);
  });

  it("an inquiry: winning_evidence closes it with no chargeback; escalate_inquiry_evidence makes it one", async () => {
    const { stripe } = await setup();
    const calm = await disputed(stripe, "pm_card_createDisputeInquiry");
    await stripe.disputes.update(calm.dispute.id, { evidence: { uncategorized_text: "winning_evidence" } });
    const closed = await statusBecomes(stripe, calm.dispute.id, "warning_closed");
    expect(closed.balance_transactions).toEqual([]);
    const escalated = await disputed(stripe, "pm_card_createDisputeInquiry");
    await stripe.disputes.update(escalated.dispute.id, {
      evidence: { uncategorized_text: "escalate_inquiry_evidence" },
    });
    const chargeback = await statusBecomes(stripe, escalated.dispute.id, "needs_response");
    expect(chargeback).toMatchObject({
      is_charge_refundable: false,
      payment_method_details: { card: { case_type: "chargeback" } },
    });
    expect(chargeback.balance_transactions).toHaveLength(1);
  });
});

describe("the API's edges", () => {
  it("lists by charge and by payment, pages with limit and starting_after, and names an unknown id", async () => {
    const { stripe } = await setup();
    const twice = await pay(stripe, "pm_card_createMultipleDisputes");
    const [newest, oldest] = await disputesOf(stripe, twice.id, 2);
    const once = await disputed(stripe, "pm_card_createDisputeProductNotReceived");
    expect((await stripe.disputes.list({ charge: twice.latest_charge as string })).data).toHaveLength(2);
    expect((await stripe.disputes.list({ payment_intent: once.intent.id })).data.map((item) => item.id)).toEqual([
      once.dispute.id,
    ]);
    const page = await stripe.disputes.list({ payment_intent: twice.id, limit: 1 });
    expect(page).toMatchObject({ has_more: true, data: [{ id: newest!.id }] });
    const next = await stripe.disputes.list({ payment_intent: twice.id, limit: 1, starting_after: newest!.id });
    expect(next).toMatchObject({ has_more: false, data: [{ id: oldest!.id }] });
    expect((await stripe.disputes.list()).data).toHaveLength(3);
    const missing = await rejection(stripe.disputes.retrieve("du_missing"));
    expect(missing).toMatchObject({
      statusCode: 404,
      code: "resource_missing",
      message: "No such dispute: 'du_missing'",
    });
    const expanded = await stripe.disputes.retrieve(once.dispute.id, { expand: ["charge", "payment_intent"] });
    expect(expanded.charge).toMatchObject({ id: once.intent.latest_charge, disputed: true });
    expect(expanded.payment_intent).toMatchObject({ id: once.intent.id });
  });

  it("a charged-back payment cannot be refunded; one under inquiry can", async () => {
    const { stripe } = await setup();
    const chargeback = await disputed(stripe);
    const refused = await rejection(stripe.refunds.create({ payment_intent: chargeback.intent.id }));
    expect(refused).toMatchObject({ statusCode: 400, code: "charge_disputed" });
    expect(refused.message).toBe(
      `Charge ${chargeback.intent.latest_charge} has been charged back; cannot issue a refund.`,
    );
    const inquiry = await disputed(stripe, "pm_card_createDisputeInquiry");
    expect((await stripe.refunds.create({ payment_intent: inquiry.intent.id })).status).toBe("succeeded");
  });
});
