// A staged order's timeline as texts, made by the order pages' loader (decision 016's pattern; decision 073): each
// stage's heading, share and amount, state, dates, revisions, previews and the client's notes, and the moves the
// viewer has on it, worded for their side. The states and moves are `stageRows`' (order-display.ts), the amounts
// `stageAmounts`' (read by order-views.ts); the timeline only shows them.
import { m } from "#app/paraglide/messages.js";
import { isDisputed } from "#worker/orders/domain/disputes";
import { stageRows, type StageState } from "#worker/orders/domain/order-display";
import type { OrderDetail, OrderStageView } from "#worker/orders/services/order-views";
import type { StagePreviewView } from "#worker/orders/services/stage-previews";
import type { TextReading } from "#worker/domain/text-reading";
import { showApproximation, showDateTime, showMoney } from "#app/components/orders/order-format";
import { stageParts, type PartStatus } from "#worker/orders/domain/order-parts-display";
import { paysByStage, stageDue } from "#worker/orders/domain/order-parts";
import { partStatusLabel } from "./order-parts-texts.server";

const STATE_LABELS: Record<StageState, (side: OrderDetail["side"]) => string> = {
  upcoming: m.orders_stage_state_upcoming,
  in_progress: m.orders_stage_state_in_progress,
  revision_requested: m.orders_stage_state_revision_requested,
  in_review: (side) =>
    side === "buyer" ? m.orders_stage_state_in_review_buyer() : m.orders_stage_state_in_review_seller(),
  approved: m.orders_stage_state_approved,
  auto_approved: m.orders_stage_state_auto_approved,
  not_reached: m.orders_stage_state_not_reached,
};

export interface StageTimelineItem {
  index: number;
  /** The stage's own title, as the creator wrote it, and how the viewer reads it (issue 46). */
  title: string;
  titleReading: TextReading;
  /** "Stage 1: {title}" around the title, which the timeline places (it may be shown translated or as written). */
  heading: { before: string; after: string };
  /** "30% · ¥3,000", and for the buyer the amount in their display currency ("≈ $20.13") when it differs. */
  share: string;
  approximation: string | null;
  state: StageState;
  stateLabel: string;
  facts: { label: string; value: string }[];
  /** The previews by posting, oldest first: the first preview, then each revision's. */
  rounds: { round: number; label: string; previews: (StagePreviewView & { open: string })[] }[];
  notes: { key: string; meta: string; comment: string; reading: TextReading }[];
  /** The client's answer to the preview under review. */
  approve: { label: string; confirm: string } | null;
  revision:
    | { allowed: true; label: string; field: string; send: string; hint: string }
    | { allowed: false; label: string; hint: string }
    | null;
  /** The creator's moves: allow one more revision; post the stage's preview. */
  grant: { label: string; hint: string } | null;
  postPreview: boolean;
  /** An order paid stage by stage (decision 101): the stage's own part, "¥5,000 · Paid", and where it stands. */
  part: { status: PartStatus; text: string } | null;
  /** The creator's word on the reached stage while its part is due: its preview waits for the client's payment. */
  awaitsPayment: string | null;
}

function roundsOf(stage: OrderStageView) {
  const rounds = [...new Set(stage.previews.map((p) => p.round))].sort((a, b) => a - b);
  return rounds.map((round) => ({
    round,
    label: round === 0 ? m.orders_stage_previews_heading() : m.orders_stage_preview_round({ round: String(round) }),
    previews: stage.previews
      .filter((p) => p.round === round)
      .sort((a, b) => a.position - b.position)
      .map((p) => ({ ...p, open: m.orders_stage_preview_open({ name: p.name }) })),
  }));
}

function factsOf(
  stage: OrderStageView,
  state: StageState,
  revisions: { allowed: number; used: number },
  disputed: boolean,
) {
  const facts: { label: string; value: string }[] = [];
  if (stage.previewedAt !== null)
    facts.push({ label: m.orders_stage_previewed_at(), value: showDateTime(stage.previewedAt) });
  // An open dispute stops the review's clock (decision 088): no deadline is shown that will not act.
  if (state === "in_review" && stage.reviewDeadline !== null && !disputed)
    facts.push({ label: m.orders_stage_review_deadline(), value: showDateTime(stage.reviewDeadline) });
  if (stage.approvedAt !== null)
    facts.push({ label: m.orders_stage_approved_at(), value: showDateTime(stage.approvedAt) });
  facts.push({
    label: m.orders_stage_revisions(),
    value: m.orders_stage_revisions_count({ used: String(revisions.used), allowed: String(revisions.allowed) }),
  });
  return facts;
}

const TITLE_SLOT = "\u0000";

/** The words of "Stage {n}: {title}" before and after the title, in the viewer's language. */
function headingAround(index: number) {
  const [before = "", after = ""] = m.orders_stage_title({ n: String(index + 1), title: TITLE_SLOT }).split(TITLE_SLOT);
  return { before, after };
}

/** A question quoting the title (the confirm dialog) quotes it as the viewer reads it, when a translation is stored. */
const readTitle = (stage: OrderStageView) =>
  stage.titleReading.kind === "translated" ? stage.titleReading.text : stage.title;

/** The timeline of a staged order, or null for an order without stages. */
export function stageTimelineTexts(
  order: OrderDetail,
): { heading: string; notesHeading: string; items: StageTimelineItem[] } | null {
  if (order.stages.length === 0) return null;
  const rows = stageRows(order.facts, order.side);
  const parts = paysByStage(order.facts) ? stageParts(order.facts) : null;
  const due = stageDue(order.facts);
  const items = order.stages.map((stage, index): StageTimelineItem => {
    const row = rows[index]!;
    const amount = stage.amount === null ? m.orders_not_set() : showMoney(stage.amount, order.currencyCode);
    const counts = { left: String(row.revisions.left), allowed: String(row.revisions.allowed) };
    return {
      index,
      title: stage.title,
      titleReading: stage.titleReading,
      heading: headingAround(index),
      share: m.orders_stage_share({ percent: String(stage.sharePercent), amount }),
      approximation: stage.displayAmount
        ? showApproximation(stage.displayAmount.amount, stage.displayAmount.currencyCode)
        : null,
      state: row.state,
      stateLabel: STATE_LABELS[row.state](order.side),
      facts: factsOf(stage, row.state, row.revisions, isDisputed(order.facts)),
      rounds: roundsOf(stage),
      notes: stage.revisionNotes.map((note) => ({
        key: `${note.round}-${note.at}`,
        meta: m.orders_stage_note_meta({ round: String(note.round + 1), date: showDateTime(note.at) }),
        comment: note.comment,
        reading: note.reading,
      })),
      approve: row.buyer.approve
        ? {
            label: m.orders_stage_approve(),
            confirm: m.orders_stage_approve_confirm({ title: readTitle(stage), amount }),
          }
        : null,
      revision:
        row.buyer.requestRevision === "allowed"
          ? {
              allowed: true,
              label: m.orders_stage_request_revision(),
              field: m.orders_stage_revision_label(),
              send: m.orders_stage_revision_send(),
              hint: m.orders_stage_revisions_left(counts),
            }
          : row.buyer.requestRevision === "none_left"
            ? { allowed: false, label: m.orders_stage_no_revisions_left(), hint: m.orders_stage_no_revisions_hint() }
            : null,
      grant: row.seller.grantRevision
        ? { label: m.orders_stage_grant_revision(), hint: m.orders_stage_grant_hint(counts) }
        : null,
      postPreview: row.seller.postPreview,
      part: parts
        ? {
            status: parts[index]!.status,
            text: m.orders_stage_part({
              amount: showMoney(parts[index]!.amount, order.currencyCode),
              status: partStatusLabel(parts[index]!.status, true),
            }),
          }
        : null,
      awaitsPayment: order.side === "seller" && due === index ? m.order_server_error_stage_unpaid() : null,
    };
  });
  return { heading: m.orders_stages_heading(), notesHeading: m.orders_stage_notes_heading(), items };
}

export type StageTimelineTexts = NonNullable<ReturnType<typeof stageTimelineTexts>>;
