/**
 * Milestones (issue 36, docs/decisions/073): an order's work in 1 to 5 stages, each with a share of the price and a
 * number of included revisions. The client pays the whole price once; the money stays on the platform and each stage's
 * share is released to the creator when the client approves that stage (or its review deadline passes). A cancel gives
 * back the shares of the stages not yet approved. Pure: `decide` (order.ts) applies these rules.
 *
 * Shares are whole percents summing to 100. A stage's amount is its share of the total in minor units, rounded down,
 * and the last stage takes what rounding left, so the amounts always sum to the total exactly.
 */
import { sellerTransferAmount } from "../../domain/money";
import { hasUnstorableCharacters, isBlankText, normalizeText, textLength } from "../../domain/text";
import type { PaymentRef } from "./payment-ref";

export const STAGES_MAX = 5;
export const STAGE_TITLE_MAX = 40;
export const STAGE_REVISIONS_MAX = 10;
export const REVISION_COMMENT_MAX = 1000;
/** What a plan's shares sum to: the whole price. */
export const SHARES_TOTAL = 100;
const DAY = 86_400_000;
/** A preview not answered within 7 days is approved by itself; a reminder goes 24 h before. */
export const STAGE_REVIEW_MS = 7 * DAY;
export const STAGE_REVIEW_REMINDER_MS = DAY;

/** One stage as the creator plans it (on a service, a form, or a pending order). */
export interface StagePlanItem {
  title: string;
  /** Whole percent of the order's total, 1 to 100. */
  sharePercent: number;
  /** Revisions the client may ask for at this stage without asking the creator first. */
  includedRevisions: number;
}

/**
 * Where a stage stands. PENDING: the creator is working on it (or on its revision); IN_REVIEW: a preview waits for the
 * client; APPROVED: its share is the creator's.
 */
export type StageStatus = "PENDING" | "IN_REVIEW" | "APPROVED";

export interface OrderStage extends StagePlanItem {
  status: StageStatus;
  /** Extra revisions the creator agreed to beyond the included ones. */
  extraRevisions: number;
  revisionsUsed: number;
  /** The last preview's time, and the review deadline it started (null once answered). */
  previewedAt: number | null;
  reviewDeadline: number | null;
  approvedAt: number | null;
  /** Who approved it: the client, or the system when the review deadline passed. */
  approvedBy: "buyer" | "system" | null;
  /**
   * The stage's own charge, for an order paid stage by stage (decision 101, order-parts.ts): null until it is paid, then
   * its payment (the first stage's is the order's `paidPayment` too). Absent: the plan is paid at once, as before.
   */
  payment?: PaymentRef | null;
}

export type StagePlanError =
  | "stages_count"
  | "stage_title_required"
  | "stage_title_too_long"
  | "stage_share_invalid"
  | "stage_shares_sum"
  | "stage_revisions_invalid";

/**
 * A plan as typed, checked and normalized: titles trimmed (NFC), shares and revisions whole numbers. An empty plan is
 * valid and means "no stages". The first error found, as a message key, else the plan.
 */
export function parseStagePlan(
  input: readonly { title: unknown; sharePercent: unknown; includedRevisions: unknown }[],
): { ok: true; plan: StagePlanItem[] } | { ok: false; error: StagePlanError; index?: number } {
  if (input.length === 0) return { ok: true, plan: [] };
  if (input.length > STAGES_MAX) return { ok: false, error: "stages_count" };
  const plan: StagePlanItem[] = [];
  for (const [index, item] of input.entries()) {
    const raw = typeof item.title === "string" ? item.title : "";
    if (isBlankText(raw) || hasUnstorableCharacters(raw)) return { ok: false, error: "stage_title_required", index };
    // A title is one line: the timeline, the chat's notices and the e-mails show it inline.
    const title = normalizeText(raw).replace(/\s+/g, " ");
    if (textLength(title) > STAGE_TITLE_MAX) return { ok: false, error: "stage_title_too_long", index };
    const share = item.sharePercent;
    if (typeof share !== "number" || !Number.isInteger(share) || share < 1 || share > 100)
      return { ok: false, error: "stage_share_invalid", index };
    const revisions = item.includedRevisions;
    if (
      typeof revisions !== "number" ||
      !Number.isInteger(revisions) ||
      revisions < 0 ||
      revisions > STAGE_REVISIONS_MAX
    )
      return { ok: false, error: "stage_revisions_invalid", index };
    plan.push({ title, sharePercent: share, includedRevisions: revisions });
  }
  if (plan.reduce((sum, s) => sum + s.sharePercent, 0) !== SHARES_TOTAL)
    return { ok: false, error: "stage_shares_sum" };
  return { ok: true, plan };
}

/** A plan's stages at the start of an order: all pending, nothing used. */
export const stagesOfPlan = (plan: readonly StagePlanItem[]): OrderStage[] =>
  plan.map((item) => ({
    title: item.title,
    sharePercent: item.sharePercent,
    includedRevisions: item.includedRevisions,
    status: "PENDING",
    extraRevisions: 0,
    revisionsUsed: 0,
    previewedAt: null,
    reviewDeadline: null,
    approvedAt: null,
    approvedBy: null,
  }));

/** The plan an order's stages were made from (what the seller edits on a pending order). */
export const planOfStages = (stages: readonly OrderStage[]): StagePlanItem[] =>
  stages.map(({ title, sharePercent, includedRevisions }) => ({ title, sharePercent, includedRevisions }));

/** Each stage's amount of `total` in minor units: its share rounded down, the last stage taking the remainder. */
export function stageAmounts(total: number, stages: readonly Pick<StagePlanItem, "sharePercent">[]): number[] {
  if (stages.length === 0) return [];
  const amounts = stages.map((s) => Math.floor((total * s.sharePercent) / 100));
  amounts[amounts.length - 1] = total - amounts.slice(0, -1).reduce((sum, a) => sum + a, 0);
  return amounts;
}

/** What a stage releases to the creator: its amount less the platform's fee on it (money.ts, one rule). */
export const stageTransferAmount = (stageAmount: number, feeNumerators: readonly number[]) =>
  sellerTransferAmount(stageAmount, feeNumerators);

/** The stage the order is at: the first not yet approved; null when there are none or all are approved. */
export function currentStageIndex(stages: readonly OrderStage[]): number | null {
  const index = stages.findIndex((s) => s.status !== "APPROVED");
  return index === -1 ? null : index;
}

export const allStagesApproved = (stages: readonly OrderStage[]) => stages.every((s) => s.status === "APPROVED");

/** Revisions the client may still ask for at this stage without the creator's consent. */
export const revisionsLeft = (stage: OrderStage) =>
  Math.max(0, stage.includedRevisions + stage.extraRevisions - stage.revisionsUsed);

/** The sum of the approved stages' amounts: what stays with the creator if the order is canceled now. */
export function approvedAmount(total: number, stages: readonly OrderStage[]): number {
  const amounts = stageAmounts(total, stages);
  return stages.reduce((sum, s, i) => (s.status === "APPROVED" ? sum + amounts[i]! : sum), 0);
}

/** A revision comment as typed, normalized; null when blank, too long or not storable. */
export function revisionCommentOf(input: string): string | null {
  if (hasUnstorableCharacters(input) || isBlankText(input)) return null;
  const comment = normalizeText(input);
  return textLength(comment) > REVISION_COMMENT_MAX ? null : comment;
}
