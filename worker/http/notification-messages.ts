import { m } from "../../app/paraglide/messages.js";
import type { Locale } from "../domain/constants";
import { notificationKind, notificationMessage, type NotificationFacts } from "../domain/notification-kinds";

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
  notification_approval_reminder_title: m.notification_approval_reminder_title,
  notification_approval_reminder_message: m.notification_approval_reminder_message,
  notification_payment_reminder_title: m.notification_payment_reminder_title,
  notification_payment_reminder_message: m.notification_payment_reminder_message,
  notification_delivery_reminder_title: m.notification_delivery_reminder_title,
  notification_delivery_reminder_message: m.notification_delivery_reminder_message,
  notification_invite_completed_title: m.notification_invite_completed_title,
  notification_invite_completed_message: m.notification_invite_completed_message,
  notification_chat_message_title: m.notification_chat_message_title,
  notification_chat_message_message: m.notification_chat_message_message,
};

/** Spec sections 3 and 8: a missing text reads 'Unknown', in the viewer's language. */
function lookup(key: string, params: { code: string; counterpart: string }, locale: Locale): string {
  return (NOTIFICATION_MESSAGES[key] ?? NOTIFICATION_MESSAGES.notification_unknown)(params, { locale });
}

export function notificationTexts(type: string, facts: NotificationFacts, locale: Locale): { title: string; message: string | null } {
  const message = notificationMessage(type, facts);
  return {
    title: lookup(notificationKind(type).titleKey, { code: "", counterpart: "" }, locale),
    message: message ? lookup(message.key, message.params, locale) : null,
  };
}
