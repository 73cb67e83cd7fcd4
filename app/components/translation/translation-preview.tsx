// The writer's look at what the other party will read (issues 46 and 62): under a composer or a request answer, a
// toggle that shows the text as its likeliest reader will get it (readerLocaleOf), following the text as it is typed (after
// a pause), so the writer can rephrase when the translation comes out wrong. Nothing is sent until the writer sends it.
// Previews draw on the writer's own small share under a per-user rate (preview-asker.ts says when one is asked for);
// when the door says to slow down, the panel says so and the composer keeps working.
import { useEffect, useId, useRef, useState } from "react";
import { m } from "#app/paraglide/messages.js";
import { getLocale } from "#app/paraglide/runtime.js";
import type { Locale } from "#worker/domain/locales";
import { detectTextLanguage } from "#worker/domain/text-language";
import { PreviewAsker } from "./preview-asker";
import { type PreviewAnswer, requestPreview } from "./translation-api";
import { foreignLanguageName, languageName, TranslationLinkButton } from "./use-text-reading";

const TYPING_PAUSE_MS = 600;

/**
 * The language the text's reader most likely reads: Japanese, since Comet's creators mostly do and its clients write
 * to them from every language; English for a text written in Japanese (decision 105). The composer does not know the
 * other party's own setting; their reading, after sending, is in their own language whatever this shows.
 */
const readerLocaleOf = (from: Locale): Locale => (from === "ja" ? "en" : "ja");

/** The text's language and the one its reader reads, or null when it has nothing to translate. */
function directionOf(text: string): { from: Locale; target: Locale } | null {
  const from = detectTextLanguage(text);
  return from ? { from, target: readerLocaleOf(from) } : null;
}

function askPreview(text: string): Promise<PreviewAnswer> {
  const direction = directionOf(text);
  if (!direction) return Promise.resolve({ kind: "reading", reading: { kind: "original" } });
  return requestPreview(text, direction.target, direction.from);
}

export function TranslationPreview({ text, className }: { text: string; className?: string }) {
  const [open, setOpen] = useState(false);
  const [answer, setAnswer] = useState<PreviewAnswer | null>(null);
  const asker = useRef<PreviewAsker<PreviewAnswer> | null>(null);
  const panelId = useId();
  const wanted = text.trim();
  const direction = directionOf(wanted);

  // One asker for the composer's life, so a preview closed and opened again on the same text asks nothing new.
  useEffect(() => {
    const current = new PreviewAsker<PreviewAnswer>({
      ask: askPreview,
      answered: (_, answered) => setAnswer(answered),
      waitAfter: (answered) => (answered.kind === "rate_limited" ? answered.retryAfterSeconds * 1000 : null),
    });
    asker.current = current;
    return () => current.close();
  }, []);

  useEffect(() => {
    if (!open || !direction) return;
    const timer = setTimeout(() => asker.current?.want(wanted), TYPING_PAUSE_MS);
    return () => clearTimeout(timer);
  }, [open, wanted, direction !== null]);

  return (
    <div className={className}>
      <TranslationLinkButton aria-expanded={open} aria-controls={panelId} onClick={() => setOpen((was) => !was)}>
        {open ? m.translation_preview_hide() : m.translation_preview()}
      </TranslationLinkButton>
      {open && (
        <div
          id={panelId}
          aria-live="polite"
          data-translation-preview
          className="mt-1 rounded-lg border border-zinc-300 bg-zinc-50 px-3 py-2 text-sm dark:border-zinc-600 dark:bg-zinc-900"
        >
          {!direction ? (
            <p className="text-zinc-700 dark:text-zinc-300">{m.translation_preview_nothing()}</p>
          ) : (
            <>
              <p className="text-xs font-semibold text-zinc-700 dark:text-zinc-300">
                {m.translation_preview_heading({ language: languageName(direction.target) })}
              </p>
              <PreviewBody answer={answer} target={direction.target} />
            </>
          )}
        </div>
      )}
    </div>
  );
}

function PreviewBody({ answer, target }: { answer: PreviewAnswer | null; target: Locale }) {
  const note = (words: string) => <p className="text-zinc-700 dark:text-zinc-300">{words}</p>;
  if (!answer) return note(m.translation_pending());
  if (answer.kind === "rate_limited")
    return note(m.translation_preview_rate_limited({ seconds: String(answer.retryAfterSeconds) }));
  const { reading } = answer;
  if (reading.kind === "pending") return note(m.translation_pending());
  if (reading.kind === "translated")
    return (
      <p lang={target} className="break-words whitespace-pre-wrap text-zinc-900 dark:text-zinc-50">
        {reading.text}
      </p>
    );
  if (reading.kind === "unavailable") return note(m.translation_unavailable());
  if (reading.kind === "foreign")
    return note(m.translation_foreign({ language: foreignLanguageName(reading.language, getLocale() as Locale) }));
  return note(m.translation_preview_same_language({ language: languageName(target) }));
}
