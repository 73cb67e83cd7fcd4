/**
 * Reports of a portfolio work or a profile to the admins (issue 49, decision 089): what can be reported, and why.
 * A review's report keeps its own three reasons (decision 086); these fit what a page of pictures and a creator's
 * profile can do wrong.
 */

/** What a user may report besides a review: a portfolio work (its page) or a profile (`/{handle}`). */
export const CONTENT_REPORT_TARGETS = ["work", "profile"] as const;
export type ContentReportTarget = (typeof CONTENT_REPORT_TARGETS)[number];

/**
 * Why: abuse or harassment; someone's personal information; art stolen, traced or passed off as one's own; explicit
 * content without the adult setting; pretending to be someone else; spam or a scam.
 */
export const CONTENT_REPORT_REASONS = [
  "abuse",
  "personal_data",
  "stolen_art",
  "explicit",
  "impersonation",
  "spam",
] as const;
export type ContentReportReason = (typeof CONTENT_REPORT_REASONS)[number];

/** How an admin settled a target's reports: the target hidden, or kept as it is. */
export const CONTENT_REPORT_RESOLUTIONS = ["hidden", "kept"] as const;
