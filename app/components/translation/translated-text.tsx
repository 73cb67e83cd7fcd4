// A block of text another party wrote, shown in the reader's language with its mark beneath (use-text-reading.tsx).
// Where the text sits inline (a title in a row), call useTextReading and place the marker yourself.
import type { TextReading } from "#worker/domain/text-reading";
import { type ReadingOptions, useTextReading } from "./use-text-reading";

export function TranslatedText({
  text,
  reading,
  as: Tag = "p",
  className,
  ...options
}: ReadingOptions & {
  text: string;
  reading: TextReading;
  as?: "p" | "div" | "span" | "h2" | "h3" | "h4";
  className?: string;
}) {
  const shown = useTextReading(text, reading, options);
  return (
    <>
      <Tag className={className} lang={shown.lang}>
        {shown.text}
      </Tag>
      {shown.marker}
    </>
  );
}
