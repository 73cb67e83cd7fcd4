import { describe, expect, it } from "vitest";
import {
  buyerMayCancelLate,
  buyerMayPay,
  buyerWaiting,
  isPriceUnsettled,
  nextStep,
  orderTabs,
  parseOrderListFilter,
  progressOfFilter,
  sellerActions,
  sellerEditable,
  stageRows,
  statusBadge,
  type OrderFacts,
} from "./order-display";
import { openTransition } from "./order";
import { ORDER_PROCESS } from "./order-process";
import { stagesOfPlan, type OrderStage } from "./order-stages";
import * as states from "./order-test-states";

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
  stages: [],
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
    expect(sellerActions(paid).deliver).toEqual({ shown: true, enabled: false, blockedBy: "no_deliverables" });
    expect(sellerActions({ ...paid, deliverableCount: 1 }).deliver).toEqual({
      shown: true,
      enabled: true,
      blockedBy: null,
    });
    expect(sellerActions({ ...paid, progress: "DELIVERED" }).complete).toEqual({
      shown: true,
      enabled: true,
      blockedBy: null,
    });
    expect(buyerWaiting(base)).toBe("awaiting_approval");
    expect(buyerWaiting({ ...base, progress: "APPROVED" })).toBeNull();
    expect(buyerWaiting(paid)).toBe("awaiting_delivery");
    expect(buyerWaiting({ ...paid, progress: "DELIVERED" })).toBe("awaiting_complete");
  });
});

describe("an open dispute (decision 088)", () => {
  const paid = { ...base, progress: "APPROVED" as const, payment: "COMPLETED" as const, deliverableCount: 1 };
  const dispute = {
    openedBy: "buyer" as const,
    reason: "quality" as const,
    openedAt: T0 + 50,
    answeredAt: null,
    settledAt: null,
    outcome: null,
    awardedAmount: 0,
  };
  const disputed = { ...paid, dispute };

  it("is the next step, with no deadline running, and what the client waits for", () => {
    expect(nextStep(disputed)).toEqual({
      step: "dispute",
      shownTime: { kind: "disputed", at: T0 + 50 },
      deadline: null,
    });
    expect(buyerWaiting(disputed)).toBe("awaiting_settlement");
    expect(buyerWaiting({ ...disputed, progress: "DELIVERED" })).toBe("awaiting_settlement");
  });

  it("offers the creator none of the moves it holds back", () => {
    expect(sellerActions(disputed)).toMatchObject({
      cancel: { shown: false },
      deliver: { shown: false },
      complete: { shown: false },
    });
    expect(sellerActions({ ...disputed, progress: "DELIVERED" }).complete.shown).toBe(false);
    expect(sellerEditable(disputed)).toEqual({
      serviceDetails: false,
      price: false,
      schedule: false,
      chatSettings: false,
      addDeliverable: true,
      deleteDeliverable: false,
    });
    expect(sellerEditable(paid)).toMatchObject({ serviceDetails: true, schedule: true, deleteDeliverable: true });
  });

  it("once settled, the order reads as before", () => {
    const settled = { ...paid, dispute: { ...dispute, settledAt: T0 + 60, outcome: "reopen" as const } };
    expect(nextStep(settled).step).toBe("delivery");
    expect(buyerWaiting(settled)).toBe("awaiting_delivery");
    expect(sellerActions(settled).deliver.shown).toBe(true);
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

// A paid three-stage order (decision 073): Sketch 30 %, Colours 40 %, Finish 30 %.
const plan = stagesOfPlan([
  { title: "Sketch", sharePercent: 30, includedRevisions: 1 },
  { title: "Colours", sharePercent: 40, includedRevisions: 2 },
  { title: "Finish", sharePercent: 30, includedRevisions: 0 },
]);
const paidStaged = (stages: OrderStage[]): OrderFacts => ({
  ...base,
  progress: "APPROVED",
  payment: "COMPLETED",
  approvedAt: T0 + 10,
  stages,
});
const inReview = (stage: OrderStage, at: number): OrderStage => ({
  ...stage,
  status: "IN_REVIEW",
  previewedAt: at,
  reviewDeadline: at + 7,
});
const approved = (stage: OrderStage, by: "buyer" | "system"): OrderStage => ({
  ...stage,
  status: "APPROVED",
  approvedAt: T0 + 50,
  approvedBy: by,
});

describe("a staged order's next step speaks of its stages", () => {
  it("while the creator works on a stage: which one of how many, with the delivery deadline", () => {
    expect(nextStep(paidStaged(plan))).toEqual({
      step: "stage_preview",
      shownTime: { kind: "approved", at: T0 + 10 },
      deadline: T0 + 3,
      stage: { index: 0, count: 3, title: "Sketch" },
    });
    const second = paidStaged([approved(plan[0]!, "buyer"), plan[1]!, plan[2]!]);
    expect(nextStep(second).stage).toEqual({ index: 1, count: 3, title: "Colours" });
  });

  it("while a preview waits for the client: the preview's time and its review deadline", () => {
    expect(nextStep(paidStaged([inReview(plan[0]!, T0 + 20), plan[1]!, plan[2]!]))).toEqual({
      step: "stage_review",
      shownTime: { kind: "previewed", at: T0 + 20 },
      deadline: T0 + 27,
      stage: { index: 0, count: 3, title: "Sketch" },
    });
  });

  it("once every stage is approved, or before payment, or without stages, the steps are the order's own", () => {
    const all = paidStaged(plan.map((s) => approved(s, "buyer")));
    expect(nextStep(all).step).toBe("delivery");
    expect(nextStep(all).stage).toBeUndefined();
    expect(nextStep({ ...paidStaged(plan), payment: "DRAFT" }).step).toBe("payment");
    expect(nextStep({ ...paidStaged(plan), progress: "DRAFT" }).step).toBe("approval");
    expect(nextStep(paidStaged([])).step).toBe("delivery");
  });

  it("the buyer waits on the creator's preview, not on a delivery; a preview under review is the buyer's move", () => {
    expect(buyerWaiting(paidStaged(plan))).toBe("awaiting_stage_preview");
    expect(buyerWaiting(paidStaged([inReview(plan[0]!, T0), plan[1]!, plan[2]!]))).toBeNull();
    expect(buyerWaiting(paidStaged(plan.map((s) => approved(s, "system"))))).toBe("awaiting_delivery");
  });

  it("Deliver is disabled until every stage is approved, with that reason before the missing file", () => {
    const files = { deliverableCount: 2 };
    expect(sellerActions({ ...paidStaged(plan), ...files }).deliver).toEqual({
      shown: true,
      enabled: false,
      blockedBy: "stages_pending",
    });
    const done = { ...paidStaged(plan.map((s) => approved(s, "buyer"))), ...files };
    expect(sellerActions(done).deliver).toEqual({ shown: true, enabled: true, blockedBy: null });
  });
});

describe("the stage timeline's states and moves", () => {
  it("an unpaid order's stages are all upcoming, with no moves for either side", () => {
    const unpaid = { ...paidStaged(plan), payment: "DRAFT" as const };
    for (const side of ["buyer", "seller"] as const)
      for (const row of stageRows(unpaid, side)) {
        expect(row.state).toBe("upcoming");
        expect(row.buyer).toEqual({ approve: false, requestRevision: null });
        expect(row.seller).toEqual({ postPreview: false, grantRevision: false });
      }
  });

  it("the current stage is in progress for both; the creator may post its preview and allow a revision", () => {
    const rows = stageRows(paidStaged(plan), "seller");
    expect(rows.map((r) => r.state)).toEqual(["in_progress", "upcoming", "upcoming"]);
    expect(rows[0]!.seller).toEqual({ postPreview: true, grantRevision: true });
    expect(rows[1]!.seller).toEqual({ postPreview: false, grantRevision: false });
    expect(stageRows(paidStaged(plan), "buyer")[0]!.buyer).toEqual({ approve: false, requestRevision: null });
  });

  it("a preview under review: the client may approve or ask a revision, until none is left", () => {
    const staged = paidStaged([inReview(plan[0]!, T0), plan[1]!, plan[2]!]);
    const [row] = stageRows(staged, "buyer");
    expect(row).toMatchObject({ state: "in_review", revisions: { allowed: 1, used: 0, left: 1 } });
    expect(row!.buyer).toEqual({ approve: true, requestRevision: "allowed" });
    const usedUp = paidStaged([{ ...inReview(plan[0]!, T0), revisionsUsed: 1 }, plan[1]!, plan[2]!]);
    expect(stageRows(usedUp, "buyer")[0]!.buyer).toEqual({ approve: true, requestRevision: "none_left" });
    // The creator's consent gives one more.
    const granted = paidStaged([
      { ...inReview(plan[0]!, T0), revisionsUsed: 1, extraRevisions: 1 },
      plan[1]!,
      plan[2]!,
    ]);
    expect(stageRows(granted, "buyer")[0]).toMatchObject({
      revisions: { allowed: 2, used: 1, left: 1 },
      buyer: { requestRevision: "allowed" },
    });
    // The seller sees the review, but cannot answer it or post over it.
    expect(stageRows(staged, "seller")[0]!.seller).toEqual({ postPreview: false, grantRevision: true });
    expect(stageRows(staged, "seller")[0]!.buyer).toEqual({ approve: false, requestRevision: null });
  });

  it("after a revision request the stage reads 'revision requested'; approvals by the client and by the deadline differ", () => {
    const revised = paidStaged([{ ...plan[0]!, revisionsUsed: 1 }, plan[1]!, plan[2]!]);
    expect(stageRows(revised, "buyer")[0]!.state).toBe("revision_requested");
    const answered = paidStaged([approved(plan[0]!, "buyer"), approved(plan[1]!, "system"), plan[2]!]);
    expect(stageRows(answered, "buyer").map((r) => r.state)).toEqual(["approved", "auto_approved", "in_progress"]);
  });

  it("a canceled order's stages not approved were never reached", () => {
    const canceled = {
      ...paidStaged([approved(plan[0]!, "buyer"), inReview(plan[1]!, T0), plan[2]!]),
      progress: "CANCELED" as const,
    };
    expect(stageRows(canceled, "seller").map((r) => r.state)).toEqual(["approved", "not_reached", "not_reached"]);
    expect(stageRows(canceled, "buyer")[1]!.buyer).toEqual({ approve: false, requestRevision: null });
  });
});

describe("the next step reads the process table (issue 61)", () => {
  const ROW_OF: Partial<Record<ReturnType<typeof nextStep>["step"], string>> = {
    approval: "approve",
    payment: "startPayment",
    stage_review: "approveStage",
    stage_preview: "submitPreview",
    delivery: "deliver",
    completion: "complete",
  };
  const plan = stagesOfPlan([
    { title: "Sketch", sharePercent: 50, includedRevisions: 1 },
    { title: "Final", sharePercent: 50, includedRevisions: 0 },
  ]);
  const inReview = [{ ...plan[0]!, status: "IN_REVIEW" as const, previewedAt: T0, reviewDeadline: T0 + 1 }, plan[1]!];
  const orders = [
    states.order(),
    states.approved(),
    states.paid(),
    states.paid({ stages: plan }),
    states.paid({ stages: inReview }),
    states.delivered(),
    states.completed(),
    states.canceled(),
  ];

  it("names the row open now, and the client waits exactly when that row is the creator's", () => {
    for (const o of orders) {
      const facts: OrderFacts = { ...o, submitStatus: "SERVICE_SUBMITTED" };
      const { step } = nextStep(facts);
      const row = ROW_OF[step];
      if (!row) {
        expect(["completed", "canceled"]).toContain(step);
        expect(buyerWaiting(facts)).toBeNull();
        continue;
      }
      expect(openTransition(row, facts, 0).shown, step).toBe(true);
      const actor = ORDER_PROCESS.find((t) => t.name === row)!.actor;
      expect(buyerWaiting(facts) === null, step).toBe(actor === "buyer");
    }
  });
});

describe("a deposit order (decision 100)", () => {
  const deposit = { percent: 30, refundable: false };
  const paidDeposit = { ...base, progress: "APPROVED" as const, payment: "COMPLETED" as const, deposit };
  const restDue = {
    ...paidDeposit,
    progress: "DELIVERED" as const,
    deliverableCount: 1,
    deliveredAt: T0 + 20,
    paymentDeadline: T0 + 25,
    completionDeadline: null,
  };
  const restPaid = {
    ...restDue,
    paidRest: { intentId: "pi_rest", amount: 7_000, currency: "JPY" },
    completionDeadline: T0 + 30,
  };

  it("asks the client to pay the rest once delivered: Pay, the payment step with the rest's deadline", () => {
    expect(buyerMayPay(restDue)).toBe(true);
    expect(buyerWaiting(restDue)).toBeNull();
    expect(nextStep(restDue)).toEqual({
      step: "payment",
      shownTime: { kind: "delivered", at: T0 + 20 },
      deadline: T0 + 25,
    });
  });

  it("does not ask for the rest before delivery, nor once it is paid", () => {
    expect(buyerMayPay(paidDeposit)).toBe(false);
    expect(nextStep(paidDeposit).step).toBe("delivery");
    expect(buyerMayPay(restPaid)).toBe(false);
    expect(buyerWaiting(restPaid)).toBe("awaiting_complete");
    expect(nextStep(restPaid)).toEqual({
      step: "completion",
      shownTime: { kind: "delivered", at: T0 + 20 },
      deadline: T0 + 30,
    });
  });

  it("shows the creator's Complete disabled by the rest's refusal while it is due", () => {
    expect(sellerActions(restDue).complete).toEqual({ shown: true, enabled: false, blockedBy: "rest_unpaid" });
    expect(sellerActions(restPaid).complete).toEqual({ shown: true, enabled: true, blockedBy: null });
  });

  it("lets the client cancel before delivery, which a plain order's client may only once it is late", () => {
    expect(buyerMayCancelLate(paidDeposit, T0)).toBe(true);
    expect(buyerMayCancelLate({ ...paidDeposit, deposit: undefined }, T0)).toBe(false);
    expect(buyerMayCancelLate(restDue, T0)).toBe(false);
  });
});

describe("an order paid stage by stage (decision 101)", () => {
  const first = { intentId: "pi_1", amount: 3_000, currency: "JPY" };
  const second = { intentId: "pi_2", amount: 4_000, currency: "JPY" };
  const byStage = plan.map((stage) => ({ ...stage, payment: null }));
  // Stage 1 paid and approved: stage 2's part falls due, with its own payment deadline.
  const stageDue: OrderFacts = {
    ...paidStaged([approved({ ...byStage[0]!, payment: first }, "buyer"), byStage[1]!, byStage[2]!]),
    paymentDeadline: T0 + 60,
  };
  const stagePaid = paidStaged([
    approved({ ...byStage[0]!, payment: first }, "buyer"),
    { ...byStage[1]!, payment: second },
    byStage[2]!,
  ]);

  it("asks the client to pay the reached stage: Pay, the payment step with its deadline, no waiting label", () => {
    expect(buyerMayPay(stageDue)).toBe(true);
    expect(buyerWaiting(stageDue)).toBeNull();
    expect(nextStep(stageDue)).toEqual({
      step: "payment",
      shownTime: { kind: "approved", at: T0 + 10 },
      deadline: T0 + 60,
    });
  });

  it("holds the creator's Post preview until the part is paid, then offers it", () => {
    expect(stageRows(stageDue, "seller")[1]!.seller.postPreview).toBe(false);
    expect(stageRows(stagePaid, "seller")[1]!.seller.postPreview).toBe(true);
    expect(nextStep(stagePaid).step).toBe("stage_preview");
    expect(buyerMayPay(stagePaid)).toBe(false);
  });

  it("lets the client stop at the due stage, and not while the stage they paid is under way", () => {
    expect(buyerMayCancelLate(stageDue, T0)).toBe(true);
    expect(buyerMayCancelLate(stagePaid, T0)).toBe(false);
  });
});
