import { Hono, type Context, type Next } from "hono";
import { createDb, type Database } from "./db/client";
import { roundTripCountingBinding, withRoundTripCounter } from "./db/round-trips";
import { withSimulatedLatency } from "./db/simulated-latency";
import { sessionRoutedBinding, withD1Session } from "./db/session-routing";
import { D1_BOOKMARK_HEADER, bookmarkAnswer, bookmarkToReturn, d1SessionStart } from "./domain/d1-sessions";
import { isAdmin, isBanned } from "./domain/roles";
import { legalPageAt } from "./domain/legal-pages";
import { d1BookmarkCookie, readD1Bookmark, readSessionCookie } from "./http/cookies";
import { type AppEnv, type RequestContext, requestUrl } from "./http/context";
import { drainUnreadBody } from "./http/body-limit";
import { consoleHiddenRequest } from "./http/admin-console";
import { isCrossSiteWrite } from "./http/cross-site";
import { requestLocale } from "./http/locale";
import { OVERLOADED_RETRY_AFTER_S, isDurableObjectOverloaded } from "./http/overload";
import { pageCache } from "./http/page-cache";
import {
  BASE_SECURITY_HEADERS,
  createCspNonce,
  pageSecurityHeaders,
  presignedUploadOrigin,
} from "./http/security-headers";
import { PLAYER_FRAME_ORIGINS } from "./media/domain/embed-players";
import { authApi } from "./api/auth";
import { accountApi } from "./api/account";
import { reportApi } from "./api/reports";
import { waitlistApi } from "./api/waitlist";
import { reviewApi } from "./api/reviews";
import { adminApi } from "./api/admin";
import { bookmarkApi } from "./api/bookmarks";
import { followApi } from "./api/follows";
import { mediaRoutes } from "./api/media";
import { orderApi } from "./api/orders";
import { stagePreviewApi } from "./api/order-stage-previews";
import { orderRequestApi } from "./api/order-requests";
import { pageVisitApi } from "./api/page-visits";
import { storageApi } from "./api/storage";
import { uploadsApi } from "./api/uploads";
import { stripeApi } from "./api/stripe";
import { stripeConnectApi } from "./api/stripe-connect";
import { stripeWebhookRoutes } from "./api/stripe-webhooks";
import { notificationApi } from "./api/notifications";
import { translationApi } from "./api/translations";
import { chatApi, chatSocket } from "./api/chat";
import { inviteRoutes } from "./api/invitations";
import { readSession, type SessionUser } from "./services/sessions";
import { sha256Hex } from "./services/crypto";
import { type AnyPageReads, type ReadAhead, planReadAhead, rememberSessionUser } from "./http/read-ahead";
import type { Locale } from "./domain/locales";
import { cardEntryFor, cardEntryOrigins } from "./payments/card-entry";
import { isStripeUnavailable } from "./payments/stripe-errors";

/** Renders everything that is not an API call: the React Router app in production, nothing in API tests. */
export type PageRenderer = (request: Request, context: RequestContext) => Promise<Response>;

const BAN_PAGE = "/ban";
/** React Router's lazy route discovery (its default `routeDiscovery.manifestPath`). */
const ROUTE_MANIFEST = "/__manifest";
/**
 * What a banned user may still open: /ban, the guideline and legal pages (with their `.data` loads), and React
 * Router's route manifest, which the browser asks before following a link to a route it has not seen yet.
 */
const isBanReadable = (path: string) =>
  path === BAN_PAGE || path === `${BAN_PAGE}.data` || path === ROUTE_MANIFEST || legalPageAt(path) !== undefined;
/** Calls answered in JSON (the API and Stripe's webhooks), as opposed to pages. */
const isJsonPath = (path: string) => path.startsWith("/api/") || path.startsWith("/webhooks/");
const isAssetPath = (path: string) =>
  path.startsWith("/assets/") || path.startsWith("/media/") || path === "/favicon.ico";

/**
 * A request for a whole page, rendered by React Router (not its `.data` requests, an API or a file): a GET, or a
 * form posted without JavaScript, whose action's page is rendered as a document too.
 */
const isPageDocument = (method: string, path: string) =>
  (method === "GET" || method === "POST") && !path.endsWith(".data");

/**
 * The request's context (database, session user, locale, CSP nonce), set for every handler after it. Its queries run
 * in one D1 session (read replication, decision 070): a write starts on the primary, a read from the client's
 * bookmark or at the nearest replica; the session's bookmark goes back where the client's next read needs it.
 */
async function withRequestContext(
  c: Context<AppEnv>,
  d1: D1Database,
  pageReads: readonly AnyPageReads[],
  next: Next,
): Promise<void> {
  const carried = readD1Bookmark(c.req.raw);
  const session = d1.withSession(d1SessionStart(c.req.method, carried));
  const sessionToken = readSessionCookie(c.req.raw);
  const db = createDb(sessionRoutedBinding(d1));
  await withD1Session(session, () => setRequestContext(c, db, sessionToken, pageReads, next));
  answerWithBookmark(c, session.getBookmark(), { signedIn: sessionToken !== undefined, carried: carried !== null });
}

async function setRequestContext(
  c: Context<AppEnv>,
  db: Database,
  sessionToken: string | undefined,
  pageReads: readonly AnyPageReads[],
  next: Next,
): Promise<void> {
  // One source for the language: the same cookie-then-Accept-Language rule Paraglide applies while rendering.
  // Signing in and changing the language both set the cookie, so a signed-in user's choice follows them.
  const url = requestUrl(c);
  const locale = requestLocale(c.req.raw, url);
  const { user, readAhead } =
    sessionToken && !isAssetPath(c.req.path)
      ? await readSessionAndPage(c, db, sessionToken, { url, locale, pageReads })
      : { user: null, readAhead: null };
  c.set("request", {
    env: c.env,
    url,
    executionCtx: c.executionCtx as unknown as ExecutionContext,
    db,
    user,
    sessionToken,
    locale,
    cspNonce: c.get("cspNonce"),
    documentOnly: isPageDocument(c.req.method, c.req.path) ? new Map() : null,
    readAhead,
  });
  await next();
  // What a signed-in user is answered is theirs: no cache in front of Comet may keep it (the edge cache passes them
  // by already; this tells any other). A route that marks its answer public (the same for everyone: the language
  // list) says so itself, and keeps it.
  if (user && !/\bpublic\b/i.test(c.res.headers.get("cache-control") ?? ""))
    c.res.headers.set("Cache-Control", SIGNED_IN_CACHE_CONTROL);
}

const SIGNED_IN_CACHE_CONTROL = "private, no-store";

/**
 * The session's user, and with it in one round trip the reads of the page asked for when this session's last user
 * says what they would be (decision 114, worker/http/read-ahead.ts).
 */
async function readSessionAndPage(
  c: Context<AppEnv>,
  db: Database,
  sessionToken: string,
  page: { url: URL; locale: Locale; pageReads: readonly AnyPageReads[] },
): Promise<{ user: SessionUser | null; readAhead: ReadAhead | null }> {
  const idHash = await sha256Hex(sessionToken);
  const planned = await planReadAhead(page.pageReads, { ...page, method: c.req.method, idHash, db, env: c.env });
  const { user, results } = await readSession(db, idHash, planned?.parts.flatMap((part) => part.statements) ?? []);
  rememberSessionUser(idHash, user);
  return { user, readAhead: planned && user ? { ...planned, results } : null };
}

/** The session's last bookmark, as cookie and/or header where bookmarkAnswer says (never on a signed-out read). */
function answerWithBookmark(
  c: Context<AppEnv>,
  bookmark: string | null,
  request: { signedIn: boolean; carried: boolean },
): void {
  const sent = bookmarkToReturn(c.req.method, bookmark);
  if (sent === null) return;
  const answer = bookmarkAnswer({
    method: c.req.method,
    signedIn: request.signedIn,
    carriedBookmark: request.carried,
    responseSetsCookie: c.res.headers.has("set-cookie"),
    responseIsPublic: /\bpublic\b/i.test(c.res.headers.get("cache-control") ?? ""),
  });
  if (answer.cookie) c.res.headers.append("Set-Cookie", d1BookmarkCookie(new URL(c.req.url), sent));
  if (answer.header) c.res.headers.set(D1_BOOKMARK_HEADER, sent);
}

export interface AppOptions {
  /** The edge cache of signed-out pages (worker/http/page-cache.ts): on in builds, off in `npm run dev`. */
  pageCache?: boolean;
  /** The pages whose reads a signed-in GET sends with the session's statement (decision 114). */
  pageReads?: readonly AnyPageReads[];
}

export function createApp(
  renderPage?: PageRenderer,
  { pageCache: cachePages = false, pageReads = [] }: AppOptions = {},
) {
  const app = new Hono<AppEnv>();

  // Outermost: whatever answers, a request body nobody read is drained before the answer goes (`drainUnreadBody`:
  // answered unread, a 100 KB POST refused ahead of its door was a 500 from the dev server's proxy 1 time in 10).
  app.use("*", async (c, next) => {
    await next();
    await drainUnreadBody(c.req.raw);
  });

  // First, so every response gets them, refusals included; pages also get their CSP (with this request's nonce)
  // and the rest of docs/decisions/010. A response with its own CSP (an SVG from /media/) keeps it.
  app.use("*", async (c, next) => {
    c.set("cspNonce", createCspNonce());
    await next();
    for (const [name, value] of Object.entries(BASE_SECURITY_HEADERS)) c.res.headers.set(name, value);
    if (!c.res.headers.get("content-type")?.startsWith("text/html") || c.res.headers.has("content-security-policy"))
      return;
    const upload = presignedUploadOrigin(c.env);
    const cards = cardEntryOrigins(cardEntryFor(c.env));
    const page = pageSecurityHeaders({
      nonce: c.get("cspNonce"),
      isProduction: c.env.APP_ENV === "production",
      frameOrigins: [...PLAYER_FRAME_ORIGINS, ...cards.frame],
      connectOrigins: [...(upload ? [upload] : []), ...cards.connect],
    });
    for (const [name, value] of Object.entries(page)) c.res.headers.set(name, value);
  });

  app.use("*", async (c, next) => {
    if (isCrossSiteWrite(c.req.raw)) return c.json({ error: "cross_site_request" }, 403);
    await next();
  });

  // Signed-out public pages from the edge cache: before the request context, so a hit opens no session nor database.
  if (cachePages)
    app.use(
      "*",
      pageCache(async (request, env, ctx) => app.fetch(request, env, ctx)),
    );

  app.use("*", async (c, next) => {
    // Outside production every response says how many D1 round trips it took (read by `npm run bench`).
    if (c.env.APP_ENV === "production") return withRequestContext(c, c.env.DB, pageReads, next);
    const roundTrips = { count: 0 };
    await withRoundTripCounter(roundTrips, () =>
      withRequestContext(c, roundTripCountingBinding(withSimulatedLatency(c.env.DB, c.env)), pageReads, next),
    );
    c.res.headers.set("X-D1-Round-Trips", String(roundTrips.count));
  });

  // A banned user sees only /ban, and the terms and policies its footer links to (legal-pages.ts); their API calls are refused.
  app.use("*", async (c, next) => {
    const { user } = c.get("request");
    if (
      user &&
      isBanned(user.roles) &&
      !isAssetPath(c.req.path) &&
      !isBanReadable(c.req.path) &&
      !c.req.path.startsWith("/api/auth/")
    ) {
      if (c.req.path.startsWith("/api/")) return c.json({ error: "banned" }, 403);
      return c.redirect(BAN_PAGE, 302);
    }
    await next();
  });

  app.route("/api/auth", authApi);
  app.route("/api/account", accountApi);
  app.route("/api/admin", adminApi);
  app.route("/api/reviews", reviewApi);
  app.route("/api/reports", reportApi);
  app.route("/api/waitlist", waitlistApi);
  app.route("/api/follows", followApi);
  app.route("/media", mediaRoutes);
  // The bench's baselines (worker/dev/bench.ts) exist only in builds with `__BENCH_DOORS__`: a production build drops
  // this branch and, with it, the module (worker/dev/, the `dev` floor of scripts/floors.mjs).
  if (__BENCH_DOORS__) {
    app.get("/api/bench/static", async (c) => (await import("./dev/bench")).benchBaseline(c, "static"));
    app.get("/api/bench/d1", async (c) => (await import("./dev/bench")).benchBaseline(c, "d1"));
  }
  app.route("/api/google/storage", storageApi);
  app.route("/api/uploads", uploadsApi);
  app.route("/api/features/pageVisit", pageVisitApi);
  app.route("/api/features/bookmark", bookmarkApi);
  app.route("/api/features/commission/order/stage/preview", stagePreviewApi);
  app.route("/api/features/commission/order", orderApi);
  app.route("/api/features/commission", orderRequestApi);
  app.route("/api/stripe/connect", stripeConnectApi);
  app.route("/api/stripe", stripeApi);
  app.route("/webhooks", stripeWebhookRoutes);
  app.route("/api/features/notification", notificationApi);
  app.route("/api/features/chat", chatApi);
  app.route("/api/features/translation", translationApi);
  app.get("/ws/chat/:chatRoomId", chatSocket);
  // A personal invite link (decision 053): remembers the inviter, then on to sign-up.
  app.route("/invite", inviteRoutes);
  app.all("/api/*", (c) => c.json({ error: "not_found" }, 404));

  // React Router takes every other path; app.all (not app.get) so page actions reach it too.
  app.all("*", async (c) => {
    if (!renderPage) return c.notFound();
    // The language follows the browser's until the visitor chooses one (the language menu sets the cookie); the
    // browser's messages read the page's own <html lang> (app/lib/page-locale-runtime.ts), so nothing is pinned.
    const context = c.get("request");
    // The admin console is not there for anyone else (decision 087): their request of it is an unknown path's.
    const request =
      context.user && isAdmin(context.user.roles) ? c.req.raw : consoleHiddenRequest(c.req.raw, context.url);
    return renderPage(request, request === c.req.raw ? context : { ...context, url: new URL(request.url) });
  });
  // What slips through every door's own parsing. Stripe down, rate-limited or busy: nothing asked of it is known to
  // have happened and the call can be tried again, which the answer says (the page words it in the user's language).
  // A Durable Object overloaded: 503 with Retry-After (worker/http/overload.ts).
  // Anything else: logged with a request id, answered with that id only, never the error's text or stack.
  app.onError((error, c) => {
    if (isStripeUnavailable(error)) {
      console.error("Stripe unavailable", c.req.method, c.req.path, error);
      return c.json({ error: "payment_unavailable" }, 503);
    }
    if ("getResponse" in error && typeof error.getResponse === "function") return error.getResponse() as Response;
    if (isDurableObjectOverloaded(error)) {
      console.warn("Durable Object overloaded", c.req.method, c.req.path);
      c.header("Retry-After", String(OVERLOADED_RETRY_AFTER_S));
      if (isJsonPath(c.req.path)) return c.json({ error: "overloaded" }, 503);
      return c.text("We are busy right now. Please try again in a few seconds.", 503);
    }
    const requestId = crypto.randomUUID();
    console.error(`request ${requestId} failed: ${c.req.method} ${c.req.path}`, error);
    if (isJsonPath(c.req.path)) return c.json({ error: "internal_error", requestId }, 500);
    return c.text(`Something went wrong on our side. If it goes on, tell us this request id: ${requestId}`, 500);
  });

  return app;
}
