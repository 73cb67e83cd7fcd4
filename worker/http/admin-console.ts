/**
 * The admin console is not there for anyone but an admin (decision 087; issue 59). Its pages' loaders already answer a
 * stranger the site's 404, but React Router names the routes it matched before any loader runs: `/admin.data` answered
 * with the console's route ids, the signed-out 404 page carried `routes/admin/*` in its hydration data, and the route
 * manifest (`/__manifest?paths=/admin/users`) would list the console's routes and modules to anyone. So a non-admin's
 * request of a console path (a page, its `.data`, an action, a file of the desk) is handed to React Router as the same
 * request of a path nothing claims (`unknownPathLike`), and the manifest is asked about such a path in place of a
 * console one: they get exactly what any unknown path gets.
 */
import { isAdminConsolePath, unknownPathLike } from "../admin/domain/admin-actions";

/** React Router's lazy route discovery (its default `routeDiscovery.manifestPath`), and its list of paths. */
const ROUTE_MANIFEST = "/__manifest";
const MANIFEST_PATHS = "paths";

/**
 * The request React Router is given for someone who is not an admin: this one, unless it asks for the console (then
 * the same method, headers, body and query at `unknownPathLike` it), or the route manifest about console paths (then
 * about `unknownPathLike` them instead).
 */
export function consoleHiddenRequest(request: Request, requestUrl: URL): Request {
  if (requestUrl.pathname === ROUTE_MANIFEST) {
    const asked = requestUrl.searchParams.get(MANIFEST_PATHS);
    if (asked === null) return request;
    const paths = asked.split(",");
    if (!paths.some(isAdminConsolePath)) return request;
    const url = new URL(requestUrl);
    url.searchParams.set(
      MANIFEST_PATHS,
      paths.map((path) => (isAdminConsolePath(path) ? unknownPathLike(path) : path)).join(","),
    );
    return new Request(url, request);
  }
  if (!isAdminConsolePath(requestUrl.pathname)) return request;
  const url = new URL(requestUrl);
  url.pathname = unknownPathLike(url.pathname);
  return new Request(url, request);
}
