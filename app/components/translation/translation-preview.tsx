// The writer's look at what the other party will read (issue 46): under a composer or a request answer, a toggle that
// shows the text as a reader of the other language will get it, following the text as it is typed (after a pause), so
// the writer can rephrase when the translation comes out wrong. Nothing is sent until the writer sends it.
import { useEffect, useId, useState } from "react";
import { m } from "#app/paraglide/messages.js";
import { LOCALES, type Locale } from "#worker/domain/locales";
import type { TextReading } from "#worker/domain/text-reading";
import { detectTextLanguage } from "#worker/domain/text-language";
import { requestReading } from "./translation-api";
import { languageName, TranslationLinkButton } from "./use-text-reading";

const TYPING_PAUSE_MS = 600;

/** The other interface language than the text's own. */
const otherLocale = (from: Locale): Locale => LOCALES.find((locale) => locale !== from) ?? from;

export function TranslationPreview({ text, className }: { text: string; className?: string }) {
  const [open, setOpen] = useState(false);
  const [reading, setReading] = useState<TextReading | null>(null);
  const panelId = useId();
  const from = detectTextLanguage(text.trim());
  const target = from ? otherLocale(from) : null;

  useEffect(() => {
    if (!open || !from || !target) return setReading(null);
    let current = true;
    const timer = setTimeout(() => {
      void requestReading(text.trim(), target, from).then((answer) => current && setReading(answer));
    }, TYPING_PAUSE_MS);
    return () => {
      current = false;
      clearTimeout(timer);
    };
  }, [open, text, from, target]);

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
          {!from || !target ? (
            <p className="text-zinc-700 dark:text-zinc-300">{m.translation_preview_nothing()}</p>
          ) : (
            <>
              <p className="text-xs font-semibold text-zinc-700 dark:text-zinc-300">
                {m.translation_preview_heading({ language: languageName(target) })}
              </p>
              <PreviewBody reading={reading} target={target} />
            </>
          )}
        </div>
      )}
    </div>
  );
}

function PreviewBody({ reading, target }: { reading: TextReading | null; target: Locale }) {
  if (!reading || reading.kind === "pending")
    return <p className="text-zinc-700 dark:text-zinc-300">{m.translation_pending()}</p>;
  if (reading.kind === "translated")
    return (
      <p lang={target} className="break-words whitespace-pre-wrap text-zinc-900 dark:text-zinc-50">
        {reading.text}
      </p>
    );
  if (reading.kind === "unavailable")
    return <p className="text-zinc-700 dark:text-zinc-300">{m.translation_unavailable()}</p>;
  return (
    <p className="text-zinc-700 dark:text-zinc-300">
      {m.translation_preview_same_language({ language: languageName(target) })}
    </p>
  );
}
