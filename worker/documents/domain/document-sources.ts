/**
 * What each document is about, as its unique `sourceKey` (decision 102): issuing the same source again finds the first
 * document, so the sweep and a retry never issue twice. One place spells them, for the builders and the sweep's
 * queries (which look for sources without a document).
 */
export const DOCUMENT_SOURCES = {
  /** The client's receipt for one succeeded charge. */
  receipt: (transactionId: string) => `receipt:${transactionId}`,
  /** Comet's fee invoice to the creator for the same charge. */
  fee: (transactionId: string) => `fee:${transactionId}`,
  /** The refund note for what was given back of a charge (a charge is refunded once: in full, or a part of it). */
  refund: (transactionId: string) => `refund:${transactionId}`,
  payout: (payoutId: string) => `payout:${payoutId}`,
  month: (userAccountId: string, month: string) => `month:${userAccountId}:${month}`,
  year: (userAccountId: string, year: string) => `year:${userAccountId}:${year}`,
  /** A correction of a document: one per document (a correction is corrected by correcting it in turn). */
  correction: (documentId: string) => `correct:${documentId}`,
} as const;
