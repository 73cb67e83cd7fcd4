/**
 * The money history pages (issue 10, docs/decisions/026): the seller's sales (/dashboard/history/sales) and the
 * buyer's payments (/dashboard/history/billing and /dashboard/billing). One row per paid payment transaction
 * (COMPLETED, or REFUNDED or PARTIALLY_REFUNDED after a cancel), read from D1 in one batch (one round trip). The
 * figures come from money.ts with the fee numerators chosen by order-views' one rule (`feeNumeratorsOf`): frozen on the
 * transaction, else today's. What the payment's money did (paid, refunded, kept, each with its reason, and the
 * creator's share of what they kept) is the order's money story (orders/domain/order-money-story.ts, decision 094), the one the
 * Payment tab tells too; a staged order (decision 073) also lists each stage's money with the payout its approval
 * released. Each payment is a receipt of its order (issue 63): the order's price lines as priced, the creator's change
 * at approval, and the licence both agreed to, as the Payment tab shows them.
 */
import { READ_AS_WRITTEN, type TextReading } from "../../domain/text-reading";
import { storedReadings } from "../../services/translations";
import type { Database } from "../../db/client";
import type { Locale } from "../../domain/locales";
import { asCurrencyCode, isCurrencyCode, type CurrencyCode } from "../../domain/currency";
import { amountBreakdown, splitTotal, type AmountBreakdown } from "../../domain/money";
import { isDisputed } from "../domain/disputes";
import type { OrderPayment, OrderProgress } from "../domain/order-types";
import { paymentMoneyStory, type CreatorShare, type OrderMoneyStory } from "../domain/order-money-story";
import { boundedPage } from "../../domain/paging";
import type { StageMoney } from "../domain/stage-money";
import { parseDispute } from "../../db/order-row";
import { parseJson } from "../../services/json-columns";
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
import { PRICE_BOOK_SQL, priceBookOf } from "../../services/price-book";
import { parsePriceLines, shownLines, type ShownLine } from "../domain/price-lines";
import { parseLicence, type Licence } from "../domain/licence";
import { pickText, type TextRow } from "../../domain/localized-text";
import { textsOf } from "../../services/json-columns";

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
   * Some or all of the client's money goes back (`money.refund`): the payment was given back, or its order was canceled,
   * whose refund the Order object owes from the cancel on (order-refunds.ts; decision 061), even while Stripe has yet to
   * do it. What stays with the creator, and what it earns them, is `money`'s.
   */
  refunded: boolean;
  /**
   * What was given back at Stripe, in the order's currency: the whole amount once REFUNDED, the shares of a staged
   * order's unapproved stages once PARTIALLY_REFUNDED (decision 073), 0 before any refund.
   */
  refundedAmount: number;
  /**
   * The breakdown of what the client paid, in the order's currency; the total also in the viewer's display currency. What
   * the creator earns of it is `money.creator`: all of it, or only what they kept once part went back.
   */
  breakdown: AmountBreakdown;
  /** What this payment's money did: paid, refunded and kept, each with its reason (decision 094). */
  money: OrderMoneyStory;
  /** The creator's payout once the order completed (decision 029): held, or transferred; null before completion. */
  payout: PayoutEntry | null;
  /**
   * A completed order's payout waits until then, the end of the client's week to report a problem (decision 092); null
   * when nothing waits for it.
   */
  payoutClearsAt: number | null;
  /** The client disputed the completed order within that week: the clearing waits for the settlement (decision 092). */
  payoutDisputed: boolean;
  /** A staged order's stages with their money and payouts (one per approved stage); empty for an order without stages. */
  stages: StageEntry[];
  /** The order's price as priced, then the creator's change (issue 63); null for an order from before the lines. */
  priceLines: HistoryPriceLine[] | null;
  /** The licence both agreed to, as it is now (issue 63); null for an order from before licences. */
  licence: Licence | null;
}

/**
 * One line of the order's price in the order's currency: a choice's line named by the order's snapshot choice in the
 * viewer's language (`title`, read translated by the client when stored); null for the base and the creator's change.
 */
export type HistoryPriceLine = ShownLine & { title: string | null; titleReading: TextReading };

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
/** The titles of the snapshot choices an order's lines name (its picked ones), only for an order that kept lines. */
const LINE_CHOICES = `json((SELECT json_group_array(json_object('id', c.id, 'titles', ${textsOf("commission_order_question_choice", "c.id", "title")}))
  FROM commission_order_forms f JOIN commission_order_form_questions q ON q.order_form_id = f.id
  JOIN commission_order_question_choices c ON c.order_form_question_id = q.id
  WHERE f.order_id = o.id AND o.price_lines IS NOT NULL AND c.answer_choice_status = 'SELECTED'))`;
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
        `SELECT t.id AS transaction_id, t.transaction_status, t.refunded_amount, o.order_progress_status, o.order_payment_status, o.dispute,
           coalesce(t.paid_at, t.created_at) AS paid_at, t.amount, cu.code AS currency_code,
           o.id, o.code, ${feeNumeratorsOf("t.id")} AS fee_numerators, ${TITLE_COLUMNS}, ${counterpart},
           po.payout_status, po.amount AS payout_amount, po.transfer_amount, po.transfer_currency, po.stripe_transfer_id, po.transferred_at,
           o.stages, o.payout_held_until, o.kept_deposit, ${STAGE_PAYOUTS} AS stage_payouts,
           o.price_amount AS order_price_amount, o.price_lines, o.licence AS order_licence, ${LINE_CHOICES} AS line_choices
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
    // A canceled order still earned the creator what they kept (its approved stages, decision 073; a dispute's award,
    // decision 088; a kept deposit, decision 100): that counts in the totals, as the money story shares it out.
    side === "seller"
      ? d1
          .prepare(
            `SELECT cu.code AS currency_code, t.transaction_status, t.amount, ${feeNumeratorsOf("t.id")} AS fee_numerators,
               o.order_progress_status, o.order_payment_status, o.stages, o.dispute, o.kept_deposit
             FROM ${FROM} WHERE o.seller_id = ${caller} AND ${PAID} AND o.order_progress_status = 'CANCELED'
               AND (o.stages <> '[]' OR o.dispute IS NOT NULL OR o.kept_deposit IS NOT NULL)`,
          )
          .bind(input.userAccountId)
      : d1.prepare("SELECT 1 WHERE 0"),
    d1.prepare(PRICE_BOOK_SQL),
  ]);
  const book = priceBookOf(reference.results[0] ?? {});
  const items: HistoryEntry[] = rows.results.slice(0, HISTORY_PAGE_SIZE).map((row) => {
    const currencyCode = asCurrencyCode(row.currency_code as string);
    const money = moneyOf(row);
    return {
      transactionId: String(row.transaction_id),
      code: String(row.code),
      title: titleOf(row, input.locale),
      titleReading: READ_AS_WRITTEN,
      counterpart: personOf(row, side === "seller" ? "buyer" : "seller", input.locale),
      paidAt: Number(row.paid_at),
      refunded: money.refund !== null,
      // A refund recorded before refunded_amount existed (0 on a REFUNDED row) was of the whole amount.
      refundedAmount: row.transaction_status === "REFUNDED" ? Number(row.amount) : Number(row.refunded_amount ?? 0),
      breakdown: amountBreakdown(
        Number(row.amount),
        currencyCode,
        feeNumeratorsFrom(row.fee_numerators),
        side === "buyer" || input.approximateSales ? input.displayCurrencyCode : currencyCode,
        book,
      ),
      money,
      payout: payoutOf(row),
      payoutClearsAt:
        row.order_progress_status === "COMPLETED" && row.payout_held_until != null
          ? Number(row.payout_held_until)
          : null,
      payoutDisputed: isDisputed({ dispute: parseDispute(row.dispute) }),
      stages: stagesOf(row, money.stages),
      priceLines: priceLinesOf(row, input.locale),
      licence: parseLicence(typeof row.order_licence === "string" ? row.order_licence : null),
    };
  });
  // The client's rows are titled by the creators, order and stages alike: read from stored translations in one look-up
  // for the page (nothing waits for a translator). The creator's own sales read them as written.
  if (side === "buyer" && items.length > 0) {
    const titled: { title: string; titleReading: TextReading }[] = items.flatMap((item) => [
      item,
      ...item.stages,
      ...(item.priceLines ?? []).filter((line): line is HistoryPriceLine & { title: string } => line.title !== null),
    ]);
    const readings = await storedReadings(
      db,
      titled.map((text) => text.title),
      input.locale,
    );
    titled.forEach((text, i) => (text.titleReading = readings[i]!));
  }
  return {
    items,
    hasMore: rows.results.length > HISTORY_PAGE_SIZE,
    totals: sumPerCurrency(totals.results, keptShares(keptStages.results)),
  };
}

/** What the payment of this row did (decision 094): the order's state and fees, beside the transaction's status. */
function moneyOf(row: Row): OrderMoneyStory {
  return paymentMoneyStory(
    {
      progress: row.order_progress_status as OrderProgress,
      payment: row.order_payment_status as OrderPayment,
      // The transaction's amount: the one the order's stages and payouts are shares of (orders/services/payouts.ts).
      priceAmount: Number(row.amount),
      stages: parseStages(row.stages),
      dispute: parseDispute(row.dispute),
      // A deposit the client left with the creator (decision 100): the row is the deposit's own transaction, so it is
      // what that payment kept. A deposit order's two parts are two rows, each told of its own amount.
      keptDeposit: row.kept_deposit == null ? null : Number(row.kept_deposit),
      feeNumerators: feeNumeratorsFrom(row.fee_numerators),
    },
    { status: row.transaction_status as string, amount: Number(row.amount) },
  );
}

/** The order's lines with the creator's change (price-lines.ts `shownLines`), each choice's line titled. */
function priceLinesOf(row: Row, locale: Locale): HistoryPriceLine[] | null {
  const lines = shownLines(
    parsePriceLines(typeof row.price_lines === "string" ? row.price_lines : null),
    row.order_price_amount == null ? null : Number(row.order_price_amount),
  );
  if (!lines) return null;
  const titles = new Map(
    parseJson<{ id: string; titles: TextRow[] | null }>(row.line_choices).map((c) => [
      c.id,
      pickText(c.titles, locale),
    ]),
  );
  return lines.map((line) => ({
    ...line,
    title: "choiceId" in line ? (titles.get(line.choiceId) ?? null) : null,
    titleReading: READ_AS_WRITTEN,
  }));
}

/** The stages' money by the money story, each with the payout its approval released. */
function stagesOf(row: Row, stages: readonly StageMoney[]): StageEntry[] {
  const payouts = new Map(parseJson<Row>(row.stage_payouts).map((p) => [Number(p.stage_index), payoutOf(p)]));
  return stages.map((stage) => ({ ...stage, titleReading: READ_AS_WRITTEN, payout: payouts.get(stage.index) ?? null }));
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
 * What canceled orders left the creator (their approved stages, a dispute's award), each as the money story shares it
 * out: every piece split on its own, as its payout was, the order counted once as a sale.
 */
function keptShares(rows: readonly Row[]): { currencyCode: string; share: CreatorShare }[] {
  return rows.flatMap((row) => {
    const { creator } = moneyOf(row);
    return creator.amount > 0 ? [{ currencyCode: row.currency_code as string, share: creator }] : [];
  });
}

/** The totals per currency: the groups of sales the creator keeps whole (each split once per group), then the rest. */
function sumPerCurrency(
  groups: readonly Row[],
  kept: readonly { currencyCode: string; share: CreatorShare }[],
): CurrencyTotals[] {
  const byCurrency = new Map<string, CurrencyTotals>();
  const add = (
    code: string,
    count: number,
    split: Pick<CreatorShare, "taxAmount" | "salesAmount" | "feeAmount" | "incomeAmount">,
  ) => {
    const currencyCode = asCurrencyCode(code);
    const sum = byCurrency.get(currencyCode) ?? {
      currencyCode,
      count: 0,
      totalAmount: 0,
      taxAmount: 0,
      salesAmount: 0,
      feeAmount: 0,
      incomeAmount: 0,
    };
    sum.count += count;
    sum.totalAmount += split.taxAmount + split.salesAmount;
    sum.taxAmount += split.taxAmount;
    sum.salesAmount += split.salesAmount;
    sum.feeAmount += split.feeAmount;
    sum.incomeAmount += split.incomeAmount;
    byCurrency.set(currencyCode, sum);
  };
  for (const group of groups) {
    const count = Number(group.n);
    const split = splitTotal(Number(group.amount), feeNumeratorsFrom(group.fee_numerators));
    add(group.currency_code as string, count, {
      taxAmount: split.taxAmount * count,
      salesAmount: split.salesAmount * count,
      feeAmount: split.feeAmount * count,
      incomeAmount: split.incomeAmount * count,
    });
  }
  for (const { currencyCode, share } of kept) add(currencyCode, 1, share);
  return [...byCurrency.values()];
}
