/**
 * The admin console's dispute desk (issue 49, decision 088): the queue of open disputes, one disputed order's whole
 * record as an admin reads it, and the settlement an admin posts (the console's page and the JSON door share it).
 * Reads D1, the Order object's projection; the money at Stripe is admin-dispute-money.ts, the files' door
 * admin-dispute-files.ts. The settlement itself is the Order object's: worker/orders/settle-dispute.ts.
 */
import type { Database } from "../../db/client";
import { depositColumnsOf, parseDispute, parseStages } from "../../db/order-row";
import type { Locale } from "../../domain/locales";
import { asCurrencyCode, type CurrencyCode } from "../../domain/currency";
import { adminTextOf, judgeOf, type CaseJudge } from "../domain/admin-actions";
import { DISPUTE_SETTLEMENT_REASON_MAX, amountAtStake, type OrderDispute } from "../../orders/domain/disputes";
import { isLinkableUrl } from "../../media/domain/media-urls";
import type { DepositTerms, OrderPayment, OrderProgress } from "../../orders/domain/order-types";
import { paidTotal, partsOf } from "../../orders/domain/order-parts";
import type { SettleResult } from "../../orders/domain/order-contract";
import { isStoredFile, isSystemMessage, loadChatRoom, loadProjectedMessages } from "../../chat/services/chat-rooms";
import { disputeThread, type DisputeStatementView } from "../../orders/services/disputes";
import { ACTIVE_ADMINS_SQL, activeAdmins } from "./admin-users";
import {
  getOrderDetail,
  PARTY_JOINS,
  TITLE_COLUMNS,
  titleOf,
  type OrderDetail,
} from "../../orders/services/order-views";

/** How many open disputes the queue shows at once, the longest waiting first. */
const QUEUE_SIZE = 100;

type Row = Record<string, unknown>;

/** What the desk shows of a disputed order everywhere: who, what, how much is still at stake. */
export interface DisputeFacts {
  orderId: string;
  code: string;
  title: string;
  progress: OrderProgress;
  payment: OrderPayment;
  sellerId: string;
  /** The user accounts behind the seller and the buyer: the order's parties, whom no admin among them judges (093). */
  sellerUserId: string;
  buyerUserId: string;
  sellerHandle: string;
  buyerHandle: string;
  currency: CurrencyCode;
  priceAmount: number | null;
  /** What a settlement refunds, releases or splits (`amountAtStake`), in minor units of `currency`. */
  stake: number;
  /** The deposit the creator asked for (decision 100), whose terms the admin reads beside the stake; null: none. */
  deposit: { terms: DepositTerms; amount: number } | null;
  dispute: OrderDispute;
  /** True while the dispute waits for a settlement. */
  open: boolean;
}

const FACTS_COLUMNS = `o.id, o.code, o.seller_id, o.order_progress_status, o.order_payment_status, o.price_amount,
  o.deposit, o.paid_rest, o.stages, o.dispute, o.disputed_since, cu.code AS currency, sp.original_handle AS seller_handle,
  sa.user_account_id AS seller_user_id, ba.user_account_id AS buyer_user_id,
  bp.original_handle AS buyer_handle, ${TITLE_COLUMNS}`;
const FACTS_FROM = `FROM commission_orders o JOIN currencies cu ON cu.id = o.price_currency_id ${PARTY_JOINS}`;

function factsOf(row: Row, locale: Locale): DisputeFacts | null {
  const dispute = parseDispute(row.dispute);
  if (!dispute) return null;
  const priceAmount = row.price_amount === null ? null : Number(row.price_amount);
  const progress = row.order_progress_status as OrderProgress;
  const payment = row.order_payment_status as OrderPayment;
  // What the client paid: the total, a deposit order's deposit while its rest is due (decision 100), or the stages
  // paid so far of an order paid stage by stage (decision 101).
  const stages = parseStages(row.stages);
  const parts = { progress, payment, priceAmount, stages, ...depositColumnsOf(row) };
  const deposit = partsOf(parts);
  return {
    orderId: String(row.id),
    code: String(row.code),
    title: titleOf(row, locale),
    progress,
    payment,
    sellerId: String(row.seller_id),
    sellerUserId: String(row.seller_user_id),
    buyerUserId: String(row.buyer_user_id),
    sellerHandle: String(row.seller_handle ?? ""),
    buyerHandle: String(row.buyer_handle ?? ""),
    currency: asCurrencyCode(String(row.currency)),
    priceAmount,
    stake: amountAtStake(paidTotal(parts), priceAmount ?? 0, stages),
    deposit: deposit && parts.deposit ? { terms: parts.deposit, amount: deposit.deposit } : null,
    dispute,
    open: row.disputed_since !== null && row.disputed_since !== undefined,
  };
}

// ───────────────────────── the queue ─────────────────────────

export interface QueuedDisputeEntry extends DisputeFacts {
  /** The opening statement, as written. */
  opening: string;
  /** How long it has waited since it was opened (ms). */
  ageMs: number;
  /** Who may settle it, as the reading admin is told (decision 093): they, another admin, or no admin yet. */
  judge: CaseJudge;
}

/** An order's parties, whom a settlement or a cancel never has for its admin (decision 093). */
export const orderParties = (facts: Pick<DisputeFacts, "sellerUserId" | "buyerUserId">) => [
  facts.sellerUserId,
  facts.buyerUserId,
];

/**
 * Every open dispute, the longest waiting first (by `disputed_since`, indexed), with its opening statement and who may
 * settle it as `viewer` (an admin's account) reads it: a dispute every admin is a party to stays here, marked.
 */
export async function disputeQueue(
  db: Database,
  now: number,
  locale: Locale,
  viewer: string,
): Promise<QueuedDisputeEntry[]> {
  const d1 = db.$client;
  const [queue, admins] = await d1.batch<Row>([
    d1
      .prepare(
        `SELECT ${FACTS_COLUMNS},
           (SELECT s.body FROM order_dispute_statements s WHERE s.order_id = o.id AND s.kind = 'opening'
             ORDER BY s.created_at DESC LIMIT 1) AS opening
         ${FACTS_FROM} WHERE o.disputed_since IS NOT NULL ORDER BY o.disputed_since, o.id LIMIT ?`,
      )
      .bind(QUEUE_SIZE),
    d1.prepare(ACTIVE_ADMINS_SQL),
  ]);
  const adminIds = admins.results.map((row) => String(row.id));
  return queue.results.flatMap((row) => {
    const facts = factsOf(row, locale);
    if (!facts) return [];
    return [
      {
        ...facts,
        opening: String(row.opening ?? ""),
        ageMs: Math.max(0, now - facts.dispute.openedAt),
        judge: judgeOf(viewer, adminIds, orderParties(facts)),
      },
    ];
  });
}

/** How many disputes are open (the overview's count). */
export async function openDisputeCount(db: Database): Promise<number> {
  const row = await db.$client
    .prepare("SELECT count(*) AS n FROM commission_orders WHERE disputed_since IS NOT NULL")
    .first<{ n: number }>();
  return Number(row?.n ?? 0);
}

/** An order that has (or had) a dispute, as the desk shows it; null for no such order or one never disputed. */
export async function disputeFacts(db: Database, orderId: string, locale: Locale): Promise<DisputeFacts | null> {
  const row = await db.$client
    .prepare(`SELECT ${FACTS_COLUMNS} ${FACTS_FROM} WHERE o.id = ?`)
    .bind(orderId)
    .first<Row>();
  return row ? factsOf(row, locale) : null;
}

// ───────────────────────── one order's record ─────────────────────────

/** A chat message as an admin reads it: who, when, the original and each stored translation, its files and links. */
export interface DisputeChatLine {
  id: string;
  side: "seller" | "buyer";
  createdAt: number;
  text: string;
  languageCode: string;
  translations: { locale: string; text: string }[];
  files: { id: string; name: string }[];
  links: { url: string; name: string | null }[];
}

/** One admin action on the order: its admin, what, why (a settlement's reason is its statement), when. */
export interface DisputeAuditLine {
  id: string;
  action: string;
  adminHandle: string;
  reason: string | null;
  createdAt: number;
}

export interface DisputeRecord extends DisputeFacts {
  /** Who may settle it, as the reading admin is told (decision 093). */
  judge: CaseJudge;
  thread: DisputeStatementView[];
  /** The order as its creator's page reads it (the client's answers read in the admin's language): the log, the request, the files. */
  order: OrderDetail;
  chat: DisputeChatLine[];
  audit: DisputeAuditLine[];
}

/**
 * The whole record of an order that has (or had) a dispute, for an admin (`reader`): the facts, the dispute's thread,
 * the order's own record, the chat and the admin actions on it. Read-only; no file URL is signed for the admin (the
 * order is read with them as its media viewer, whom the access rule refuses): the page links the admin door instead.
 */
export async function disputeRecord(
  db: Database,
  env: Env,
  orderId: string,
  reader: { locale: Locale; profileId: string; accountId: string },
): Promise<DisputeRecord | null> {
  const facts = await disputeFacts(db, orderId, reader.locale);
  if (!facts) return null;
  const [thread, order, chat, audit, admins] = await Promise.all([
    disputeThread(db, orderId, reader.locale),
    getOrderDetail(db, env, facts.code, {
      commissionAccountId: facts.sellerId,
      profileId: reader.profileId,
      locale: reader.locale,
      displayCurrencyCode: facts.currency,
    }),
    disputeChat(db.$client, orderId),
    disputeAudit(db.$client, orderId),
    activeAdmins(db.$client),
  ]);
  const judge = judgeOf(reader.accountId, admins, orderParties(facts));
  return order ? { ...facts, judge, thread, order, chat, audit } : null;
}

/** The order's chat as D1 has it (the ChatRoom object's projection), oldest first; the system's notices left out. */
async function disputeChat(d1: D1Database, orderId: string): Promise<DisputeChatLine[]> {
  const room = await d1.prepare("SELECT id FROM chat_rooms WHERE order_id = ?").bind(orderId).first<{ id: string }>();
  const stored = room ? await loadChatRoom(d1, room.id) : null;
  if (!stored) return [];
  return (await loadProjectedMessages(d1, stored)).flatMap((message) => {
    if (isSystemMessage(message)) return [];
    return [
      {
        id: message.id,
        side: message.side,
        createdAt: message.createdAt,
        text: message.text,
        languageCode: message.languageCode,
        translations: Object.entries(message.translations?.texts ?? {}).map(([locale, text]) => ({
          locale,
          text: text ?? "",
        })),
        files: message.medias.filter(isStoredFile).map((file) => ({ id: file.id, name: file.name })),
        links: message.medias.flatMap((media) =>
          isStoredFile(media) || !isLinkableUrl(media.url) ? [] : [{ url: media.url, name: media.name }],
        ),
      },
    ];
  });
}

/** The admin actions on the order, newest first; a settlement's row takes its reason from its statement (same event). */
async function disputeAudit(d1: D1Database, orderId: string): Promise<DisputeAuditLine[]> {
  const { results } = await d1
    .prepare(
      `SELECT x.id, x.action, x.created_at, p.original_handle AS admin_handle,
         coalesce(x.reason, (SELECT s.body FROM order_dispute_statements s WHERE s.id = substr(x.id, 13) AND x.id LIKE 'order-event:%')) AS reason
       FROM admin_actions x LEFT JOIN user_profiles p ON p.account_id = x.admin_account_id
       WHERE x.target_type = 'order' AND x.target_id = ? ORDER BY x.created_at DESC, x.id LIMIT 200`,
    )
    .bind(orderId)
    .all<Row>();
  return results.map((row) => ({
    id: String(row.id),
    action: String(row.action),
    adminHandle: String(row.admin_handle ?? ""),
    reason: (row.reason as string | null) ?? null,
    createdAt: Number(row.created_at),
  }));
}

// ───────────────────────── the settlement ─────────────────────────

export interface AdminSettlementInput {
  orderId: string;
  outcome: unknown;
  /** A split's refund, in minor units of the order's currency. */
  refundAmount?: unknown;
  days?: unknown;
  /** The admin's reason, which both parties read. */
  reason: string;
}

export type AdminSettleResult =
  | SettleResult
  | { status: "refused"; refusal: "settlement_reason_invalid" | "reason_invalid_characters" | "confirmation_required" };

/** A settlement's reason as stored (`adminTextOf`, 1 to 2,000 characters), or the refusal the settlement answers. */
export function settlementReasonOf(
  input: unknown,
): { ok: true; text: string } | { ok: false; refusal: "settlement_reason_invalid" | "reason_invalid_characters" } {
  const reason = adminTextOf(input, DISPUTE_SETTLEMENT_REASON_MAX);
  if (reason.ok) return reason;
  return { ok: false, refusal: reason.error === "reason_invalid" ? "settlement_reason_invalid" : reason.error };
}

/** The settle form's field a refusal belongs to; null for a refusal of the order's state (shown above the form). */
export function settlementFieldOf(refusal: string): "outcome" | "refundAmount" | "days" | "reason" | null {
  switch (refusal) {
    case "outcome_invalid":
      return "outcome";
    case "refund_amount_invalid":
      return "refundAmount";
    case "days_invalid":
      return "days";
    case "settlement_reason_invalid":
    case "reason_invalid_characters":
      return "reason";
    default:
      return null;
  }
}
