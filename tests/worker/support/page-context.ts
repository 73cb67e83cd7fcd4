// The React Router context a page loader or action gets from the Worker, for a user signed in: the page tests call
// the route modules as React Router calls them.
import { createExecutionContext } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { RouterContextProvider } from "react-router";
import { requestContext } from "#app/lib/request-context";
import type { Locale } from "#worker/domain/locales";
import { createSession, getSessionUser } from "#worker/services/sessions";
import { db } from "./helpers";

export async function pageContext(userAccountId: string, locale: Locale, path: string) {
  const { token } = await createSession(db(), userAccountId);
  const context = new RouterContextProvider();
  context.set(requestContext, {
    env,
    url: new URL(`http://localhost${path}`),
    executionCtx: createExecutionContext(),
    db: db(),
    user: await getSessionUser(db(), token),
    sessionToken: token,
    locale,
  });
  return context;
}
