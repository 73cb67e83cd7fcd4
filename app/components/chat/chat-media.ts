// A chat message's attachments in the browser: a pasted link or embed code turned into what the send carries (an
// embeddable site's address becomes an embed), checked by the same schema the server parses sends with, and the
// short label each attachment shows while it is a draft or on its way.
import * as v from "valibot";
import { m } from "#app/paraglide/messages.js";
import type { ChatMediaSubmit, ChatMediaView } from "#worker/chat/domain/chat-protocol";
import {
  CHAT_EMBED_SITE_NAMES,
  chatEmbedEntry,
  chatMediaSchema,
  chatSendRefusal,
} from "#worker/chat/domain/chat-send-schema";
import { SITE_NAMES } from "#worker/media/domain/media-sites";
import type { PlayableMedia } from "#app/components/media/players/embed-urls";

export type PastedMedia = { ok: true; media: ChatMediaSubmit } | { ok: false; message: string };

/**
 * What a pasted text adds: an embed code (`<iframe …>`, `<blockquote …>`) or the address of a site with a player
 * (YouTube, SoundCloud…) is an EMBED, any other http(s) address a LINK. Refused as the server would refuse it.
 */
export function pastedMedia(text: string): PastedMedia {
  const value = text.trim();
  const media: ChatMediaSubmit =
    value.startsWith("<") || chatEmbedEntry(value)
      ? { formatType: "EMBED", embed: { code: value } }
      : { formatType: "LINK", link: { url: value } };
  const parsed = v.safeParse(chatMediaSchema, media);
  if (parsed.success) return { ok: true, media };
  return {
    ok: false,
    message:
      chatSendRefusal(parsed.issues) === "invalid_embed"
        ? m.chat_server_error_invalid_embed({ sites: CHAT_EMBED_SITE_NAMES })
        : m.chat_server_error_invalid_link(),
  };
}

function hostOf(url: string): string {
  try {
    return new URL(url).host;
  } catch {
    return url;
  }
}

/** An attachment not yet sent, as its chip and the pending message name it: the file's name, the link's host, the embed's site. */
export function draftMediaLabel(media: ChatMediaSubmit): string {
  if (media.formatType === "FILE") return media.name || m.chat_media_file();
  if (media.formatType === "LINK") return media.name || hostOf(media.link.url.trim());
  const site = chatEmbedEntry(media.embed.code)?.site;
  return media.name || (site && SITE_NAMES[site]) || m.chat_media_embed();
}

/** A sent attachment's name: the one given, else the file's, the link's host or the embed's site. */
export function sentMediaLabel(media: ChatMediaView): string {
  if (media.name) return media.name;
  if (media.formatType === "FILE") return m.chat_media_file();
  return (media.formatType === "EMBED" && media.site && SITE_NAMES[media.site]) || hostOf(media.url);
}

/** A sent attachment as the lightbox's players take it (the works' players). */
export const playableMedia = (media: ChatMediaView): PlayableMedia => ({
  id: media.id,
  formatType: media.formatType,
  mediaType: media.mediaType,
  site: media.site,
  url: media.url,
  code: media.code,
  thumbnailUrl: media.thumbnailUrl,
});
