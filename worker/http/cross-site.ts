const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

/**
 * True when a browser sent this state-changing request from another site. Sec-Fetch-Site is trusted first
 * (every current browser sends it); Origin is the fallback. Requests with neither come from non-browser
 * clients, which carry no victim's cookies, so they are not cross-site requests in the CSRF sense.
 */
export function isCrossSiteWrite(request: Request): boolean {
  if (SAFE_METHODS.has(request.method)) return false;
  const site = request.headers.get("sec-fetch-site");
  if (site) return site !== "same-origin" && site !== "none";
  const origin = request.headers.get("origin");
  if (origin) return origin !== new URL(request.url).origin;
  return false;
}

/**
 * True only for a request the app's own pages made: `Sec-Fetch-Site: same-origin`, or, from a browser that sends
 * no fetch metadata, an Origin equal to ours. Used where even a GET changes who is signed in (the code callback):
 * a request with neither header is refused, since an old browser's cross-site navigation looks exactly like that,
 * and `none` (a typed or bookmarked address) is refused too: no page of ours ever links to the callback.
 */
export function isSameOriginRequest(request: Request): boolean {
  const site = request.headers.get("sec-fetch-site");
  if (site) return site === "same-origin";
  const origin = request.headers.get("origin");
  return origin !== null && origin === new URL(request.url).origin;
}
