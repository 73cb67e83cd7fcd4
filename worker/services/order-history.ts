/**
 * The money history pages (issue 10, docs/decisions/026): the seller's sales (/dashboard/history/sales) and the
 * buyer's payments (/dashboard/history/billing and /dashboard/billing). One row per paid payment transaction
 * (COMPLETED, or REFUNDED or PARTIALLY_REFUNDED after a cancel), read from D1 in one batch (one round trip). The
 * figures come from money.ts with the fee numerators chosen by order-views' one rule (`feeNumeratorsOf`): frozen on the
 * transaction, else today's. A staged order (decision 073) also lists each stage's money (domain/stage-money.ts) with
 * the payout its approval released.
 */
import { READ_AS_WRITTEN, type TextReading } from "../domain/text-reading";
import { storedReadings } from "./translations";
import type { Database } from "../db/client";
import type { Locale } from "../domain/constants";
import { asCurrencyCode, isCurrencyCode, type CurrencyCode } from "../domain/currency";
import { amountBreakdown, splitTotal, type AmountBreakdown } from "../domain/money";
import { boundedPage } from "../domain/paging";
import { stagedCancelOf, stageMoney, type StagedCancel, type StageMoney } from "../domain/stage-money";
import { parseJson } from "./json-columns";
import { parseStages } from "./orders";
import {
  PARTY_JOINS,
  TITLE_COLUMNS,
  feeNumeratorsFrom,
  feeNumeratorsOf,
  partyColumns,
  personOf,
  titleOf,
  type PersonRef,
  type Row,
} from "./order-views";
import { PRICE_BOOK_SQL, priceBookOf } from "./price-book";

const HISTORY_PAGE_SIZE = 20;

export interface HistoryEntry {
  transactionId: string;
  code: string;
  title: string;
  /** How the viewer reads the title: the creator wrote it, so the client may read it translated (issue 46). */
  titleReading: TextReading;
  /** The other party: the client on the sales page, the creator on the billing page. */
  counterpart: PersonRef | null;
  paidAt: number;
  /**
   * The client's money goes back: the payment was refunded, or its order was canceled, whose refund in full the Order
   * object owes from the cancel on (order-refunds.ts; decision 061), even while Stripe has yet to do it. Such a sale
   * earns the creator nothing.
   */
  refunded: boolean;
  /**
   * What was given back at Stripe, in the order's currency: the whole amount once REFUNDED, the shares of a staged
   * order's unapproved stages once PARTIALLY_REFUNDED (decision 073), 0 before any refund.
   */
  refundedAmount: number;
  /** The whole breakdown in the order's currency; the total also in the viewer's display currency. */
  breakdown: AmountBreakdown;
  /** The creator's payout once the order completed (decision 029): held, or transferred; null before completion. */
  payout: PayoutEntry | null;
  /** A staged order's stages with their money and payouts (one per approved stage); empty for an order without stages. */
  stages: StageEntry[];
  /** A canceled staged order that was paid: what went back to the client and what the approved stages kept. */
  stagedCancel: StagedCancel | null;
}

export interface StageEntry extends StageMoney {
  /** How the viewer reads the stage's title: the creator wrote it, so the client may read it translated (issue 46). */
  titleReading: TextReading;
  /** The payout the stage's approval released: held or transferred; null until approved. */
  payout: PayoutEntry | null;
}

interface PayoutEntry {
  status: "HELD" | "TRANSFERRED";
  /** Minor units of the order's currency: the total minus the fee (money.ts `sellerTransferAmount`). */
  amount: number;
  /**
   * What the creator was sent, once transferred (decision 050): in the currency the client's charge settled in, which
   * for a dollar order on a Japanese platform is yen. Null while held.
   */
  transferred: Money | null;
  transferId: string | null;
  transferredAt: number | null;
}

export interface Money {
  amount: number;
  currencyCode: CurrencyCode;
}

export interface CurrencyTotals {
  currencyCode: CurrencyCode;
  count: number;
  totalAmount: number;
  taxAmount: number;
  salesAmount: number;
  feeAmount: number;
  incomeAmount: number;
}

export interface HistoryInput {
  /** The caller's user account; their commission account is found in the same query (one round trip per page). */
  userAccountId: string;
  /** 1-based; bounded here (boundedPage), so any number a caller passes is a page the SQL can take. */
  page: number;
  locale: Locale;
  displayCurrencyCode: string;
  /** Sales are shown in their own currency; the wallet adds the display-currency approximation of each total. */
  approximateSales?: boolean;
}

const PAID = "t.transaction_status IN ('COMPLETED', 'REFUNDED', 'PARTIALLY_REFUNDED')";
/** A staged order's payouts, one per approved stage (decision 073), as JSON. */
const STAGE_PAYOUTS = `(SELECT json_group_array(json_object('stage_index', sp.stage_index, 'payout_status', sp.payout_status,
    'payout_amount', sp.amount, 'transfer_amount', sp.transfer_amount, 'transfer_currency', sp.transfer_currency,
    'stripe_transfer_id', sp.stripe_transfer_id, 'transferred_at', sp.transferred_at))
  FROM creator_payouts sp WHERE sp.transaction_id = t.id AND sp.stage_index IS NOT NULL)`;
const FROM = `payment_transactions t JOIN commission_orders o ON o.id = t.order_id JOIN currencies cu ON cu.id = t.currency_id`;

/** The caller's sales (seller side) newest first, one page, and the totals of the sales not refunded, per currency. */
export async function listSales(db: Database, input: HistoryInput) {
  return historyPage(db, input, "seller");
}

/** The payments the caller made (buyer side), newest first, one page. */
export async function listPayments(db: Database, input: HistoryInput) {
  const { items, hasMore } = await historyPage(db, input, "buyer");
  return { items, hasMore };
}

async function historyPage(db: Database, input: HistoryInput, side: "seller" | "buyer") {
  const d1 = db.$client;
  const party = side === "seller" ? "o.seller_id" : "t.buyer_id";
  const caller = "(SELECT id FROM commission_accounts WHERE user_account_id = ?)";
  const counterpart = side === "seller" ? partyColumns("bp", "buyer") : partyColumns("sp", "seller");
  const page = boundedPage(input.page);
  const [rows, totals, keptStages, reference] = await d1.batch<Row>([
    d1
      .prepare(
        `SELECT t.id AS transaction_id, t.transaction_status, t.refunded_amount, o.order_progress_status, coalesce(t.paid_at, t.created_at) AS paid_at, t.amount, cu.code AS currency_code,
           o.id, o.code, ${feeNumeratorsOf("t.id")} AS fee_numerators, ${TITLE_COLUMNS}, ${counterpart},
           po.payout_status, po.amount AS payout_amount, po.transfer_amount, po.transfer_currency, po.stripe_transfer_id, po.transferred_at,
           o.stages, ${STAGE_PAYOUTS} AS stage_payouts
         FROM ${FROM} ${PARTY_JOINS} LEFT JOIN creator_payouts po ON po.transaction_id = t.id AND po.stage_index IS NULL
         WHERE ${party} = ${caller} AND ${PAID}
         ORDER BY coalesce(t.paid_at, t.created_at) DESC, t.id DESC LIMIT ? OFFSET ?`,
      )
      .bind(input.userAccountId, HISTORY_PAGE_SIZE + 1, (page - 1) * HISTORY_PAGE_SIZE),
    // Totals are exact sums of each sale's own split (rounding is per order), grouped so that equal sales split once.
    side === "seller"
      ? d1
          .prepare(
            `SELECT currency_code, amount, fee_numerators, count(*) AS n FROM (
               SELECT cu.code AS currency_code, t.amount, ${feeNumeratorsOf("t.id")} AS fee_numerators
               FROM ${FROM} WHERE o.seller_id = ${caller} AND t.transaction_status = 'COMPLETED' AND o.order_progress_status <> 'CANCELED')
             GROUP BY currency_code, amount, fee_numerators ORDER BY currency_code`,
          )
          .bind(input.userAccountId)
      : d1.prepare("SELECT 1 WHERE 0"),
    // A canceled staged order still earned the creator its approved stages (decision 073): they count in the totals.
    side === "seller"
      ? d1
          .prepare(
            `SELECT cu.code AS currency_code, t.amount, ${feeNumeratorsOf("t.id")} AS fee_numerators, o.stages
             FROM ${FROM} WHERE o.seller_id = ${caller} AND ${PAID} AND o.order_progress_status = 'CANCELED' AND o.stages <> '[]'`,
          )
          .bind(input.userAccountId)
      : d1.prepare("SELECT 1 WHERE 0"),
    d1.prepare(PRICE_BOOK_SQL),
  ]);
  const book = priceBookOf(reference.results[0] ?? {});
  const items: HistoryEntry[] = rows.results.slice(0, HISTORY_PAGE_SIZE).map((row) => {
    const currencyCode = asCurrencyCode(row.currency_code as string);
    const stages = stagesOf(row);
    const canceled = row.order_progress_status === "CANCELED";
    return {
      transactionId: String(row.transaction_id),
      code: String(row.code),
      title: titleOf(row, input.locale),
      titleReading: READ_AS_WRITTEN,
      counterpart: personOf(row, side === "seller" ? "buyer" : "seller", input.locale),
      paidAt: Number(row.paid_at),
      refunded: row.transaction_status === "REFUNDED" || row.order_progress_status === "CANCELED",
      // A refund recorded before refunded_amount existed (0 on a REFUNDED row) was of the whole amount.
      refundedAmount: row.transaction_status === "REFUNDED" ? Number(row.amount) : Number(row.refunded_amount ?? 0),
      breakdown: amountBreakdown(
        Number(row.amount),
        currencyCode,
        feeNumeratorsFrom(row.fee_numerators),
        side === "buyer" || input.approximateSales ? input.displayCurrencyCode : currencyCode,
        book,
      ),
      payout: payoutOf(row),
      stages,
      stagedCancel: canceled && stages.length > 0 ? stagedCancelOf(stages) : null,
    };
  });
  // The client's rows are titled by the creators, order and stages alike: read from stored translations in one look-up
  // for the page (nothing waits for a translator). The creator's own sales read them as written.
  if (side === "buyer" && items.length > 0) {
    const titled: { title: string; titleReading: TextReading }[] = items.flatMap((item) => [item, ...item.stages]);
    const readings = await storedReadings(
      db,
      titled.map((text) => text.title),
      input.locale,
    );
    titled.forEach((text, i) => (text.titleReading = readings[i]!));
  }
  const totalsGroups = [...totals.results, ...keptStageGroups(keptStages.results)];
  return { items, hasMore: rows.results.length > HISTORY_PAGE_SIZE, totals: sumPerCurrency(totalsGroups) };
}

/** The stages' money by the one rule (stage-money.ts), each with the payout its approval released. */
function stagesOf(row: Row): StageEntry[] {
  const payouts = new Map(parseJson<Row>(row.stage_payouts).map((p) => [Number(p.stage_index), payoutOf(p)]));
  const canceled = row.order_progress_status === "CANCELED";
  return stageMoney(Number(row.amount), parseStages(row.stages), feeNumeratorsFrom(row.fee_numerators), canceled).map(
    (stage) => ({ ...stage, titleReading: READ_AS_WRITTEN, payout: payouts.get(stage.index) ?? null }),
  );
}

function payoutOf(row: Row): PayoutEntry | null {
  if (!row.payout_status) return null;
  return {
    status: row.payout_status === "TRANSFERRED" ? "TRANSFERRED" : "HELD",
    amount: Number(row.payout_amount),
    transferred: transferredMoney(row.transfer_amount, row.transfer_currency),
    transferId: (row.stripe_transfer_id as string | null) ?? null,
    transferredAt: row.transferred_at == null ? null : Number(row.transferred_at),
  };
}

/** A transfer's amount in a currency Comet can show (JPY, USD); any other is left out rather than mislabelled. */
function transferredMoney(amount: unknown, currency: unknown): Money | null {
  if (amount == null || !isCurrencyCode(currency)) return null;
  return { amount: Number(amount), currencyCode: currency };
}

/**
 * The approved stages of canceled staged orders, as the totals' groups: each stage split on its own (its payout was),
 * the order counted once as a sale.
 */
function keptStageGroups(rows: readonly Row[]): Row[] {
  return rows.flatMap((row) =>
    stageMoney(Number(row.amount), parseStages(row.stages), feeNumeratorsFrom(row.fee_numerators), true)
      .filter((stage) => stage.state === "released")
      .map((stage, i) => ({ ...row, amount: stage.amount, n: 1, sales: i === 0 ? 1 : 0 })),
  );
}

function sumPerCurrency(groups: readonly Row[]): CurrencyTotals[] {
  const byCurrency = new Map<string, CurrencyTotals>();
  for (const group of groups) {
    const currencyCode = asCurrencyCode(group.currency_code as string);
    const count = Number(group.n);
    const sales = group.sales === undefined ? count : Number(group.sales);
    const split = splitTotal(Number(group.amount), feeNumeratorsFrom(group.fee_numerators));
    const sum = byCurrency.get(currencyCode) ?? {
      currencyCode,
      count: 0,
      totalAmount: 0,
      taxAmount: 0,
      salesAmount: 0,
      feeAmount: 0,
      incomeAmount: 0,
    };
    sum.count += sales;
    sum.totalAmount += split.totalAmount * count;
    sum.taxAmount += split.taxAmount * count;
    sum.salesAmount += split.salesAmount * count;
    sum.feeAmount += split.feeAmount * count;
    sum.incomeAmount += split.incomeAmount * count;
    byCurrency.set(currencyCode, sum);
  }
  return [...byCurrency.values()];
}
