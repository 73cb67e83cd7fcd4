import type { Context } from "hono";
import type { Locale } from "../domain/locales";
import type { Database } from "../db/client";
import type { SessionUser } from "../services/sessions";
import type { ReadAhead } from "./read-ahead";

/** What every request carries once the Worker's middleware has run; shared by Hono handlers and page loaders. */
export interface RequestContext {
  env: Env;
  /** The URL of the request being served (loaders use it to send a visitor back after signing in). */
  url: URL;
  executionCtx: ExecutionContext;
  /**
   * Drizzle over this request's D1 session (read replication, decision 070). `db.$client` is the session-routed
   * binding: the one `D1Database` to hand a service that takes a raw binding, so its reads see the request's writes
   * and the client's bookmark. `env.DB` is the plain binding, for what must run outside the request (waitUntil mail).
   */
  db: Database;
  user: SessionUser | null;
  sessionToken: string | undefined;
  locale: Locale;
  /**
   * This response's Content-Security-Policy nonce: root.tsx and app/entry.server.tsx put it on every script. The
   * Worker always sets it; optional so tests that build a context for an API handler need not invent one.
   */
  cspNonce?: string;
  /**
   * For a page document (not a `.data` request nor an API call): values its loaders pass to the server's render only,
   * never to the hydration data (app/lib/document-only.ts). Null otherwise.
   */
  documentOnly?: Map<string, unknown> | null;
  /** A page's reads sent with the session's statement (decision 114), until its loader takes them (`readPage`). */
  readAhead?: ReadAhead | null;
}

export type AppEnv = {
  Bindings: Env;
  /**
   * `cspNonce`: this response's CSP nonce, made first (worker/app.ts) so a page from the edge cache gets one too.
   * `url`: the request's URL, parsed once (`requestUrl`).
   */
  Variables: { request: RequestContext; cspNonce: string; url: URL };
};
export type AppContext = Context<AppEnv>;

/**
 * The request's URL, parsed once for the middleware that reads it (the edge cache, the request's context, the
 * console's gate). Shared: read it; a change goes on a copy (`new URL(url)`).
 */
export function requestUrl(c: Context<AppEnv>): URL {
  let url = c.get("url");
  if (url === undefined) {
    url = new URL(c.req.url);
    c.set("url", url);
  }
  return url;
}
