/** The admin console's rules (issue 49, decision 087). */

/** A ban's or an unban's reason, and a report decision's optional note: 1 to 500 characters once trimmed. */
export const ADMIN_REASON_MAX = 500;

/** The reason as stored (trimmed), or null when it is empty or longer than ADMIN_REASON_MAX code points. */
export function adminReasonOf(text: string): string | null {
  const reason = text.trim();
  const length = Array.from(reason).length;
  return length >= 1 && length <= ADMIN_REASON_MAX ? reason : null;
}

/** The two decisions on a reported review. */
export const REPORT_DECISIONS = ["hide", "keep"] as const;

/** The longest user search taken (an e-mail address's length). */
export const USER_SEARCH_MAX = 254;

/**
 * The files of a disputed order an admin may open through the console's door (decision 088), by what they are: a
 * delivered file, a file the client sent with the request, a stage preview's original, a statement's evidence, a
 * file sent in the chat. Each kind is looked up within its order, never by a key the caller names.
 */
export const DISPUTE_FILE_KINDS = ["deliverable", "request", "preview", "evidence", "chat"] as const;
export type DisputeFileKind = (typeof DISPUTE_FILE_KINDS)[number];
export const isDisputeFileKind = (value: unknown): value is DisputeFileKind =>
  typeof value === "string" && (DISPUTE_FILE_KINDS as readonly string[]).includes(value);

/**
 * Whether a request opens the file (the audit log's read): one without a Range, or one from the first byte, as a
 * player's first request is. A player's later ranges of the same file (seeking a video) are the same read.
 */
export function opensFile(range: string | null): boolean {
  return range === null || /^bytes=0-/i.test(range.trim());
}

/** The settlements that move money (decision 088): every outcome but a reopen, which the console confirms first. */
export const movesMoney = (outcome: string): boolean =>
  outcome === "refund" || outcome === "release" || outcome === "split";
