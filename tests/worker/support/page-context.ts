// The React Router context a page loader or action gets from the Worker, for a user signed in: the page tests call
// the route modules as React Router calls them.
import { createExecutionContext } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { RouterContextProvider } from "react-router";
import { requestContext } from "#app/lib/request-context";
import { SESSION_COOKIE } from "#worker/domain/cookie-names";
import type { Locale } from "#worker/domain/locales";
import { createSession, getSessionUser, type SessionUser } from "#worker/services/sessions";
import { db } from "./helpers";

export async function pageContext(userAccountId: string, locale: Locale, path: string) {
  const { user, token } = await newSession(userAccountId);
  return viewerContext(user, token, path, locale);
}

/** A new session for the account: its user as the Worker reads it, its token, and the cookie a request carries. */
export async function newSession(userAccountId: string) {
  const { token } = await createSession(db(), userAccountId);
  return { user: await getSessionUser(db(), token), token, cookie: `${SESSION_COOKIE}=${token}` };
}

/** The context for a viewer already signed in (`user` and its session's token), or signed out (null, undefined). */
export function viewerContext(
  user: SessionUser | null,
  sessionToken: string | undefined,
  path: string,
  locale: Locale,
) {
  const context = new RouterContextProvider();
  context.set(requestContext, {
    env,
    url: new URL(`http://localhost${path}`),
    executionCtx: createExecutionContext(),
    db: db(),
    user,
    sessionToken,
    locale,
  });
  return context;
}
