import { describe, expect, it } from "vitest";
import { dueReminder, reminderDedupeKey, type ReminderOrder } from "./order-reminders";

const HOUR = 3_600_000;
const NOW = Date.UTC(2026, 10, 23, 12);
const base: ReminderOrder = {
  progress: "DRAFT",
  payment: "DRAFT",
  approvalDeadline: null,
  paymentDeadline: null,
  deliveryDeadline: null,
};

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
];

describe("which reminder an order is due", () => {
  it.each(cases)("%s", (_name, order, expected) => {
    const due = dueReminder(order, NOW);
    expect(due && { type: due.type, side: due.side }).toEqual(expected);
  });

  it("names the deadline it is about, which keys the notice", () => {
    const deadline = NOW + HOUR;
    expect(dueReminder({ ...base, approvalDeadline: deadline }, NOW)).toEqual({
      kind: "approval",
      type: "COMMISSION_ORDER_APPROVAL_REMINDER",
      side: "seller",
      deadline,
    });
    expect(reminderDedupeKey("approval", "order-1", deadline)).toBe(`approval-reminder:order-1:${deadline}`);
  });
});
