import { m } from "#app/paraglide/messages.js";
import type { Locale } from "../domain/locales";
import {
  notificationKind,
  notificationMessage,
  type NotificationColour,
  type NotificationFacts,
  type NotificationIcon,
} from "../domain/notification-kinds";
import { pickText } from "../domain/localized-text";
import type { NoticeFacts, NoticeParty, StoredNotification } from "../domain/notices";

/**
 * The notification texts of messages/notifications, keyed by the keys worker/domain/notification-kinds.ts names.
 * Listed explicitly (not m[key]) so a bundle that imports this carries only these messages; the server renders
 * them in the viewer's language, so the browser never loads them.
 */
type Message = (inputs: { code: string; counterpart: string }, options: { locale: Locale }) => string;

const NOTIFICATION_MESSAGES: Record<string, Message> = {
  notification_unknown: m.notification_unknown,
  notification_service_submitted_title: m.notification_service_submitted_title,
  notification_service_submitted_message: m.notification_service_submitted_message,
  notification_form_submitted_title: m.notification_form_submitted_title,
  notification_form_submitted_message: m.notification_form_submitted_message,
  notification_order_approved_title: m.notification_order_approved_title,
  notification_order_approved_message: m.notification_order_approved_message,
  notification_order_paid_title: m.notification_order_paid_title,
  notification_order_paid_message: m.notification_order_paid_message,
  notification_order_delivered_title: m.notification_order_delivered_title,
  notification_order_delivered_message: m.notification_order_delivered_message,
  notification_order_completed_title: m.notification_order_completed_title,
  notification_order_completed_message: m.notification_order_completed_message,
  notification_order_canceled_title: m.notification_order_canceled_title,
  notification_order_canceled_message: m.notification_order_canceled_message,
  notification_order_payment_refunded_title: m.notification_order_payment_refunded_title,
  notification_order_payment_refunded_message: m.notification_order_payment_refunded_message,
  notification_stage_previewed_title: m.notification_stage_previewed_title,
  notification_stage_previewed_message: m.notification_stage_previewed_message,
  notification_stage_approved_title: m.notification_stage_approved_title,
  notification_stage_approved_message: m.notification_stage_approved_message,
  notification_stage_auto_approved_title: m.notification_stage_auto_approved_title,
  notification_stage_auto_approved_message: m.notification_stage_auto_approved_message,
  notification_stage_revision_requested_title: m.notification_stage_revision_requested_title,
  notification_stage_revision_requested_message: m.notification_stage_revision_requested_message,
  notification_stage_revision_granted_title: m.notification_stage_revision_granted_title,
  notification_stage_revision_granted_message: m.notification_stage_revision_granted_message,
  notification_order_reviewed_title: m.notification_order_reviewed_title,
  notification_order_reviewed_message: m.notification_order_reviewed_message,
  notification_dispute_opened_title: m.notification_dispute_opened_title,
  notification_dispute_opened_message: m.notification_dispute_opened_message,
  notification_dispute_answered_title: m.notification_dispute_answered_title,
  notification_dispute_answered_message: m.notification_dispute_answered_message,
  notification_dispute_settled_title: m.notification_dispute_settled_title,
  notification_dispute_settled_message: m.notification_dispute_settled_message,
  notification_extension_requested_title: m.notification_extension_requested_title,
  notification_extension_requested_message: m.notification_extension_requested_message,
  notification_extension_accepted_title: m.notification_extension_accepted_title,
  notification_extension_accepted_message: m.notification_extension_accepted_message,
  notification_extension_declined_title: m.notification_extension_declined_title,
  notification_extension_declined_message: m.notification_extension_declined_message,
  notification_extension_lapsed_title: m.notification_extension_lapsed_title,
  notification_extension_lapsed_message: m.notification_extension_lapsed_message,
  notification_delivery_extended_title: m.notification_delivery_extended_title,
  notification_delivery_extended_message: m.notification_delivery_extended_message,
  notification_licence_requested_title: m.notification_licence_requested_title,
  notification_licence_requested_message: m.notification_licence_requested_message,
  notification_licence_accepted_title: m.notification_licence_accepted_title,
  notification_licence_accepted_message: m.notification_licence_accepted_message,
  notification_licence_declined_title: m.notification_licence_declined_title,
  notification_licence_declined_message: m.notification_licence_declined_message,
  notification_payment_due_title: m.notification_payment_due_title,
  notification_payment_due_message: m.notification_payment_due_message,
  notification_stage_paid_title: m.notification_stage_paid_title,
  notification_stage_paid_message: m.notification_stage_paid_message,
  notification_stage_payment_due_title: m.notification_stage_payment_due_title,
  notification_stage_payment_due_message: m.notification_stage_payment_due_message,
  notification_approval_reminder_title: m.notification_approval_reminder_title,
  notification_approval_reminder_message: m.notification_approval_reminder_message,
  notification_payment_reminder_title: m.notification_payment_reminder_title,
  notification_payment_reminder_message: m.notification_payment_reminder_message,
  notification_delivery_reminder_title: m.notification_delivery_reminder_title,
  notification_delivery_reminder_message: m.notification_delivery_reminder_message,
  notification_stage_review_reminder_title: m.notification_stage_review_reminder_title,
  notification_stage_review_reminder_message: m.notification_stage_review_reminder_message,
  notification_invite_completed_title: m.notification_invite_completed_title,
  notification_invite_completed_message: m.notification_invite_completed_message,
  notification_waitlist_reserved_title: m.notification_waitlist_reserved_title,
  notification_waitlist_reserved_message: m.notification_waitlist_reserved_message,
  notification_waitlist_expired_title: m.notification_waitlist_expired_title,
  notification_waitlist_expired_message: m.notification_waitlist_expired_message,
  notification_waitlist_removed_title: m.notification_waitlist_removed_title,
  notification_waitlist_removed_message: m.notification_waitlist_removed_message,
  notification_chargeback_opened_title: m.notification_chargeback_opened_title,
  notification_chargeback_opened_message: m.notification_chargeback_opened_message,
  notification_chargeback_closed_title: m.notification_chargeback_closed_title,
  notification_chargeback_closed_message: m.notification_chargeback_closed_message,
  notification_data_export_ready_title: m.notification_data_export_ready_title,
  notification_data_export_ready_message: m.notification_data_export_ready_message,
  notification_chat_message_title: m.notification_chat_message_title,
  notification_chat_message_message: m.notification_chat_message_message,
  notification_followed_opened_title: m.notification_followed_opened_title,
  notification_followed_opened_message: m.notification_followed_opened_message,
  notification_followed_slot_freed_title: m.notification_followed_slot_freed_title,
  notification_followed_slot_freed_message: m.notification_followed_slot_freed_message,
  notification_followed_new_service_title: m.notification_followed_new_service_title,
  notification_followed_new_service_message: m.notification_followed_new_service_message,
};

/** Spec sections 3 and 8: a missing text reads 'Unknown', in the viewer's language. */
function lookup(key: string, params: { code: string; counterpart: string }, locale: Locale): string {
  return (NOTIFICATION_MESSAGES[key] ?? NOTIFICATION_MESSAGES.notification_unknown)(params, { locale });
}

export function notificationTexts(
  type: string,
  facts: NotificationFacts,
  locale: Locale,
): { title: string; message: string | null } {
  const message = notificationMessage(type, facts);
  return {
    title: lookup(notificationKind(type).titleKey, { code: "", counterpart: "" }, locale),
    message: message ? lookup(message.key, message.params, locale) : null,
  };
}

/**
 * A person as the lists name them (issue 33): their profile name in the reader's language, else the original, else
 * any, else their handle. The messages use it, never "@handle".
 */
function displayName(party: NoticeParty, locale: Locale): string {
  return pickText(party.names, locale) || party.handle;
}

/** The facts a message names, in the reader's language. */
export function messageFacts(facts: NoticeFacts, locale: Locale): NotificationFacts {
  return {
    orderCode: facts.orderCode,
    counterpartName: facts.counterpart ? displayName(facts.counterpart, locale) : null,
  };
}

/** Who sent a notice, as the row shows them: their name and avatar, linking to /{handle}. Public profile fields only. */
interface NotificationSenderView {
  name: string;
  handle: string;
  avatarUrl: string | null;
}

/** What the UI draws: texts in the viewer's language, the kind's icon and colour, the sender (null: the app's mark), ISO times. */
export interface NotificationView {
  id: string;
  icon: NotificationIcon;
  colour: NotificationColour;
  title: string;
  message: string | null;
  sender: NotificationSenderView | null;
  href: string | null;
  createdAt: string;
  read: boolean;
}

export function notificationViews(items: StoredNotification[], locale: Locale): NotificationView[] {
  return items.map((item) => {
    const { icon, colour } = notificationKind(item.type);
    const sender = item.fromSender && item.counterpart ? item.counterpart : null;
    return {
      id: item.id,
      icon,
      colour,
      ...notificationTexts(item.type, messageFacts(item, locale), locale),
      sender: sender && { name: displayName(sender, locale), handle: sender.handle, avatarUrl: sender.avatarUrl },
      // An invitation's notice leads to the invitee's profile as it is now (decision 053), even after a rename.
      href: item.type === "INVITE_ORDER_COMPLETED" && item.counterpart ? `/${item.counterpart.handle}` : item.href,
      createdAt: new Date(item.createdAt).toISOString(),
      read: item.readAt !== null,
    };
  });
}

/** The e-mail choices' labels (decision 023), explicit for the same reason as the texts above. */
const EMAIL_LABELS: Record<string, (inputs: Record<string, never>, options: { locale: Locale }) => string> = {
  notifications_email_type_service_submitted: m.notifications_email_type_service_submitted,
  notifications_email_type_form_submitted: m.notifications_email_type_form_submitted,
  notifications_email_type_order_approved: m.notifications_email_type_order_approved,
  notifications_email_type_order_paid: m.notifications_email_type_order_paid,
  notifications_email_type_order_delivered: m.notifications_email_type_order_delivered,
  notifications_email_type_order_completed: m.notifications_email_type_order_completed,
  notifications_email_type_order_canceled: m.notifications_email_type_order_canceled,
  notifications_email_type_order_payment_refunded: m.notifications_email_type_order_payment_refunded,
  notifications_email_type_stage_previewed: m.notifications_email_type_stage_previewed,
  notifications_email_type_stage_approved: m.notifications_email_type_stage_approved,
  notifications_email_type_stage_auto_approved: m.notifications_email_type_stage_auto_approved,
  notifications_email_type_stage_revision_requested: m.notifications_email_type_stage_revision_requested,
  notifications_email_type_stage_revision_granted: m.notifications_email_type_stage_revision_granted,
  notifications_email_type_order_reviewed: m.notifications_email_type_order_reviewed,
  notifications_email_type_dispute_opened: m.notifications_email_type_dispute_opened,
  notifications_email_type_dispute_answered: m.notifications_email_type_dispute_answered,
  notifications_email_type_dispute_settled: m.notifications_email_type_dispute_settled,
  notifications_email_type_extension_requested: m.notifications_email_type_extension_requested,
  notifications_email_type_extension_accepted: m.notifications_email_type_extension_accepted,
  notifications_email_type_extension_declined: m.notifications_email_type_extension_declined,
  notifications_email_type_extension_lapsed: m.notifications_email_type_extension_lapsed,
  notifications_email_type_delivery_extended: m.notifications_email_type_delivery_extended,
  notifications_email_type_licence_requested: m.notifications_email_type_licence_requested,
  notifications_email_type_licence_accepted: m.notifications_email_type_licence_accepted,
  notifications_email_type_licence_declined: m.notifications_email_type_licence_declined,
  notifications_email_type_payment_due: m.notifications_email_type_payment_due,
  notifications_email_type_stage_paid: m.notifications_email_type_stage_paid,
  notifications_email_type_stage_payment_due: m.notifications_email_type_stage_payment_due,
  notifications_email_type_approval_reminder: m.notifications_email_type_approval_reminder,
  notifications_email_type_payment_reminder: m.notifications_email_type_payment_reminder,
  notifications_email_type_delivery_reminder: m.notifications_email_type_delivery_reminder,
  notifications_email_type_stage_review_reminder: m.notifications_email_type_stage_review_reminder,
  notifications_email_type_invite_completed: m.notifications_email_type_invite_completed,
  notifications_email_type_waitlist_reserved: m.notifications_email_type_waitlist_reserved,
  notifications_email_type_waitlist_expired: m.notifications_email_type_waitlist_expired,
  notifications_email_type_waitlist_removed: m.notifications_email_type_waitlist_removed,
  notifications_email_type_chargeback_opened: m.notifications_email_type_chargeback_opened,
  notifications_email_type_chargeback_closed: m.notifications_email_type_chargeback_closed,
  notifications_email_type_data_export_ready: m.notifications_email_type_data_export_ready,
  notifications_email_type_chat_message: m.notifications_email_type_chat_message,
  notifications_email_type_followed_opened: m.notifications_email_type_followed_opened,
  notifications_email_type_followed_slot_freed: m.notifications_email_type_followed_slot_freed,
  notifications_email_type_followed_new_service: m.notifications_email_type_followed_new_service,
};

export function notificationEmailLabel(type: string, locale: Locale): string {
  return (EMAIL_LABELS[notificationKind(type).emailLabelKey] ?? m.notification_unknown)({}, { locale });
}

const NOTIFICATION_SETTINGS_PATH = "/dashboard/setting/profile/notification";

/**
 * A notice as an e-mail in the recipient's language: the title as the subject; the message, an absolute link to the
 * notice's target (the notifications page when it has none) and where to choose which types are e-mailed.
 */
export function notificationEmail(
  type: string,
  facts: NotificationFacts,
  href: string | null,
  origin: string,
  locale: Locale,
): { subject: string; text: string } {
  const { title, message } = notificationTexts(type, facts, locale);
  const link = new URL(href ?? NOTIFICATION_SETTINGS_PATH, origin).toString();
  const settings = new URL(NOTIFICATION_SETTINGS_PATH, origin).toString();
  const text = [
    message ?? title,
    m.notifications_email_link({ url: link }, { locale }),
    m.notifications_email_footer({ url: settings }, { locale }),
  ].join("\n\n");
  return { subject: title, text };
}
