// A long text shown collapsed with Show more / Show less (spec section 9: "Description collapses above 2000 characters
// in the service modal (default 200 elsewhere)"). Props only; line breaks are kept (whitespace-pre-line). A text
// another party wrote comes with its reading (issue 46): shown translated and marked, the original one click away.
import { useId, useState } from "react";
import { useTextReading } from "#app/components/translation/use-text-reading";
import { m } from "#app/paraglide/messages.js";
import { READ_AS_WRITTEN, type TextReading } from "#worker/domain/text-reading";

/** The spec's default collapse length; the service modal passes SERVICE_MODAL_DESCRIPTION_LIMIT. */
const COLLAPSE_DEFAULT_LIMIT = 200;
export const SERVICE_MODAL_DESCRIPTION_LIMIT = 2000;

/** The first `limit` characters (by code point, so an emoji or a surrogate pair is never cut in half), trimmed, with "…". */
export function collapsedText(text: string, limit: number): string {
  const chars = Array.from(text);
  return chars.length <= limit ? text : `${chars.slice(0, limit).join("").trimEnd()}…`;
}

/**
 * Up to `limit` characters, then Show more (aria-expanded, aria-controls the text); expanded, Show less. A text at
 * or under the limit shows whole, with no button. Without JavaScript the collapsed text shows (the server renders it).
 */
export function CollapsibleText({
  text,
  limit = COLLAPSE_DEFAULT_LIMIT,
  className = "",
  reading = READ_AS_WRITTEN,
  ask = false,
}: {
  text: string;
  limit?: number;
  className?: string;
  reading?: TextReading;
  /** Whether a `pending` reading is asked for from this page (signed-in only: use-text-reading.tsx). */
  ask?: boolean;
}) {
  const id = useId();
  const [expanded, setExpanded] = useState(false);
  const shown = useTextReading(text, reading, { ask });
  const long = Array.from(shown.text).length > limit;
  return (
    <div className={className}>
      <p id={id} lang={shown.lang} className="whitespace-pre-line break-words">
        {long && !expanded ? collapsedText(shown.text, limit) : shown.text}
      </p>
      {long && (
        <button
          type="button"
          aria-expanded={expanded}
          aria-controls={id}
          onClick={() => setExpanded((open) => !open)}
          className="mt-1 min-h-11 text-sm font-semibold text-brand-700 underline-offset-2 hover:underline focus-visible:outline-2 focus-visible:outline-brand-600 dark:text-brand-300"
        >
          {expanded ? m.gallery_show_less() : m.gallery_show_more()}
        </button>
      )}
      {shown.marker}
    </div>
  );
}
