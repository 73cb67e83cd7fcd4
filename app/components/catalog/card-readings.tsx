// Public texts on cards across the language wall (issue 46): a card has no room for "Show original", so it shows the
// stored translation in the text's place with a compact mark; the original is one click away on the item's own page,
// and in the text's tooltip. Made by the loaders (profile-cards.server.ts, creator-card.tsx), so a card's markup is
// the same for every visitor of the page's language: the edge cache may keep it.
import { m } from "#app/paraglide/messages.js";
import { getLocale } from "#app/paraglide/runtime.js";
import type { Locale } from "#worker/domain/locales";
import type { TextReading } from "#worker/domain/text-reading";
import { languageName } from "#app/components/translation/use-text-reading";

/** What a card says of a text it shows translated. */
export interface CardText {
  /** The original, when the card shows its translation. */
  original?: string;
  /** The original's language, when the card shows its translation. */
  translatedFrom?: Locale;
}

/** The text as a card shows it, from the page's readings (keyed by the original as the page picked it). */
export function cardText(text: string, readings: Readonly<Record<string, TextReading>>): CardText & { text: string } {
  const reading = readings[text];
  return reading?.kind === "translated"
    ? { text: reading.text, original: text, translatedFrom: reading.from }
    : { text };
}

/** A card's title as it shows it (cardText). */
export function cardTitle(
  title: string,
  readings: Readonly<Record<string, TextReading>>,
): CardText & { title: string } {
  const { text, ...mark } = cardText(title, readings);
  return { title: text, ...mark };
}

/**
 * A card's text with its original on hover. A `title` is read in its element's language, so the element that carries
 * the original is marked with the original's language, and the translation inside it with the reader's (issue 75):
 * browsers, screen readers and a page translator read each in its own. `hover` is the tooltip of a text shown as
 * written (the whole of a cut title), in the page's language.
 */
export function TextWithOriginal({
  text,
  original,
  translatedFrom,
  hover,
}: CardText & { text: string; hover?: string }) {
  if (original === undefined || !translatedFrom) return hover ? <span title={hover}>{text}</span> : text;
  return (
    <span lang={translatedFrom} title={original} data-original-of>
      <span lang={getLocale()}>{text}</span>
    </span>
  );
}

/** "Translated from Japanese", small, under a card's translated text. */
export function CardTranslatedMark({ from, className = "" }: { from: Locale | undefined; className?: string }) {
  if (!from) return null;
  return (
    <span data-translation-marker className={`block text-xs text-zinc-700 dark:text-zinc-300 ${className}`}>
      {m.translation_translated_from({ language: languageName(from) })}
    </span>
  );
}
