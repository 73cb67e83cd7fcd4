import type { Database } from "../db/client";
import { type BatchPart, type PartValues, readParts, sendParts } from "../db/batch-parts";
import type { Locale } from "../domain/locales";
import { cometNow } from "../services/clock";
import type { SessionUser } from "../services/sessions";

/**
 * A page's reads sent in the session's round trip (decision 114). A signed-in page read the session, then its own
 * batch: two D1 round trips one after the other, each about 0.4 ms of the local stack's serving thread and a trip to
 * the database's region in production. A page whose reads are one batch (decision 113) says here which URLs are its own
 * and what its reads depend on; the Worker then sends them beside the session's statement, built for the user this
 * session had on its last request, and the page's loader takes the results when it asks for the same reads.
 *
 * The guess never shows anyone anything: the loader builds its reads' `args` from the user the batch itself read, and
 * takes the results only when they equal the guessed ones (same user, currency, roles, language, page, moment);
 * otherwise it sends its own batch, as without this. The session is read in the same batch as ever, so a session
 * signed out or a user banned is seen at once.
 */
export interface PageReads<A, P extends readonly BatchPart<unknown>[]> {
  /** The page's route params when `url` is this page's (before React Router matches it), else null. */
  match(url: URL): Record<string, string> | null;
  /** What the reads depend on, as plain data: equal args read the same rows. */
  args(input: {
    params: Readonly<Record<string, string | undefined>>;
    url: URL;
    user: SessionUser | null;
    locale: Locale;
  }): A;
  parts(db: Database, args: A, now: number): P;
}

/** A page's reads, its args' and parts' types inferred from its functions. */
export const definePageReads = <A, P extends readonly BatchPart<unknown>[]>(reads: PageReads<A, P>) => reads;

// biome-ignore lint/suspicious/noExplicitAny: a list of pages' reads, each with its own args and parts.
export type AnyPageReads = PageReads<any, readonly BatchPart<unknown>[]>;

/** Reads sent ahead for this request: the page's, their args as sent, the moment they were read and their results. */
export interface ReadAhead {
  reads: AnyPageReads;
  key: string;
  now: number;
  parts: readonly BatchPart<unknown>[];
  results: D1Result<Record<string, unknown>>[] | null;
}

/** The user each recent session had, by its id hash: the guess for its next request (never shown, see above). */
const lastUsers = new Map<string, SessionUser>();
const LAST_USERS_KEPT = 1000;

export function rememberSessionUser(idHash: string, user: SessionUser | null): void {
  lastUsers.delete(idHash);
  if (!user) return;
  lastUsers.set(idHash, user);
  // The oldest first out: a Map keeps its order of insertion.
  if (lastUsers.size > LAST_USERS_KEPT) lastUsers.delete(lastUsers.keys().next().value!);
}

/** A `.data` request (a client-side navigation's loaders) reads what its page does. */
function pagePath(url: URL): URL {
  if (!url.pathname.endsWith(".data")) return url;
  const page = new URL(url);
  page.pathname = page.pathname.slice(0, -".data".length) || "/";
  return page;
}

/**
 * The reads to send beside the session's statement for a GET of one of `pages`, built for the session's last user;
 * null when there is no guess or no such page.
 */
export async function planReadAhead(
  pages: readonly AnyPageReads[],
  request: { method: string; url: URL; locale: Locale; idHash: string; db: Database; env: Env },
): Promise<ReadAhead | null> {
  if (request.method !== "GET" || pages.length === 0) return null;
  const user = lastUsers.get(request.idHash);
  if (!user) return null;
  const url = pagePath(request.url);
  for (const reads of pages) {
    const params = reads.match(url);
    if (!params) continue;
    const args = reads.args({ params, url, user, locale: request.locale });
    const now = await cometNow(request.env);
    return { reads, key: JSON.stringify(args), now, parts: reads.parts(request.db, args, now), results: null };
  }
  return null;
}

/** What `readPage` reads of the request's context (worker/http/context.ts). */
interface PageReadContext {
  db: Database;
  env: Env;
  user: SessionUser | null;
  locale: Locale;
  url: URL;
  readAhead?: ReadAhead | null;
}

/**
 * A page loader's reads: the results sent ahead with the session when they are these reads with these args (taken
 * once), else one batch of its own. `now` is the moment the reads were made, for what the page computes from them.
 */
export async function readPage<A, P extends readonly BatchPart<unknown>[]>(
  context: PageReadContext,
  reads: PageReads<A, P>,
  params: Readonly<Record<string, string | undefined>>,
): Promise<{ now: number; values: PartValues<P> }> {
  const { db, env, user, locale, url } = context;
  const args = reads.args({ params, url: pagePath(url), user, locale });
  const ahead = context.readAhead;
  if (ahead?.reads === reads && ahead.results && ahead.key === JSON.stringify(args)) {
    context.readAhead = null;
    return { now: ahead.now, values: await readParts(ahead.parts as P, ahead.results) };
  }
  const now = await cometNow(env);
  return { now, values: await sendParts(db.$client, reads.parts(db, args, now)) };
}
