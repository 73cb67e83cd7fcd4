import { data, type RouterContextProvider } from "react-router";
import { requestContext } from "#app/lib/request-context";
import { isAdmin } from "#worker/domain/roles";
import type { SessionUser } from "#worker/services/sessions";

/**
 * Every admin console loader and action calls this itself (decision 087): anyone who is not an admin, signed in or
 * not, gets the site's own 404, as for a path that does not exist. The Worker already hands such a request to React
 * Router as an unknown path's (worker/http/admin-console.ts, issue 59); this stays, so no loader rests on that alone.
 */
export function requireAdmin(context: Readonly<RouterContextProvider>): SessionUser {
  const { user } = context.get(requestContext);
  if (!user || !isAdmin(user.roles)) throw data(null, { status: 404 });
  return user;
}
