import { LANGUAGE_COOKIE, SESSION_COOKIE, THEME_COOKIE } from "../domain/constants";

export function readCookie(request: Request, name: string): string | undefined {
  const header = request.headers.get("cookie");
  if (!header) return undefined;
  for (const part of header.split(";")) {
    const [key, ...rest] = part.trim().split("=");
    if (key === name) return decodeURIComponent(rest.join("="));
  }
  return undefined;
}

/** Secure everywhere except plain-http localhost, where browsers would drop a Secure cookie. */
function isPlainLocalhost(url: URL): boolean {
  return url.protocol === "http:" && (url.hostname === "localhost" || url.hostname === "127.0.0.1");
}

export function sessionCookie(url: URL, token: string, expiresAt: Date): string {
  const secure = isPlainLocalhost(url) ? "" : "; Secure";
  return `${SESSION_COOKIE}=${token}; Path=/; HttpOnly; SameSite=Lax; Expires=${expiresAt.toUTCString()}${secure}`;
}

export function clearedSessionCookie(url: URL): string {
  const secure = isPlainLocalhost(url) ? "" : "; Secure";
  return `${SESSION_COOKIE}=; Path=/; HttpOnly; SameSite=Lax; Max-Age=0${secure}`;
}

/** Preference cookies are readable by the page (the theme script and Paraglide read them). */
export function preferenceCookie(url: URL, name: typeof LANGUAGE_COOKIE | typeof THEME_COOKIE, value: string): string {
  const secure = isPlainLocalhost(url) ? "" : "; Secure";
  return `${name}=${encodeURIComponent(value)}; Path=/; SameSite=Lax; Max-Age=31536000${secure}`;
}
