// The page's side of the translation door (POST /api/features/translation/read, worker/api/translations.ts; issue 62,
// decision 098). Two kinds of asking:
// - a reader's: a text the page showed them, with the ticket the loader put on its reading (the door translates
//   nothing else for a reader). One request per text and language at a time, shared by every place on the page that
//   shows the same text. While another request is making the translation the door answers `pending`, and the page asks
//   again after a pause, then a longer one, then gives up as `unavailable`, keeping the ticket so that Retry can ask;
// - the writer's own preview of what they are typing (`preview: true`), drawn from their small preview share under a
//   per-user rate: a 429 says when to ask again.
// Neither throws: a failed request reads as `unavailable`, with the ticket only when asking again can help.
import type { Locale } from "#worker/domain/locales";
import type { TextReading } from "#worker/domain/text-reading";

const DOOR = "/api/features/translation/read";

/** The pauses before asking again while the door says another request is making the translation; then give up. */
export const PENDING_POLL_PAUSES_MS = [1_500, 3_000, 6_000] as const;

/** What a reader's page knows of a text it needs translated: its language and the loader's ticket. */
export interface ReadingTicket {
  from: Locale;
  ticket: string;
}

const asked = new Map<string, Promise<TextReading>>();

const pause = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** What the door made of one request, once it was not `pending` any more. */
type DoorAnswer =
  | { kind: "reading"; reading: TextReading }
  | { kind: "rate_limited"; retryAfterSeconds: number }
  /** Refused for good (a stale or foreign ticket, a text too long for the door): asking again changes nothing. */
  | { kind: "refused" }
  /** A passing failure (offline, a server error, a translation still being made when the pauses ran out). */
  | { kind: "failed" };

async function askOnce(body: Record<string, unknown>): Promise<DoorAnswer> {
  try {
    const response = await fetch(DOOR, {
      method: "POST",
      credentials: "same-origin",
      headers: { "content-type": "application/json" },
      body: JSON.stringify(body),
    });
    if (response.status === 429) {
      const answer = (await response.json().catch(() => ({}))) as { retryAfterSeconds?: unknown };
      const seconds = Number(answer.retryAfterSeconds);
      return { kind: "rate_limited", retryAfterSeconds: seconds > 0 ? Math.ceil(seconds) : 1 };
    }
    if (response.status >= 400 && response.status < 500) {
      console.warn(`translation: ${response.status}`);
      return { kind: "refused" };
    }
    if (!response.ok) return { kind: "failed" };
    return { kind: "reading", reading: ((await response.json()) as { reading: TextReading }).reading };
  } catch {
    return { kind: "failed" };
  }
}

/** Asks, and while another request is making the translation, asks again after each of the pauses, then gives up. */
async function askUntilMade(body: Record<string, unknown>): Promise<DoorAnswer> {
  for (const wait of [...PENDING_POLL_PAUSES_MS, null]) {
    const answer = await askOnce(body);
    if (answer.kind !== "reading" || answer.reading.kind !== "pending") return answer;
    if (wait === null) break;
    await pause(wait);
  }
  return { kind: "failed" };
}

/**
 * The reading of `text` in `target` for this reader, asked with the loader's ticket. Resolves once the door's answer is
 * not `pending` any more; `unavailable` carries a ticket only when a Retry can succeed (the door said so, or the
 * failure was passing: the network, a server error, a translation still being made when the pauses ran out).
 */
export function requestReading(text: string, target: Locale, { from, ticket }: ReadingTicket): Promise<TextReading> {
  const key = `${target}\n${text}`;
  const known = asked.get(key);
  if (known) return known;
  const request = askUntilMade({ text, target, ticket }).then((answer): TextReading => {
    if (answer.kind === "reading") return answer.reading;
    return answer.kind === "refused" ? { kind: "unavailable", from } : { kind: "unavailable", from, ticket };
  });
  asked.set(key, request);
  // A translation is kept for the page's life; anything else may be asked again (the Retry).
  void request.then((reading) => {
    if (reading.kind !== "translated") asked.delete(key);
  });
  return request;
}

/** What the writer's preview gets: a reading, or how long to wait when previews were asked for too often. */
export type PreviewAnswer =
  | { kind: "reading"; reading: TextReading }
  | { kind: "rate_limited"; retryAfterSeconds: number };

/** The writer's preview of `text` (theirs, as typed) for a reader of `target`. Never cached: the text keeps changing. */
export async function requestPreview(text: string, target: Locale, from: Locale): Promise<PreviewAnswer> {
  const answer = await askUntilMade({ text, target, preview: true });
  if (answer.kind === "reading" || answer.kind === "rate_limited") return answer;
  return { kind: "reading", reading: { kind: "unavailable", from } };
}
