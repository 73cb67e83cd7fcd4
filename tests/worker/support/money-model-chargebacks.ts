// Chargebacks in the money model (issue 64, decision 103): the client's bank disputes one of the order's charges and
// later closes the dispute won or lost, each heard through the webhook route as Stripe sends it (the Dispute object in
// a `charge.dispute.*` event); and what must hold once the program ends. A charge paid with a dispute test card is
// disputed by the emulator's bank itself and closed by its decide control; any other charge's dispute is made here, as
// Stripe would send it, and closed the same way (Stripe knows nothing of it, so it moves no money at the emulator).
import { env } from "cloudflare:workers";
import fc from "fast-check";
import type Stripe from "stripe";
import { expect } from "vitest";
import type { ChargebackBearer } from "#worker/db/schema/enums";
import { chargebackBearer, isChargebackClosed } from "#worker/orders/domain/chargebacks";
import type { OrderLedger } from "#worker/orders/domain/order-money";
import { parseStages } from "#worker/orders/services/orders";
import { disputeEvent, disputeMoney, disputeObject } from "./chargeback-orders";
import { deliver, platform } from "./payments-helpers";

export type ChargebackCommand = { kind: "chargeback" } | { kind: "bankCloses"; outcome: "won" | "lost" };

/** The bank's moves, weighted as `weights` (disputing a charge, deciding a dispute). */
export const chargebackCommands = ([dispute, decision]: [number, number]) => [
  { weight: dispute, arbitrary: fc.constant({ kind: "chargeback" as const }) },
  {
    weight: decision,
    arbitrary: fc.record({
      kind: fc.constant("bankCloses" as const),
      outcome: fc.constantFrom("won" as const, "lost" as const),
    }),
  },
];

/** One dispute of the run's order, and the moments the checks read. */
export interface ModelChargeback {
  disputeId: string;
  /** Made by the test for a charge no test card disputes; null for the emulator's own. */
  built: Stripe.Dispute | null;
  /** The Worker answered its opening (or closing) event. */
  heard: boolean;
  /** When the step that had it heard ended: from then until its closing began, none of the order's payouts may go. */
  heardAt: number | null;
  closingFrom: number | null;
  /** Who the rule makes bear a loss, by the order as it stood as the closing began and as it ended. */
  bearers: ChargebackBearer[];
}

const nowSeconds = () => Math.floor(Date.now() / 1000);

/** What a bank can dispute: the order's charges that went through and are not refunded in full. */
async function disputableCharges(orderId: string): Promise<{ intentId: string; charge: Stripe.Charge }[]> {
  const { results } = await env.DB.prepare(
    "SELECT stripe_payment_intent_id AS id FROM payment_transactions WHERE order_id = ? AND stripe_payment_intent_id IS NOT NULL",
  )
    .bind(orderId)
    .all<{ id: string }>();
  const intents = await Promise.all(
    results.map((r) => platform().paymentIntents.retrieve(r.id, { expand: ["latest_charge"] })),
  );
  return intents.flatMap((intent) => {
    const charge = intent.latest_charge;
    if (intent.status !== "succeeded" || !charge || typeof charge === "string") return [];
    return charge.amount_refunded < charge.amount ? [{ intentId: intent.id, charge }] : [];
  });
}

/** The emulator's disputes of the order's charges (a dispute test card's) that the run does not know yet. */
async function discover(orderId: string, chargebacks: ModelChargeback[]) {
  const { results } = await env.DB.prepare(
    "SELECT stripe_payment_intent_id AS id FROM payment_transactions WHERE order_id = ? AND stripe_payment_intent_id IS NOT NULL",
  )
    .bind(orderId)
    .all<{ id: string }>();
  for (const { id } of results) {
    for await (const dispute of platform().disputes.list({ payment_intent: id, limit: 100 }))
      if (!chargebacks.some((c) => c.disputeId === dispute.id))
        chargebacks.push({
          disputeId: dispute.id,
          built: null,
          heard: false,
          heardAt: null,
          closingFrom: null,
          bearers: [],
        });
  }
}

/** The dispute as the bank has it now. */
const disputeNow = async (c: ModelChargeback) => c.built ?? (await platform().disputes.retrieve(c.disputeId));

/** Stripe tells the Worker of the dispute as it now stands; on a bad day the Worker may answer 500 (Stripe retries). */
async function tell(c: ModelChargeback, type: string, { duringBadDay = false } = {}) {
  const response = await deliver(disputeEvent(type, await disputeNow(c), nowSeconds()));
  expect(duringBadDay ? [200, 500] : [200], `${type} answered ${response.status}`).toContain(response.status);
  if (response.status === 200) c.heard = true;
}

/**
 * The client's bank disputes one of the order's charges: the emulator's dispute of a dispute test card's charge, or,
 * when every dispute is heard, one made for a charge not yet disputed. Nothing when no charge can be disputed.
 */
export async function bankDisputes(
  orderId: string,
  chargebacks: ModelChargeback[],
  random: () => number,
  options: { duringBadDay: boolean },
) {
  await discover(orderId, chargebacks);
  if (chargebacks.every((c) => c.heard)) {
    const charges = (await disputableCharges(orderId)).filter(
      ({ charge }) => !chargebacks.some((c) => c.built?.charge === charge.id),
    );
    const picked = charges[Math.floor(random() * charges.length)];
    if (!picked) return;
    const amount = picked.charge.amount - picked.charge.amount_refunded;
    const built = disputeObject(
      {
        id: `dp_model_${crypto.randomUUID()}`,
        payment_intent: picked.intentId,
        charge: picked.charge.id,
        amount,
        currency: picked.charge.currency,
        balance_transactions: [disputeMoney(-amount)],
      },
      nowSeconds(),
    );
    chargebacks.push({ disputeId: built.id, built, heard: false, heardAt: null, closingFrom: null, bearers: [] });
  }
  for (const c of chargebacks.filter((c) => !c.heard)) await tell(c, "charge.dispute.created", options);
}

/** Who the rule makes bear a loss of this dispute, by the order as D1 holds it now (what the Worker reads). */
async function ruleBearer(orderId: string, c: ModelChargeback): Promise<ChargebackBearer> {
  const order = await env.DB.prepare("SELECT delivered_at, stages FROM commission_orders WHERE id = ?")
    .bind(orderId)
    .first<{ delivered_at: number | null; stages: string | null }>();
  const openedAt = (await disputeNow(c)).created * 1000;
  const before = (at: number | null) => at !== null && at <= openedAt;
  const approvals = order?.stages ? parseStages(order.stages).map((s) => s.approvedAt) : [];
  return chargebackBearer({ deliveredBefore: before(order?.delivered_at ?? null) || approvals.some(before) });
}

/** The bank decides one open dispute of the order, won or lost, and Stripe tells the Worker. */
export async function bankCloses(
  orderId: string,
  chargebacks: ModelChargeback[],
  outcome: "won" | "lost",
  random: () => number,
  options: { duringBadDay: boolean },
) {
  await discover(orderId, chargebacks);
  const open: ModelChargeback[] = [];
  for (const c of chargebacks) if (!isChargebackClosed((await disputeNow(c)).status)) open.push(c);
  const c = open[Math.floor(random() * open.length)];
  if (!c) return;
  c.closingFrom ??= Date.now();
  c.bearers.push(await ruleBearer(orderId, c));
  if (c.built) {
    const reinstated = outcome === "won" ? [disputeMoney(c.built.amount)] : [];
    c.built = { ...c.built, status: outcome, balance_transactions: [...c.built.balance_transactions, ...reinstated] };
  } else {
    // The emulator's decide control; a racing close of the same dispute finds it closed (400).
    const response = await fetch(`http://127.0.0.1:${env.STRIPE_API_PORT}/_emulator/disputes/${c.disputeId}/decide`, {
      method: "POST",
      body: new URLSearchParams({ outcome }),
    });
    expect([200, 400], await response.clone().text()).toContain(response.status);
  }
  await tell(c, "charge.dispute.closed", options);
  c.bearers.push(await ruleBearer(orderId, c));
}

/** After a step: a dispute heard during it counts as heard from the step's end. */
export function markHeard(chargebacks: ModelChargeback[]) {
  const now = Date.now();
  for (const c of chargebacks) if (c.heard && c.heardAt === null) c.heardAt = c.closingFrom ?? now;
}

/** Stripe's last notices: every dispute of the order's charges, as it stands, heard (again) by the Worker. */
export async function tellEveryDispute(orderId: string, chargebacks: ModelChargeback[]) {
  await discover(orderId, chargebacks);
  for (const c of chargebacks) {
    const closed = isChargebackClosed((await disputeNow(c)).status);
    if (closed && c.bearers.length === 0) c.bearers.push(await ruleBearer(orderId, c));
    await tell(c, closed ? "charge.dispute.closed" : "charge.dispute.updated");
  }
  markHeard(chargebacks);
}

/**
 * Decision 103 once the program ended and every notice landed: each dispute recorded as the bank has it; none of the
 * order's payouts sent while one of its chargebacks was open; a loss borne by the rule, and what was not sent then
 * withheld (a loss the creator bears) or sent (Comet's); nothing withheld otherwise; nothing sent ever taken back; the
 * ledger's disputed and lost sums the emulator's. Answers what the chargebacks stopped from going: withheld, or still
 * held by an open one.
 */
export async function expectChargebacksHold(
  orderId: string,
  chargebacks: ModelChargeback[],
  ledger: OrderLedger,
): Promise<number> {
  if (chargebacks.length === 0) {
    expect([ledger.disputed, ledger.lostToChargebacks], "no bank disputed a charge").toEqual([0, 0]);
    return 0;
  }
  const [rows, payouts] = await Promise.all([
    env.DB.prepare("SELECT stripe_dispute_id, status, amount, borne_by, closed_at FROM chargebacks WHERE order_id = ?")
      .bind(orderId)
      .all<{
        stripe_dispute_id: string;
        status: string;
        amount: number;
        borne_by: string | null;
        closed_at: number | null;
      }>(),
    env.DB.prepare(
      "SELECT id, payout_status, amount, transfer_amount, transferred_at FROM creator_payouts WHERE order_id = ?",
    )
      .bind(orderId)
      .all<{
        id: string;
        payout_status: string;
        amount: number;
        transfer_amount: number | null;
        transferred_at: number | null;
      }>(),
  ]);
  expect(rows.results.map((r) => r.stripe_dispute_id).sort(), "one row per dispute").toEqual(
    chargebacks.map((c) => c.disputeId).sort(),
  );
  let disputed = 0;
  let lost = 0;
  for (const c of chargebacks) {
    const row = rows.results.find((r) => r.stripe_dispute_id === c.disputeId)!;
    const atBank = await disputeNow(c);
    expect([row.status, row.amount], `chargeback ${c.disputeId}`).toEqual([atBank.status, atBank.amount]);
    if (!c.built) {
      disputed += atBank.amount;
      if (atBank.status === "lost") lost += atBank.amount;
    }
    // Nothing goes while it is open, nor ever after a loss the creator bears (what was not sent is withheld).
    const from = c.heardAt ?? Number.POSITIVE_INFINITY;
    const until = row.borne_by === "creator" ? Number.POSITIVE_INFINITY : (c.closingFrom ?? Number.POSITIVE_INFINITY);
    for (const p of payouts.results)
      expect(
        p.transferred_at !== null && p.transferred_at > from && p.transferred_at < until,
        `payout ${p.id} sent at ${p.transferred_at} after chargeback ${c.disputeId} was heard (${from}..${until})`,
      ).toBe(false);
    if (row.status === "lost") expect(c.bearers, `who bears ${c.disputeId}`).toContain(row.borne_by);
    else expect(row.borne_by, `${c.disputeId} ${row.status}: no one bears it`).toBeNull();
  }
  expect([ledger.disputed, ledger.lostToChargebacks], "the ledger's disputes are the emulator's").toEqual([
    disputed,
    lost,
  ]);
  const open = rows.results.some((r) => r.closed_at === null);
  const creatorLoss = rows.results.some((r) => r.status === "lost" && r.borne_by === "creator");
  // A payout row is written only once it is due, and the last release has run: one still held waits for an open
  // chargeback, one withheld for a loss the creator bears.
  for (const p of payouts.results) {
    if (p.payout_status === "WITHHELD") expect(creatorLoss, `payout ${p.id} withheld without a loss`).toBe(true);
    if (p.payout_status === "HELD") expect(open, `payout ${p.id} held with no chargeback open`).toBe(true);
  }
  const sent = payouts.results.reduce((sum, p) => sum + (p.transfer_amount ?? 0), 0);
  expect(ledger.transferred, "no transfer taken back").toBe(sent);
  return payouts.results
    .filter((p) => p.payout_status === "WITHHELD" || p.payout_status === "HELD")
    .reduce((sum, p) => sum + p.amount, 0);
}
