/**
 * The documents about one payment or payout, built from facts (decision 102): the client's receipt and refund note,
 * issued in the creator's name (with Comet as the intermediary when the creator is a registered issuer, 媒介者交付特例),
 * Comet's fee invoice to the creator, and the creator's payout statement. Pure: the facts and the time come in, a
 * draft comes out (issue-document.ts numbers and stores it). The legal reading is for a tax accountant's review.
 */
import { MISSING_TEXT } from "../../domain/localized-text";
import { tagsOf, type Licence } from "../../orders/domain/licence";
import { shownLines, sumOf, type PriceLine, type ShownLine } from "../../orders/domain/price-lines";
import type { ChargePart } from "./charge-parts";
import type { DocumentBody, DocumentLine, DocumentParty } from "./document-body";
import { type DocumentDraft, type PartyFacts, partyOf, taxOf } from "./document-draft";
import { COMET_ISSUER_KEY, creatorIssuerKey } from "./document-numbers";
import { DOCUMENT_SOURCES } from "./document-sources";
import { COMET_PARTY } from "./comet-issuer";

/** The order a document is about, as agreed: its code, title (as the creator wrote it) and licence. */
export interface OrderFacts {
  id: string;
  code: string;
  title: string | null;
  /** Null for an order from before licences. */
  licence: Licence | null;
}

/** One succeeded charge of an order, with what it paid for. */
export interface ChargeFacts {
  transactionId: string;
  /** Minor units of `currency` (upper-case ISO), tax included. */
  amount: number;
  currency: string;
  paidAt: number;
  part: ChargePart;
  order: OrderFacts & {
    /** The order's total, and the lines it was priced from with each choice's title (price-lines.ts). */
    priceAmount: number | null;
    priceLines: PriceLine[] | null;
    choiceTitles: Readonly<Record<string, string>>;
  };
  creator: PartyFacts;
  client: PartyFacts;
}

/** The message keys (messages/documents) of the lines that are not said as written. */
export const LINE_KEYS = {
  deposit: "documents_line_deposit",
  rest: "documents_line_rest",
  adjustment: "documents_line_adjustment",
  refund: "documents_line_refund",
  fee: "documents_line_fee",
  payout: "documents_line_payout",
} as const;

const orderOf = (order: OrderFacts): DocumentBody["order"] => ({
  code: order.code,
  title: order.title ?? MISSING_TEXT,
  licence: order.licence ? tagsOf(order.licence) : [],
});

/** The creator as the issuer of their receipts, and Comet beside them when it issues for a registered creator. */
function creatorAsIssuer(creator: PartyFacts): { issuer: DocumentParty; intermediary: DocumentParty | null } {
  const issuer = partyOf(creator);
  return { issuer, intermediary: issuer.registrationNumber ? COMET_PARTY : null };
}

function priceLineLabel(line: ShownLine, order: ChargeFacts["order"]): Pick<DocumentLine, "label" | "isKey"> {
  if (line.kind === "adjustment") return { label: LINE_KEYS.adjustment, isKey: true };
  if (line.kind === "base") return { label: order.title ?? MISSING_TEXT };
  const title = order.choiceTitles[line.choiceId] ?? MISSING_TEXT;
  if (line.kind === "percent") return { label: `${title} (+${line.percent}%)` };
  if (line.kind === "each") return { label: `${title} × ${line.count}` };
  return { label: title };
}

/**
 * What a charge paid for, as lines summing to it: a whole payment's price lines as the order was priced (with the
 * creator's change), else one line naming the part: the deposit, the rest, or the stage by its number and title.
 */
export function chargeLines(charge: ChargeFacts): DocumentLine[] {
  const { order, part } = charge;
  const line = (label: Pick<DocumentLine, "label" | "isKey">, amount: number): DocumentLine => ({
    ...label,
    orderCode: order.code,
    at: charge.paidAt,
    amount,
  });
  if (part.kind === "deposit" || part.kind === "rest")
    return [line({ label: LINE_KEYS[part.kind], isKey: true }, charge.amount)];
  if (part.kind === "stage")
    return [line({ label: `${part.index + 1}. ${part.title || MISSING_TEXT}` }, charge.amount)];
  const priced = shownLines(order.priceLines, order.priceAmount);
  // Lines that do not add up to what was charged (an order priced in another way) would misstate it: the total alone.
  if (!priced || sumOf(priced) !== charge.amount || priced.some((l) => l.amount < 0))
    return [line({ label: order.title ?? MISSING_TEXT }, charge.amount)];
  return priced.map((l) => line(priceLineLabel(l, order), l.amount));
}

/**
 * The client's receipt for one charge, numbered in the creator's series. A registered creator's is a qualified
 * invoice naming both registration numbers; any other says (on its page) that it is not one.
 */
export function receiptDraft(charge: ChargeFacts): DocumentDraft {
  const { issuer, intermediary } = creatorAsIssuer(charge.creator);
  const tax = taxOf(charge.amount);
  return {
    kind: "RECEIPT",
    issuerKey: creatorIssuerKey(charge.creator.userAccountId),
    sourceKey: DOCUMENT_SOURCES.receipt(charge.transactionId),
    recipientUserAccountId: charge.client.userAccountId,
    orderId: charge.order.id,
    period: null,
    currency: charge.currency,
    total: charge.amount,
    taxAmount: tax.taxAmount,
    body: {
      kind: "RECEIPT",
      issuer,
      recipient: partyOf(charge.client),
      intermediary,
      qualified: issuer.registrationNumber !== null,
      currency: charge.currency,
      lines: chargeLines(charge),
      total: charge.amount,
      tax,
      order: orderOf(charge.order),
      period: null,
      totals: [],
      refersTo: null,
      replaces: null,
    },
  };
}

/** Money given back of one charge: in full or in part (a cancel, a staged order's unapproved stages, a split). */
export interface RefundFacts {
  transactionId: string;
  refundedAmount: number;
  currency: string;
  refundedAt: number;
  order: OrderFacts;
  creator: PartyFacts;
  client: PartyFacts;
  /** The receipt of the charge, by its printed number. */
  receiptNumber: string;
}

/** The client's refund note, in the creator's series: a qualified return invoice when the creator is registered. */
export function refundNoteDraft(refund: RefundFacts): DocumentDraft {
  const { issuer, intermediary } = creatorAsIssuer(refund.creator);
  const tax = taxOf(refund.refundedAmount);
  return {
    kind: "REFUND_NOTE",
    issuerKey: creatorIssuerKey(refund.creator.userAccountId),
    sourceKey: DOCUMENT_SOURCES.refund(refund.transactionId),
    recipientUserAccountId: refund.client.userAccountId,
    orderId: refund.order.id,
    period: null,
    currency: refund.currency,
    total: refund.refundedAmount,
    taxAmount: tax.taxAmount,
    body: {
      kind: "REFUND_NOTE",
      issuer,
      recipient: partyOf(refund.client),
      intermediary,
      qualified: issuer.registrationNumber !== null,
      currency: refund.currency,
      lines: [
        {
          label: LINE_KEYS.refund,
          isKey: true,
          orderCode: refund.order.code,
          at: refund.refundedAt,
          amount: refund.refundedAmount,
        },
      ],
      total: refund.refundedAmount,
      tax,
      order: orderOf(refund.order),
      period: null,
      totals: [],
      refersTo: refund.receiptNumber,
      replaces: null,
    },
  };
}

/** Comet's fee on one charge: the fees frozen on the payment (payment_transaction_fees), read as tax included. */
export interface FeeFacts {
  transactionId: string;
  feeAmount: number;
  currency: string;
  paidAt: number;
  order: OrderFacts;
  creator: PartyFacts;
}

/** Comet's invoice to the creator for its fee, in Comet's series, with Comet's registration number. */
export function feeInvoiceDraft(fee: FeeFacts): DocumentDraft {
  const tax = taxOf(fee.feeAmount);
  return {
    kind: "FEE_INVOICE",
    issuerKey: COMET_ISSUER_KEY,
    sourceKey: DOCUMENT_SOURCES.fee(fee.transactionId),
    recipientUserAccountId: fee.creator.userAccountId,
    orderId: fee.order.id,
    period: null,
    currency: fee.currency,
    total: fee.feeAmount,
    taxAmount: tax.taxAmount,
    body: {
      kind: "FEE_INVOICE",
      issuer: COMET_PARTY,
      recipient: partyOf(fee.creator),
      intermediary: null,
      qualified: COMET_PARTY.registrationNumber !== null,
      currency: fee.currency,
      lines: [{ label: LINE_KEYS.fee, isKey: true, orderCode: fee.order.code, at: fee.paidAt, amount: fee.feeAmount }],
      total: fee.feeAmount,
      tax,
      order: orderOf(fee.order),
      period: null,
      totals: [],
      refersTo: null,
      replaces: null,
    },
  };
}

/** One transfer to the creator's account: what was sent, in the currency Stripe sent it in. */
export interface PayoutFacts {
  payoutId: string;
  transferAmount: number;
  transferCurrency: string;
  transferredAt: number;
  order: OrderFacts;
  creator: PartyFacts;
}

/** The creator's statement of one payout, in Comet's series. A statement, not an invoice: no tax line. */
export function payoutStatementDraft(payout: PayoutFacts): DocumentDraft {
  return {
    kind: "PAYOUT_STATEMENT",
    issuerKey: COMET_ISSUER_KEY,
    sourceKey: DOCUMENT_SOURCES.payout(payout.payoutId),
    recipientUserAccountId: payout.creator.userAccountId,
    orderId: payout.order.id,
    period: null,
    currency: payout.transferCurrency,
    total: payout.transferAmount,
    taxAmount: null,
    body: {
      kind: "PAYOUT_STATEMENT",
      issuer: COMET_PARTY,
      recipient: partyOf(payout.creator),
      intermediary: null,
      qualified: false,
      currency: payout.transferCurrency,
      lines: [
        {
          label: LINE_KEYS.payout,
          isKey: true,
          orderCode: payout.order.code,
          at: payout.transferredAt,
          amount: payout.transferAmount,
        },
      ],
      total: payout.transferAmount,
      tax: null,
      order: orderOf(payout.order),
      period: null,
      totals: [],
      refersTo: null,
      replaces: null,
    },
  };
}
