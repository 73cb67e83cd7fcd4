import { describe, expect, it } from "vitest";
import {
  buyerMayCancelLate,
  buyerWaiting,
  isPriceUnsettled,
  nextStep,
  orderTabs,
  parseOrderListFilter,
  progressOfFilter,
  sellerActions,
  statusBadge,
  type OrderFacts,
} from "./order-display";

const T0 = Date.UTC(2026, 10, 1);
const base: OrderFacts = {
  progress: "DRAFT",
  payment: "DRAFT",
  chat: "DRAFT",
  submitStatus: "SERVICE_SUBMITTED",
  priceAmount: 10_000,
  deliverableCount: 0,
  submittedAt: T0,
  approvedAt: null,
  deliveredAt: null,
  completedAt: null,
  canceledAt: null,
  approvalDeadline: T0 + 1,
  paymentDeadline: T0 + 2,
  deliveryDeadline: T0 + 3,
  completionDeadline: T0 + 4,
};

describe("the next-step block (spec section 4's table and timestamps)", () => {
  it("shows per state the step, the time and the deadline", () => {
    expect(nextStep(base)).toEqual({ step: "approval", shownTime: { kind: "submitted", at: T0 }, deadline: T0 + 1 });
    expect(nextStep({ ...base, progress: "APPROVED", approvedAt: T0 + 10 })).toEqual({
      step: "payment",
      shownTime: { kind: "approved", at: T0 + 10 },
      deadline: T0 + 2,
    });
    expect(nextStep({ ...base, progress: "APPROVED", payment: "COMPLETED", approvedAt: T0 + 10 })).toEqual({
      step: "delivery",
      shownTime: { kind: "approved", at: T0 + 10 },
      deadline: T0 + 3,
    });
    expect(nextStep({ ...base, progress: "DELIVERED", deliveredAt: T0 + 20 })).toEqual({
      step: "completion",
      shownTime: { kind: "delivered", at: T0 + 20 },
      deadline: T0 + 4,
    });
    expect(nextStep({ ...base, progress: "COMPLETED", completedAt: T0 + 30 })).toEqual({
      step: "completed",
      shownTime: { kind: "completed", at: T0 + 30 },
      deadline: null,
    });
    expect(nextStep({ ...base, progress: "CANCELED", canceledAt: T0 + 40 })).toEqual({
      step: "canceled",
      shownTime: { kind: "canceled", at: T0 + 40 },
      deadline: null,
    });
  });
});

describe("labels, tabs and buttons", () => {
  it("badges DRAFT as pending and APPROVED as accepted; the list filter reads only known statuses", () => {
    expect(statusBadge("DRAFT")).toBe("pending");
    expect(statusBadge("APPROVED")).toBe("accepted");
    expect(parseOrderListFilter("accepted")).toBe("accepted");
    expect(parseOrderListFilter("DROP TABLE")).toBe("all");
    expect(progressOfFilter("accepted")).toBe("APPROVED");
    expect(progressOfFilter("all")).toBeNull();
  });

  it("reads 'Unsettled' only for a draft form order with draft chat and no price or one of at most 100", () => {
    const form = { ...base, submitStatus: "FORM_SUBMITTED" as const };
    expect(isPriceUnsettled({ ...form, priceAmount: null })).toBe(true);
    expect(isPriceUnsettled({ ...form, priceAmount: 100 })).toBe(true);
    expect(isPriceUnsettled({ ...form, priceAmount: 101 })).toBe(false);
    expect(isPriceUnsettled({ ...base, priceAmount: null })).toBe(false);
    expect(isPriceUnsettled({ ...form, priceAmount: null, progress: "APPROVED" })).toBe(false);
    expect(isPriceUnsettled({ ...form, priceAmount: null, chat: "OPENED" })).toBe(false);
  });

  it("shows Delivery to the seller unless DRAFT or CANCELED, to the buyer when DELIVERED or COMPLETED; Other settings to the seller", () => {
    expect(orderTabs("seller", "DRAFT")).toEqual(["details", "payment", "settings"]);
    expect(orderTabs("seller", "APPROVED")).toEqual(["details", "payment", "delivery", "settings"]);
    expect(orderTabs("seller", "CANCELED")).toEqual(["details", "payment", "settings"]);
    expect(orderTabs("buyer", "APPROVED")).toEqual(["details", "payment"]);
    expect(orderTabs("buyer", "DELIVERED")).toEqual(["details", "payment", "delivery"]);
    expect(orderTabs("buyer", "COMPLETED")).toEqual(["details", "payment", "delivery"]);
  });

  it("disables Approve at a price of 100 or less, Deliver without a file; the buyer waits on the creator's moves", () => {
    expect(sellerActions({ ...base, priceAmount: 100 }).approve).toEqual({ shown: true, enabled: false });
    expect(sellerActions({ ...base, priceAmount: null }).approve).toEqual({ shown: true, enabled: false });
    expect(sellerActions(base).approve).toEqual({ shown: true, enabled: true });
    const paid = { ...base, progress: "APPROVED" as const, payment: "COMPLETED" as const };
    expect(sellerActions(paid).deliver).toEqual({ shown: true, enabled: false });
    expect(sellerActions({ ...paid, deliverableCount: 1 }).deliver).toEqual({ shown: true, enabled: true });
    expect(sellerActions({ ...paid, progress: "DELIVERED" }).complete).toEqual({ shown: true });
    expect(buyerWaiting(base)).toBe("awaiting_approval");
    expect(buyerWaiting({ ...base, progress: "APPROVED" })).toBeNull();
    expect(buyerWaiting(paid)).toBe("awaiting_delivery");
    expect(buyerWaiting({ ...paid, progress: "DELIVERED" })).toBe("awaiting_complete");
  });
});

describe("buyerMayCancelLate", () => {
  it("only a paid, undelivered order past its delivery deadline", () => {
    const now = 1_000_000;
    const late = { progress: "APPROVED" as const, payment: "COMPLETED" as const, deliveryDeadline: now - 1 };
    expect(buyerMayCancelLate(late, now)).toBe(true);
    expect(buyerMayCancelLate({ ...late, deliveryDeadline: now + 1 }, now)).toBe(false);
    expect(buyerMayCancelLate({ ...late, payment: "DRAFT" }, now)).toBe(false);
    expect(buyerMayCancelLate({ ...late, progress: "DELIVERED" }, now)).toBe(false);
    expect(buyerMayCancelLate({ ...late, deliveryDeadline: null }, now)).toBe(false);
  });
});
