import { m } from "#app/paraglide/messages.js";
import type { ChatRefusal } from "../chat/domain/chat-protocol";
import { CHAT_EMBED_SITE_NAMES } from "../chat/domain/chat-send-schema";
import { isLocale, type Locale } from "../domain/locales";

/**
 * A refused chat action (worker/chat/domain/chat.ts's keys) in the user's language: the API's answers and the ChatRoom
 * object's `refused` frames. Listed explicitly (not m[key]) so a bundle carries only these messages.
 */
const CHAT_MESSAGES: Record<ChatRefusal, (inputs: { sites: string }, options: { locale: Locale }) => string> = {
  not_found: m.chat_server_error_not_found,
  room_closed: m.chat_server_error_room_closed,
  room_not_opened: m.chat_server_error_room_not_opened,
  no_reply: m.chat_server_error_no_reply,
  moderate_reply_used: m.chat_server_error_moderate_reply_used,
  empty_message: m.chat_server_error_empty_message,
  invalid_characters: m.chat_server_error_invalid_characters,
  too_many_characters: m.chat_server_error_too_many_characters,
  too_many_medias: m.chat_server_error_too_many_medias,
  invalid_media: m.chat_server_error_invalid_media,
  invalid_link: m.chat_server_error_invalid_link,
  invalid_embed: m.chat_server_error_invalid_embed,
  not_editable: m.chat_server_error_not_editable,
  invalid_settings: m.chat_server_error_invalid_settings,
  rate_limited: m.chat_server_error_rate_limited,
};

export function chatRefusalMessage(refusal: ChatRefusal, locale: string): string {
  return CHAT_MESSAGES[refusal]({ sites: CHAT_EMBED_SITE_NAMES }, { locale: isLocale(locale) ? locale : "en" });
}
