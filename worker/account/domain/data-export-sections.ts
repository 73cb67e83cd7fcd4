/**
 * The sections of a user's data download (decision 104), shaped from the rows their service reads: pure functions, so
 * what the file says about each thing is decided here, apart from how it is read and written. Another person appears
 * only as much as an order shared with them shows (their handle, their side, what they wrote in the order and its
 * chat), never by their account (no e-mail, no card, no payout of theirs).
 */

/** The format's name and version, first in the file, so a reader knows what it holds. */
export const EXPORT_FORMAT = "comet-data-export/1";

/** What each section is: the file's `readme`, in the order the sections follow. */
export const EXPORT_README: Readonly<Record<string, string>> = {
  format: "The name and version of this file's layout.",
  exportedAt: "When this file was made (ISO 8601, UTC). Every time in this file is UTC.",
  account:
    "Your account: sign-in e-mail, languages, display currency, birthday, when you confirmed your age to see adult content, roles and when you joined.",
  profile: "Your public profile: handle, names and bio in each language, avatar and cover.",
  works: "Your portfolio works, with their titles, descriptions and media.",
  forms: "Your request forms, with their questions and choices.",
  services: "Your services.",
  ordersAsClient:
    "Orders you requested: code, states, dates, amounts (integer minor units of the currency), the answers sent, the licence, payments and refunds, and the order's chat (each message with its time and who sent it).",
  ordersAsCreator:
    "Orders you took as a creator: the same as ordersAsClient, with the payouts to you. The other party appears by handle only.",
  reviewsWritten: "Reviews you wrote about the other party of an order.",
  reviewsReceived: "Reviews written about you, with the author's handle.",
  notifications: "The notices Comet showed you.",
  bookmarks: "Forms and services you saved.",
  follows: "Creators you follow, by handle (never who follows you: Comet shows a creator only how many).",
  savedCards: "Cards you saved for payments: brand, last four digits and expiry only (Comet never holds the number).",
  documents: "Receipts, refund notes, statements and invoices issued to you or in your name: their ids and numbers.",
  files:
    "Every file you uploaded: name, size, kind, and a link to download it, valid until this download expires (signed in as you).",
};

export type TextEntry = { language: string; text: string; original: boolean };
/** An entity's texts by field (title, description…), each in every language Comet holds it in. */
export type Texts = Record<string, TextEntry[]>;

export interface TextRow {
  entityId: string;
  field: string;
  languageCode: string;
  isOriginal: boolean;
  text: string;
}

/** The texts of each entity, by its id. */
export function textsByEntity(rows: readonly TextRow[]): Map<string, Texts> {
  const out = new Map<string, Texts>();
  for (const row of rows) {
    const texts = out.get(row.entityId) ?? {};
    (texts[row.field] ??= []).push({ language: row.languageCode, text: row.text, original: row.isOriginal });
    out.set(row.entityId, texts);
  }
  return out;
}

/** A stored time as the file writes it; null stays null. */
const isoTime = (ms: number | Date | null | undefined): string | null =>
  ms === null || ms === undefined ? null : new Date(ms).toISOString();

/** A JSON column as data (the order's lines, licence, stages); a broken value is kept as its text rather than lost. */
function jsonColumn(value: string | null): unknown {
  if (value === null) return null;
  try {
    return JSON.parse(value);
  } catch {
    return value;
  }
}

export type OrderSide = "client" | "creator";

export interface OrderRow {
  id: string;
  code: string;
  submitStatus: string;
  progressStatus: string;
  paymentStatus: string;
  chatStatus: string;
  priceAmount: number | null;
  currency: string;
  submittedAt: number;
  approvedAt: number | null;
  paidAt: number | null;
  deliveredAt: number | null;
  completedAt: number | null;
  canceledAt: number | null;
  deliveryDeadline: number | null;
  priceLines: string | null;
  licence: string | null;
  stages: string;
  deposit: string | null;
  /** The other party's public handle (null: they have no profile any more). */
  otherHandle: string | null;
  sellerUserAccountId: string;
  buyerUserAccountId: string;
}

export interface AnswerRow {
  orderId: string;
  questionId: string;
  questionType: string;
  questionTexts: Texts;
  answerTexts: Texts;
  answerDate: string | null;
  chosen: { texts: Texts; count: number }[];
}

export interface PaymentRow {
  orderId: string;
  amount: number;
  currency: string;
  status: string;
  paidAt: number | null;
  refundedAmount: number;
  createdAt: number;
}

export interface PayoutRow {
  orderId: string;
  stageIndex: number | null;
  amount: number;
  currency: string;
  transferAmount: number | null;
  transferCurrency: string | null;
  status: string;
  transferredAt: number | null;
  createdAt: number;
}

/** One order without its chat (written after it, message by message): as the user's side of it sees it. */
export function orderEntry(
  order: OrderRow,
  side: OrderSide,
  parts: { answers: AnswerRow[]; payments: PaymentRow[]; payouts: PayoutRow[] },
) {
  return {
    code: order.code,
    yourSide: side,
    otherParty: { side: side === "client" ? "creator" : "client", handle: order.otherHandle },
    states: {
      request: order.submitStatus,
      progress: order.progressStatus,
      payment: order.paymentStatus,
      chat: order.chatStatus,
    },
    dates: {
      submittedAt: isoTime(order.submittedAt),
      approvedAt: isoTime(order.approvedAt),
      paidAt: isoTime(order.paidAt),
      deliveryDeadline: isoTime(order.deliveryDeadline),
      deliveredAt: isoTime(order.deliveredAt),
      completedAt: isoTime(order.completedAt),
      canceledAt: isoTime(order.canceledAt),
    },
    amount: { total: order.priceAmount, currency: order.currency },
    priceLines: jsonColumn(order.priceLines),
    licence: jsonColumn(order.licence),
    stages: jsonColumn(order.stages),
    deposit: jsonColumn(order.deposit),
    answers: parts.answers.map((answer) => ({
      question: answer.questionTexts,
      type: answer.questionType,
      answer: answer.answerTexts.text ?? [],
      date: answer.answerDate,
      chosen: answer.chosen.map((choice) => ({ choice: choice.texts.title ?? [], count: choice.count })),
    })),
    payments: parts.payments.map((payment) => ({
      amount: payment.amount,
      currency: payment.currency,
      status: payment.status,
      paidAt: isoTime(payment.paidAt),
      refunded: payment.refundedAmount,
      createdAt: isoTime(payment.createdAt),
    })),
    refunds: parts.payments
      .filter((payment) => payment.refundedAmount > 0)
      .map((payment) => ({ amount: payment.refundedAmount, currency: payment.currency })),
    // A creator's payouts are theirs alone: a client's copy of the same order has none.
    ...(side === "creator"
      ? {
          payouts: parts.payouts.map((payout) => ({
            stage: payout.stageIndex,
            amount: payout.amount,
            currency: payout.currency,
            transferred:
              payout.transferAmount === null
                ? null
                : { amount: payout.transferAmount, currency: payout.transferCurrency },
            status: payout.status,
            transferredAt: isoTime(payout.transferredAt),
            createdAt: isoTime(payout.createdAt),
          })),
        }
      : {}),
  };
}

export interface ChatMessageRow {
  senderUserAccountId: string;
  seq: number | null;
  createdAt: number;
  texts: Texts;
}

/** One chat message as the file holds it: when, which side sent it (and whether it was you), and its text. */
export function chatMessageEntry(message: ChatMessageRow, order: OrderRow, userAccountId: string) {
  const side: OrderSide | "comet" =
    message.senderUserAccountId === order.buyerUserAccountId
      ? "client"
      : message.senderUserAccountId === order.sellerUserAccountId
        ? "creator"
        : "comet";
  return {
    at: isoTime(message.createdAt),
    seq: message.seq,
    from: side,
    byYou: message.senderUserAccountId === userAccountId,
    text: message.texts.text ?? [],
  };
}

export interface ReviewRow {
  orderCode: string;
  authorSide: string;
  rating: number;
  body: string;
  reply: string | null;
  repliedAt: number | null;
  visibleAt: number;
  hiddenAt: number | null;
  createdAt: number;
  /** The other party's handle (the subject of a review written, the author of one received). */
  otherHandle: string | null;
}

export function reviewEntry(review: ReviewRow, direction: "written" | "received") {
  return {
    orderCode: review.orderCode,
    [direction === "written" ? "about" : "by"]: review.otherHandle,
    authorSide: review.authorSide,
    rating: review.rating,
    body: review.body,
    reply: review.reply,
    repliedAt: isoTime(review.repliedAt),
    createdAt: isoTime(review.createdAt),
    shownFrom: isoTime(review.visibleAt),
    hiddenAt: isoTime(review.hiddenAt),
  };
}

export interface FileRow {
  id: string;
  name: string | null;
  size: number | null;
  mediaType: string;
  contentType: string | null;
  /** As the media row stores it: `/media/{key}`. */
  storedUrl: string;
  createdAt: number;
}

/** A file with its download link (signed by the service, or its public URL). */
export function fileEntry(file: FileRow, url: string) {
  return {
    name: file.name,
    size: file.size,
    kind: file.mediaType,
    contentType: file.contentType,
    uploadedAt: isoTime(file.createdAt),
    url,
  };
}
