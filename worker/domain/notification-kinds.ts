/**
 * What each notification type looks like (spec section 3: every type has an icon and a colour) and which message
 * keys say it. Rows store only the type and the facts (order, counterpart); the texts are looked up at the edge in
 * the viewer's language (worker/messages/notifications.ts), so a language change re-reads every notice and the
 * rows never hold stale copies. A type without texts reads 'Unknown' (spec section 8).
 */
import { NOTIFICATION_TYPES, type NotificationType } from "../db/schema/enums";

/** Icon names the UI draws (app/components/notifications/notification-icons.tsx). */
export type NotificationIcon =
  | "inbox"
  | "check"
  | "card"
  | "package"
  | "flag"
  | "cancel"
  | "clock"
  | "invite"
  | "chat"
  | "star";
/** Colour names the UI maps to light and dark classes. */
export type NotificationColour = "sky" | "emerald" | "violet" | "teal" | "red" | "amber" | "pink";

export type NotificationEmailGroup = "requests" | "orders" | "reminders" | "follows" | "other";

export interface NotificationKind {
  icon: NotificationIcon;
  colour: NotificationColour;
  /** Message keys under messages/notifications. */
  titleKey: string;
  messageKey: string;
  /** The type's label among the e-mail choices of /dashboard/setting/profile/notification. */
  emailLabelKey: string;
  /** Where the settings page lists it among the e-mail choices. */
  emailGroup: NotificationEmailGroup;
}

const kind = (
  icon: NotificationIcon,
  colour: NotificationColour,
  name: string,
  emailGroup: NotificationEmailGroup,
): NotificationKind => ({
  icon,
  colour,
  titleKey: `notification_${name}_title`,
  messageKey: `notification_${name}_message`,
  emailLabelKey: `notifications_email_type_${name}`,
  emailGroup,
});

export const NOTIFICATION_KINDS: Record<NotificationType, NotificationKind> = {
  COMMISSION_SERVICE_SUBMITTED: kind("inbox", "sky", "service_submitted", "requests"),
  COMMISSION_FORM_SUBMITTED: kind("inbox", "sky", "form_submitted", "requests"),
  COMMISSION_ORDER_APPROVED: kind("check", "emerald", "order_approved", "orders"),
  COMMISSION_ORDER_PAID: kind("card", "violet", "order_paid", "orders"),
  COMMISSION_ORDER_DELIVERED: kind("package", "teal", "order_delivered", "orders"),
  COMMISSION_ORDER_COMPLETED: kind("flag", "emerald", "order_completed", "orders"),
  COMMISSION_ORDER_CANCELED: kind("cancel", "red", "order_canceled", "orders"),
  COMMISSION_ORDER_PAYMENT_REFUNDED: kind("card", "amber", "order_payment_refunded", "orders"),
  // Milestones (decision 073).
  COMMISSION_ORDER_STAGE_PREVIEWED: kind("package", "sky", "stage_previewed", "orders"),
  COMMISSION_ORDER_STAGE_APPROVED: kind("check", "emerald", "stage_approved", "orders"),
  COMMISSION_ORDER_STAGE_AUTO_APPROVED: kind("clock", "emerald", "stage_auto_approved", "orders"),
  COMMISSION_ORDER_STAGE_REVISION_REQUESTED: kind("flag", "amber", "stage_revision_requested", "orders"),
  COMMISSION_ORDER_STAGE_REVISION_GRANTED: kind("check", "teal", "stage_revision_granted", "orders"),
  REVIEW_RECEIVED: kind("star", "amber", "order_reviewed", "orders"),
  COMMISSION_ORDER_DISPUTE_OPENED: kind("flag", "red", "dispute_opened", "orders"),
  COMMISSION_ORDER_DISPUTE_ANSWERED: kind("flag", "amber", "dispute_answered", "orders"),
  COMMISSION_ORDER_DISPUTE_SETTLED: kind("check", "violet", "dispute_settled", "orders"),
  COMMISSION_ORDER_EXTENSION_REQUESTED: kind("clock", "sky", "extension_requested", "orders"),
  COMMISSION_ORDER_EXTENSION_ACCEPTED: kind("check", "emerald", "extension_accepted", "orders"),
  COMMISSION_ORDER_EXTENSION_DECLINED: kind("clock", "amber", "extension_declined", "orders"),
  COMMISSION_ORDER_EXTENSION_LAPSED: kind("clock", "amber", "extension_lapsed", "orders"),
  COMMISSION_ORDER_DELIVERY_EXTENDED: kind("clock", "emerald", "delivery_extended", "orders"),
  COMMISSION_ORDER_LICENCE_REQUESTED: kind("flag", "sky", "licence_requested", "orders"),
  COMMISSION_ORDER_LICENCE_ACCEPTED: kind("check", "emerald", "licence_accepted", "orders"),
  COMMISSION_ORDER_LICENCE_DECLINED: kind("cancel", "amber", "licence_declined", "orders"),
  COMMISSION_ORDER_PAYMENT_DUE: kind("clock", "amber", "payment_due", "orders"),
  // Paying stage by stage (decision 101).
  COMMISSION_ORDER_STAGE_PAID: kind("card", "emerald", "stage_paid", "orders"),
  COMMISSION_ORDER_STAGE_PAYMENT_DUE: kind("clock", "amber", "stage_payment_due", "orders"),
  COMMISSION_ORDER_APPROVAL_REMINDER: kind("clock", "amber", "approval_reminder", "reminders"),
  COMMISSION_ORDER_DELIVERY_REMINDER: kind("clock", "amber", "delivery_reminder", "reminders"),
  COMMISSION_ORDER_PAYMENT_REMINDER: kind("clock", "amber", "payment_reminder", "reminders"),
  COMMISSION_ORDER_STAGE_REVIEW_REMINDER: kind("clock", "amber", "stage_review_reminder", "reminders"),
  INVITE_ORDER_COMPLETED: kind("invite", "pink", "invite_completed", "other"),
  WAITLIST_SLOT_RESERVED: kind("inbox", "emerald", "waitlist_reserved", "requests"),
  WAITLIST_RESERVATION_EXPIRED: kind("clock", "amber", "waitlist_expired", "requests"),
  WAITLIST_REMOVED: kind("cancel", "red", "waitlist_removed", "requests"),
  CHAT_ROOM_MESSAGE_RECEIVED: kind("chat", "sky", "chat_message", "other"),
  // Chargebacks (decision 103) and a data download (decision 104).
  COMMISSION_ORDER_CHARGEBACK_OPENED: kind("flag", "red", "chargeback_opened", "orders"),
  COMMISSION_ORDER_CHARGEBACK_CLOSED: kind("card", "violet", "chargeback_closed", "orders"),
  DATA_EXPORT_READY: kind("package", "teal", "data_export_ready", "other"),
  // Follows (decision 107).
  FOLLOWED_CREATOR_OPENED: kind("star", "emerald", "followed_opened", "follows"),
  FOLLOWED_CREATOR_SLOT_FREED: kind("inbox", "emerald", "followed_slot_freed", "follows"),
  FOLLOWED_CREATOR_NEW_SERVICE: kind("star", "sky", "followed_new_service", "follows"),
};

/** A type a row may hold that this build does not know (an older or newer writer) still shows, as 'Unknown'. */
export const UNKNOWN_NOTIFICATION_KIND: NotificationKind = {
  icon: "inbox",
  colour: "sky",
  titleKey: "notification_unknown",
  messageKey: "notification_unknown",
  emailLabelKey: "notification_unknown",
  emailGroup: "other",
};

/**
 * The e-mail choices as the settings page groups them: every type once, in the order of the one list of types
 * (NOTIFICATION_TYPES, the order a request lives through them), each under its kind's group.
 */
const EMAIL_GROUPS: readonly NotificationEmailGroup[] = ["requests", "orders", "reminders", "follows", "other"];
export const NOTIFICATION_EMAIL_GROUPS: readonly {
  group: NotificationEmailGroup;
  types: readonly NotificationType[];
}[] = EMAIL_GROUPS.map((group) => ({
  group,
  types: NOTIFICATION_TYPES.filter((type) => NOTIFICATION_KINDS[type].emailGroup === group),
}));

export function notificationKind(type: string): NotificationKind {
  return (NOTIFICATION_TYPES as readonly string[]).includes(type)
    ? NOTIFICATION_KINDS[type as NotificationType]
    : UNKNOWN_NOTIFICATION_KIND;
}

/** The facts a message names. Either may be unknown (an account deleted since, a notice about no order). */
export interface NotificationFacts {
  orderCode: string | null;
  /**
   * The other party's display name (their profile name in the reader's language, else their handle, as the lists
   * name people; issue 33): the sender when the row names one, else the buyer for the seller's notices and the
   * seller for the buyer's.
   */
  counterpartName: string | null;
}

/**
 * The message's key and its parameters. Every message names the order code and the counterpart; a notice missing
 * either has no message (the title alone still says what happened) rather than a sentence with a hole in it.
 */
/** Notices about a person rather than an order: their message names no order code. */
export const NOTICES_OF_NO_ORDER: ReadonlySet<string> = new Set<NotificationType>([
  "INVITE_ORDER_COMPLETED",
  "WAITLIST_SLOT_RESERVED",
  "WAITLIST_RESERVATION_EXPIRED",
  "WAITLIST_REMOVED",
  "DATA_EXPORT_READY",
  "FOLLOWED_CREATOR_OPENED",
  "FOLLOWED_CREATOR_SLOT_FREED",
  "FOLLOWED_CREATOR_NEW_SERVICE",
]);

/** Notices about the reader alone: their message names nobody else. */
export const NOTICES_OF_NO_PARTY: ReadonlySet<string> = new Set<NotificationType>(["DATA_EXPORT_READY"]);

export function notificationMessage(
  type: string,
  facts: NotificationFacts,
): { key: string; params: { code: string; counterpart: string } } | null {
  const kind = notificationKind(type);
  if (kind === UNKNOWN_NOTIFICATION_KIND) return null;
  const needsCode = !NOTICES_OF_NO_ORDER.has(type);
  const needsParty = !NOTICES_OF_NO_PARTY.has(type);
  if ((needsParty && !facts.counterpartName) || (needsCode && !facts.orderCode)) return null;
  return { key: kind.messageKey, params: { code: facts.orderCode ?? "", counterpart: facts.counterpartName ?? "" } };
}
