// A text another party wrote, as this reader reads it (issues 46 and 62): the translation when there is one, marked
// "Translated from Japanese · Show original" with the original one click away and back; the original with "Translation
// unavailable", and a Retry only when asking again can succeed (the loader's ticket is there, or a retry of the page's
// own such as the chat room's); the original while a translation is on its way; and a text in a language Comet does
// not translate yet as written, labelled with its language. Nothing on the page waits for it: a `pending` reading is
// asked for after the page is shown (when `ask`, with its ticket), and fills in.
import { useEffect, useState } from "react";
import { m } from "#app/paraglide/messages.js";
import { getLocale } from "#app/paraglide/runtime.js";
import { INTL_TAGS, type Locale, NATIVE_LANGUAGE_NAMES } from "#worker/domain/locales";
import type { TextReading } from "#worker/domain/text-reading";
import type { ForeignLanguage } from "#worker/domain/text-language";
import { requestReading } from "./translation-api";

/** The runtime's names of languages in each reader's language, built once per reader (null: the runtime has none). */
const languageNames = new Map<Locale, Intl.DisplayNames | null>();
function namesFor(reader: Locale): Intl.DisplayNames | null {
  let names = languageNames.get(reader);
  if (names === undefined) {
    try {
      names = new Intl.DisplayNames([INTL_TAGS[reader]], { type: "language" });
    } catch {
      names = null;
    }
    languageNames.set(reader, names);
  }
  return names;
}

/**
 * One of Comet's five languages named in the reader's language, by the runtime's own names (`Intl.DisplayNames` with
 * the reader's INTL_TAGS), which name the two Chinese as each reader expects:
 *
 * - en: English, Japanese, Simplified Chinese, Traditional Chinese, Korean;
 * - ja: 英語, 日本語, 簡体中国語, 繁体中国語, 韓国語;
 * - zh-Hans: 英语, 日语, 简体中文, 繁体中文, 韩语;
 * - zh-Hant: 英文, 日文, 簡體中文, 繁體中文, 韓文 (Taiwan's words);
 * - ko: 영어, 일본어, 중국어(간체), 중국어(번체), 한국어.
 *
 * The language menu names each in itself instead (NATIVE_LANGUAGE_NAMES); that is also the fallback of a runtime
 * without names.
 */
export function languageName(language: Locale, reader: Locale = getLocale()): string {
  return namesFor(reader)?.of(language) ?? NATIVE_LANGUAGE_NAMES[language];
}

/**
 * A language Comet does not translate, named in the reader's language ("French", "フランス語"): the runtime's own names,
 * so none is left untranslated; its code if the runtime has none.
 */
export function foreignLanguageName(language: ForeignLanguage, reader: Locale): string {
  try {
    return namesFor(reader)?.of(language) ?? language;
  } catch {
    return language;
  }
}

export interface ShownText {
  /** What to show: the translation, or the original. */
  text: string;
  /** Its language, for the element's `lang` (undefined: the page's own); a BCP 47 code for a foreign one. */
  lang: Locale | ForeignLanguage | undefined;
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
  // The door translates for a reader only what a loader gave them a ticket for: without one there is nothing to ask.
  const ticket = reading.kind === "pending" || reading.kind === "unavailable" ? reading.ticket : undefined;
  useEffect(() => {
    if (!askDoor || reading.kind !== "pending" || !reading.ticket) return;
    let current = true;
    void requestReading(text, reader, { from: reading.from, ticket: reading.ticket }).then(
      (answer) => current && setReading(answer),
    );
    return () => {
      current = false;
    };
  }, [askDoor, text, reader, reading.kind, ticket]);

  if (reading.kind === "original") return { text, lang: undefined, marker: null };
  if (reading.kind === "foreign")
    return {
      text,
      lang: reading.language,
      marker: <Marker>{m.translation_foreign({ language: foreignLanguageName(reading.language, reader) })}</Marker>,
    };
  const language = languageName(reading.from, reader);
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
  if (reading.kind === "unavailable") {
    const { from, ticket } = reading;
    // Retry is offered only when it can succeed: a maker of the page's own, or the door with a ticket in hand.
    const again = retry
      ? () => {
          setReading({ kind: "pending", from });
          retry();
        }
      : ask && ticket
        ? () => setReading({ kind: "pending", from, ticket })
        : null;
    return {
      text,
      lang: from,
      marker: (
        <Marker>
          {m.translation_unavailable()}
          {again && (
            <>
              {" · "}
              <MarkerButton onClick={again}>{m.translation_retry()}</MarkerButton>
            </>
          )}
        </Marker>
      ),
    };
  }
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
