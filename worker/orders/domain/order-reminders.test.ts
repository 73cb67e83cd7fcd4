import { describe, expect, it } from "vitest";
import { dueReminders, reminderDedupeKey, type ReminderOrder } from "./order-reminders";
import { stagesOfPlan, type OrderStage } from "./order-stages";

const HOUR = 3_600_000;
const NOW = Date.UTC(2026, 10, 23, 12);
const base: ReminderOrder = {
  progress: "DRAFT",
  payment: "DRAFT",
  approvalDeadline: null,
  paymentDeadline: null,
  deliveryDeadline: null,
  stages: [],
};
const PLAN = [
  { title: "Sketch", sharePercent: 50, includedRevisions: 1 },
  { title: "Colour", sharePercent: 50, includedRevisions: 1 },
];
/** A paid order whose stages are changed as given (by index), its delivery far off. */
const staged = (...changes: Partial<OrderStage>[]): ReminderOrder => ({
  ...base,
  progress: "APPROVED",
  payment: "COMPLETED",
  deliveryDeadline: NOW + 300 * HOUR,
  stages: stagesOfPlan(PLAN).map((s, i) => ({ ...s, ...changes[i] })),
});
const review = (hoursLeft: number): Partial<OrderStage> => ({
  status: "IN_REVIEW",
  previewedAt: NOW - HOUR,
  reviewDeadline: NOW + hoursLeft * HOUR,
});
const approvedStage: Partial<OrderStage> = { status: "APPROVED", approvedAt: NOW - HOUR, approvedBy: "buyer" };

// The rule table of docs/decisions/023: state × time to the deadline → the reminder, its side, or none.
const cases: [string, ReminderOrder, { type: string; side: string } | null][] = [
  [
    "DRAFT, approval in 23 h",
    { ...base, approvalDeadline: NOW + 23 * HOUR },
    { type: "COMMISSION_ORDER_APPROVAL_REMINDER", side: "seller" },
  ],
  [
    "DRAFT, approval in exactly 24 h",
    { ...base, approvalDeadline: NOW + 24 * HOUR },
    { type: "COMMISSION_ORDER_APPROVAL_REMINDER", side: "seller" },
  ],
  ["DRAFT, approval in 25 h", { ...base, approvalDeadline: NOW + 25 * HOUR }, null],
  ["DRAFT, approval already past", { ...base, approvalDeadline: NOW - HOUR }, null],
  ["DRAFT, approval at this instant", { ...base, approvalDeadline: NOW }, null],
  ["DRAFT, no approval deadline", base, null],
  [
    "APPROVED unpaid, payment in 2 h",
    { ...base, progress: "APPROVED", paymentDeadline: NOW + 2 * HOUR },
    { type: "COMMISSION_ORDER_PAYMENT_REMINDER", side: "buyer" },
  ],
  ["APPROVED unpaid, payment in 30 h", { ...base, progress: "APPROVED", paymentDeadline: NOW + 30 * HOUR }, null],
  [
    "APPROVED unpaid, only the approval deadline near",
    { ...base, progress: "APPROVED", approvalDeadline: NOW + HOUR, paymentDeadline: NOW + 100 * HOUR },
    null,
  ],
  [
    "APPROVED paid, delivery in 23 h",
    { ...base, progress: "APPROVED", payment: "COMPLETED", deliveryDeadline: NOW + 23 * HOUR },
    { type: "COMMISSION_ORDER_DELIVERY_REMINDER", side: "seller" },
  ],
  [
    "APPROVED paid, delivery in 25 h",
    { ...base, progress: "APPROVED", payment: "COMPLETED", deliveryDeadline: NOW + 25 * HOUR },
    null,
  ],
  [
    "APPROVED paid, a stale payment deadline near",
    {
      ...base,
      progress: "APPROVED",
      payment: "COMPLETED",
      paymentDeadline: NOW + HOUR,
      deliveryDeadline: NOW + 200 * HOUR,
    },
    null,
  ],
  [
    "DELIVERED, delivery deadline near",
    { ...base, progress: "DELIVERED", payment: "COMPLETED", deliveryDeadline: NOW + HOUR },
    null,
  ],
  ["COMPLETED", { ...base, progress: "COMPLETED", payment: "COMPLETED", deliveryDeadline: NOW + HOUR }, null],
  ["CANCELED, approval near", { ...base, progress: "CANCELED", approvalDeadline: NOW + HOUR }, null],
  [
    "staged, the first stage's review in 23 h",
    staged(review(23)),
    { type: "COMMISSION_ORDER_STAGE_REVIEW_REMINDER", side: "buyer" },
  ],
  [
    "staged, the second stage's review in 24 h",
    staged(approvedStage, review(24)),
    { type: "COMMISSION_ORDER_STAGE_REVIEW_REMINDER", side: "buyer" },
  ],
  ["staged, review in 25 h", staged(review(25)), null],
  ["staged, review deadline already past", staged(review(-1)), null],
  ["staged, the stage being worked on", staged({ status: "PENDING", revisionsUsed: 1 }), null],
  ["staged, every stage approved", staged(approvedStage, approvedStage), null],
  ["staged and delivered, a stale review deadline", { ...staged(review(2)), progress: "DELIVERED" }, null],
  ["staged and canceled, a stale review deadline", { ...staged(review(2)), progress: "CANCELED" }, null],
];

describe("which reminder an order is due", () => {
  it.each(cases)("%s", (_name, order, expected) => {
    const due = dueReminders(order, NOW);
    expect(due.map(({ type, side }) => ({ type, side }))).toEqual(expected ? [expected] : []);
  });

  it("names the deadline it is about, which keys the notice", () => {
    const deadline = NOW + HOUR;
    expect(dueReminders({ ...base, approvalDeadline: deadline }, NOW)).toEqual([
      { kind: "approval", type: "COMMISSION_ORDER_APPROVAL_REMINDER", side: "seller", deadline },
    ]);
    expect(reminderDedupeKey("approval", "order-1", deadline)).toBe(`approval-reminder:order-1:${deadline}`);
  });

  it("a paid staged order near both its delivery and its stage's review deadline is due both reminders", () => {
    const both = { ...staged(review(3)), deliveryDeadline: NOW + 5 * HOUR };
    expect(dueReminders(both, NOW)).toEqual([
      { kind: "delivery", type: "COMMISSION_ORDER_DELIVERY_REMINDER", side: "seller", deadline: NOW + 5 * HOUR },
      { kind: "review", type: "COMMISSION_ORDER_STAGE_REVIEW_REMINDER", side: "buyer", deadline: NOW + 3 * HOUR },
    ]);
  });
});
