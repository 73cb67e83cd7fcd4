// One message of the order chat (or, centred, an order event the system posted: issue 36): the sender's avatar and name, the time in the viewer's locale, the text in the
// viewer's language (marked when it is a translation, spec section 3), and its files, links and embeds in their order
// at the spec's w-36 (section 9), each opening the media preview with the works' players (decision 058).
// Issue 46: the other party's message reads in the viewer's language, marked, the original one click away; while its
// translation is on its way the original shows with "Translating…", and when the translator failed, with a retry that
// asks the room. The writer's own message is shown as written, its translation on request.
import { useId, useState } from "react";
import { languageName, TranslationLinkButton, useTextReading } from "#app/components/translation/use-text-reading";
import { LazyMediaLightbox } from "#app/components/catalog/lazy-lightbox";
import { m } from "#app/paraglide/messages.js";
import { getLocale } from "#app/paraglide/runtime.js";
import type { ChatMediaView, ChatMessageView, ChatSide } from "#worker/chat/domain/chat-protocol";
import { isLocale, type Locale } from "#worker/domain/locales";
import { type NoticeWords, noticeTitleReading, noticeWords } from "./chat-notice";
import { messageReading, sentTranslation } from "./chat-timeline";
import { playableMedia, sentMediaLabel } from "./chat-media";

const bubble = (mine: boolean) =>
  mine
    ? "bg-brand-50 text-zinc-900 dark:bg-brand-700 dark:text-white"
    : "bg-zinc-100 text-zinc-900 dark:bg-zinc-800 dark:text-zinc-50";

export function ChatMessageItem({
  message,
  mine,
  locale,
  time,
  translationRound = 0,
  onRetryTranslation,
  viewerSide,
}: {
  message: ChatMessageView;
  mine: boolean;
  locale: string;
  time: Intl.DateTimeFormat;
  /** How many times the room has answered about this message's translation: each answer starts its reading over. */
  translationRound?: number;
  /** Ask the room again for this message's translation into the viewer's language. */
  onRetryTranslation: (seq: number) => void;
  /** The viewer's side of the order: a system message's stage title is the seller's, read translated by the buyer. */
  viewerSide?: ChatSide;
}) {
  if (!message.sender)
    return <SystemMessageItem message={message} locale={locale} time={time} viewerSide={viewerSide} />;
  return (
    <li className={`flex gap-2 ${mine ? "flex-row-reverse" : ""}`} data-seq={message.seq}>
      <Avatar name={message.sender.name} url={message.sender.avatarUrl} />
      <div className={`flex max-w-[80%] min-w-0 flex-col gap-1 ${mine ? "items-end" : "items-start"}`}>
        <p className="flex flex-wrap items-baseline gap-x-2 text-xs text-zinc-700 dark:text-zinc-300">
          <span className="font-semibold text-zinc-900 dark:text-zinc-100">{message.sender.name}</span>
          <time dateTime={new Date(message.createdAt).toISOString()}>{time.format(message.createdAt)}</time>
        </p>
        {mine ? (
          <SentText message={message} />
        ) : (
          <ReceivedText
            key={translationRound}
            message={message}
            locale={locale}
            retry={() => onRetryTranslation(message.seq)}
          />
        )}
        {message.messageMedias.length > 0 && <ChatMedias medias={message.messageMedias} />}
      </div>
    </li>
  );
}

/** The other party's text in the viewer's language, with the mark under it (use-text-reading.tsx). */
function ReceivedText({ message, locale, retry }: { message: ChatMessageView; locale: string; retry: () => void }) {
  const { original, reading } = messageReading(message, locale);
  const shown = useTextReading(original, reading, { retry });
  if (!original) return null;
  return (
    <>
      <p
        lang={shown.lang}
        data-message-text
        className={`rounded-2xl px-3 py-2 text-sm break-words whitespace-pre-wrap ${bubble(false)}`}
      >
        {shown.text}
      </p>
      {shown.marker}
    </>
  );
}

/** The writer's own text as written; "Show translation" opens what the other party reads, once the room has made it. */
function SentText({ message }: { message: ChatMessageView }) {
  const [open, setOpen] = useState(false);
  const panelId = useId();
  const original = message.messageTexts.find((row) => row.isOriginal);
  const translation = sentTranslation(message);
  if (!original) return null;
  return (
    <>
      <p
        lang={original.languageCode}
        data-message-text
        className={`rounded-2xl px-3 py-2 text-sm break-words whitespace-pre-wrap ${bubble(true)}`}
      >
        {original.text}
      </p>
      {translation && (
        <TranslationLinkButton aria-expanded={open} aria-controls={panelId} onClick={() => setOpen((was) => !was)}>
          {open ? m.chat_sent_translation_hide() : m.chat_sent_translation_show()}
        </TranslationLinkButton>
      )}
      {translation && open && (
        <div
          id={panelId}
          data-sent-translation
          className="max-w-full rounded-lg border border-zinc-300 bg-zinc-50 px-3 py-2 text-sm dark:border-zinc-600 dark:bg-zinc-900"
        >
          <p className="text-xs font-semibold text-zinc-700 dark:text-zinc-300">
            {m.chat_sent_translation_heading({
              language: isLocale(translation.languageCode)
                ? languageName(translation.languageCode)
                : translation.languageCode,
            })}
          </p>
          <p
            lang={translation.languageCode}
            className="break-words whitespace-pre-wrap text-zinc-900 dark:text-zinc-50"
          >
            {translation.text}
          </p>
        </div>
      )}
    </>
  );
}

/**
 * An order event in the room (issue 36): a centred, muted line in the reader's language, not a bubble. A stage title
 * it quotes is the creator's: the client reads it in their language, marked under the line (issue 46).
 */
function SystemMessageItem({
  message,
  locale,
  time,
  viewerSide,
}: {
  message: ChatMessageView;
  locale: string;
  time: Intl.DateTimeFormat;
  viewerSide: ChatSide | undefined;
}) {
  const words = message.notice ? noticeWords(message.notice, locale) : null;
  return (
    <li
      data-seq={message.seq}
      data-system-message
      className="flex flex-col items-center gap-0.5 px-4 text-center text-xs text-zinc-700 dark:text-zinc-300"
    >
      {words?.title != null ? (
        <NoticeWithTitle words={words} title={words.title} locale={locale} viewerSide={viewerSide} />
      ) : (
        <p className="font-medium">{words?.before ?? ""}</p>
      )}
      <time dateTime={new Date(message.createdAt).toISOString()}>{time.format(message.createdAt)}</time>
    </li>
  );
}

function NoticeWithTitle({
  words,
  title,
  locale,
  viewerSide,
}: {
  words: NoticeWords;
  title: string;
  locale: string;
  viewerSide: ChatSide | undefined;
}) {
  const reader = isLocale(locale) ? locale : (getLocale() as Locale);
  const { reading, writtenIn } = noticeTitleReading(title, viewerSide, reader);
  const shown = useTextReading(title, reading);
  return (
    <>
      <p className="font-medium">
        {words.before}
        <span lang={shown.lang ?? writtenIn} data-notice-title>
          {shown.text}
        </span>
        {words.after}
      </p>
      {shown.marker}
    </>
  );
}

/** A send not yet confirmed: the text as typed, marked as sending. */
export function PendingMessageItem({ text, files }: { text: string; files: string[] }) {
  return (
    <li className="flex flex-row-reverse gap-2" aria-busy="true">
      <span aria-hidden="true" className="size-8 shrink-0" />
      <div className="flex max-w-[80%] min-w-0 flex-col items-end gap-1">
        <p className="text-xs text-zinc-700 dark:text-zinc-300">{m.chat_sending()}</p>
        {text && (
          <p className={`rounded-2xl px-3 py-2 text-sm break-words whitespace-pre-wrap opacity-80 ${bubble(true)}`}>
            {text}
          </p>
        )}
        {files.map((file, index) => (
          <p
            key={index}
            className="w-36 truncate rounded-md border border-zinc-300 px-2 py-1 text-xs dark:border-zinc-700"
          >
            {file}
          </p>
        ))}
      </div>
    </li>
  );
}

function Avatar({ name, url }: { name: string; url: string | null }) {
  // The name is written beside it: the picture says nothing more.
  return url ? (
    <img src={url} alt="" width={32} height={32} className="size-8 shrink-0 rounded-full object-cover" loading="lazy" />
  ) : (
    <span
      aria-hidden="true"
      className="grid size-8 shrink-0 place-items-center rounded-full bg-zinc-300 text-xs font-semibold text-zinc-900 dark:bg-zinc-700 dark:text-zinc-100"
    >
      {name.slice(0, 1).toUpperCase()}
    </span>
  );
}

function ChatMedias({ medias }: { medias: ChatMediaView[] }) {
  const [shown, setShown] = useState<number | null>(null);
  return (
    <>
      <ul className="flex flex-wrap gap-2">
        {medias.map((media, index) => (
          <MediaTile key={media.id} media={media} onOpen={() => setShown(index)} />
        ))}
      </ul>
      {shown !== null && (
        <LazyMediaLightbox
          open
          onClose={() => setShown(null)}
          items={medias.map(playableMedia)}
          startIndex={shown}
          title={m.chat_media_heading()}
        />
      )}
    </>
  );
}

/**
 * One attachment at w-36: a picture's thumbnail or a site's own (YouTube's), else its name (a link's host, an embed's
 * site); under it, what it is. The button opens the preview, where the players are. Its name is "Open {name}", so
 * the caption stays outside it (a button's visible text must be part of its name).
 */
function MediaTile({ media, onOpen }: { media: ChatMediaView; onOpen: () => void }) {
  const name = sentMediaLabel(media);
  const picture =
    media.mediaType === "IMAGE" && media.formatType === "FILE" ? (media.thumbnailUrl ?? media.url) : media.thumbnailUrl;
  const kind =
    media.formatType === "LINK" ? m.chat_media_link() : media.formatType === "EMBED" ? m.chat_media_embed() : null;
  return (
    <li
      data-format={media.formatType}
      className="w-36 overflow-hidden rounded-md border border-zinc-300 text-xs text-zinc-900 dark:border-zinc-700 dark:text-zinc-100"
    >
      <button
        type="button"
        onClick={onOpen}
        aria-label={m.chat_media_open({ name })}
        className="block w-full text-left"
      >
        {picture ? (
          <img src={picture} alt="" className="w-full object-cover" loading="lazy" />
        ) : (
          <span className="block truncate px-2 pt-3 pb-1 font-medium">{name}</span>
        )}
      </button>
      {kind && (
        <span className="block truncate px-2 py-1 text-zinc-700 dark:text-zinc-300">
          {picture ? `${name} · ${kind}` : kind}
        </span>
      )}
    </li>
  );
}
