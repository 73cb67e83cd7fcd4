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
