/**
 * Where a request's D1 session starts and when its bookmark goes back to the client (D1 read replication through the
 * Sessions API, docs/decisions/070). Pure: the Worker reads the request, asks here, and opens
 * `env.DB.withSession(...)` with the answer.
 */

/** A request or a response names its bookmark here (API clients), as Cloudflare's own examples do. */
export const D1_BOOKMARK_HEADER = "X-D1-Bookmark";
/** The browser's bookmark: plain over http (localhost), `__Host-` prefixed over https, like the session cookie. */
export const D1_BOOKMARK_COOKIE = "comet_d1_bookmark";
export const SECURE_D1_BOOKMARK_COOKIE = "__Host-comet_d1_bookmark";
/**
 * Long enough to outlive any replica lag by far, short enough that a signed-out visitor who once wrote (a page-visit
 * count) soon browses without it. Signed-in browsers get it back on every answer, so it never runs out on them.
 */
export const D1_BOOKMARK_MAX_AGE_S = 300;

/** What `withSession` takes: a constraint, or a bookmark (parseBookmark's) the session must be at least as new as. */
export type D1SessionStart = "first-primary" | "first-unconstrained" | (string & {});

/**
 * D1's bookmarks are dash-separated hex groups (`00000000-00000017-00000000-000…0`, 44 characters today). A client's
 * value is untrusted: anything longer, or of another alphabet, is ignored rather than handed to D1 (which would
 * keep it as the session's bookmark and hand it back).
 */
const MAX_BOOKMARK_LENGTH = 128;
const BOOKMARK_SHAPE = /^[0-9a-f]{1,32}(?:-[0-9a-f]{1,64}){1,7}$/i;

/**
 * What a write sends back instead of its session's bookmark: "start your next read on the primary". A write's
 * session does not see every write the request caused: the Order and ChatRoom objects write D1 with their own
 * binding, outside it (an order action, a payment, a chat message), so its bookmark may predate them. The primary
 * has them all; the read that starts there gets a bookmark that covers them, and the reads after it carry that one.
 */
export const PRIMARY_NEXT = "primary";

export function parseBookmark(value: string | null | undefined): string | null {
  if (value === PRIMARY_NEXT) return value;
  if (!value || value.length > MAX_BOOKMARK_LENGTH || !BOOKMARK_SHAPE.test(value)) return null;
  return value;
}

const READ_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

/** A request that may write: every method but the safe ones (API writes and page actions are POSTs). */
function isWriteRequest(method: string): boolean {
  return !READ_METHODS.has(method.toUpperCase());
}

/**
 * A write starts on the primary: its reads (a version check, a permission, a balance) decide what it writes, so they
 * must see the newest state, and the primary is at least as new as any bookmark the client carries. So does the read
 * right after a write (PRIMARY_NEXT). A read starts from the client's bookmark when it has one (it sees its own
 * writes), else at the nearest replica.
 */
export function d1SessionStart(method: string, bookmark: string | null): D1SessionStart {
  if (isWriteRequest(method) || bookmark === PRIMARY_NEXT) return "first-primary";
  return bookmark ?? "first-unconstrained";
}

/** What goes back to the client (where bookmarkAnswer says): PRIMARY_NEXT after a write, else the session's bookmark. */
export function bookmarkToReturn(method: string, sessionBookmark: string | null): string | null {
  return isWriteRequest(method) ? PRIMARY_NEXT : parseBookmark(sessionBookmark);
}

export interface BookmarkAnswer {
  /** Set-Cookie with the session's last bookmark. */
  cookie: boolean;
  /** The `X-D1-Bookmark` response header. */
  header: boolean;
}

/**
 * Where the bookmark goes back. The cookie goes where the client's next read must see this request's writes: to a
 * signed-in browser (its pages are never shared), and with an answer that already sets a cookie (a sign-in link; such
 * an answer is uncacheable anyway). Never to a signed-out browser otherwise, write or read: its writes (a page-visit
 * count) are not what it reads back, and the cookie would take every page it opens next past the edge cache (which
 * keeps only pages asked for without such cookies). Never on an answer marked public either: a Set-Cookie would keep
 * the edge cache from storing it. The header answers every write, and a client that sent a bookmark.
 */
export function bookmarkAnswer(request: {
  method: string;
  signedIn: boolean;
  carriedBookmark: boolean;
  responseSetsCookie: boolean;
  responseIsPublic: boolean;
}): BookmarkAnswer {
  if (request.responseIsPublic) return { cookie: false, header: false };
  const cookie = request.signedIn || request.responseSetsCookie;
  return { cookie, header: cookie || isWriteRequest(request.method) || request.carriedBookmark };
}
