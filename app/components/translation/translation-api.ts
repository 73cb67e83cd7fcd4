// The page's side of the translation door (POST /api/features/translation/read, worker/api/translations.ts): one
// request per text and language at a time, shared by every place on the page that shows the same text. It never
// throws: a failed request reads as `unavailable`, and asking again after that sends a new request (the retry).
import type { Locale } from "#worker/domain/locales";
import type { TextReading } from "#worker/domain/text-reading";

const asked = new Map<string, Promise<TextReading>>();

export function requestReading(text: string, target: Locale, from: Locale): Promise<TextReading> {
  const key = `${target}\n${text}`;
  const known = asked.get(key);
  if (known) return known;
  const request = (async (): Promise<TextReading> => {
    try {
      const response = await fetch("/api/features/translation/read", {
        method: "POST",
        credentials: "same-origin",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ text, target }),
      });
      if (response.ok) return ((await response.json()) as { reading: TextReading }).reading;
      console.warn(`translation: ${response.status}`);
    } catch {
      // Offline: as unavailable, with the retry.
    }
    return { kind: "unavailable", from };
  })();
  asked.set(key, request);
  void request.then((reading) => {
    if (reading.kind !== "translated") asked.delete(key);
  });
  return request;
}
