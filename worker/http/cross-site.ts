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
