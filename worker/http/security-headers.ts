/**
 * The security headers of every response, and the extra ones of an HTML page. Pure: built from the request's nonce
 * and a few settings, applied by one middleware in worker/app.ts. Why each directive is what it is:
 * docs/decisions/010-content-security-policy.md.
 */

export interface PagePolicyOptions {
  /** Fresh per request; the only way an inline or module script of ours runs. */
  nonce: string;
  /** HSTS only where the site is really served over https on its own domain. */
  isProduction: boolean;
  /** Origins a page may frame: the media players (worker/media/domain/embed-players.ts). */
  frameOrigins: readonly string[];
  /** Origins the browser talks to besides this one: the presigned R2 upload host in production. */
  connectOrigins?: readonly string[];
}

/** On every response, pages, API answers and media alike: none of them is meant to be sniffed or framed. */
export const BASE_SECURITY_HEADERS: Readonly<Record<string, string>> = {
  "X-Content-Type-Options": "nosniff",
  // frame-ancestors for browsers that ignore CSP, and for responses that carry no CSP.
  "X-Frame-Options": "DENY",
};

/**
 * Powerful features nobody on Comet uses are off for the page and every frame in it. Autoplay, fullscreen,
 * encrypted-media and picture-in-picture are left to their defaults so the players' `allow` attribute can grant them.
 * The payment step will need `payment=(self "https://js.stripe.com")` for Stripe.js wallets.
 */
const PERMISSIONS_POLICY = [
  "camera=()",
  "microphone=()",
  "geolocation=()",
  "payment=()",
  "usb=()",
  "serial=()",
  "hid=()",
  "midi=()",
  "display-capture=()",
  "accelerometer=()",
  "gyroscope=()",
  "magnetometer=()",
  "browsing-topics=()",
].join(", ");

export function contentSecurityPolicy({ nonce, frameOrigins, connectOrigins = [] }: PagePolicyOptions): string {
  const directives: [string, ...string[]][] = [
    ["default-src", "'self'"],
    // Nonce + strict-dynamic: our nonced scripts, and the modules they import, run; injected markup does not.
    // 'self' is only a fallback for browsers without strict-dynamic (which then ignore it).
    // 'wasm-unsafe-eval' lets our own scripts compile WebAssembly (hash-wasm's SHA-256 of a file the user picks, issue
    // 60); it allows no JavaScript eval, and a module still runs only by the nonce and strict-dynamic.
    ["script-src", `'nonce-${nonce}'`, "'strict-dynamic'", "'self'", "'wasm-unsafe-eval'"],
    // React renders style attributes (player sizes, positions); Vite adds <style> in dev. No script runs from CSS.
    ["style-src", "'self'", "'unsafe-inline'"],
    // Pasted links to images and videos may live on any https host; uploads preview as blob:.
    ["img-src", "'self'", "data:", "blob:", "https:"],
    ["media-src", "'self'", "blob:", "https:"],
    ["font-src", "'self'"],
    ["connect-src", "'self'", ...connectOrigins],
    ["frame-src", ...frameOrigins],
    ["worker-src", "'self'"],
    ["object-src", "'none'"],
    ["base-uri", "'none'"],
    ["form-action", "'self'"],
    ["frame-ancestors", "'none'"],
  ];
  return directives.map((parts) => parts.join(" ")).join("; ");
}

/** The headers an HTML page adds to BASE_SECURITY_HEADERS. */
export function pageSecurityHeaders(options: PagePolicyOptions): Record<string, string> {
  return {
    "Content-Security-Policy": contentSecurityPolicy(options),
    "Referrer-Policy": "strict-origin-when-cross-origin",
    "Permissions-Policy": PERMISSIONS_POLICY,
    // Two years, as preload lists expect; no `preload` yet, since that is hard to take back.
    ...(options.isProduction ? { "Strict-Transport-Security": "max-age=63072000; includeSubDomains" } : {}),
  };
}

/** 128 random bits, base64: a nonce no page can guess. */
export function createCspNonce(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return btoa(String.fromCharCode(...bytes));
}

/**
 * The host the browser PUTs uploads to when R2 presigning is configured (worker/media/services/storage.ts builds the same
 * address); without it uploads go to this origin, already allowed by 'self'.
 */
export function presignedUploadOrigin(env: Env): string | null {
  const accountId = (env as unknown as Record<string, unknown>).R2_ACCOUNT_ID;
  return typeof accountId === "string" && accountId !== "" ? `https://${accountId}.r2.cloudflarestorage.com` : null;
}
