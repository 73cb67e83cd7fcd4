/**
 * What a chat send may hold (spec section 7's chat submit: messageText and messageMedias[] with name, formatType,
 * file, link, embed, userIndex), as one valibot schema for both doors: the HTTP submit (worker/api/chat.ts) and the
 * WebSocket send frame (durable-objects/chat-room.ts). Links and embeds are rebuilt here with the works' own parser
 * (`buildMediaEntry`); a stored file's checks need the bucket and stay with the ChatRoom object. Decision 058.
 *
 * A refused media answers a ChatRefusal key as the issue's message (`chatSendRefusal`), worded at the edge.
 */
import * as v from "valibot";
import { PLAYER_ORIGINS, type PlayerSite } from "../../media/domain/embed-players";
import { fileNameOf } from "../../media/domain/file-names";
import { buildMediaEntry, type MediaEntry } from "../../media/domain/media-entries";
import { MEDIA_URL_MAX } from "../../media/domain/media-limits";
import { SITE_NAMES, type MediaSite } from "../../media/domain/media-sites";
import { CHAT_MEDIA_LIMIT_MAX } from "./chat";
import type { ChatRefusal } from "./chat-protocol";

/** The longest embed code kept (the works' limit, media-drafts.ts). */
const EMBED_CODE_MAX = 5000;
const NAME_MAX = 255;

/** The sites a chat embed may come from: those the works show a player for (the CSP's frame-src list). */
export const CHAT_EMBED_SITES = Object.keys(PLAYER_ORIGINS) as PlayerSite[];
/** Their names, for the composer's hint and the `invalid_embed` refusal. */
export const CHAT_EMBED_SITE_NAMES = CHAT_EMBED_SITES.map((site) => SITE_NAMES[site]).join(", ");

const isEmbedSite = (site: MediaSite | null): site is PlayerSite =>
  site !== null && (CHAT_EMBED_SITES as string[]).includes(site);

/** An http(s) link (the only kinds a chat link may be). */
function isWebLink(url: string): boolean {
  return /^https?:\/\//i.test(url) && buildMediaEntry({ formatType: "LINK", url }) !== null;
}

/** A pasted embed code (or a bare player URL) of one of CHAT_EMBED_SITES; null for any other. */
export function chatEmbedEntry(code: string): MediaEntry | null {
  const entry = buildMediaEntry({ formatType: "EMBED", code });
  return entry && isEmbedSite(entry.site) ? entry : null;
}

/**
 * The thumbnail a chat media shows: a site's own (YouTube's, derived from the video id), never a linked file's URL,
 * so a message does not make the other party's browser fetch a picture from wherever the sender chose (decision 058).
 */
function chatThumbnail(entry: MediaEntry): string | null {
  return isEmbedSite(entry.site) ? entry.thumbnailUrl : null;
}

const name = v.optional(v.pipe(v.string("invalid_media"), v.maxLength(NAME_MAX, "invalid_media")));
/** The media's place in the message: the list is shown by it, ties (or none) in the order sent. */
const userIndex = v.optional(
  v.pipe(
    v.number("invalid_media"),
    v.integer("invalid_media"),
    v.minValue(0, "invalid_media"),
    v.maxValue(1_000, "invalid_media"),
  ),
);

const linkUrl = v.pipe(
  v.string("invalid_link"),
  v.trim(),
  v.maxLength(MEDIA_URL_MAX, "invalid_link"),
  v.check(isWebLink, "invalid_link"),
);
const embedCode = v.pipe(
  v.string("invalid_embed"),
  v.trim(),
  v.maxLength(EMBED_CODE_MAX, "invalid_embed"),
  v.check((code) => chatEmbedEntry(code) !== null, "invalid_embed"),
);

/** A media as the ChatRoom object takes it: a stored file to check by its URL, or a link or embed already rebuilt. */
export type ChatMediaInput =
  | { formatType: "FILE"; url: string; name: string | null; userIndex: number | undefined }
  | { formatType: "LINK" | "EMBED"; entry: MediaEntry; name: string | null; userIndex: number | undefined };

/** A media's name as every file's is kept (`fileNameOf`); null when it shows nothing. */
const trimmedName = (value: string | undefined) => fileNameOf(value, null);

/**
 * One media of a send. The type, site and thumbnail a browser may send are not read: the server derives them from
 * the file's bytes or the link (as for works, media-drafts.ts).
 */
export const chatMediaSchema = v.variant(
  "formatType",
  [
    v.pipe(
      v.object(
        {
          formatType: v.literal("FILE"),
          name,
          userIndex,
          file: v.object(
            { url: v.pipe(v.string("invalid_media"), v.maxLength(MEDIA_URL_MAX, "invalid_media")) },
            "invalid_media",
          ),
        },
        "invalid_media",
      ),
      v.transform(
        (m): ChatMediaInput => ({
          formatType: "FILE",
          url: m.file.url,
          name: trimmedName(m.name),
          userIndex: m.userIndex,
        }),
      ),
    ),
    v.pipe(
      v.object(
        { formatType: v.literal("LINK"), name, userIndex, link: v.object({ url: linkUrl }, "invalid_link") },
        "invalid_link",
      ),
      v.transform((m): ChatMediaInput => {
        const entry = buildMediaEntry({ formatType: "LINK", url: m.link.url })!;
        return {
          formatType: "LINK",
          entry: { ...entry, thumbnailUrl: chatThumbnail(entry) },
          name: trimmedName(m.name),
          userIndex: m.userIndex,
        };
      }),
    ),
    v.pipe(
      v.object(
        { formatType: v.literal("EMBED"), name, userIndex, embed: v.object({ code: embedCode }, "invalid_embed") },
        "invalid_embed",
      ),
      v.transform((m): ChatMediaInput => {
        const entry = chatEmbedEntry(m.embed.code)!;
        return {
          formatType: "EMBED",
          entry: { ...entry, thumbnailUrl: chatThumbnail(entry) },
          name: trimmedName(m.name),
          userIndex: m.userIndex,
        };
      }),
    ),
  ],
  "invalid_media",
);

/** Medias in the order they are shown: by userIndex, those without one (and ties) where they were sent. */
export function inShownOrder<T extends { userIndex: number | undefined }>(medias: readonly T[]): T[] {
  return medias
    .map((media, position) => ({ media, key: media.userIndex ?? position, position }))
    .sort((a, b) => a.key - b.key || a.position - b.position)
    .map(({ media }) => media);
}

/** The fields of a send, the same at both doors. The room's own media limit is the ChatRoom's check (chat.ts). */
const chatSendFields = {
  clientMessageId: v.pipe(v.string(), v.minLength(1), v.maxLength(64)),
  messageText: v.object({
    text: v.pipe(v.string(), v.maxLength(100_000)),
    languageCode: v.pipe(v.string(), v.maxLength(16)),
  }),
  messageMedias: v.optional(
    v.pipe(
      v.array(chatMediaSchema, "invalid_media"),
      v.maxLength(CHAT_MEDIA_LIMIT_MAX, "too_many_medias"),
      v.transform(inShownOrder),
    ),
    [],
  ),
};

/** POST /api/features/chat/message/submit. */
export const chatSubmitSchema = v.object({
  chatRoomId: v.pipe(v.string(), v.minLength(1), v.maxLength(64)),
  ...chatSendFields,
});

/** A browser's frame on the room's WebSocket. */
export const chatClientFrameSchema = v.variant("type", [
  v.object({ type: v.literal("send"), ...chatSendFields }),
  v.object({ type: v.literal("read"), seq: v.pipe(v.number(), v.safeInteger()) }),
  v.object({ type: v.literal("translate"), seq: v.pipe(v.number(), v.safeInteger(), v.minValue(1)) }),
]);

/** A send as the ChatRoom object takes it (the schema's output, without the room id). */
export type ChatSendInput = Omit<v.InferOutput<typeof chatSubmitSchema>, "chatRoomId">;

const MEDIA_REFUSALS: readonly ChatRefusal[] = ["invalid_media", "invalid_link", "invalid_embed", "too_many_medias"];

/**
 * The refusal a failed parse answers with its message in the user's language: a media's own (a bad link, an embed
 * of another site, too many); null for anything else, which no page of ours sends (a plain 400, an ignored frame).
 */
export function chatSendRefusal(issues: readonly v.BaseIssue<unknown>[]): ChatRefusal | null {
  const key = issues.find((issue) => (MEDIA_REFUSALS as string[]).includes(issue.message))?.message;
  return (key as ChatRefusal | undefined) ?? null;
}
