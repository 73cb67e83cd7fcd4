// The order's stage actions (decision 073): each of `decide`'s milestone rules, on the domain's order states.
import { describe, expect, it } from "vitest";
import { decide, pendingDeadline } from "./order";
import type { OrderAction, OrderState } from "./order-types";
import { DEADLINES } from "./order-process";
import { STAGE_REVIEW_MS, stagesOfPlan, type OrderStage } from "./order-stages";
import { approved, canceled, completed, DAY, delivered, OPEN, order, paid, T0 } from "./order-test-states";

describe("milestones (decision 073)", () => {
  /** ¥10,000 in three stages: ¥3,000, ¥3,000 and ¥4,000. */
  const plan = [
    { title: "Sketch", sharePercent: 30, includedRevisions: 1 },
    { title: "Line art", sharePercent: 30, includedRevisions: 0 },
    { title: "Colour", sharePercent: 40, includedRevisions: 2 },
  ];
  const REVIEW_AT = T0 + DAY;
  const reviewDeadline = REVIEW_AT + STAGE_REVIEW_MS;
  const inReview: Partial<OrderStage> = { status: "IN_REVIEW", previewedAt: REVIEW_AT, reviewDeadline };
  const approvedStage: Partial<OrderStage> = { status: "APPROVED", approvedAt: REVIEW_AT, approvedBy: "buyer" };
  /** A paid staged order, each stage changed as given (by index). */
  const staged = (changes: Partial<OrderStage>[] = [], o: Partial<OrderState> = {}) =>
    paid({ stages: stagesOfPlan(plan).map((s, i) => ({ ...s, ...changes[i] })), ...o });
  const stageAction = (type: "submitPreview" | "approveStage" | "requestRevision" | "grantRevision", stage = 0) =>
    ({ type, stage }) as OrderAction;
  const stagesOf = (d: ReturnType<typeof decide>) => (d.ok && d.changed ? d.next.stages : null);

  it("the seller sets the plan only while the order is pending; an empty plan removes the stages", () => {
    expect(decide(order(), { type: "setStages", plan }, "seller", T0)).toMatchObject({
      ok: true,
      event: "STAGES_UPDATED",
      next: { stages: stagesOfPlan(plan) },
    });
    expect(
      stagesOf(decide(order({ stages: stagesOfPlan(plan) }), { type: "setStages", plan: [] }, "seller", T0)),
    ).toEqual([]);
    for (const o of [approved(), paid(), delivered(), completed(), canceled()])
      expect(decide(o, { type: "setStages", plan }, "seller", T0)).toEqual({ ok: false, refusal: "not_editable" });
    expect(decide(order(), { type: "setStages", plan }, "buyer", T0)).toEqual({ ok: false, refusal: "seller_only" });
    expect(decide(order(), { type: "setStages", plan }, "system", T0)).toEqual({
      ok: false,
      refusal: "not_a_party",
    });
  });

  it("the seller previews the current stage: under review with a deadline 7 days on", () => {
    expect(stagesOf(decide(staged(), stageAction("submitPreview"), "seller", REVIEW_AT))?.[0]).toMatchObject(inReview);
    expect(decide(staged(), stageAction("submitPreview"), "buyer", T0)).toEqual({ ok: false, refusal: "seller_only" });
    // Not the current stage, already under review, or an order not paid: refused.
    expect(decide(staged(), stageAction("submitPreview", 1), "seller", T0)).toEqual({
      ok: false,
      refusal: "stage_not_current",
    });
    expect(decide(staged([inReview]), stageAction("submitPreview"), "seller", T0)).toEqual({
      ok: false,
      refusal: "stage_not_current",
    });
    expect(decide(staged([approvedStage]), stageAction("submitPreview", 0), "seller", T0)).toEqual({
      ok: false,
      refusal: "stage_not_current",
    });
    expect(decide(staged([approvedStage]), stageAction("submitPreview", 1), "seller", T0)).toMatchObject({ ok: true });
    expect(decide(approved({ stages: stagesOfPlan(plan) }), stageAction("submitPreview"), "seller", T0)).toEqual({
      ok: false,
      refusal: "wrong_state",
    });
    expect(decide(paid(), stageAction("submitPreview"), "seller", T0)).toEqual({
      ok: false,
      refusal: "stage_not_current",
    });
  });

  it("the client approves the stage under review; nobody else may, and only that stage", () => {
    const approvedAt = REVIEW_AT + DAY;
    expect(decide(staged([inReview]), stageAction("approveStage"), "buyer", approvedAt)).toMatchObject({
      ok: true,
      event: "STAGE_APPROVED",
      next: { stages: [{ status: "APPROVED", reviewDeadline: null, approvedAt, approvedBy: "buyer" }, {}, {}] },
    });
    // The seller is told what a stranger is (the API answers both 404); a stranger and the system are not parties.
    expect(decide(staged([inReview]), stageAction("approveStage"), "seller", T0)).toEqual({
      ok: false,
      refusal: "buyer_only",
    });
    expect(decide(staged([inReview]), stageAction("approveStage"), "system", T0)).toEqual({
      ok: false,
      refusal: "not_a_party",
    });
    expect(decide(staged([inReview]), stageAction("approveStage", 1), "buyer", T0)).toEqual({
      ok: false,
      refusal: "stage_not_current",
    });
    expect(decide(staged(), stageAction("approveStage"), "buyer", T0)).toEqual({
      ok: false,
      refusal: "stage_not_in_review",
    });
    expect(decide(delivered({ stages: stagesOfPlan(plan) }), stageAction("approveStage"), "buyer", T0)).toEqual({
      ok: false,
      refusal: "wrong_state",
    });
  });

  it("a revision uses one of the stage's revisions; with none left it is refused until the seller grants one", () => {
    const asked = decide(staged([inReview]), stageAction("requestRevision"), "buyer", REVIEW_AT);
    expect(asked).toMatchObject({ ok: true, event: "STAGE_REVISION_REQUESTED" });
    expect(stagesOf(asked)?.[0]).toMatchObject({ status: "PENDING", reviewDeadline: null, revisionsUsed: 1 });
    // The sketch included one revision: it is used.
    const spent = staged([{ ...inReview, revisionsUsed: 1 }]);
    expect(decide(spent, stageAction("requestRevision"), "buyer", REVIEW_AT)).toEqual({
      ok: false,
      refusal: "no_revisions_left",
    });
    const granted = decide(spent, stageAction("grantRevision"), "seller", REVIEW_AT);
    expect(granted).toMatchObject({ ok: true, event: "STAGE_REVISION_GRANTED" });
    const more = staged([{ ...inReview, revisionsUsed: 1, extraRevisions: 1 }]);
    expect(stagesOf(granted)?.[0]).toEqual(more.stages[0]);
    expect(stagesOf(decide(more, stageAction("requestRevision"), "buyer", REVIEW_AT))?.[0]).toMatchObject({
      status: "PENDING",
      revisionsUsed: 2,
      extraRevisions: 1,
    });
    // Line art includes none: refused at once.
    expect(decide(staged([approvedStage, inReview]), stageAction("requestRevision", 1), "buyer", REVIEW_AT)).toEqual({
      ok: false,
      refusal: "no_revisions_left",
    });
    // Not under review, not the current stage, or not the client.
    expect(decide(staged(), stageAction("requestRevision"), "buyer", T0)).toEqual({
      ok: false,
      refusal: "stage_not_in_review",
    });
    expect(decide(staged([inReview]), stageAction("requestRevision", 2), "buyer", T0)).toEqual({
      ok: false,
      refusal: "stage_not_current",
    });
    expect(decide(staged([inReview]), stageAction("requestRevision"), "seller", T0)).toEqual({
      ok: false,
      refusal: "buyer_only",
    });
  });

  it("only the seller grants a revision, of the current stage of a paid order", () => {
    expect(decide(staged(), stageAction("grantRevision"), "buyer", T0)).toEqual({ ok: false, refusal: "seller_only" });
    expect(decide(staged(), stageAction("grantRevision", 2), "seller", T0)).toEqual({
      ok: false,
      refusal: "stage_not_current",
    });
    expect(decide(approved({ stages: stagesOfPlan(plan) }), stageAction("grantRevision"), "seller", T0)).toEqual({
      ok: false,
      refusal: "wrong_state",
    });
  });

  it("delivery waits for every stage's approval", () => {
    const ready = { deliverableCount: 1 };
    expect(decide(staged([approvedStage, approvedStage, inReview], ready), { type: "deliver" }, "seller", T0)).toEqual({
      ok: false,
      refusal: "stages_pending",
    });
    expect(
      decide(staged([approvedStage, approvedStage, approvedStage], ready), { type: "deliver" }, "seller", T0),
    ).toMatchObject({ ok: true, event: "DELIVERED" });
  });

  it("the pending deadline is the review deadline of a stage under review, even past a late delivery", () => {
    // A stage being worked on: nothing to wait on (a late delivery changes nothing by itself).
    expect(pendingDeadline(staged())).toBeNull();
    expect(pendingDeadline(staged([inReview]))).toBe(reviewDeadline);
    // A delivery deadline already passed changes nothing by itself: the review deadline is still what the order
    // waits on, so its alarm still approves the stage.
    const lateReview = { ...inReview, reviewDeadline: T0 + DEADLINES.deliveryMs + DAY };
    expect(pendingDeadline(staged([lateReview]))).toBe(lateReview.reviewDeadline);
    const approvedByItself = decide(
      staged([lateReview]),
      { type: "deadlinePassed" },
      "system",
      lateReview.reviewDeadline,
    );
    expect(stagesOf(approvedByItself)?.[0]).toMatchObject({ status: "APPROVED", approvedBy: "system" });
  });

  it("a preview not answered by its review deadline is approved by the system, not a moment before", () => {
    expect(decide(staged([inReview]), { type: "deadlinePassed" }, "system", reviewDeadline - 1)).toEqual({
      ok: true,
      changed: false,
    });
    expect(decide(staged([inReview]), { type: "deadlinePassed" }, "system", reviewDeadline)).toMatchObject({
      ok: true,
      event: "STAGE_APPROVED",
      next: {
        progress: "APPROVED",
        stages: [
          { status: "APPROVED", approvedBy: "system", approvedAt: reviewDeadline, reviewDeadline: null },
          {},
          {},
        ],
      },
    });
    // A stage being worked on has no review deadline: the alarm does nothing to it.
    expect(decide(staged(), { type: "deadlinePassed" }, "system", reviewDeadline)).toEqual({
      ok: true,
      changed: false,
    });
  });

  it("a cancel gives back the shares of the stages not approved, whoever cancels", () => {
    const oneApproved = staged([approvedStage, inReview], { deliveryDeadline: T0 + DAY });
    const partial = { payment: OPEN, reason: "order_canceled", refundAmount: 7_000 };
    const late = T0 + 2 * DAY;
    for (const [action, actor] of [
      [{ type: "cancel" }, "seller"],
      [{ type: "cancel" }, "buyer"],
      [{ type: "adminCancel" }, "system"],
    ] as const) {
      const decision = decide(oneApproved, action, actor, late);
      expect(decision, `${action.type} by ${actor}`).toMatchObject({
        ok: true,
        event: "CANCELED",
        releases: [partial],
        next: { progress: "CANCELED", returnedIntentIds: [OPEN.intentId] },
      });
      // The stage under review is not approved by the cancel, and its deadline is gone.
      expect(stagesOf(decision)?.[1]).toMatchObject({ status: "IN_REVIEW", reviewDeadline: null });
    }
    // No stage approved: the whole total, as without stages; every stage approved: nothing goes back.
    expect(decide(staged(), { type: "cancel" }, "seller", T0)).toMatchObject({
      releases: [{ payment: OPEN, reason: "order_canceled" }],
    });
    expect(decide(staged(), { type: "cancel" }, "seller", T0)).not.toHaveProperty("release.refundAmount");
    const allApproved = decide(staged([approvedStage, approvedStage, approvedStage]), { type: "cancel" }, "seller", T0);
    expect(allApproved).toMatchObject({ ok: true, event: "CANCELED" });
    expect(allApproved).not.toHaveProperty("release");
  });

  it("an admin cancels any order not yet ended, delivered ones too; only as the system", () => {
    for (const o of [order(), approved(), paid(), delivered()])
      expect(decide(o, { type: "adminCancel" }, "system", T0)).toMatchObject({ ok: true, event: "CANCELED" });
    for (const o of [completed(), canceled()])
      expect(decide(o, { type: "adminCancel" }, "system", T0)).toEqual({ ok: false, refusal: "wrong_state" });
    for (const actor of ["seller", "buyer"] as const)
      expect(decide(paid(), { type: "adminCancel" }, actor, T0)).toEqual({ ok: false, refusal: "system_only" });
  });

  it("an order without stages is untouched by the stage rules", () => {
    expect(pendingDeadline(paid())).toBeNull();
    expect(decide(paid({ deliverableCount: 1 }), { type: "deliver" }, "seller", T0)).toMatchObject({ ok: true });
    expect(decide(paid(), { type: "cancel" }, "seller", T0)).toMatchObject({
      releases: [{ payment: OPEN, reason: "order_canceled" }],
    });
    expect(decide(paid(), { type: "cancel" }, "seller", T0)).not.toHaveProperty("release.refundAmount");
    for (const type of ["submitPreview", "grantRevision"] as const)
      expect(decide(paid(), stageAction(type), "seller", T0)).toEqual({ ok: false, refusal: "stage_not_current" });
  });
});
