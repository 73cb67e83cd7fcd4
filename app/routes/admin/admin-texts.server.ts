import { m } from "#app/paraglide/messages.js";
import type { AdminActionEntry } from "#worker/admin/services/admin-users";
import type { ReviewReportReason } from "#worker/orders/domain/reviews";
import type { ContentReportReason } from "#worker/admin/domain/content-reports";

const MINUTE_MS = 60_000;
const HOUR_MS = 60 * MINUTE_MS;
const DAY_MS = 24 * HOUR_MS;

/** How long a report has waited, in the largest whole unit: minutes, hours or days. */
export function ageText(ms: number): string {
  if (ms >= DAY_MS) return m.admin_age_days({ count: String(Math.floor(ms / DAY_MS)) });
  if (ms >= HOUR_MS) return m.admin_age_hours({ count: String(Math.floor(ms / HOUR_MS)) });
  return m.admin_age_minutes({ count: String(Math.floor(ms / MINUTE_MS)) });
}

const ACTIONS: Partial<Record<AdminActionEntry["action"], () => string>> = {
  "review.hide": m.admin_action_review_hide,
  "review.keep": m.admin_action_review_keep,
  "account.ban": m.admin_action_account_ban,
  "account.unban": m.admin_action_account_unban,
  "order.canceled": m.admin_action_order_canceled,
  "order.dispute_settled": m.admin_action_order_dispute_settled,
  "order.file_read": m.admin_action_order_file_read,
  "order.chargeback_evidence_submitted": m.admin_action_order_chargeback_evidence_submitted,
  "work.hide": m.reports_action_work_hide,
  "work.keep": m.reports_action_work_keep,
  "profile.hide": m.reports_action_profile_hide,
  "profile.keep": m.reports_action_profile_keep,
};
/** An action's words; one the console does not know yet reads as its stored name rather than failing the page. */
export const actionText = (action: AdminActionEntry["action"]) =>
  Object.hasOwn(ACTIONS, action) ? ACTIONS[action]!() : String(action);

const REASONS: Record<ReviewReportReason, () => string> = {
  abuse: m.admin_reason_abuse,
  personal_data: m.admin_reason_personal_data,
  off_topic: m.admin_reason_off_topic,
};
export const reasonText = (reason: ReviewReportReason) => REASONS[reason]();

/** A work's or a profile's report reason (decision 089), in the words the reporter chose it by. */
const CONTENT_REASONS: Record<ContentReportReason, () => string> = {
  abuse: m.reports_reason_abuse,
  personal_data: m.reports_reason_personal_data,
  stolen_art: m.reports_reason_stolen_art,
  explicit: m.reports_reason_explicit,
  impersonation: m.reports_reason_impersonation,
  spam: m.reports_reason_spam,
};
export const contentReasonText = (reason: ContentReportReason) => CONTENT_REASONS[reason]();
