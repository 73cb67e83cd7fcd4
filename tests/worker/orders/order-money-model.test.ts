// The money invariant under random interleavings (issue 30, decision 047), a model-based test with fast-check.
// Each run is one approved order and a random program of what its parties, the clock, Stripe and the platform can do
// to it: pay (plain card, 3-D Secure completed or failed or left pending, declined card), cancel by either party,
// price and schedule changes, the deadline alarm, the cron, webhooks duplicated and reordered, the Order object
// restarting, and Stripe's bad days (the emulator's fault switch: 409, 429, 500, connections dropped before or after
// the work, for the next calls about this order, issue 32), some of them racing two at a time. When the program ends and Stripe's last notices have arrived, the
// order must agree with its money (worker/domain/order-money.ts), its event log must be gapless and D1 must hold
// what the object holds. Real workerd, real Order objects and D1, the real `stripe` SDK against the emulator.
//
// The seed is fixed (MONEY_MODEL_SEED overrides it: `MONEY_MODEL_SEED=123 npx vitest run --project workerd
// tests/worker/orders/order-money-model.test.ts`); a failure prints the seed and the shrunk program that broke it.
import { evictDurableObject, runDurableObjectAlarm, runInDurableObject } from "cloudflare:test";
import { env } from "cloudflare:workers";
import fc from "fast-check";
import type Stripe from "stripe";
import { describe, expect, it } from "vitest";
import type { OrderState } from "#worker/domain/order";
import { checkOrderMoney } from "#worker/payments/money-check";
import { isStripeUnavailable } from "#worker/payments/stripe-errors";
import { enforceMissedDeadlines } from "#worker/services/order-deadlines";
import type { StoredOrder } from "#worker/services/orders";
import { call } from "../support/helpers";
import { commissionAccountByEmail, insertOrder } from "../support/order-fixtures";
import {
  completeThreeDSecure,
  completeThreeDSecureInFrame,
  sdkChallengeOf,
  confirmSetup,
  deliver,
  enterCard,
  newUser,
  platform,
} from "../support/payments-helpers";

const CARDS = { plain: "4242424242424242", threeDSecure: "4000002760003184", declined: "4000000000000341" } as const;
type CardName = keyof typeof CARDS;
const DEFAULT_SEED = 300_2026;
/** The emulator's faults (emulators/stripe/faults.ts) but `timeout`, whose wait is the SDK's 80 s. */
const STRIPE_FAULTS = [
  "lock_timeout",
  "idempotency_in_progress",
  "rate_limit",
  "api_error",
  "drop_before",
  "drop_after",
] as const;
type StripeFault = (typeof STRIPE_FAULTS)[number];
const RUNS = 150;

type Command =
  | { kind: "pay"; card: CardName }
  | { kind: "finish3ds"; outcome: "succeed" | "fail" }
  | { kind: "cancel"; by: "seller" | "buyer" }
  | { kind: "price"; amount: number }
  | { kind: "schedule"; days: number }
  | { kind: "deadline" }
  | { kind: "cron" }
  | { kind: "webhooks" }
  | { kind: "restart" }
  | { kind: "badDay"; fault: StripeFault; count: number };
type Step = Command | [Command, Command];

// Weighted towards what moves money (paying, the bank's answer, a new price), so that short programs reach the
// interleavings that matter: a payment under way when the order changes or ends.
const command: fc.Arbitrary<Command> = fc.oneof(
  {
    weight: 5,
    arbitrary: fc.record({
      kind: fc.constant("pay" as const),
      card: fc.constantFrom<CardName>("plain", "threeDSecure", "threeDSecure", "declined"),
    }),
  },
  {
    weight: 4,
    arbitrary: fc.record({
      kind: fc.constant("finish3ds" as const),
      outcome: fc.constantFrom("succeed" as const, "succeed" as const, "fail" as const),
    }),
  },
  {
    weight: 2,
    arbitrary: fc.record({
      kind: fc.constant("cancel" as const),
      by: fc.constantFrom("seller" as const, "buyer" as const),
    }),
  },
  {
    weight: 3,
    arbitrary: fc.record({ kind: fc.constant("price" as const), amount: fc.constantFrom(150, 3_000, 10_000, 25_000) }),
  },
  {
    weight: 1,
    arbitrary: fc.record({ kind: fc.constant("schedule" as const), days: fc.integer({ min: 1, max: 60 }) }),
  },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant("deadline" as const) }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant("cron" as const) }) },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant("webhooks" as const) }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant("restart" as const) }) },
  // One to four calls: two are ridden out by the SDK's retries, more reach the Worker's own handling.
  {
    weight: 2,
    arbitrary: fc.record({
      kind: fc.constant("badDay" as const),
      fault: fc.constantFrom(...STRIPE_FAULTS),
      count: fc.integer({ min: 1, max: 4 }),
    }),
  },
);
const step: fc.Arbitrary<Step> = fc.oneof(
  { weight: 3, arbitrary: command },
  { weight: 1, arbitrary: fc.tuple(command, command) },
);

type Party = Awaited<ReturnType<typeof newUser>>;
interface World {
  seller: Party;
  buyer: Party;
  cardIds: Record<CardName, string>;
}

/** One order's run: the order, the bank pages still waiting, and the webhook events Stripe has sent so far. */
interface Run {
  world: World;
  orderId: string;
  pendingPages: string[];
  events: Stripe.Event[];
  /** The fault rules this run armed at the emulator, all scoped to its order's calls. */
  faultIds: string[];
}

const stub = (id: string) => env.ORDER.get(env.ORDER.idFromName(id));
const orderCall = (path: string, cookie: string, json: unknown) =>
  call(`/api/features/commission/order/${path}`, { method: "POST", cookie, json });

async function createWorld(): Promise<World> {
  const [seller, buyer] = await Promise.all([newUser(), newUser()]);
  for (const number of Object.values(CARDS)) {
    const { setup, result } = await enterCard(buyer.cookie, number);
    if (result.status === "requires_action") await completeThreeDSecure(result.action.url, "succeed");
    expect((await confirmSetup(buyer.cookie, setup.intentId)).status).toBe(200);
  }
  const cards = (
    await env.DB.prepare(
      "SELECT m.id, m.last4 FROM payment_account_methods m JOIN user_accounts u ON u.id = m.user_account_id WHERE u.email = ?",
    )
      .bind(buyer.email)
      .all<{ id: string; last4: string }>()
  ).results;
  const byLast4 = (number: string) => cards.find((c) => c.last4 === number.slice(-4))!.id;
  return {
    seller,
    buyer,
    cardIds: {
      plain: byLast4(CARDS.plain),
      threeDSecure: byLast4(CARDS.threeDSecure),
      declined: byLast4(CARDS.declined),
    },
  };
}

async function newRun(world: World): Promise<Run> {
  const { id } = await insertOrder({
    sellerId: (await commissionAccountByEmail(world.seller.email)).id,
    buyerId: (await commissionAccountByEmail(world.buyer.email)).id,
    priceAmount: 10_000,
    approvalDeadline: Date.now() + 86_400_000,
  });
  expect((await orderCall("approve", world.seller.cookie, { orderId: id })).status).toBe(200);
  return { world, orderId: id, pendingPages: [], events: [], faultIds: [] };
}

const intentIdsOf = async (orderId: string) =>
  (
    await env.DB.prepare("SELECT stripe_payment_intent_id AS id FROM payment_transactions WHERE order_id = ?")
      .bind(orderId)
      .all<{ id: string }>()
  ).results.map((r) => r.id);

/** What Stripe sends about each succeeded intent of the order: one new event each time it is asked. */
async function newEvents(run: Run): Promise<Stripe.Event[]> {
  const events: Stripe.Event[] = [];
  for (const intentId of await intentIdsOf(run.orderId)) {
    const intent = await platform().paymentIntents.retrieve(intentId);
    if (intent.status !== "succeeded") continue;
    const id = `evt_model_${intentId}_${run.events.length + events.length}`;
    events.push({
      id,
      object: "event",
      type: "payment_intent.succeeded",
      created: Math.floor(Date.now() / 1000),
      data: { object: intent },
      livemode: false,
      pending_webhooks: 1,
      request: { id: null, idempotency_key: null },
      api_version: null,
    } as unknown as Stripe.Event);
  }
  run.events.push(...events);
  return events;
}

/**
 * Stripe's deliveries: the new events and a random half of the old ones again, in a shuffled order. On a bad day an
 * event whose handling could not reach Stripe is answered 500, and Stripe delivers it again later (expectSettled).
 */
async function deliverWebhooks(run: Run, random: () => number, { duringBadDay = false } = {}) {
  const fresh = await newEvents(run);
  const again = run.events.filter(() => random() < 0.5);
  const all = [...fresh, ...again, ...fresh].sort(() => random() - 0.5);
  for (const event of all) expect(duringBadDay ? [200, 500] : [200]).toContain((await deliver(event)).status);
}

const faultSwitch = `http://${env.STRIPE_API_HOST}:${env.STRIPE_API_PORT}/_emulator/faults`;

/**
 * Stripe's bad day for this order: the next `count` calls whose line, body or idempotency key names the order (its
 * intents' creation, confirmation, voiding and refunds, and their retries) fail. Other test files share the emulator,
 * and no other order's calls are touched.
 */
async function armFault(run: Run, fault: StripeFault, count: number) {
  const response = await fetch(faultSwitch, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ fault, count, match: run.orderId }),
  });
  expect(response.status).toBe(201);
  run.faultIds.push(((await response.json()) as { id: string }).id);
}

async function endBadDay(run: Run) {
  for (const id of run.faultIds.splice(0)) await fetch(`${faultSwitch}/${id}`, { method: "DELETE" });
}

/** Time passes: the deadline the order waits on (payment, or delivery once paid) is now, for the object and for D1. */
async function passDeadline(orderId: string) {
  const past = Date.now() - 1;
  await runInDurableObject(stub(orderId), async (_instance, state) => {
    const stored = await state.storage.get<StoredOrder>("order");
    if (stored?.state.progress !== "APPROVED") return;
    const field = stored.state.payment === "COMPLETED" ? "deliveryDeadline" : "paymentDeadline";
    await state.storage.put("order", { ...stored, state: { ...stored.state, [field]: past } });
    await env.DB.prepare(
      `UPDATE commission_orders SET ${field === "deliveryDeadline" ? "delivery_deadline" : "payment_deadline"} = ? WHERE id = ?`,
    )
      .bind(past, orderId)
      .run();
    await state.storage.setAlarm(past);
  });
  await runDurableObjectAlarm(stub(orderId));
}

async function perform(run: Run, c: Command, random: () => number): Promise<void> {
  const { world, orderId } = run;
  switch (c.kind) {
    case "pay": {
      const response = await orderCall("pay", world.buyer.cookie, { orderId, accountMethodId: world.cardIds[c.card] });
      // Nothing a pay call answers is a 500: paid, declined, waiting for the bank, refunded, voided, refused, or Stripe
      // unavailable (503: try again).
      expect([200, 402, 404, 409, 503], `pay answered ${response.status}`).toContain(response.status);
      const body = (await response.json()) as {
        status?: string;
        nextAction?: { type: string; use_stripe_sdk?: { stripe_js?: unknown } };
      };
      const challenge = body.status === "requires_action" ? sdkChallengeOf(body.nextAction) : null;
      if (challenge) run.pendingPages.push(challenge);
      return;
    }
    case "finish3ds": {
      const page = run.pendingPages.splice(Math.floor(random() * run.pendingPages.length), 1)[0];
      // A page whose intent was voided meanwhile has nothing to authenticate (409): the client can only leave.
      if (page) await completeThreeDSecureInFrame(page, c.outcome).catch(() => undefined);
      return;
    }
    case "cancel": {
      const response = await orderCall("cancel", c.by === "seller" ? world.seller.cookie : world.buyer.cookie, {
        orderId,
      });
      expect([200, 409], `cancel answered ${response.status}`).toContain(response.status);
      return;
    }
    case "price": {
      const response = await orderCall("update", world.seller.cookie, { orderId, priceAmount: c.amount });
      expect([200, 409], `price change answered ${response.status}`).toContain(response.status);
      return;
    }
    case "schedule": {
      const start = Date.now() + 86_400_000;
      const response = await orderCall("update", world.seller.cookie, {
        orderId,
        estimatedStart: start,
        estimatedDelivery: start + c.days * 86_400_000,
      });
      expect([200, 409], `schedule change answered ${response.status}`).toContain(response.status);
      return;
    }
    case "deadline":
      return passDeadline(orderId);
    case "cron":
      await enforceMissedDeadlines(env.DB, env.ORDER, Date.now());
      // On a bad day the repair may not reach Stripe: the next run of the cron does it.
      await checkOrderMoney({ d1: env.DB, stripe: platform(), orders: env.ORDER }, orderId, { repair: true }).catch(
        (error: unknown) => {
          if (!isStripeUnavailable(error)) throw error;
        },
      );
      return;
    case "webhooks":
      return deliverWebhooks(run, random, { duringBadDay: run.faultIds.length > 0 });
    case "restart":
      return evictDurableObject(stub(orderId)).catch(() => undefined);
    case "badDay":
      return armFault(run, c.fault, c.count);
  }
}

/** The end of the program: Stripe's last notices arrive, then the order, its log, its row and its money must agree. */
async function expectSettled(run: Run, random: () => number) {
  // The bad day ends; the object's retry alarm pays what it still owes (a void or refund Stripe could not take).
  await endBadDay(run);
  await runDurableObjectAlarm(stub(run.orderId));
  await deliverWebhooks(run, random);
  const { orderId } = run;
  const object = (await stub(orderId).get(orderId))!;
  const report = await checkOrderMoney({ d1: env.DB, stripe: platform() }, orderId);
  expect(report!.disagreements, `money of ${JSON.stringify(report!.ledger)}`).toEqual([]);

  const events = (
    await env.DB.prepare(
      "SELECT version, before, after FROM commission_order_events WHERE order_id = ? ORDER BY version",
    )
      .bind(orderId)
      .all<{ version: number; before: string; after: string }>()
  ).results;
  expect(
    events.map((e) => e.version),
    "a gapless log",
  ).toEqual(events.map((_, i) => i + 1));
  // Each event starts where the one before ended (the deadlines aside: the test moves the clock by hand).
  const chained = (json: string) => {
    const { paymentDeadline: _p, deliveryDeadline: _d, ...rest } = JSON.parse(json) as OrderState;
    return rest;
  };
  for (let i = 1; i < events.length; i++)
    expect(chained(events[i].before), `event ${i + 1} follows event ${i}`).toEqual(chained(events[i - 1].after));
  expect(object.version).toBe(events.length);

  const row = (await env.DB.prepare("SELECT * FROM commission_orders WHERE id = ?")
    .bind(orderId)
    .first<Record<string, unknown>>())!;
  expect({
    version: row.version,
    progress: row.order_progress_status,
    payment: row.order_payment_status,
    price: row.price_amount,
    paidAt: row.paid_at,
  }).toEqual({
    version: object.version,
    progress: object.state.progress,
    payment: object.state.payment,
    price: object.state.priceAmount,
    paidAt: object.state.paidAt,
  });

  // The transactions tell the same story: one COMPLETED at the total on a paid order, none on any other; a PENDING
  // one only for the payment still open.
  const transactions = (
    await env.DB.prepare(
      "SELECT transaction_status AS status, amount, stripe_payment_intent_id AS intent FROM payment_transactions WHERE order_id = ?",
    )
      .bind(orderId)
      .all<{ status: string; amount: number; intent: string }>()
  ).results;
  const paidAndKept = object.state.payment === "COMPLETED" && object.state.progress !== "CANCELED";
  expect(transactions.filter((t) => t.status === "COMPLETED").map((t) => t.amount)).toEqual(
    paidAndKept ? [object.state.priceAmount] : [],
  );
  expect(transactions.filter((t) => t.status === "PENDING").map((t) => t.intent)).toEqual(
    object.state.openPayment ? [object.state.openPayment.intentId] : [],
  );
}

describe("the money invariant under random interleavings (model-based)", () => {
  it(`holds for every order after any program of payments, cancels, changes, deadlines, webhooks and restarts (${RUNS} runs)`, {
    timeout: 600_000,
  }, async () => {
    const seed = Number(env.MONEY_MODEL_SEED || DEFAULT_SEED);
    const world = await createWorld();
    await fc.assert(
      fc.asyncProperty(
        fc.array(step, { minLength: 1, maxLength: 8 }),
        fc.infiniteStream(fc.double({ min: 0, max: 1, noNaN: true, maxExcluded: true })),
        async (program, randoms) => {
          const numbers = randoms[Symbol.iterator]();
          const random = () => numbers.next().value as number;
          const run = await newRun(world);
          for (const s of program) {
            if (Array.isArray(s)) await Promise.all(s.map((c) => perform(run, c, random)));
            else await perform(run, s, random);
          }
          await expectSettled(run, random);
        },
      ),
      { seed, numRuns: RUNS, endOnFailure: true },
    );
  });
});
