// Deadlines moved by agreement as rows of the order process (issue 50, decision 090): who may ask, answer or give, the
// dates a move may name, what each answer does to the delivery date, and the request's 3 days, on the ¥10,000 order of
// order-test-states.ts (paid at T0, delivery due T0 + 30 days).
import { describe, expect, it } from "vitest";
import { orderEventNotice } from "../../chat/domain/chat-announcements";
import { EXTENSION_ANSWER_MS, extensionDateError, extensionLapsesAt, extensionReasonOf } from "./deadline-extensions";
import { decide, pendingDeadline } from "./order";
import type { OrderAction, OrderState } from "./order-types";
import { stagesOfPlan } from "./order-stages";
import { DAY, delivered, paid, T0 } from "./order-test-states";

const DUE = T0 + 30 * DAY;
const asked = (o: OrderState = paid(), proposedDeadline = DUE + 5 * DAY, now = T0 + DAY) => {
  const decision = decide(o, { type: "requestExtension", proposedDeadline }, "seller", now);
  if (!decision.ok || !decision.changed) throw new Error(JSON.stringify(decision));
  return decision;
};

describe("asking for more time", () => {
  it("the creator asks on a paid order before delivery; the request waits, the date stays", () => {
    const decision = asked();
    expect(decision.event).toBe("EXTENSION_REQUESTED");
    expect(decision.next.extensionRequest).toEqual({ proposedDeadline: DUE + 5 * DAY, requestedAt: T0 + DAY });
    expect(decision.next.deliveryDeadline).toBe(DUE);
    expect(orderEventNotice({ event: decision.event, before: paid(), after: decision.next })).toEqual({
      key: "extension_requested",
      date: DUE + 5 * DAY,
    });
  });

  it("is the creator's alone, once at a time, and only before delivery, and never during a dispute", () => {
    const request: OrderAction = { type: "requestExtension", proposedDeadline: DUE + DAY };
    expect(decide(paid(), request, "buyer", T0)).toEqual({ ok: false, refusal: "seller_only" });
    expect(decide(asked().next, request, "seller", T0 + 2 * DAY)).toEqual({ ok: false, refusal: "extension_pending" });
    expect(decide(delivered(), request, "seller", T0)).toEqual({ ok: false, refusal: "wrong_state" });
    const disputed = paid({
      dispute: {
        openedBy: "buyer",
        reason: "quality",
        openedAt: T0,
        answeredAt: null,
        settledAt: null,
        outcome: null,
        awardedAmount: 0,
      },
    });
    expect(decide(disputed, request, "seller", T0)).toEqual({ ok: false, refusal: "order_disputed" });
  });

  it("names a date after the current one and today, at most 60 days past the later of the two", () => {
    const o = { deliveryDeadline: DUE };
    expect(extensionDateError(o, DUE + DAY, T0)).toBeNull();
    expect(extensionDateError(o, DUE + 60 * DAY, T0)).toBeNull();
    for (const bad of [DUE, DUE - DAY, DUE + 60 * DAY + 1, DUE + 0.5, Number.NaN])
      expect(extensionDateError(o, bad, T0)).toBe("extension_date_invalid");
    // A date already passed moves from today.
    expect(extensionDateError({ deliveryDeadline: T0 }, T0 + 10 * DAY + 60 * DAY, T0 + 10 * DAY)).toBeNull();
    expect(extensionDateError({ deliveryDeadline: T0 }, T0 + 5 * DAY, T0 + 10 * DAY)).toBe("extension_date_invalid");
    expect(decide(paid(), { type: "requestExtension", proposedDeadline: DUE - DAY }, "seller", T0)).toEqual({
      ok: false,
      refusal: "extension_date_invalid",
    });
  });

  it("takes a reason of 1 to 1,000 storable characters", () => {
    expect(extensionReasonOf("  I caught the flu.  ")).toBe("I caught the flu.");
    for (const bad of ["", "   ", "x".repeat(1001), "a\u0000b", 42]) expect(extensionReasonOf(bad)).toBeNull();
  });
});

describe("the client's answer", () => {
  it("accepted: the delivery date moves and the first one is kept", () => {
    const accepted = decide(asked().next, { type: "acceptExtension" }, "buyer", T0 + 2 * DAY);
    expect(accepted).toMatchObject({
      ok: true,
      event: "EXTENSION_ACCEPTED",
      next: { deliveryDeadline: DUE + 5 * DAY, originalDeliveryDeadline: DUE, extensionRequest: null },
    });
  });

  it("declined: the date stays and the request is gone", () => {
    expect(decide(asked().next, { type: "declineExtension" }, "buyer", T0 + 2 * DAY)).toMatchObject({
      ok: true,
      event: "EXTENSION_DECLINED",
      next: { deliveryDeadline: DUE, extensionRequest: null },
    });
  });

  it("is the client's, and only within the 3 days", () => {
    const waiting = asked().next;
    expect(decide(waiting, { type: "acceptExtension" }, "seller", T0 + 2 * DAY)).toEqual({
      ok: false,
      refusal: "buyer_only",
    });
    expect(decide(waiting, { type: "acceptExtension" }, "buyer", T0 + DAY + EXTENSION_ANSWER_MS + 1)).toEqual({
      ok: false,
      refusal: "no_extension",
    });
    expect(decide(paid(), { type: "declineExtension" }, "buyer", T0)).toEqual({ ok: false, refusal: "no_extension" });
  });

  it("unanswered, it lapses on the object's alarm: the date stays, once", () => {
    const waiting = asked().next;
    const lapses = T0 + DAY + EXTENSION_ANSWER_MS;
    expect(pendingDeadline(waiting)).toBe(lapses);
    expect(decide(waiting, { type: "deadlinePassed" }, "system", lapses - 1)).toEqual({ ok: true, changed: false });
    const lapsed = decide(waiting, { type: "deadlinePassed" }, "system", lapses);
    expect(lapsed).toMatchObject({ ok: true, event: "EXTENSION_LAPSED", next: { deliveryDeadline: DUE } });
    if (!lapsed.ok || !lapsed.changed) throw new Error("not lapsed");
    expect(decide(lapsed.next, { type: "deadlinePassed" }, "system", lapses + DAY)).toEqual({
      ok: true,
      changed: false,
    });
  });

  it("a staged order waits on the sooner of its stage's review and the request's answer", () => {
    const [first, ...rest] = stagesOfPlan([
      { title: "Sketch", sharePercent: 50, includedRevisions: 1 },
      { title: "Final", sharePercent: 50, includedRevisions: 0 },
    ]);
    const stages = [{ ...first!, status: "IN_REVIEW" as const, reviewDeadline: T0 + 10 * DAY }, ...rest];
    expect(pendingDeadline(asked(paid({ stages })).next)).toBe(T0 + DAY + EXTENSION_ANSWER_MS);
    const later = [{ ...first!, status: "IN_REVIEW" as const, reviewDeadline: T0 + 2 * DAY }, ...rest];
    expect(pendingDeadline(asked(paid({ stages: later })).next)).toBe(T0 + 2 * DAY);
  });
});

describe("the client gives more time", () => {
  it("moves the date at once, answering a waiting request too", () => {
    const given = decide(asked().next, { type: "giveExtension", proposedDeadline: DUE + 10 * DAY }, "buyer", T0 + DAY);
    expect(given).toMatchObject({
      ok: true,
      event: "DELIVERY_EXTENDED",
      next: { deliveryDeadline: DUE + 10 * DAY, originalDeliveryDeadline: DUE, extensionRequest: null },
    });
    expect(decide(paid(), { type: "giveExtension", proposedDeadline: DUE + DAY }, "seller", T0)).toEqual({
      ok: false,
      refusal: "buyer_only",
    });
  });
});

describe("a dispute stops the request's clock (issue 59, decision 088)", () => {
  /** Asked on day 1; the client disputes on day 2; an admin reopens it on day 10 with 14 days to deliver. */
  function settledAfterADispute() {
    const waiting = asked().next;
    const disputed = decide(waiting, { type: "openDispute", reason: "quality" }, "buyer", T0 + 2 * DAY);
    if (!disputed.ok || !disputed.changed) throw new Error(JSON.stringify(disputed));
    const settled = decide(
      disputed.next,
      { type: "settleDispute", settlement: { outcome: "reopen", days: 14 } },
      "system",
      T0 + 10 * DAY,
    );
    if (!settled.ok || !settled.changed) throw new Error(JSON.stringify(settled));
    return settled.next;
  }
  /** One day of the three was used before the dispute; two are left from its settlement. */
  const LAPSES = T0 + 10 * DAY + 2 * DAY;

  it("settled, the client still has the days the dispute did not take", () => {
    const settled = settledAfterADispute();
    expect(extensionLapsesAt(settled)).toBe(LAPSES);
    expect(decide(settled, { type: "acceptExtension" }, "buyer", T0 + 11 * DAY)).toMatchObject({
      ok: true,
      event: "EXTENSION_ACCEPTED",
      next: { deliveryDeadline: DUE + 5 * DAY, extensionRequest: null },
    });
    expect(decide(settled, { type: "declineExtension" }, "buyer", LAPSES)).toMatchObject({
      ok: true,
      event: "EXTENSION_DECLINED",
    });
    expect(decide(settled, { type: "acceptExtension" }, "buyer", LAPSES + 1)).toEqual({
      ok: false,
      refusal: "no_extension",
    });
  });

  it("the lapse waits for those days too, and the alarm with it", () => {
    const settled = settledAfterADispute();
    // The reopened delivery date is later: the alarm waits on the request's answer first.
    expect(pendingDeadline(settled)).toBe(LAPSES);
    expect(decide(settled, { type: "deadlinePassed" }, "system", LAPSES - 1)).toEqual({ ok: true, changed: false });
    expect(decide(settled, { type: "deadlinePassed" }, "system", LAPSES)).toMatchObject({
      ok: true,
      event: "EXTENSION_LAPSED",
    });
  });

  it("a request already past its days when the dispute opened stays lapsed", () => {
    const waiting = asked().next;
    // Day 5: the 3 days ended on day 4, the alarm had not rung yet.
    const disputed = decide(waiting, { type: "openDispute", reason: "quality" }, "buyer", T0 + 5 * DAY);
    if (!disputed.ok || !disputed.changed) throw new Error(JSON.stringify(disputed));
    const settled = decide(
      disputed.next,
      { type: "settleDispute", settlement: { outcome: "reopen", days: 14 } },
      "system",
      T0 + 10 * DAY,
    );
    if (!settled.ok || !settled.changed) throw new Error(JSON.stringify(settled));
    expect(extensionLapsesAt(settled.next)).toBeLessThanOrEqual(T0 + 10 * DAY);
    expect(decide(settled.next, { type: "acceptExtension" }, "buyer", T0 + 10 * DAY + 1)).toEqual({
      ok: false,
      refusal: "no_extension",
    });
  });

  it("two disputes add up; the time before each counts", () => {
    const settled = settledAfterADispute();
    // Day 11: one of the two days left is used; a second dispute stops the clock again until day 20.
    const again = decide(settled, { type: "openDispute", reason: "other" }, "seller", T0 + 11 * DAY);
    if (!again.ok || !again.changed) throw new Error(JSON.stringify(again));
    const resettled = decide(
      again.next,
      { type: "settleDispute", settlement: { outcome: "reopen", days: 14 } },
      "system",
      T0 + 20 * DAY,
    );
    if (!resettled.ok || !resettled.changed) throw new Error(JSON.stringify(resettled));
    expect(extensionLapsesAt(resettled.next)).toBe(T0 + 21 * DAY);
  });
});
