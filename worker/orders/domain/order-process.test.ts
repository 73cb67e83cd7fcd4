import { describe, expect, it } from "vitest";
import { NOTIFICATION_TYPES } from "../../db/schema/enums";
import { decide, openTransition, pendingDeadline, transitionFor } from "./order";
import type { OrderAction, OrderActor, OrderEventType, OrderState } from "./order-types";
import { ANNOUNCERS, orderEventNotice } from "../../chat/domain/chat-announcements";
import { MONEY_STEPS } from "./order-effects";
import { orderNotifications } from "./order-notifications";
import {
  actsAs,
  DEADLINES,
  ORDER_PROCESS,
  paidDeliveryDeadline,
  processStateOf,
  type ActionType,
  type AnyTransition,
} from "./order-process";
import { dueReminders, MAX_REMINDER_LEAD_MS, REMINDED_PROGRESS, type ReminderOrder } from "./order-reminders";
import type { DisputeSettlement, OrderDispute, Outcome } from "./order-types";
import { stagesOfPlan } from "./order-stages";
import { approved, canceled, completed, DAY, delivered, OPEN, order, paid, paying, T0 } from "./order-test-states";
import { PERSONAL, type Licence } from "./licence";

const STREAMING: Licence = { scope: "commercial", uses: ["streaming"] };
const EXCLUSIVE: Licence = { scope: "exclusive" };

// Every action `decide` knows and every event it logs, spelled out so that a new one fails here until it has a row.
const ACTIONS: Record<ActionType, true> = {
  approve: true,
  cancel: true,
  deliver: true,
  complete: true,
  startPayment: true,
  markPaid: true,
  updatePrice: true,
  updateSchedule: true,
  updateServiceDetails: true,
  updateChatSettings: true,
  addDeliverable: true,
  deleteDeliverable: true,
  setStages: true,
  submitPreview: true,
  approveStage: true,
  requestRevision: true,
  grantRevision: true,
  deadlinePassed: true,
  adminCancel: true,
  openDispute: true,
  answerDispute: true,
  settleDispute: true,
  requestExtension: true,
  acceptExtension: true,
  declineExtension: true,
  giveExtension: true,
  requestLicence: true,
  acceptLicence: true,
  declineLicence: true,
  chargePart: true,
  partFailed: true,
};
const EVENTS: Record<OrderEventType, true> = {
  APPROVED: true,
  CANCELED: true,
  PAID: true,
  DELIVERED: true,
  COMPLETED: true,
  PRICE_UPDATED: true,
  SCHEDULE_UPDATED: true,
  SERVICE_DETAILS_UPDATED: true,
  CHAT_SETTINGS_UPDATED: true,
  DELIVERABLE_ADDED: true,
  DELIVERABLE_DELETED: true,
  PAYMENT_STARTED: true,
  PAYMENT_RETURNED: true,
  STAGES_UPDATED: true,
  STAGE_PREVIEWED: true,
  STAGE_APPROVED: true,
  STAGE_REVISION_REQUESTED: true,
  STAGE_REVISION_GRANTED: true,
  DISPUTE_OPENED: true,
  DISPUTE_ANSWERED: true,
  DISPUTE_SETTLED: true,
  EXTENSION_REQUESTED: true,
  EXTENSION_ACCEPTED: true,
  EXTENSION_DECLINED: true,
  EXTENSION_LAPSED: true,
  DELIVERY_EXTENDED: true,
  PAYOUT_CLEARED: true,
  LICENCE_REQUESTED: true,
  LICENCE_ACCEPTED: true,
  LICENCE_DECLINED: true,
  REST_CHARGED: true,
  REST_PAYMENT_FAILED: true,
  REST_PAID: true,
  STAGE_CHARGED: true,
  STAGE_PAYMENT_FAILED: true,
  STAGE_PAID: true,
};

const disputeOpenedBy = (openedBy: "seller" | "buyer"): OrderDispute => ({
  openedBy,
  reason: "quality",
  openedAt: T0,
  answeredAt: null,
  settledAt: null,
  outcome: null,
  awardedAmount: 0,
});
const SETTLEMENTS: DisputeSettlement[] = [
  { outcome: "refund" },
  { outcome: "release" },
  { outcome: "split", refundAmount: 4_000 },
  { outcome: "reopen", days: 5 },
];

const plan = stagesOfPlan([
  { title: "Sketch", sharePercent: 50, includedRevisions: 1 },
  { title: "Final", sharePercent: 50, includedRevisions: 0 },
]);
const inReview = (revisionsUsed = 0) => [
  { ...plan[0]!, status: "IN_REVIEW" as const, previewedAt: T0, reviewDeadline: T0 + 7 * DAY, revisionsUsed },
  plan[1]!,
];
/** The reachable states of spec section 4, with and without stages, files and a payment under way. */
const STATES: Record<string, OrderState> = {
  draft: order(),
  draftStaged: order({ stages: plan, deliverableCount: 1 }),
  draftPriceless: order({ priceAmount: null }),
  approved: approved(),
  paying: approved({ openPayment: OPEN }),
  paid: paid(),
  paidWithFile: paid({ deliverableCount: 1 }),
  paidLate: paid({ deliveryDeadline: T0 + DAY }),
  paidStaged: paid({ stages: plan }),
  paidStagedInReview: paid({ stages: inReview() }),
  paidStagedNoRevisionLeft: paid({ stages: inReview(1) }),
  delivered: delivered(),
  completed: completed(),
  // Decision 092: completed inside the client's week after delivery, its payout waiting; disputed meanwhile.
  completedHeld: completed({ payoutHeldUntil: T0 + 7 * DAY }),
  completedHeldDisputed: completed({ payoutHeldUntil: T0 + 7 * DAY, dispute: disputeOpenedBy("buyer") }),
  canceled: canceled(),
  // Disputes (decision 088): opened by either side, answered, on a plain and a staged order.
  paidDisputed: paid({ dispute: disputeOpenedBy("buyer") }),
  paidDisputedAnswered: paid({ dispute: { ...disputeOpenedBy("seller"), answeredAt: T0 + DAY } }),
  deliveredDisputed: delivered({ dispute: disputeOpenedBy("buyer") }),
  paidStagedInReviewDisputed: paid({ stages: inReview(), dispute: disputeOpenedBy("seller") }),
  // Deadlines moved by agreement (decision 090): a request waiting for the client, on a plain and a staged order.
  paidExtensionAsked: paid({ extensionRequest: { proposedDeadline: T0 + 35 * DAY, requestedAt: T0 + DAY } }),
  paidStagedExtensionAsked: paid({
    stages: inReview(),
    extensionRequest: { proposedDeadline: T0 + 35 * DAY, requestedAt: T0 + DAY },
  }),
  // The licence changed by agreement (issue 63): a licensed order, and one whose client asked for another.
  paidLicensed: paid({ licence: PERSONAL }),
  paidLicenceAsked: paid({ licence: PERSONAL, licenceRequest: { licence: STREAMING, requestedAt: T0 + DAY } }),
  deliveredLicenceAsked: delivered({ licence: PERSONAL, licenceRequest: { licence: STREAMING, requestedAt: T0 } }),
  // A rush order (5 days), not yet paid.
  approvedRush: approved({ rushDays: 5 }),
};
const ACTORS: OrderActor[] = ["seller", "buyer", "system"];
const actionsOf = (): OrderAction[] => [
  ...(["approve", "cancel", "deliver", "complete", "updateServiceDetails", "updateChatSettings"] as const).map(
    (type) => ({ type }),
  ),
  { type: "addDeliverable" },
  { type: "deleteDeliverable" },
  { type: "startPayment", payment: OPEN },
  { type: "markPaid", payment: OPEN },
  { type: "markPaid", payment: { ...OPEN, intentId: "pi_other" } },
  { type: "updatePrice", priceAmount: 20_000 },
  { type: "updateSchedule", estimatedStart: T0, estimatedDelivery: T0 + 9 * DAY },
  { type: "setStages", plan: [] },
  ...(["submitPreview", "approveStage", "requestRevision", "grantRevision"] as const).map((type) => ({
    type,
    stage: 0,
  })),
  { type: "deadlinePassed" },
  { type: "adminCancel" },
  { type: "openDispute", reason: "quality" },
  { type: "answerDispute" },
  ...SETTLEMENTS.map((settlement) => ({ type: "settleDispute" as const, settlement })),
  { type: "requestExtension", proposedDeadline: T0 + 35 * DAY },
  { type: "acceptExtension" },
  { type: "declineExtension" },
  { type: "giveExtension", proposedDeadline: T0 + 40 * DAY },
  { type: "requestLicence", licence: EXCLUSIVE },
  { type: "acceptLicence" },
  { type: "declineLicence" },
];
const LATER = T0 + 60 * DAY;

describe("the order process is one table (issue 47, decision 082)", () => {
  it("every action decide knows has a row for each actor who may take it, and every event is some row's", () => {
    for (const type of Object.keys(ACTIONS))
      expect(
        ORDER_PROCESS.some((t) => t.on === type),
        type,
      ).toBe(true);
    for (const event of Object.keys(EVENTS))
      expect(
        ORDER_PROCESS.some((t) => t.event === event),
        event,
      ).toBe(true);
    expect(new Set(ORDER_PROCESS.map((t) => t.name)).size).toBe(ORDER_PROCESS.length);
    // Rows sharing an action and an actor are told apart by `when` (a payment taken or given back) or `at` (deadlines).
    for (const t of ORDER_PROCESS) {
      const twins = ORDER_PROCESS.filter((u) => u.on === t.on && actsAs(u.actor) === actsAs(t.actor));
      if (twins.length > 1)
        expect(
          twins.every((u) => u.when || u.at),
          t.name,
        ).toBe(true);
    }
  });

  it("every change decide accepts is exactly one row: its event, and the state the row says it leads to", () => {
    let accepted = 0;
    for (const [name, o] of Object.entries(STATES))
      for (const action of actionsOf())
        for (const actor of ACTORS)
          for (const now of [T0, LATER]) {
            const decision = decide(o, action, actor, now);
            if (!decision.ok || !decision.changed) continue;
            accepted++;
            const found = transitionFor(o, action, actor, now);
            if (typeof found === "string" || !("transition" in found)) throw new Error(`${name} ${action.type}`);
            const row = found.transition;
            expect(decision.event, `${name} ${action.type} by ${actor}`).toBe(row.event);
            expect(row.from).toContain(processStateOf(o));
            expect(processStateOf(decision.next)).toBe(row.to === "same" ? processStateOf(o) : row.to);
            // What the row says of the money is what the decision hands the object.
            const givesBack = [
              "refundOnCancel",
              "returnPayment",
              "voidOpenPayment",
              "startPayment",
              "splitStake",
            ].includes(row.money);
            if (decision.releases) expect(givesBack, row.name).toBe(true);
          }
    expect(accepted).toBeGreaterThan(40);
  });

  it("what a page offers a party is the rows whose from-states and guards pass: the same answer decide gives", () => {
    const partyRows = ORDER_PROCESS.filter((t) => t.actor === "seller" || t.actor === "buyer");
    for (const [name, o] of Object.entries(STATES))
      for (const t of partyRows) {
        const open = openTransition(t.name, o, LATER);
        const offered = open.shown && open.blockedBy === null;
        const found = actionsOf().find((a) => a.type === t.on)!;
        // A new delivery date is the form's input, checked by the effect: the test names one the rule takes.
        const action =
          "proposedDeadline" in found
            ? { ...found, proposedDeadline: Math.max(o.deliveryDeadline ?? 0, LATER) + 5 * DAY }
            : found;
        const decision = decide(o, action, actsAs(t.actor), LATER);
        // An offered move is never refused for its state; a refused one is never offered, and says the same why.
        if (offered) expect(decision.ok, `${name}: ${t.name}`).toBe(true);
        else if (!decision.ok && open.shown) expect(decision.refusal, `${name}: ${t.name}`).toBe(open.blockedBy);
      }
  });

  it("the alarm's deadline is the sooner of the state's time-based rows', and none once the order has ended", () => {
    for (const o of Object.values(STATES)) {
      // The sooner of the state's time-based rows' deadlines (a paid order may wait on two).
      const deadlines = ORDER_PROCESS.filter((t) => t.at && t.from.includes(processStateOf(o)))
        .map((t) => t.at!(o))
        .filter((at): at is number => at !== null);
      expect(pendingDeadline(o)).toBe(deadlines.length > 0 ? Math.min(...deadlines) : null);
    }
    expect(pendingDeadline(completed())).toBeNull();
  });

  it("every notice a row sends is a known notification type, and orderNotifications sends exactly the row's", () => {
    for (const t of ORDER_PROCESS) {
      if (!t.notice) {
        expect(orderNotifications(t.event, actsAs(t.actor), "C"), t.name).toEqual([]);
        continue;
      }
      expect(NOTIFICATION_TYPES).toContain(t.notice.type);
      const sent = orderNotifications(t.event, actsAs(t.actor), "C");
      expect(sent.map((n) => n.type)).toEqual(sent.map(() => t.notice!.type));
      expect(sent.map((n) => n.side)).toEqual(t.notice.to === "both" ? ["seller", "buyer"] : [t.notice.to]);
      // The party who acted is never told of their own act.
      if (t.actor === "seller" || t.actor === "buyer") expect(sent.map((n) => n.side)).not.toContain(t.actor);
    }
    // Every order notice type (not a reminder, not a request's) is some row's, but the bank's: a chargeback's notices
    // come from Stripe's webhooks, not from an order action (decision 103).
    const fromTheBank: readonly string[] = ["COMMISSION_ORDER_CHARGEBACK_OPENED", "COMMISSION_ORDER_CHARGEBACK_CLOSED"];
    const orderTypes = NOTIFICATION_TYPES.filter(
      (type) => type.startsWith("COMMISSION_ORDER_") && !type.endsWith("_REMINDER") && !fromTheBank.includes(type),
    );
    for (const type of orderTypes)
      expect(
        ORDER_PROCESS.some((t) => t.notice?.type === type),
        type,
      ).toBe(true);
  });
});

/** Every change decide accepts in the sweep, with the row that made it. */
function acceptedChanges() {
  const changes = [];
  for (const [name, o] of Object.entries(STATES))
    for (const action of actionsOf())
      for (const actor of ACTORS)
        for (const now of [T0, LATER]) {
          const decision = decide(o, action, actor, now);
          if (!decision.ok || !decision.changed) continue;
          const found = transitionFor(o, action, actor, now);
          if (typeof found === "string" || !("transition" in found)) throw new Error(`${name} ${action.type}`);
          changes.push({ name, o, action, actor, now, decision, row: found.transition });
        }
  return changes;
}
const effectOf = (row: AnyTransition, o: OrderState, action: OrderAction, now: number) =>
  (row.effect as (o: OrderState, a: OrderAction, now: number) => Outcome)(o, action, now);

describe("the table says what happens (issue 61): its money, announcement and reminder columns drive", () => {
  it("money: a row's effect moves no money; the decision's releases and state are its money tag's step", () => {
    for (const { name, o, action, now, decision, row } of acceptedChanges()) {
      const outcome = effectOf(row, o, action, now);
      if (typeof outcome === "string" || "refusal" in outcome) throw new Error(name);
      expect(outcome.release, `${name}: ${row.name}'s effect`).toBeUndefined();
      const step = MONEY_STEPS[row.money](o, outcome.next, action);
      expect(decision.money, `${name}: ${row.name}`).toBe(row.money);
      expect(decision.next).toEqual(step.next);
      expect(decision.releases).toEqual(step.releases);
    }
  });

  it("money: another tag on the same row moves other money (a cancel without its refund gives nothing back)", () => {
    const cancelRow = ORDER_PROCESS.find((t) => t.name === "cancelBySeller")!;
    const o = paid();
    const outcome = effectOf(cancelRow, o, { type: "cancel" }, T0);
    if (typeof outcome === "string" || "refusal" in outcome) throw new Error("refused");
    expect(MONEY_STEPS.none(o, outcome.next, { type: "cancel" }).releases).toBeUndefined();
    expect(decide(o, { type: "cancel" }, "seller", T0)).toMatchObject({
      money: "refundOnCancel",
      releases: [{ payment: o.paidPayment, reason: "order_canceled" }],
    });
  });

  it("announcements: each row's announce is what the chat posts of its transitions, alike for rows sharing an event", () => {
    for (const t of ORDER_PROCESS) {
      if (t.announce) expect(ANNOUNCERS[t.announce], t.name).toBeTypeOf("function");
      for (const u of ORDER_PROCESS.filter((u) => u.event === t.event)) expect(u.announce, u.name).toBe(t.announce);
    }
    let announced = 0;
    for (const { name, o, decision, row, actor } of acceptedChanges()) {
      if (!decision.ok || !decision.changed) continue;
      const notice = orderEventNotice({ event: decision.event, before: o, after: decision.next });
      if (!row.announce) {
        expect(notice, `${name}: ${row.name}`).toBeNull();
        continue;
      }
      if (!notice) continue; // the line's facts are missing (an unstaged order's cancel has no money line)
      announced++;
      const auto = row.announce === "stage_approved" && actor === "system";
      expect(notice.key, `${name}: ${row.name}`).toBe(auto ? "stage_auto_approved" : row.announce);
    }
    expect(announced).toBeGreaterThan(10);
  });

  it("reminders: the rows' remind column is the rule, its actor told in its from-states within its lead", () => {
    const reminding = ORDER_PROCESS.filter((t) => t.remind);
    expect(reminding.map((t) => [t.name, t.remind!.kind])).toEqual([
      ["approve", "approval"],
      ["startPayment", "payment"],
      ["deliver", "delivery"],
      ["approveStage", "review"],
    ]);
    expect(MAX_REMINDER_LEAD_MS).toBe(Math.max(...reminding.map((t) => t.remind!.leadMs)));
    expect(REMINDED_PROGRESS).toEqual(["DRAFT", "APPROVED", "DELIVERED"]);
    for (const o of Object.values(STATES)) {
      const reminderOrder: ReminderOrder = { ...o };
      for (const t of reminding) {
        const deadline = t.remind!.deadline(o);
        if (deadline === null) continue;
        const now = deadline - t.remind!.leadMs + 1;
        const due = dueReminders(reminderOrder, now).find((r) => r.kind === t.remind!.kind);
        if (t.from.includes(processStateOf(o)))
          expect(due, t.name).toEqual({ kind: t.remind!.kind, type: t.remind!.type, side: t.actor, deadline });
        else expect(due, t.name).toBeUndefined();
      }
    }
  });
});

describe("rush (issue 63): a rush order is due within its days of the payment", () => {
  const paidAt = T0 + DAY;
  const takenBy = (o: OrderState) => {
    const decision = decide(o, paying(), "system", paidAt);
    if (!decision.ok || !decision.changed) throw new Error(JSON.stringify(decision));
    return decision.next.deliveryDeadline;
  };

  it("takePayment sets a rush order's delivery date to the payment plus its rush days", () => {
    expect(takenBy(approved({ rushDays: 5, openPayment: OPEN }))).toBe(paidAt + 5 * DAY);
    expect(takenBy(approved({ rushDays: 1, openPayment: OPEN }))).toBe(paidAt + DAY);
  });

  it("the creator's estimated delivery stands when it is ahead and sooner than the rush's; never a past or later one", () => {
    expect(takenBy(approved({ rushDays: 5, estimatedDelivery: paidAt + 3 * DAY, openPayment: OPEN }))).toBe(
      paidAt + 3 * DAY,
    );
    expect(takenBy(approved({ rushDays: 5, estimatedDelivery: paidAt + 9 * DAY, openPayment: OPEN }))).toBe(
      paidAt + 5 * DAY,
    );
    expect(takenBy(approved({ rushDays: 5, estimatedDelivery: paidAt - DAY, openPayment: OPEN }))).toBe(
      paidAt + 5 * DAY,
    );
  });

  it("an order without rush is due as before: its estimate when ahead, else 30 days", () => {
    expect(takenBy(approved({ openPayment: OPEN }))).toBe(paidAt + DEADLINES.deliveryMs);
    expect(takenBy(approved({ rushDays: null, estimatedDelivery: paidAt + 40 * DAY, openPayment: OPEN }))).toBe(
      paidAt + 40 * DAY,
    );
    expect(paidDeliveryDeadline({ estimatedDelivery: null, rushDays: 0 }, paidAt)).toBe(paidAt + DEADLINES.deliveryMs);
  });
});

describe("the licence changed by agreement (issue 63): rows of the table", () => {
  const ask = (o: OrderState, licence: Licence = STREAMING, now = T0 + DAY) =>
    decide(o, { type: "requestLicence", licence }, "buyer", now);

  it("the client asks on a paid order before it ends; the request waits and the licence stays", () => {
    for (const o of [paid({ licence: PERSONAL }), delivered({ licence: PERSONAL })]) {
      const decision = ask(o);
      if (!decision.ok || !decision.changed) throw new Error(JSON.stringify(decision));
      expect(decision.event).toBe("LICENCE_REQUESTED");
      expect(decision.money).toBe("none");
      expect(decision.next.licence).toEqual(PERSONAL);
      expect(decision.next.licenceRequest).toEqual({ licence: STREAMING, requestedAt: T0 + DAY });
      expect(orderNotifications(decision.event, "buyer", "C").map((n) => [n.side, n.type])).toEqual([
        ["seller", "COMMISSION_ORDER_LICENCE_REQUESTED"],
      ]);
      expect(orderEventNotice({ event: decision.event, before: o, after: decision.next })).toEqual({
        key: "licence_requested",
        licence: STREAMING,
      });
    }
  });

  it("is the client's alone, once at a time, never the licence it has, only paid and open, never in a dispute", () => {
    const o = paid({ licence: PERSONAL });
    expect(decide(o, { type: "requestLicence", licence: STREAMING }, "seller", T0)).toEqual({
      ok: false,
      refusal: "buyer_only",
    });
    expect(ask(STATES.paidLicenceAsked!, EXCLUSIVE)).toEqual({ ok: false, refusal: "licence_pending" });
    expect(ask(o, PERSONAL)).toEqual({ ok: false, refusal: "licence_unchanged" });
    // The same uses named in another order are the same licence.
    const both: Licence = { scope: "commercial", uses: ["streaming", "goods"] };
    expect(ask(paid({ licence: both }), { scope: "commercial", uses: ["goods", "streaming"] })).toEqual({
      ok: false,
      refusal: "licence_unchanged",
    });
    for (const unpaid of [order({ licence: PERSONAL }), approved({ licence: PERSONAL })])
      expect(ask(unpaid)).toEqual({ ok: false, refusal: "wrong_state" });
    for (const ended of [completed({ licence: PERSONAL }), canceled()])
      expect(ask(ended)).toEqual({ ok: false, refusal: "wrong_state" });
    expect(ask(STATES.paidDisputed!)).toEqual({ ok: false, refusal: "order_disputed" });
    // An order from before licences has none: any licence is a change to agree on.
    expect(ask(paid(), PERSONAL)).toMatchObject({ ok: true, changed: true });
  });

  it("the creator accepts: the licence is the one asked for, nothing waits; a second accept changes nothing", () => {
    const o = STATES.paidLicenceAsked!;
    const accepted = decide(o, { type: "acceptLicence" }, "seller", T0 + 2 * DAY);
    if (!accepted.ok || !accepted.changed) throw new Error(JSON.stringify(accepted));
    expect(accepted.event).toBe("LICENCE_ACCEPTED");
    expect(accepted.next.licence).toEqual(STREAMING);
    expect(accepted.next.licenceRequest).toBeNull();
    expect(orderNotifications("LICENCE_ACCEPTED", "seller", "C").map((n) => [n.side, n.type])).toEqual([
      ["buyer", "COMMISSION_ORDER_LICENCE_ACCEPTED"],
    ]);
    expect(orderEventNotice({ event: accepted.event, before: o, after: accepted.next })).toEqual({
      key: "licence_accepted",
      licence: STREAMING,
    });
    expect(decide(accepted.next, { type: "acceptLicence" }, "seller", T0 + 2 * DAY)).toEqual({
      ok: false,
      refusal: "no_licence_request",
    });
    expect(decide(accepted.next, { type: "declineLicence" }, "seller", T0 + 2 * DAY)).toEqual({
      ok: false,
      refusal: "no_licence_request",
    });
  });

  it("the creator declines: the licence stays and nothing waits; the client may then ask again", () => {
    const o = STATES.deliveredLicenceAsked!;
    const declined = decide(o, { type: "declineLicence" }, "seller", T0 + 2 * DAY);
    if (!declined.ok || !declined.changed) throw new Error(JSON.stringify(declined));
    expect(declined.event).toBe("LICENCE_DECLINED");
    expect(declined.next.licence).toEqual(PERSONAL);
    expect(declined.next.licenceRequest).toBeNull();
    expect(orderEventNotice({ event: declined.event, before: o, after: declined.next })).toEqual({
      key: "licence_declined",
    });
    expect(ask(declined.next, EXCLUSIVE)).toMatchObject({ ok: true, changed: true });
  });

  it("only the creator answers, never with nothing waiting, never in a dispute or once the order ended", () => {
    const o = STATES.paidLicenceAsked!;
    for (const type of ["acceptLicence", "declineLicence"] as const) {
      expect(decide(o, { type }, "buyer", T0)).toEqual({ ok: false, refusal: "seller_only" });
      expect(decide(paid({ licence: PERSONAL }), { type }, "seller", T0)).toEqual({
        ok: false,
        refusal: "no_licence_request",
      });
      const disputed = { ...o, dispute: STATES.paidDisputed!.dispute };
      expect(decide(disputed, { type }, "seller", T0)).toEqual({ ok: false, refusal: "order_disputed" });
      const ended = completed({ licence: PERSONAL, licenceRequest: o.licenceRequest });
      expect(decide(ended, { type }, "seller", T0)).toEqual({ ok: false, refusal: "no_licence_request" });
    }
  });
});
