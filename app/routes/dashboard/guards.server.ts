import { redirect, type RouterContextProvider } from "react-router";
import { requestContext } from "#app/lib/request-context";
import { DASHBOARD_PATHS } from "#app/components/dashboard/dashboard-paths";
import { isCreatorSide } from "#worker/domain/roles";
import { keepingLanguage } from "#worker/http/locale";
import type { SessionUser } from "#worker/services/sessions";

/**
 * Where a signed-out visitor is sent: home with the sign-in modal open, then back to `url` once signed in. Each
 * redirect here keeps the request's `?lang=` (keepingLanguage), so the page it leads to is in the same language.
 */
function signInPath(url: URL): string {
  return keepingLanguage(`/?${new URLSearchParams({ auth: "signin", next: url.pathname + url.search })}`, url);
}

type Context = Readonly<RouterContextProvider>;

/**
 * Every dashboard loader and action calls one of these itself: the layout's loader runs in parallel with
 * the page's, so the layout's check alone would not stop a page's data from loading.
 */
export function requireUser(context: Context): SessionUser {
  const { user, url } = context.get(requestContext);
  if (!user) throw redirect(signInPath(url));
  return user;
}

/** Admin and creator pages; everyone else is offered to become a creator. */
export function requireCreatorSide(context: Context): SessionUser {
  const user = requireUser(context);
  if (!isCreatorSide(user.roles))
    throw redirect(keepingLanguage(DASHBOARD_PATHS.creatorHome, context.get(requestContext).url));
  return user;
}

/** Pages for non-creators; admins and creators are sent to their side's counterpart. */
export function requireClientSide(context: Context, creatorCounterpart: string): SessionUser {
  const user = requireUser(context);
  if (isCreatorSide(user.roles)) throw redirect(keepingLanguage(creatorCounterpart, context.get(requestContext).url));
  return user;
}
