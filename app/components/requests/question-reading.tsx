// A form's question as a reader of the other language reads it (issue 46): its title, description and choices in the
// reader's language where the creator typed no translation, from the page's stored readings (the loader's one
// `storedReadings` look-up), under ONE mark per question. A question is read as a whole, so one "Translated from
// Japanese · Show original" under its title turns all of its texts to the original and back; the mark sits outside
// the label or legend, so the input's accessible name stays the (translated) title alone. A choice shown translated
// keeps its original in a tooltip (`title`).
import { getLocale } from "#app/paraglide/runtime.js";
import { type ShownText, useTextReading } from "#app/components/translation/use-text-reading";
import type { Locale } from "#worker/domain/locales";
import { READ_AS_WRITTEN, type TextReading } from "#worker/domain/text-reading";

/** A question's texts: its title, description and choices' titles. */
interface QuestionWords {
  title: string;
  description: string;
  choices: readonly { title: string }[];
}

/** What the page hands down: the readings by original text (the loader's), and whether a missing one is asked for. */
export interface FormReadings {
  readings?: Readonly<Record<string, TextReading>>;
  /** Signed-in pages only: the edge cache's signed-out copy never shows "Translating…". */
  ask?: boolean;
}

/** A text as shown: the translation or the original, with its language when it is not the page's. */
export interface ShownWords {
  text: string;
  lang: ShownText["lang"];
  /** The original, when the translation is shown (a choice's tooltip). */
  original?: string;
}

/** The question's reading: whether it shows its translations now, and the one mark that says so. */
export interface QuestionReading {
  readings: Readonly<Record<string, TextReading>>;
  ask: boolean;
  /** The text whose reading the mark is (the first translated one, else the first the reader needs translated). */
  lead: string;
  leadShown: ShownWords;
  /** The question's texts read translated (false: the original, asked for by the reader or none stored yet). */
  translated: boolean;
  marker: React.ReactNode;
}

/** The language a text is written in, for its `lang`, when it is not the page's own. */
function writtenIn(reading: TextReading): ShownWords["lang"] {
  if (reading.kind === "original") return undefined;
  return reading.kind === "foreign" ? reading.language : reading.from;
}

const readingOf = (readings: Readonly<Record<string, TextReading>>, text: string): TextReading =>
  (text && readings[text]) || READ_AS_WRITTEN;

export function useQuestionReading(question: QuestionWords, { readings = {}, ask = false }: FormReadings) {
  const texts = [question.title, question.description, ...question.choices.map((choice) => choice.title)];
  const lead =
    texts.find((text) => readingOf(readings, text).kind === "translated") ??
    texts.find((text) => readingOf(readings, text).kind !== "original") ??
    question.title;
  const shown = useTextReading(lead, readingOf(readings, lead), { ask });
  return {
    readings,
    ask,
    lead,
    leadShown: { text: shown.text, lang: shown.lang, original: shown.text === lead ? undefined : lead },
    // Shown in the reader's language: the lead is translated and the reader did not ask for the original.
    translated: shown.lang !== undefined && shown.lang === (getLocale() as Locale),
    marker: shown.marker,
  } satisfies QuestionReading;
}

/**
 * One more of the question's texts, following its mark: translated while the question is, else the original (with its
 * language). A signed-in page asks for a missing translation of it too, so it fills in beside the lead.
 */
export function useQuestionText(text: string, question: QuestionReading): ShownWords {
  const isLead = text === question.lead;
  const given = isLead ? READ_AS_WRITTEN : readingOf(question.readings, text);
  const shown = useTextReading(text, given, { ask: question.ask });
  if (isLead) return question.leadShown;
  if (question.translated && shown.text !== text) return { text: shown.text, lang: shown.lang, original: text };
  return { text, lang: writtenIn(given) };
}
