/**
 * The order read side (spec sections 2-4): the caller's orders as seller (managements) or buyer (client requests),
 * and one order's detail for one of its two parties. Reads D1 only, the Order Durable Object's projection, never
 * the object. Anyone who is neither seller nor buyer gets null, as for an order that does not exist.
 * Texts are picked in the viewer's language (worker/domain/localized-text.ts); money splits come from money.ts.
 */
import { boundedPage } from "../../domain/paging";
import type { Database } from "../../db/client";
import type { QuestionType, MediaType } from "../../db/schema/enums";
import type { Locale } from "../../domain/locales";
import { asCurrencyCode, type CurrencyCode } from "../../domain/currency";
import { MISSING_TEXT, pickText, type TextRow } from "../../domain/localized-text";
import { amountBreakdown, type AmountBreakdown } from "../../domain/money";
import { orderMoneyStory, type OrderMoneyStory } from "../domain/order-money-story";
import { paysByStage, restDue } from "../domain/order-parts";
import { progressOfFilter, type OrderFacts, type OrderListFilter, type OrderSide } from "../domain/order-display";
import type { FileDetails } from "../../media/domain/file-details";
import { FILE_CHECKSUM_STATES, type FileChecksumState } from "../../media/domain/file-checksum";
import { parseMediaKey } from "../../media/domain/media-keys";
import { parseJson, pickTextColumn, textsOf } from "../../services/json-columns";
import { mediaUrlsForViewer, type NamedUrl } from "../../media/services/media-access";
import { PRICE_BOOK_COLUMNS, priceBookOf } from "../../services/price-book";
import type { ChatRoomView } from "../../chat/domain/chat-protocol";
import { chatRoomViewFromRow } from "../../chat/services/chat-rooms";
import { orderCategoryCodesSql } from "./orders";
import { orderStateOfRow, parseStages } from "../../db/order-row";
import { stageAmounts, type OrderStage } from "../domain/order-stages";
import { toDisplayPrice } from "../../domain/pricing";
import { stagePreviewViews, type StagePreviewView } from "./stage-previews";
import { READ_AS_WRITTEN, type TextReading } from "../../domain/text-reading";
import { storedReadings } from "../../services/translations";
import type { OrderState } from "../domain/order-types";
import { parsePriceLines, shownLines, type ShownLine } from "../domain/price-lines";

const ORDER_PAGE_SIZE = 20;

const n = (value: unknown) => (value === null || value === undefined ? null : Number(value));

// ───────────────────────── SQL fragments ─────────────────────────

/**
 * JSON array of the media one owner shows in one field, in their order. The inner aliases (`mx_…`) are ones no
 * caller's `idExpr` uses: with `a` inside, the answers' `a.id` named the attachment itself, so an answer's files
 * and links never reached the order's Details (issue 33).
 */
const mediasOf = (ownerType: string, idExpr: string, field: string) =>
  `json((SELECT json_group_array(json_object('id', mx_row.id, 'format', mx_row.format_type, 'type', mx_row.media_type, 'url', coalesce(mx_row.file_url, mx_row.link_url),
       'name', mx_row.file_name, 'size', mx_row.file_size, 'mime', mx_row.file_type, 'thumb', mx_row.thumbnail_url))
     FROM (SELECT mx_media.* FROM media_attachments mx_att JOIN media mx_media ON mx_media.id = mx_att.media_id
           WHERE mx_att.owner_type = '${ownerType}' AND mx_att.owner_id = ${idExpr} AND mx_att.field = '${field}' ORDER BY mx_att.position, mx_att.created_at) mx_row))`;

/** The order's title: the snapshot service's, else the snapshot form's (read by `titleOf`). */
export const TITLE_COLUMNS = `
  json((SELECT json_group_array(json_object('l', t.language_code, 'o', t.is_original, 't', t.text))
     FROM commission_order_services s JOIN localized_texts t ON t.entity_type = 'commission_order_service' AND t.entity_id = s.id AND t.field = 'title'
     WHERE s.order_id = o.id)) AS service_titles,
  json((SELECT json_group_array(json_object('l', t.language_code, 'o', t.is_original, 't', t.text))
     FROM commission_order_forms f JOIN localized_texts t ON t.entity_type = 'commission_order_form' AND t.entity_id = f.id AND t.field = 'title'
     WHERE f.order_id = o.id)) AS form_titles`;

/** The order's description, by the same rule as its title. */
const DESCRIPTION_COLUMNS = `
  json((SELECT json_group_array(json_object('l', t.language_code, 'o', t.is_original, 't', t.text))
     FROM commission_order_services s JOIN localized_texts t ON t.entity_type = 'commission_order_service' AND t.entity_id = s.id AND t.field = 'description'
     WHERE s.order_id = o.id)) AS service_descriptions,
  json((SELECT json_group_array(json_object('l', t.language_code, 'o', t.is_original, 't', t.text))
     FROM commission_order_forms f JOIN localized_texts t ON t.entity_type = 'commission_order_form' AND t.entity_id = f.id AND t.field = 'description'
     WHERE f.order_id = o.id AND NOT EXISTS (SELECT 1 FROM commission_order_services s2 WHERE s2.order_id = o.id))) AS form_descriptions`;

/**
 * Whether the request came with the creator's terms: a service order's snapshot of its service's terms (copied at
 * submission), else, for a form order, the creator's general terms, which a form's request accepts (not snapshotted,
 * so read as they are now).
 */
const HAS_TERMS_COLUMN = `(EXISTS (SELECT 1 FROM commission_order_services s JOIN localized_texts t
       ON t.entity_type = 'commission_order_service' AND t.entity_id = s.id AND t.field = 'terms'
       WHERE s.order_id = o.id AND trim(t.text) <> '')
   OR (NOT EXISTS (SELECT 1 FROM commission_order_services s WHERE s.order_id = o.id)
     AND EXISTS (SELECT 1 FROM localized_texts t WHERE t.entity_type = 'commission_account' AND t.entity_id = o.seller_id
       AND t.field = 'default_terms' AND trim(t.text) <> ''))) AS has_terms`;

/** The two parties' profiles (sp, bp), joined by their commission accounts; read as seller_* / buyer_* columns. */
export const PARTY_JOINS = `
  JOIN commission_accounts sa ON sa.id = o.seller_id LEFT JOIN user_profiles sp ON sp.account_id = sa.user_account_id
  JOIN commission_accounts ba ON ba.id = o.buyer_id LEFT JOIN user_profiles bp ON bp.account_id = ba.user_account_id`;
export const partyColumns = (alias: "sp" | "bp", prefix: "seller" | "buyer") =>
  `${alias}.id AS ${prefix}_profile_id, ${alias}.original_handle AS ${prefix}_handle, ${alias}.avatar_url AS ${prefix}_avatar,
   ${textsOf("user_profile", `${alias}.id`, "name")} AS ${prefix}_names`;

const ORDER_COLUMNS = `o.id, o.code, o.seller_id, o.buyer_id, o.order_submit_status, o.order_progress_status, o.order_payment_status,
  o.order_chat_status, o.price_amount, cu.code AS currency_code, o.estimated_start, o.estimated_delivery, o.submitted_at, o.approved_at,
  o.delivered_at, o.completed_at, o.canceled_at, o.approval_deadline, o.payment_deadline, o.delivery_deadline, o.completion_deadline,
  o.stages, o.dispute, o.extension_request, o.original_delivery_deadline, o.payout_held_until, o.licence, o.licence_request,
  o.rush_days, o.deposit, o.paid_rest, o.rest_failure, o.kept_deposit, (SELECT count(*) FROM commission_order_deliverables d JOIN media_attachments a
     ON a.owner_type = 'commission_order_deliverable' AND a.owner_id = d.id AND a.field = 'medias' WHERE d.order_id = o.id) AS deliverable_count,
  ${TITLE_COLUMNS}`;

// ───────────────────────── shapes ─────────────────────────

export interface PersonRef {
  profileId: string;
  handle: string;
  name: string;
  avatarUrl: string | null;
}

export interface OrderSummary {
  id: string;
  code: string;
  side: OrderSide;
  title: string;
  /** How the viewer reads the title: the seller wrote it, so the buyer may read it translated (issue 46). */
  titleReading: TextReading;
  counterpart: PersonRef | null;
  priceAmount: number | null;
  currencyCode: CurrencyCode;
  facts: OrderViewFacts;
}

/**
 * The display rules' facts, and the licence's and rush's (issue 63), which the licence block and the panel read: the
 * view always has them (null: none), as the Order object's state does.
 */
export type OrderViewFacts = OrderFacts & Pick<OrderState, "licence" | "licenceRequest" | "rushDays">;

export type Row = Record<string, unknown>;

/** What the pages read of the order: its state as the one row mapping reads it (db/order-row.ts), and how it came. */
function factsOf(row: Row): OrderViewFacts {
  const o = orderStateOfRow(row);
  return {
    progress: o.progress,
    payment: o.payment,
    chat: o.chat,
    submitStatus: row.order_submit_status as OrderFacts["submitStatus"],
    priceAmount: o.priceAmount,
    deliverableCount: o.deliverableCount,
    submittedAt: o.submittedAt,
    approvedAt: o.approvedAt,
    deliveredAt: o.deliveredAt,
    completedAt: o.completedAt,
    canceledAt: o.canceledAt,
    approvalDeadline: o.approvalDeadline,
    paymentDeadline: o.paymentDeadline,
    deliveryDeadline: o.deliveryDeadline,
    completionDeadline: o.completionDeadline,
    stages: o.stages,
    // An open dispute holds the parties' moves back and stops the deadlines (decision 088); a settled one stays.
    dispute: o.dispute ?? null,
    // A request to move the delivery date, and the first delivery date once one moved (decision 090).
    extensionRequest: o.extensionRequest ?? null,
    originalDeliveryDeadline: o.originalDeliveryDeadline ?? null,
    // A completed order's payout waiting for the client's week to dispute the work (decision 092).
    payoutHeldUntil: o.payoutHeldUntil ?? null,
    // The licence both accepted (null before licences), a change of it the client asked for, rush days (issue 63).
    licence: o.licence ?? null,
    licenceRequest: o.licenceRequest ?? null,
    rushDays: o.rushDays ?? null,
    // Paying in parts (decision 100): the deposit's terms, the rest once paid, why its charge failed, a kept deposit.
    deposit: o.deposit ?? null,
    paidRest: o.paidRest ?? null,
    partFailure: o.partFailure ?? null,
    keptDeposit: o.keptDeposit ?? null,
  };
}

/** The order service's title, else the order form's, else 'Unknown' (spec section 3). */
export const titleOf = (row: Row, locale: string) =>
  pickTextColumn(row.service_titles, locale) ?? pickTextColumn(row.form_titles, locale) ?? MISSING_TEXT;

export function personOf(row: Row, prefix: "seller" | "buyer", locale: string): PersonRef | null {
  const profileId = row[`${prefix}_profile_id`];
  if (!profileId) return null;
  const handle = String(row[`${prefix}_handle`]);
  return {
    profileId: String(profileId),
    handle,
    name: pickTextColumn(row[`${prefix}_names`], locale) ?? handle,
    avatarUrl: (row[`${prefix}_avatar`] as string | null) ?? null,
  };
}

function summaryOf(row: Row, side: OrderSide, locale: string): OrderSummary {
  return {
    id: String(row.id),
    code: String(row.code),
    side,
    title: titleOf(row, locale),
    titleReading: READ_AS_WRITTEN,
    counterpart: personOf(row, side === "seller" ? "buyer" : "seller", locale),
    priceAmount: n(row.price_amount),
    currencyCode: asCurrencyCode(row.currency_code as string),
    facts: factsOf(row),
  };
}

// ───────────────────────── the lists ─────────────────────────

export interface OrderListInput {
  commissionAccountId: string;
  side: OrderSide;
  filter: OrderListFilter;
  /** 1-based. */
  page: number;
  locale: Locale;
}

/** The caller's orders on one side, newest first, one page (ORDER_PAGE_SIZE) and whether there are more. */
export async function listOrders(
  db: Database,
  input: OrderListInput,
): Promise<{ items: OrderSummary[]; hasMore: boolean }> {
  const partyColumn = input.side === "seller" ? "o.seller_id" : "o.buyer_id";
  const counterpart = input.side === "seller" ? partyColumns("bp", "buyer") : partyColumns("sp", "seller");
  const progress = progressOfFilter(input.filter);
  const page = boundedPage(input.page);
  const binds: unknown[] = [
    input.commissionAccountId,
    ...(progress ? [progress] : []),
    ORDER_PAGE_SIZE + 1,
    (page - 1) * ORDER_PAGE_SIZE,
  ];
  const { results } = await db.$client
    .prepare(
      `SELECT ${ORDER_COLUMNS}, ${counterpart}
       FROM commission_orders o JOIN currencies cu ON cu.id = o.price_currency_id ${PARTY_JOINS}
       WHERE ${partyColumn} = ?${progress ? " AND o.order_progress_status = ?" : ""}
       ORDER BY o.submitted_at DESC, o.id DESC LIMIT ? OFFSET ?`,
    )
    .bind(...binds)
    .all<Row>();
  const items = results.slice(0, ORDER_PAGE_SIZE).map((row) => summaryOf(row, input.side, input.locale));
  // The buyer's rows are titled by the sellers; the seller's by themselves.
  if (input.side === "buyer" && items.length > 0) {
    const readings = await storedReadings(
      db,
      items.map((item) => item.title),
      input.locale,
    );
    items.forEach((item, i) => (item.titleReading = readings[i]!));
  }
  return { items, hasMore: results.length > ORDER_PAGE_SIZE };
}

// ───────────────────────── one order ─────────────────────────

export interface OrderMediaView {
  id: string;
  formatType: string;
  mediaType: MediaType;
  /** What the viewer's browser loads: a signed read URL for private files, else the stored URL. */
  url: string | null;
  name: string | null;
  size: number | null;
  mimeType: string | null;
  thumbnailUrl: string | null;
}

/**
 * A delivered file as its parties see it (decisions 024, 096): the media, what Comet read of it before anyone takes it
 * (its listing or summary, `details`) and the checksum the creator's browser computed as it sent it, and whether the
 * creator holds it from this viewer until the order completes.
 */
export interface OrderDeliverableView extends OrderMediaView {
  /** The kind its bytes were recognised as, by the key's extension (zip, psd, glb…); null for a link. */
  kind: string | null;
  /** A source the creator holds until completion (the order's `deliverable_sources` folder). */
  heldUntilCompletion: boolean;
  /**
   * Held from this viewer now: a source held until completion, the viewer its buyer, the order not completed. Its
   * `url` is then null and no read is signed for them; its name, size, checksum and details are still shown.
   */
  held: boolean;
  /**
   * The SHA-256 (64 hex) of the whole file as the server computed it (issue 75); null until it has, for a file with no
   * facts (uploaded before issue 60, or in one request) and for a link.
   */
  sha256: string | null;
  /** Whether the uploader's browser said the same: null with no facts; pending while the server has not hashed it. */
  checksum: FileChecksumState | null;
  /** What the uploader's browser said it sent, when it differs from the server's hash; null otherwise. */
  claimedSha256: string | null;
  details: FileDetails | null;
}

interface OrderQuestionView {
  id: string;
  questionType: QuestionType;
  isRequired: boolean;
  title: string;
  titleReading: TextReading;
  description: string | null;
  medias: OrderMediaView[];
  choices: {
    id: string;
    title: string;
    titleReading: TextReading;
    priceAmount: number | null;
    selected: boolean;
    media: OrderMediaView[];
  }[];
  answer: { text: string | null; textReading: TextReading; date: string | null; medias: OrderMediaView[] } | null;
}

/**
 * A notice block of the request's form (a NONE question: 'About messages', 'About deliverables'): what the creator
 * told the client before they sent it. It asks nothing, so it is no question of the Details and never 'No answer'
 * (issue 33); the Details keep it apart as the form's notes, because both parties may need to read again what the
 * client was told when they sent the request (how messages work, what the deliverables will be).
 */
interface OrderNoteView {
  id: string;
  title: string;
  titleReading: TextReading;
  description: string | null;
  descriptionReading: TextReading;
  medias: OrderMediaView[];
}

export interface OrderEventView {
  version: number;
  type: string;
  actor: "seller" | "buyer" | "system" | "admin";
  at: number;
  /** A PAID event's card, for the buyer only (the seller is not shown the client's card); null when unknown or deleted. */
  card: { brand: string; last4: string } | null;
  /** The stage a stage event acted on (0-based index and title); null for any other event. */
  stage: { index: number; title: string; titleReading: TextReading } | null;
  /**
   * A move of the delivery date (decision 090): the date asked for (`from` null), or the one agreed, given or set by a
   * settlement with the one it replaced. Null for any other event.
   */
  deliveryMove: { from: number | null; to: number } | null;
}

/** A commission category as a page shows it: its catalogue code and its name in the viewer's language. */
interface CategoryView {
  code: string;
  name: string;
}

export interface OrderDetail extends OrderSummary {
  /** The service details' description (the order service's, else the order form's); "" when none. */
  description: string;
  descriptionReading: TextReading;
  /** The service details' categories (the order service's, else the order form's one), in catalogue order. */
  categories: CategoryView[];
  /**
   * What the seller may choose as the order's category (spec section 5, "optional categoryCode"): the active
   * categories and any the order has; empty for the buyer, who cannot edit.
   */
  categoryOptions: CategoryView[];
  sellerId: string;
  buyerId: string;
  estimatedStart: number | null;
  estimatedDelivery: number | null;
  /** Null until the order has a price. Display currency: the buyer's (an approximation), the order's for the seller. */
  breakdown: AmountBreakdown | null;
  /**
   * The order's payment transaction, if one was started: PENDING, COMPLETED, REFUNDED… A deposit order's two charges
   * read as one: REFUNDED once every charge is, PARTIALLY_REFUNDED once one is, else COMPLETED (`paidChargesStatus`).
   */
  transactionStatus: string | null;
  /**
   * The delivered files are closed to the client until the rest is paid (decision 100): listed, with no link to take
   * them, because media access refuses them. False (or absent) for the creator and for any other order.
   */
  filesHeldForRest?: boolean;
  /** What the order's money did: paid, refunded and kept, each with its reason (decision 094). */
  money: OrderMoneyStory;
  /**
   * The service ordered came with the creator's free-text terms (its snapshot has some, in any language): the refund
   * texts then say that Comet does not apply them (decision 061).
   */
  hasTerms: boolean;
  /** The request's questions with their answers; the form's notice blocks are `notes`, not questions. */
  questions: OrderQuestionView[];
  /** The form's notice blocks (NONE questions), in the form's order. */
  notes: OrderNoteView[];
  events: OrderEventView[];
  deliverables: OrderDeliverableView[];
  /** The order's chat room as the viewer sees it (issue 11); null for an order without one. */
  chatRoom: ChatRoomView | null;
  /** The order's stages (decision 073), in order; empty for an order without stages. */
  stages: OrderStageView[];
  /**
   * The order's price as it was priced, line by line (issue 63), then the creator's change at approval as an
   * `adjustment` line; null for an order from before the lines were kept, which shows its total alone.
   */
  priceLines: OrderPriceLineView[] | null;
}

/**
 * One line of the order's price: as priced (a choice's line names the order's snapshot choice, whose title is in
 * `questions`), and for the buyer approximately in their display currency, as the breakdown shows the total.
 */
export type OrderPriceLineView = ShownLine & { displayAmount: { amount: number; currencyCode: string } | null };

/**
 * One stage of a staged order as its parties see it (decision 073): the stage's own facts, its amount in the order's
 * currency (and for the buyer, approximately in their display currency, as the breakdown shows the total), the
 * previews the viewer may open, and the client's revision notes, oldest first. Both parties see the notes.
 */
export interface OrderStageView extends OrderStage {
  index: number;
  titleReading: TextReading;
  /** Null while the order has no price. */
  amount: number | null;
  displayAmount: { amount: number; currencyCode: string } | null;
  previews: StagePreviewView[];
  revisionNotes: { round: number; comment: string; reading: TextReading; at: number }[];
}

export interface OrderViewer {
  commissionAccountId: string;
  profileId: string;
  locale: Locale;
  displayCurrencyCode: string;
}

interface MediaJson {
  id: string;
  format: string;
  type: MediaType;
  url: string | null;
  name: string | null;
  size: number | null;
  mime: string | null;
  thumb: string | null;
}

/**
 * The order's deliverables in their order, each with the facts stored beside its object (`file_facts`: the checksum
 * and what was read of the file, decision 096), joined by the object's key in the same statement: one query for all.
 */
const DELIVERABLES_SQL = `SELECT m.id, m.format_type AS format, m.media_type AS type, coalesce(m.file_url, m.link_url) AS url,
    m.file_name AS name, m.file_size AS size, m.file_type AS mime, m.thumbnail_url AS thumb, ff.sha256 AS claimed_sha256, ff.server_sha256, ff.checksum, ff.details
  FROM commission_order_deliverables d
  JOIN media_attachments a ON a.owner_type = 'commission_order_deliverable' AND a.owner_id = d.id AND a.field = 'medias'
  JOIN media m ON m.id = a.media_id
  LEFT JOIN file_facts ff ON m.file_url LIKE '/media/%' AND ff.object_key = substr(m.file_url, 8)
  WHERE d.order_id = ? ORDER BY a.position, a.created_at`;

/** One deliverable row: its media, whether it is a source held until completion, and held from this viewer now. */
function deliverableOf(row: Row, side: OrderSide, completed: boolean) {
  const media = row as unknown as MediaJson;
  const key = media.format === "FILE" && media.url ? parseMediaKey(media.url) : null;
  const heldUntilCompletion = key?.rule.heldUntilCompletion === true;
  return {
    media,
    kind: key ? (key.file.split(".").pop() ?? null) : null,
    heldUntilCompletion,
    held: heldUntilCompletion && side === "buyer" && !completed,
    ...checksumOf(row),
    details: detailsOf(row.details),
  };
}

const sha256Of = (value: unknown) => (typeof value === "string" && /^[0-9a-f]{64}$/.test(value) ? value : null);

/** The server's hash and its verdict on the browser's claim (shown only when they differ). */
function checksumOf(row: Row): Pick<OrderDeliverableView, "sha256" | "checksum" | "claimedSha256"> {
  const checksum = FILE_CHECKSUM_STATES.find((state) => state === row.checksum) ?? null;
  return {
    sha256: checksum === "pending" ? null : sha256Of(row.server_sha256),
    checksum,
    claimedSha256: checksum === "differs" ? sha256Of(row.claimed_sha256) : null,
  };
}

function detailsOf(value: unknown): FileDetails | null {
  if (typeof value !== "string") return null;
  try {
    const parsed: unknown = JSON.parse(value);
    return parsed && typeof parsed === "object" && !Array.isArray(parsed) ? (parsed as FileDetails) : null;
  } catch {
    return null;
  }
}

/**
 * One order by its public code, for its seller or buyer; null for anyone else (and for no such order). Two D1 round
 * trips: the order (to know the caller is a party), then its snapshot, log, files, fees and rates in one batch.
 */
export async function getOrderDetail(
  db: Database,
  env: Env,
  code: string,
  viewer: OrderViewer,
  now = Date.now(),
): Promise<OrderDetail | null> {
  const d1 = db.$client;
  const row = await d1
    .prepare(
      `SELECT ${ORDER_COLUMNS}, ${DESCRIPTION_COLUMNS}, ${HAS_TERMS_COLUMN}, ${partyColumns("sp", "seller")}, ${partyColumns("bp", "buyer")},
         o.price_lines
       FROM commission_orders o JOIN currencies cu ON cu.id = o.price_currency_id ${PARTY_JOINS}
       WHERE o.code = ?1 AND (o.seller_id = ?2 OR o.buyer_id = ?2)`,
    )
    .bind(code, viewer.commissionAccountId)
    .first<Row>();
  if (!row) return null;
  const side: OrderSide = row.seller_id === viewer.commissionAccountId ? "seller" : "buyer";
  const orderId = String(row.id);
  const staged = parseStages(row.stages).length > 0;
  const facts = factsOf(row);
  // Paid in parts (a deposit, decision 100; stage by stage, 101): the order's charges read as one status.
  const inParts = Boolean(facts.deposit) || paysByStage(facts);
  // The client takes no delivered file while the rest is due: none is signed for them (media access refuses them).
  const filesHeldForRest = side === "buyer" && restDue(facts);
  // The previews (stage-previews.ts, signed URLs) are read beside the batch, only for a staged order.
  const previewsRead = staged
    ? stagePreviewViews(env, orderId, { side, orderProgress: String(row.order_progress_status) })
    : Promise.resolve([]);
  const [questions, events, deliverables, money, chatRoom, categories, revisions] = await d1.batch<Row>([
    d1
      .prepare(
        `SELECT q.id, q.question_type, q.is_required,
           ${textsOf("commission_order_form_question", "q.id", "title")} AS titles,
           ${textsOf("commission_order_form_question", "q.id", "description")} AS descriptions,
           ${mediasOf("commission_order_form_question", "q.id", "medias")} AS medias,
           json((SELECT json_group_array(json_object('id', c.id, 'price', c.price_amount, 'status', c.answer_choice_status,
                  'titles', ${textsOf("commission_order_question_choice", "c.id", "title")},
                  'media', ${mediasOf("commission_order_question_choice", "c.id", "media")}))
                 FROM (SELECT * FROM commission_order_question_choices WHERE order_form_question_id = q.id ORDER BY user_index) c)) AS choices,
           a.id AS answer_id, a.answer_date,
           ${textsOf("commission_order_question_answer", "a.id", "text")} AS answer_texts,
           ${mediasOf("commission_order_question_answer", "a.id", "medias")} AS answer_medias
         FROM commission_order_forms f JOIN commission_order_form_questions q ON q.order_form_id = f.id
         LEFT JOIN commission_order_question_answers a ON a.order_form_question_id = q.id
         WHERE f.order_id = ? ORDER BY q.user_index, q.id`,
      )
      .bind(orderId),
    // A PAID event names its payment's intent (the state after it); the transaction of that intent names the card. A
    // stage event names its stage.
    d1
      .prepare(
        `SELECT e.version, e.event_type, e.actor, e.created_at, pm.brand AS card_brand, pm.last4 AS card_last4, ${EVENT_STAGE_COLUMNS}, ${EVENT_DELIVERY_COLUMNS}
         FROM commission_order_events e
         LEFT JOIN payment_transactions pt ON e.event_type = 'PAID' AND pt.order_id = e.order_id
           AND pt.stripe_payment_intent_id = json_extract(e.after, '$.paidPayment.intentId')
         LEFT JOIN payment_account_methods pm ON pm.id = pt.payment_account_method_id
         WHERE e.order_id = ? ORDER BY e.version`,
      )
      .bind(orderId),
    d1.prepare(DELIVERABLES_SQL).bind(orderId),
    d1
      .prepare(
        `SELECT
           ${inParts ? PAID_CHARGES_STATUS : LATEST_TRANSACTION_STATUS} AS transaction_status,
           ${feeNumeratorsOf("(SELECT id FROM payment_transactions WHERE order_id = ?1 ORDER BY created_at DESC LIMIT 1)")} AS fee_numerators,
           ${PRICE_BOOK_COLUMNS}`,
      )
      .bind(orderId),
    d1.prepare("SELECT * FROM chat_rooms WHERE order_id = ?").bind(orderId),
    // The order's categories, and for the seller the ones they may choose instead, in the same round trip.
    d1
      .prepare(
        `SELECT cc.code, cc.code IN (${orderCategoryCodesSql("?1")}) AS current, ${textsOf("commission_category", "cc.id", "name")} AS names
         FROM commission_categories cc WHERE cc.code IN (${orderCategoryCodesSql("?1")}) OR (?2 AND cc.is_active = 1) ORDER BY cc.user_index`,
      )
      .bind(orderId, side === "seller" ? 1 : 0),
    d1
      .prepare(
        "SELECT stage_index, round, comment, created_at FROM commission_order_stage_revisions WHERE order_id = ? ORDER BY stage_index, round, created_at",
      )
      .bind(orderId),
  ]);
  const previews = await previewsRead;

  // Each file with its name, which a signed read carries (issue 60): a download is saved as the file it was sent as.
  const mediaUrls: (NamedUrl | string | null)[] = [
    ...questions.results.flatMap((q) => [
      ...parseJson<MediaJson>(q.medias),
      ...parseJson<MediaJson>(q.answer_medias),
      ...parseJson<{ media: MediaJson[] | null }>(q.choices).flatMap((c) => c.media ?? []),
    ]),
  ].flatMap((m) => [{ url: m.url, name: m.name }, m.thumb]);
  const completed = row.order_progress_status === "COMPLETED";
  const deliverableRows = deliverables.results.map((d) => deliverableOf(d, side, completed));
  // A file held from this viewer gets no signed read (the access rule would refuse it anyway): nothing to sign.
  if (!filesHeldForRest)
    for (const d of deliverableRows)
      if (!d.held) mediaUrls.push({ url: d.media.url, name: d.media.name }, d.media.thumb);
  const view = await mediaUrlsForViewer(db, env, { profileId: viewer.profileId }, mediaUrls, now);
  const toMedia = (m: MediaJson): OrderMediaView => ({
    id: m.id,
    formatType: m.format,
    mediaType: m.type,
    url: view(m.url),
    name: m.name,
    size: m.size === null ? null : Number(m.size),
    mimeType: m.mime,
    thumbnailUrl: view(m.thumb),
  });
  const medias = (value: unknown) =>
    (Array.isArray(value) ? (value as MediaJson[]) : parseJson<MediaJson>(value)).map(toMedia);

  const summary = summaryOf(row, side, viewer.locale);
  const moneyRow = money.results[0] ?? {};
  const detail: OrderDetail = {
    ...summary,
    sellerId: String(row.seller_id),
    buyerId: String(row.buyer_id),
    description:
      pickTextColumn(row.service_descriptions, viewer.locale) ??
      pickTextColumn(row.form_descriptions, viewer.locale) ??
      "",
    descriptionReading: READ_AS_WRITTEN,
    categories: categories.results.filter((c) => Boolean(c.current)).map((c) => categoryView(c, viewer.locale)),
    categoryOptions: side === "seller" ? categories.results.map((c) => categoryView(c, viewer.locale)) : [],
    estimatedStart: n(row.estimated_start),
    estimatedDelivery: n(row.estimated_delivery),
    breakdown: breakdownFor(summary, side, viewer.displayCurrencyCode, moneyRow),
    transactionStatus: (moneyRow.transaction_status as string | null) ?? null,
    filesHeldForRest,
    money: orderMoneyStory(
      { ...summary.facts, feeNumerators: feeNumeratorsFrom(moneyRow.fee_numerators) },
      { status: (moneyRow.transaction_status as string | null) ?? null },
    ),
    hasTerms: Boolean(row.has_terms),
    questions: questions.results
      .filter((q) => q.question_type !== "NONE")
      .map((q) => ({
        id: String(q.id),
        questionType: q.question_type as QuestionType,
        isRequired: Boolean(q.is_required),
        title: pickTextColumn(q.titles, viewer.locale) ?? MISSING_TEXT,
        titleReading: READ_AS_WRITTEN,
        description: pickTextColumn(q.descriptions, viewer.locale),
        medias: medias(q.medias),
        choices: parseJson<{
          id: string;
          price: number | null;
          status: string;
          titles: TextRow[] | null;
          media: MediaJson[] | null;
        }>(q.choices).map((c) => ({
          id: c.id,
          title: pickText(c.titles, viewer.locale) ?? MISSING_TEXT,
          titleReading: READ_AS_WRITTEN,
          priceAmount: c.price,
          selected: c.status === "SELECTED",
          media: medias(c.media),
        })),
        answer: q.answer_id
          ? {
              text: pickTextColumn(q.answer_texts, viewer.locale),
              textReading: READ_AS_WRITTEN,
              date: (q.answer_date as string | null) ?? null,
              medias: medias(q.answer_medias),
            }
          : null,
      })),
    notes: questions.results
      .filter((q) => q.question_type === "NONE")
      .map((q) => ({
        id: String(q.id),
        title: pickTextColumn(q.titles, viewer.locale) ?? MISSING_TEXT,
        titleReading: READ_AS_WRITTEN,
        description: pickTextColumn(q.descriptions, viewer.locale),
        descriptionReading: READ_AS_WRITTEN,
        medias: medias(q.medias),
      })),
    events: events.results.map((e) => eventView(e, side)),
    deliverables: deliverableRows.map(({ media, held, ...fileFacts }) => ({
      ...toMedia(media),
      ...(held || filesHeldForRest ? { url: null, thumbnailUrl: null } : {}),
      ...fileFacts,
      held,
    })),
    chatRoom: chatRoomViewFromRow(
      chatRoom.results[0],
      String(row.code),
      row.order_chat_status as ChatRoomView["roomStatus"],
      side,
    ),
    stages: stageViews(summary, viewer.displayCurrencyCode, moneyRow, previews, revisions.results),
    priceLines: priceLineViews(summary, row.price_lines, viewer.displayCurrencyCode, moneyRow),
  };
  await readOtherPartysTexts(db, detail, viewer.locale);
  return detail;
}

/**
 * What the other party wrote, as the viewer reads it (issue 46): the seller's service details, form, and stage titles
 * for the buyer; the buyer's answers and revision comments for the seller. One look-up of stored translations for the
 * whole view: a text with none yet is `pending`, which the page asks for after it shows, so the view never waits for
 * a translator. The viewer's own texts stay as written.
 */
async function readOtherPartysTexts(db: Database, detail: OrderDetail, locale: Locale): Promise<void> {
  const wanted: { text: string; put: (reading: TextReading) => void }[] = [];
  const want = (text: string | null | undefined, put: (reading: TextReading) => void) => {
    if (text && text !== MISSING_TEXT) wanted.push({ text, put });
  };
  if (detail.side === "buyer") {
    want(detail.title, (r) => (detail.titleReading = r));
    want(detail.description, (r) => (detail.descriptionReading = r));
    for (const question of detail.questions) want(question.title, (r) => (question.titleReading = r));
    for (const note of detail.notes) {
      want(note.title, (r) => (note.titleReading = r));
      want(note.description, (r) => (note.descriptionReading = r));
    }
    for (const choice of detail.questions.flatMap((q) => q.choices))
      want(choice.title, (r) => (choice.titleReading = r));
    for (const stage of detail.stages) want(stage.title, (r) => (stage.titleReading = r));
    for (const event of detail.events) {
      const stage = event.stage;
      if (stage) want(stage.title, (r) => (stage.titleReading = r));
    }
  } else {
    for (const question of detail.questions) {
      const answer = question.answer;
      if (answer) want(answer.text, (r) => (answer.textReading = r));
    }
    for (const note of detail.stages.flatMap((stage) => stage.revisionNotes))
      want(note.comment, (r) => (note.reading = r));
  }
  if (wanted.length === 0) return;
  const readings = await storedReadings(
    db,
    wanted.map((w) => w.text),
    locale,
  );
  wanted.forEach((w, i) => w.put(readings[i]!));
}

/** The approximation the buyer reads beside an amount in the order's currency; null for the seller or the same currency. */
function displayAmountOf(order: OrderSummary, displayCurrencyCode: string, moneyRow: Row) {
  const book = order.side === "buyer" && displayCurrencyCode !== order.currencyCode ? priceBookOf(moneyRow) : null;
  return (amount: number) => {
    const shown = book ? toDisplayPrice(amount, order.currencyCode, displayCurrencyCode, book) : null;
    return shown?.approximate ? { amount: shown.amount, currencyCode: shown.currency.code } : null;
  };
}

/** The stored lines with the creator's change (price-lines.ts `shownLines`), each approximated for the buyer. */
function priceLineViews(
  order: OrderSummary,
  stored: unknown,
  displayCurrencyCode: string,
  moneyRow: Row,
): OrderPriceLineView[] | null {
  const lines = shownLines(parsePriceLines(typeof stored === "string" ? stored : null), order.priceAmount);
  if (!lines) return null;
  const approximate = displayAmountOf(order, displayCurrencyCode, moneyRow);
  return lines.map((line) => ({ ...line, displayAmount: approximate(line.amount) }));
}

/** The stages with their amounts (order-stages.ts, the one rule), previews and revision notes (decision 073). */
function stageViews(
  order: OrderSummary,
  displayCurrencyCode: string,
  moneyRow: Row,
  previews: StagePreviewView[],
  revisions: Row[],
): OrderStageView[] {
  const { stages } = order.facts;
  const amounts = order.priceAmount === null ? null : stageAmounts(order.priceAmount, stages);
  const book = order.side === "buyer" && displayCurrencyCode !== order.currencyCode ? priceBookOf(moneyRow) : null;
  return stages.map((stage, index) => {
    const amount = amounts?.[index] ?? null;
    const shown =
      amount !== null && book ? toDisplayPrice(amount, order.currencyCode, displayCurrencyCode, book) : null;
    return {
      ...stage,
      index,
      titleReading: READ_AS_WRITTEN,
      amount,
      displayAmount: shown?.approximate ? { amount: shown.amount, currencyCode: shown.currency.code } : null,
      previews: previews.filter((p) => p.stageIndex === index),
      revisionNotes: revisions
        .filter((r) => Number(r.stage_index) === index)
        .map((r) => ({
          round: Number(r.round),
          comment: String(r.comment),
          reading: READ_AS_WRITTEN,
          at: Number(r.created_at),
        })),
    };
  });
}

/**
 * The stage a stage event acted on (decision 073): the order's current stage before it, the first not approved, read
 * from the event's `before` state. Its position (0-based) and title; null for any other event.
 */
const EVENT_STAGE_COLUMNS = `
  (SELECT s.key FROM json_each(e.before, '$.stages') s
     WHERE e.event_type LIKE 'STAGE!_%' ESCAPE '!' AND json_extract(s.value, '$.status') != 'APPROVED' ORDER BY s.key LIMIT 1) AS stage_index,
  (SELECT json_extract(s.value, '$.title') FROM json_each(e.before, '$.stages') s
     WHERE e.event_type LIKE 'STAGE!_%' ESCAPE '!' AND json_extract(s.value, '$.status') != 'APPROVED' ORDER BY s.key LIMIT 1) AS stage_title`;

/** The delivery dates a deadline move's event names (decision 090): before and after it, and the date asked for. */
const EVENT_DELIVERY_COLUMNS = `
  json_extract(e.before, '$.deliveryDeadline') AS delivery_before, json_extract(e.after, '$.deliveryDeadline') AS delivery_after,
  CASE WHEN e.event_type = 'EXTENSION_REQUESTED' THEN json_extract(e.after, '$.extensionRequest.proposedDeadline') END AS delivery_asked`;

const DELIVERY_MOVES = new Set(["EXTENSION_ACCEPTED", "DELIVERY_EXTENDED", "DISPUTE_SETTLED"]);

function deliveryMoveOf(e: Row): OrderEventView["deliveryMove"] {
  if (e.delivery_asked !== null && e.delivery_asked !== undefined) return { from: null, to: Number(e.delivery_asked) };
  const [from, to] = [e.delivery_before, e.delivery_after];
  if (!DELIVERY_MOVES.has(String(e.event_type)) || to === null || to === undefined || from === to) return null;
  return { from: from === null || from === undefined ? null : Number(from), to: Number(to) };
}

/**
 * One line of the order's log. The Order object records a payment's success as its own (Stripe's word reaches it by
 * the confirm, the webhook or the check after 3-D Secure), but no payment is automatic: only the client starts one,
 * with their card (`paymentBlock`), so a PAID event is the client's (issue 33: it read 'Paid automatically').
 */
function eventView(e: Row, side: OrderSide): OrderEventView {
  const paid = e.event_type === "PAID";
  const card =
    paid && side === "buyer" && e.card_last4 ? { brand: String(e.card_brand), last4: String(e.card_last4) } : null;
  return {
    version: Number(e.version),
    type: String(e.event_type),
    actor: paid ? "buyer" : (e.actor as OrderEventView["actor"]),
    at: Number(e.created_at),
    card,
    stage:
      e.stage_title === null || e.stage_title === undefined
        ? null
        : { index: Number(e.stage_index), title: String(e.stage_title), titleReading: READ_AS_WRITTEN },
    deliveryMove: deliveryMoveOf(e),
  };
}

const categoryView = (row: Row, locale: string): CategoryView => ({
  code: String(row.code),
  name: pickTextColumn(row.names, locale) ?? String(row.code),
});

/** The amount breakdown (money.ts); the buyer sees the total approximated in their display currency (spec section 6). */
function breakdownFor(
  order: OrderSummary,
  side: OrderSide,
  displayCurrencyCode: string,
  row: Row,
): AmountBreakdown | null {
  if (order.priceAmount === null) return null;
  return amountBreakdown(
    order.priceAmount,
    order.currencyCode,
    feeNumeratorsFrom(row.fee_numerators),
    side === "buyer" ? displayCurrencyCode : order.currencyCode,
    priceBookOf(row),
  );
}

// ───────────────────────── the money rule, shared with order-history.ts ─────────────────────────

/** The order's latest payment transaction's status (?1: the order's id). */
const LATEST_TRANSACTION_STATUS =
  "(SELECT transaction_status FROM payment_transactions WHERE order_id = ?1 ORDER BY created_at DESC LIMIT 1)";

/**
 * An order's charges paid in parts read as one status (decision 100 and 101; ?1: the order's id): the parts'
 * transactions that took money, REFUNDED once all are, PARTIALLY_REFUNDED once one is, else COMPLETED; before any
 * took money, the latest's. The latest alone was a later part's, PENDING or CANCELED, while the first had been paid.
 */
const PAID_CHARGES_STATUS = `(SELECT CASE
    WHEN count(*) = 0 THEN ${LATEST_TRANSACTION_STATUS}
    WHEN sum(transaction_status = 'REFUNDED') = count(*) THEN 'REFUNDED'
    WHEN sum(transaction_status IN ('REFUNDED', 'PARTIALLY_REFUNDED')) > 0 THEN 'PARTIALLY_REFUNDED'
    ELSE 'COMPLETED' END
  FROM payment_transactions WHERE order_id = ?1 AND transaction_status IN ('COMPLETED', 'REFUNDED', 'PARTIALLY_REFUNDED'))`;

/**
 * SQL for a JSON array of the fee numerators that apply to a payment: those frozen with the transaction once there
 * is one (payment_transaction_fees), else today's active fees. The one place this rule is written.
 */
export const feeNumeratorsOf = (transactionIdExpr: string) => `coalesce(
  (SELECT json_group_array(f.numerator_value) FROM payment_transaction_fees f WHERE f.transaction_id = ${transactionIdExpr} HAVING count(*) > 0),
  (SELECT json_group_array(numerator_value) FROM fees WHERE is_active = 1))`;

/** The fee_numerators column written by `feeNumeratorsOf`, as numbers. */
export const feeNumeratorsFrom = (value: unknown): number[] => parseJson<number>(value).map(Number);
