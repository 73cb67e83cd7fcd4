/**
 * How an order reads on the order screens (spec sections 2, 4 and 5), pure: the status badge, the next-step block
 * with its timestamps, the 'Unsettled' price rule, which tabs and buttons each party gets. The loaders and the
 * panel ask these, so the spec's tables live once; the edge turns the returned keys into en/ja text.
 */
import { isDisputed } from "./disputes";
import { openTransition, transitionNamed } from "./order";
import { MIN_APPROVABLE_PRICE } from "./order-process";
import { processStateOf, type ProcessFacts } from "./order-process";
import { cancelRefusal } from "./order-refunds";
import { currentStageIndex } from "./order-stages";
import type { OrderProgress, OrderState } from "./order-types";

export type OrderSide = "seller" | "buyer";
type OrderSubmitStatus = "SERVICE_SUBMITTED" | "FORM_SUBMITTED";

/** What the display rules read of an order: the Durable Object's state plus the submission kind. */
export interface OrderFacts
  extends Pick<
      OrderState,
      | "progress"
      | "payment"
      | "chat"
      | "priceAmount"
      | "deliverableCount"
      | "submittedAt"
      | "approvedAt"
      | "deliveredAt"
      | "completedAt"
      | "canceledAt"
      | "approvalDeadline"
      | "paymentDeadline"
      | "deliveryDeadline"
      | "completionDeadline"
      | "stages"
      | "dispute"
      | "extensionRequest"
      | "originalDeliveryDeadline"
      | "payoutHeldUntil"
    >,
    Partial<Pick<OrderState, "deposit" | "paidRest" | "partFailure" | "keptDeposit">> {
  submitStatus: OrderSubmitStatus;
}

/** The status badge (spec section 4): DRAFT shows Pending, APPROVED shows Accepted. */
export type StatusBadge = "pending" | "accepted" | "delivered" | "completed" | "canceled";
const BADGES: Record<OrderProgress, StatusBadge> = {
  DRAFT: "pending",
  APPROVED: "accepted",
  DELIVERED: "delivered",
  COMPLETED: "completed",
  CANCELED: "canceled",
};
export const statusBadge = (progress: OrderProgress): StatusBadge => BADGES[progress];

/** The list filter (one tab per badge, plus all), read from `?status=`; anything else is all. */
export const ORDER_LIST_FILTERS = ["all", "pending", "accepted", "delivered", "completed", "canceled"] as const;
export type OrderListFilter = (typeof ORDER_LIST_FILTERS)[number];
export function parseOrderListFilter(value: string | null | undefined): OrderListFilter {
  return ORDER_LIST_FILTERS.includes(value as OrderListFilter) ? (value as OrderListFilter) : "all";
}
/** The progress status a filter lists; null for all. */
export function progressOfFilter(filter: OrderListFilter): OrderProgress | null {
  if (filter === "all") return null;
  return (Object.keys(BADGES) as OrderProgress[]).find((p) => BADGES[p] === filter) ?? null;
}

/**
 * The next-step block (spec section 4's table and "Timestamps shown"): which step the order waits on, the time shown
 * with it (submitted, approved, delivered, completed or canceled) and the deadline of that step, if any.
 */
export interface NextStep {
  step:
    | "approval"
    | "payment"
    | "delivery"
    | "completion"
    | "completed"
    | "canceled"
    /** A paid staged order (decision 073): the creator works on the current stage's preview (or its revision). */
    | "stage_preview"
    /** A paid staged order: the current stage's preview waits for the client's review. */
    | "stage_review"
    /** A dispute is open (decision 088): the order waits for Comet's team, its deadlines stopped. */
    | "dispute";
  shownTime: {
    kind: "submitted" | "approved" | "delivered" | "completed" | "canceled" | "previewed" | "disputed";
    at: number | null;
  };
  deadline: number | null;
  /** The stage a stage step is about: 0-based index, how many stages, its title; null for any other step. */
  stage?: { index: number; count: number; title: string };
}

/**
 * The order's moves forward, in the order the page looks for them: the first whose row of the order process
 * (order-process.ts) is open now is the next step, with the time shown beside it and its deadline, and says whether the
 * client waits on the creator (`waiting`) or the move is the client's (null). A stage's rows count only while their
 * guards hold (the current stage is the creator's to preview, or the client's to review: decision 073); the others
 * from their states on (Deliver waits for a file, but it is still the creator's move). None open: the order has ended.
 */
interface NextMove {
  row: string;
  step: NextStep["step"];
  waiting: BuyerWaiting | null;
  shownTime: (o: OrderFacts) => NextStep["shownTime"];
  deadline: (o: OrderFacts) => number | null;
  /** Counts only while its guards hold (a delivered order is paid for only while a deposit order's rest is due). */
  whileGuardsHold?: true;
}
const currentStageOf = (o: Pick<OrderFacts, "stages">) => o.stages[currentStageIndex(o.stages)!]!;
const NEXT_MOVES: readonly NextMove[] = [
  {
    row: "approve",
    step: "approval",
    waiting: "awaiting_approval",
    shownTime: (o) => ({ kind: "submitted", at: o.submittedAt }),
    deadline: (o) => o.approvalDeadline,
  },
  {
    // Before payment, and once a deposit order is delivered while its rest is due (decision 100).
    row: "startPayment",
    step: "payment",
    waiting: null,
    shownTime: (o) =>
      o.progress === "DELIVERED" ? { kind: "delivered", at: o.deliveredAt } : { kind: "approved", at: o.approvedAt },
    deadline: (o) => o.paymentDeadline,
    whileGuardsHold: true,
  },
  {
    // The review deadline is the one that acts (the preview is approved by itself).
    row: "approveStage",
    step: "stage_review",
    waiting: null,
    shownTime: (o) => ({ kind: "previewed", at: currentStageOf(o).previewedAt }),
    deadline: (o) => currentStageOf(o).reviewDeadline,
  },
  {
    // While the creator works on the current stage, the delivery deadline.
    row: "submitPreview",
    step: "stage_preview",
    waiting: "awaiting_stage_preview",
    shownTime: (o) => ({ kind: "approved", at: o.approvedAt }),
    deadline: (o) => o.deliveryDeadline,
  },
  {
    row: "deliver",
    step: "delivery",
    waiting: "awaiting_delivery",
    shownTime: (o) => ({ kind: "approved", at: o.approvedAt }),
    deadline: (o) => o.deliveryDeadline,
  },
  {
    row: "complete",
    step: "completion",
    waiting: "awaiting_complete",
    shownTime: (o) => ({ kind: "delivered", at: o.deliveredAt }),
    deadline: (o) => o.completionDeadline,
  },
];
/** The first of the moves forward whose row is open now (no time: these rows' guards read none). */
function nextMove(o: ProcessFacts): NextMove | null {
  return (
    NEXT_MOVES.find(({ row, whileGuardsHold }) => {
      const move = openTransition(row, o, 0);
      return move.shown && (!(transitionNamed(row).onCurrentStage || whileGuardsHold) || move.blockedBy === null);
    }) ?? null
  );
}

export function nextStep(o: OrderFacts): NextStep {
  // While a dispute is open no step of the order's is next, and no deadline runs (its clocks stop; decision 088).
  if (isDisputed(o))
    return { step: "dispute", shownTime: { kind: "disputed", at: o.dispute!.openedAt }, deadline: null };
  const move = nextMove(o);
  if (move) {
    const step: NextStep = { step: move.step, shownTime: move.shownTime(o), deadline: move.deadline(o) };
    if (move.step !== "stage_review" && move.step !== "stage_preview") return step;
    const index = currentStageIndex(o.stages)!;
    return { ...step, stage: { index, count: o.stages.length, title: o.stages[index]!.title } };
  }
  return o.progress === "COMPLETED"
    ? { step: "completed", shownTime: { kind: "completed", at: o.completedAt }, deadline: null }
    : { step: "canceled", shownTime: { kind: "canceled", at: o.canceledAt }, deadline: null };
}

/**
 * Spec section 5: the price reads 'Unsettled' for a DRAFT, FORM_SUBMITTED order with draft chat status and no price
 * or a price of at most 100.
 */
export function isPriceUnsettled(o: Pick<OrderFacts, "progress" | "submitStatus" | "chat" | "priceAmount">): boolean {
  return (
    o.progress === "DRAFT" &&
    o.submitStatus === "FORM_SUBMITTED" &&
    o.chat === "DRAFT" &&
    (o.priceAmount === null || o.priceAmount <= MIN_APPROVABLE_PRICE)
  );
}

export type OrderTab = "details" | "payment" | "delivery" | "settings";

/**
 * Spec section 2: Details and Payment for both; Delivery for the seller when not DRAFT or CANCELED and for the buyer
 * when DELIVERED or COMPLETED; Other settings for the seller only.
 */
export function orderTabs(side: OrderSide, progress: OrderProgress): OrderTab[] {
  const delivery =
    side === "seller"
      ? progress !== "DRAFT" && progress !== "CANCELED"
      : progress === "DELIVERED" || progress === "COMPLETED";
  return [
    "details",
    "payment",
    ...(delivery ? (["delivery"] as const) : []),
    ...(side === "seller" ? (["settings"] as const) : []),
  ];
}

/**
 * A deposit order's terms and the rest's payment (decision 100), and the stages whose own parts an order paid stage by
 * stage owes (decision 101): what its payment and cancel rows' guards read.
 */
type DepositFacts = Pick<OrderFacts, "deposit" | "paidRest"> & Partial<Pick<OrderFacts, "stages">>;

/** The buyer's disabled waiting label of spec section 4, when the next move is the creator's. */
export type BuyerWaiting =
  | "awaiting_approval"
  | "awaiting_delivery"
  | "awaiting_complete"
  /** A staged order: the creator works on the current stage's preview. */
  | "awaiting_stage_preview"
  /** A dispute is open: neither party moves the order until Comet's team settles it (decision 088). */
  | "awaiting_settlement";
/** Null when the next move is the client's: paying, completing, or reviewing a stage's preview (the timeline's buttons). */
export function buyerWaiting(
  o: Pick<OrderFacts, "progress" | "payment" | "stages" | "dispute"> & DepositFacts,
): BuyerWaiting | null {
  if (isDisputed(o)) return "awaiting_settlement";
  return nextMove({ priceAmount: null, deliverableCount: 0, deliveryDeadline: null, ...o })?.waiting ?? null;
}

/**
 * May the buyer cancel now? A paid order the creator has not delivered by its delivery deadline, with a full refund
 * (issue 10; decision 020), or a paid deposit order before delivery (decision 100): `cancelRefusal`'s rule
 * (order-refunds.ts), which the Durable Object applies again.
 */
export const buyerMayCancelLate = (
  o: Pick<OrderFacts, "progress" | "payment" | "deliveryDeadline"> & DepositFacts,
  now: number,
) => cancelRefusal(o, "buyer", now) === null;

/**
 * May the buyer pay now (spec section 4: APPROVED, unpaid; a delivered deposit order's rest, decision 100; or the part
 * of the stage an order paid stage by stage has reached, decision 101)? The startPayment row's from-states and guards,
 * as `paymentBlock` reads them for the Order object. The Pay button also needs a saved card.
 */
export const buyerMayPay = (o: Pick<OrderFacts, "progress" | "payment" | "priceAmount"> & DepositFacts) => {
  const pay = openTransition("startPayment", { deliverableCount: 0, stages: [], deliveryDeadline: null, ...o }, 0);
  return pay.shown && pay.blockedBy === null;
};

/**
 * The seller's buttons (spec sections 4 and 5), read from their rows of the order process: shown when the state is one
 * the transition leaves from, disabled while a guard does not hold (Approve while the price is at most 100, Deliver
 * without a file). The Durable Object checks all of it again.
 */
export interface SellerActions {
  approve: { shown: boolean; enabled: boolean };
  cancel: { shown: boolean };
  /** `blockedBy`: why Deliver is disabled: stages not all approved come first (decision 073), then no file. */
  deliver: { shown: boolean; enabled: boolean; blockedBy: "stages_pending" | "no_deliverables" | null };
  /** `blockedBy`: why Complete is disabled: a deposit order's rest not yet paid (decision 100). */
  complete: { shown: boolean; enabled: boolean; blockedBy: "rest_unpaid" | null };
}
export function sellerActions(
  o: Pick<OrderFacts, "progress" | "payment" | "priceAmount" | "deliverableCount" | "stages"> & DepositFacts,
): SellerActions {
  // The seller's moves need no deadline, so the time does not matter here.
  const facts = { ...o, deliveryDeadline: null };
  const approve = openTransition("approve", facts, 0);
  const deliver = openTransition("deliver", facts, 0);
  const complete = openTransition("complete", facts, 0);
  // Only the rest's guard disables Complete: an open dispute hides it (openTransition), as it hides every move.
  const restUnpaid = complete.blockedBy === "rest_unpaid";
  return {
    approve: { shown: approve.shown, enabled: approve.blockedBy === null },
    cancel: { shown: openTransition("cancelBySeller", facts, 0).shown },
    deliver: {
      shown: deliver.shown,
      enabled: deliver.blockedBy === null,
      blockedBy: deliver.blockedBy as SellerActions["deliver"]["blockedBy"],
    },
    complete: { shown: complete.shown, enabled: !restUnpaid, blockedBy: restUnpaid ? "rest_unpaid" : null },
  };
}

/**
 * What the seller may still change (section 4's editability, as `decide` applies it): the rows' from-states, less what
 * an open dispute holds back (`openTransition` hides those moves; decision 088).
 */
export function sellerEditable(o: Pick<OrderFacts, "progress" | "payment" | "dispute">) {
  const facts = { priceAmount: null, deliverableCount: 0, stages: [], deliveryDeadline: null, ...o };
  const open = (name: string) => openTransition(name, facts, 0).shown;
  return {
    serviceDetails: open("updateServiceDetails"),
    price: open("updatePrice"),
    schedule: open("updateSchedule"),
    chatSettings: open("updateChatSettings"),
    addDeliverable: open("addDeliverable"),
    deleteDeliverable: open("deleteDeliverable"),
  };
}

/**
 * Where each stage of a staged order stands on its timeline (decision 073), for the viewer's side: "revision
 * requested" is the current stage back with the creator after the client asked for a revision; a stage not approved
 * when the order was canceled was never reached. Before the order is paid every stage is upcoming.
 */
export type StageState =
  | "upcoming"
  | "in_progress"
  | "revision_requested"
  | "in_review"
  | "approved"
  | "auto_approved"
  | "not_reached";

export interface StageRow {
  index: number;
  state: StageState;
  /** Included plus granted; used; left (what the client may still ask for without the creator's consent). */
  revisions: { allowed: number; used: number; left: number };
  /** The client's answer to the current preview: Approve, and Request a revision (or why not: none left). */
  buyer: { approve: boolean; requestRevision: "allowed" | "none_left" | null };
  /** The creator's moves on the current stage: post its preview (while it is theirs), allow one more revision. */
  seller: { postPreview: boolean; grantRevision: boolean };
}

const NO_BUYER_MOVES = { approve: false, requestRevision: null } as const;
const NO_SELLER_MOVES = { postPreview: false, grantRevision: false } as const;

type StageFacts = Pick<OrderFacts, "progress" | "payment" | "stages">;
const stageMove = (name: string, o: StageFacts) =>
  openTransition(name, { ...o, priceAmount: null, deliverableCount: 0, deliveryDeadline: null }, 0);
/** The client's moves on the current stage: its rows (approveStage, requestRevision) open now, or why not. */
function buyerMoves(o: StageFacts): StageRow["buyer"] {
  const approve = stageMove("approveStage", o);
  if (!approve.shown || approve.blockedBy) return NO_BUYER_MOVES;
  const revision = stageMove("requestRevision", o);
  return { approve: true, requestRevision: revision.blockedBy === "no_revisions_left" ? "none_left" : "allowed" };
}
/** The creator's moves on the current stage: post its preview while it is theirs, allow one more revision. */
function sellerMoves(o: StageFacts): StageRow["seller"] {
  const preview = stageMove("submitPreview", o);
  return { postPreview: preview.shown && !preview.blockedBy, grantRevision: stageMove("grantRevision", o).shown };
}

/** Each stage's state and the moves the viewer has on it; the Order object checks every move again (`decide`). */
export function stageRows(o: Pick<OrderFacts, "progress" | "payment" | "stages">, side: OrderSide): StageRow[] {
  // The state the stages' rows leave from (a paid order under way); before it every stage is upcoming.
  const underWay = transitionNamed("approveStage").from.includes(processStateOf(o));
  const current = currentStageIndex(o.stages);
  return o.stages.map((stage, index) => {
    const allowed = stage.includedRevisions + stage.extraRevisions;
    const revisions = { allowed, used: stage.revisionsUsed, left: Math.max(0, allowed - stage.revisionsUsed) };
    const isCurrent = underWay && index === current;
    const inReview = isCurrent && stage.status === "IN_REVIEW";
    const state: StageState =
      stage.status === "APPROVED"
        ? stage.approvedBy === "system"
          ? "auto_approved"
          : "approved"
        : o.progress === "CANCELED"
          ? "not_reached"
          : !isCurrent
            ? "upcoming"
            : inReview
              ? "in_review"
              : stage.revisionsUsed > 0
                ? "revision_requested"
                : "in_progress";
    return {
      index,
      state,
      revisions,
      buyer: side === "buyer" && isCurrent ? buyerMoves(o) : NO_BUYER_MOVES,
      seller: side === "seller" && isCurrent ? sellerMoves(o) : NO_SELLER_MOVES,
    };
  });
}
