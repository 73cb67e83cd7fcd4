// The signals' arithmetic (issue 66, decision 106): on time by the deadline in force, the typical first response as
// a median, the threshold below which a rate reads "new", repeat parties and the member-since month.
import { describe, expect, it } from "vitest";
import {
  type OrderFacts,
  SIGNAL_MIN_SAMPLE,
  clientSignals,
  creatorSignals,
  earliestAnswer,
  median,
  monthOf,
  punctuality,
  responseSpan,
} from "./trust-signals";

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const T0 = Date.UTC(2026, 0, 10);

const order = (facts: Partial<OrderFacts> = {}): OrderFacts => ({
  otherPartyId: "client-a",
  submittedAt: T0,
  firstAnswerAt: null,
  deliveredAt: null,
  deliveryDeadline: null,
  completedAt: null,
  canceledAt: null,
  ...facts,
});
const delivered = (lateBy: number, extra: Partial<OrderFacts> = {}) =>
  order({ deliveryDeadline: T0 + 10 * DAY, deliveredAt: T0 + 10 * DAY + lateBy, completedAt: T0 + 12 * DAY, ...extra });
const answeredAfter = (ms: number, otherPartyId = "client-a") => order({ otherPartyId, firstAnswerAt: T0 + ms });
const signalsOf = (orders: OrderFacts[]) => creatorSignals({ orders, identityVerified: false, accountCreatedAt: T0 });

describe("punctuality", () => {
  it("is on time when delivered by the deadline in force, to the millisecond, and late after it", () => {
    expect(punctuality(delivered(0))).toBe("on_time");
    expect(punctuality(delivered(-DAY))).toBe("on_time");
    expect(punctuality(delivered(1))).toBe("late");
  });
  it("counts an order cancelled undelivered after its deadline as late, and leaves unjudged what had no deadline yet", () => {
    expect(punctuality(order({ deliveryDeadline: T0 + DAY, canceledAt: T0 + 2 * DAY }))).toBe("late");
    expect(punctuality(order({ deliveryDeadline: T0 + DAY, canceledAt: T0 + HOUR }))).toBeNull();
    expect(punctuality(order({ canceledAt: T0 + DAY }))).toBeNull();
    expect(punctuality(order({ deliveryDeadline: T0 + DAY }))).toBeNull();
  });
});

describe("creatorSignals", () => {
  it("reads the on-time rate as new below the sample and as a whole percent at it", () => {
    const four = [delivered(0), delivered(0), delivered(0), delivered(HOUR)];
    expect(four.length).toBe(SIGNAL_MIN_SAMPLE - 1);
    expect(signalsOf(four).onTimePercent).toBeNull();
    expect(signalsOf([...four, delivered(0)]).onTimePercent).toBe(80);
    expect(signalsOf([...four, delivered(0), delivered(2 * DAY)]).onTimePercent).toBe(67);
  });

  it("takes the median first answer in hours rounded up, new below the sample", () => {
    const waits = [10 * 60_000, 2 * HOUR, 3 * HOUR + 1, 30 * HOUR, 90 * HOUR];
    expect(signalsOf(waits.slice(0, 4).map((w) => answeredAfter(w))).typicalResponseHours).toBeNull();
    expect(signalsOf(waits.map((w) => answeredAfter(w))).typicalResponseHours).toBe(4);
    // Unanswered requests are not in it; a quick answer still reads as an hour.
    const quick = [...Array(SIGNAL_MIN_SAMPLE)].map(() => answeredAfter(60_000));
    expect(signalsOf([...quick, order(), order()]).typicalResponseHours).toBe(1);
  });

  it("counts completed orders and the clients who came back for a second", () => {
    const signals = signalsOf([
      delivered(0, { otherPartyId: "a" }),
      delivered(0, { otherPartyId: "a" }),
      delivered(0, { otherPartyId: "b" }),
      order({ otherPartyId: "b" }),
      delivered(0, { otherPartyId: "c" }),
      delivered(0, { otherPartyId: "c" }),
      delivered(0, { otherPartyId: "c" }),
    ]);
    expect(signals.ordersCompleted).toBe(6);
    expect(signals.repeatClients).toBe(2);
    expect(signals.memberSince).toBe("2026-01");
  });

  it("shows orders completed and member since for a creator with no orders", () => {
    expect(
      creatorSignals({ orders: [], identityVerified: true, accountCreatedAt: Date.UTC(2025, 11, 31, 23) }),
    ).toEqual({
      identityVerified: true,
      ordersCompleted: 0,
      onTimePercent: null,
      typicalResponseHours: null,
      repeatClients: 0,
      memberSince: "2025-12",
    });
  });
});

describe("clientSignals", () => {
  it("counts a client's completed orders and the creators they returned to", () => {
    const orders = [delivered(0, { otherPartyId: "x" }), delivered(0, { otherPartyId: "x" }), order()];
    expect(clientSignals({ orders, accountCreatedAt: T0 })).toEqual({
      ordersCompleted: 2,
      repeatCreators: 1,
      memberSince: "2026-01",
    });
  });
});

describe("helpers", () => {
  it("median, month and the response's words", () => {
    expect(earliestAnswer(null, 5 * HOUR, 2 * HOUR)).toBe(2 * HOUR);
    expect(earliestAnswer(null, null, null)).toBeNull();
    expect(median([])).toBeNull();
    expect(median([3, 1, 2])).toBe(2);
    expect(median([4, 1, 3, 2])).toBe(2.5);
    expect(monthOf(Date.UTC(2024, 1, 29))).toBe("2024-02");
    expect(responseSpan(5)).toEqual({ unit: "hours", count: 5 });
    expect(responseSpan(36)).toEqual({ unit: "hours", count: 36 });
    expect(responseSpan(37)).toEqual({ unit: "days", count: 2 });
  });
});
