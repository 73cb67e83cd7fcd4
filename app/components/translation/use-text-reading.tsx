// A text another party wrote, as this reader reads it (issue 46): the translation when there is one, marked
// "Translated from Japanese · Show original" with the original one click away and back; the original with "Translation
// unavailable · Retry" when the translator could not help; the original while a translation is on its way. Nothing on
// the page waits for it: a `pending` reading is asked for after the page is shown (when `ask`), and fills in.
import { useEffect, useState } from "react";
import { m } from "#app/paraglide/messages.js";
import { getLocale } from "#app/paraglide/runtime.js";
import type { Locale } from "#worker/domain/locales";
import type { TextReading } from "#worker/domain/text-reading";
import { requestReading } from "./translation-api";

export function languageName(locale: Locale): string {
  return locale === "ja" ? m.translation_language_ja() : m.translation_language_en();
}

export interface ShownText {
  /** What to show: the translation, or the original. */
  text: string;
  /** Its language, for the element's `lang` (undefined: the page's own). */
  lang: Locale | undefined;
  /** The mark under it (null when the text is shown as written and nothing is to be said). */
  marker: React.ReactNode;
}

export interface ReadingOptions {
  /**
   * Whether a `pending` reading is asked for through the door from this page (default true: signed-in pages). A
   * signed-out page shows the original until a translation made in the background is stored.
   */
  ask?: boolean;
  /**
   * Who makes a translation when asked again, instead of the door: the chat asks its room, which stores it with the
   * message. A `pending` reading then waits for its maker (a frame), marked as on its way.
   */
  retry?: () => void;
}

export function useTextReading(
  text: string,
  given: TextReading,
  { ask = true, retry }: ReadingOptions = {},
): ShownText {
  const [reading, setReading] = useState(given);
  const [showOriginal, setShowOriginal] = useState(false);
  const reader = getLocale() as Locale;
  const givenKey = given.kind === "translated" ? `t:${given.text}` : given.kind;
  // A new text (or a new reading of it from the server) starts over.
  useEffect(() => {
    setReading(given);
    setShowOriginal(false);
  }, [text, givenKey]);

  const askDoor = ask && !retry;
  const fill = (from: Locale) => {
    setReading({ kind: "pending", from });
    if (retry) retry();
    else void requestReading(text, reader, from).then(setReading);
  };
  useEffect(() => {
    if (askDoor && reading.kind === "pending") void requestReading(text, reader, reading.from).then(setReading);
  }, [askDoor, text, reader, reading.kind]);

  if (reading.kind === "original") return { text, lang: undefined, marker: null };
  const language = languageName(reading.from);
  if (reading.kind === "translated")
    return showOriginal
      ? {
          text,
          lang: reading.from,
          marker: (
            <Marker>
              {m.translation_original_in({ language })} ·{" "}
              <MarkerButton onClick={() => setShowOriginal(false)}>{m.translation_show_translation()}</MarkerButton>
            </Marker>
          ),
        }
      : {
          text: reading.text,
          lang: reader,
          marker: (
            <Marker>
              {m.translation_translated_from({ language })} ·{" "}
              <MarkerButton onClick={() => setShowOriginal(true)}>{m.translation_show_original()}</MarkerButton>
            </Marker>
          ),
        };
  if (reading.kind === "unavailable")
    return {
      text,
      lang: reading.from,
      marker: (
        <Marker>
          {m.translation_unavailable()} ·{" "}
          <MarkerButton onClick={() => fill(reading.from)}>{m.translation_retry()}</MarkerButton>
        </Marker>
      ),
    };
  return {
    text,
    lang: reading.from,
    marker: ask || retry ? <Marker>{m.translation_pending()}</Marker> : null,
  };
}

function Marker({ children }: { children: React.ReactNode }) {
  return (
    <span data-translation-marker className="block text-xs text-zinc-700 dark:text-zinc-300">
      {children}
    </span>
  );
}

function MarkerButton({ onClick, children }: { onClick: () => void; children: React.ReactNode }) {
  return <TranslationLinkButton onClick={onClick}>{children}</TranslationLinkButton>;
}

/**
 * The small link-styled button of every translation control: the mark's "Show original" and "Retry", the writer's
 * "Preview translation" and "Show translation" toggles (which pass `aria-expanded` and `aria-controls`).
 */
export function TranslationLinkButton(
  props: Omit<React.ButtonHTMLAttributes<HTMLButtonElement>, "type" | "className">,
) {
  return (
    <button
      type="button"
      {...props}
      className="text-xs font-medium text-brand-700 underline underline-offset-2 hover:no-underline dark:text-brand-300"
    />
  );
}
