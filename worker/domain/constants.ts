/** Business constants of spec section 9 and the auth rules of issue 2, in one place. */
export const OTP_LENGTH = 6;
export const OTP_TTL_MS = 10 * 60 * 1000;
export const OTP_MAX_FAILED_ATTEMPTS = 5;
/** Code sends allowed per address, and per client (IP), in one window. */
export const OTP_SENDS_PER_EMAIL = 5;
export const OTP_SENDS_PER_CLIENT = 20;
export const OTP_SEND_WINDOW_MS = 15 * 60 * 1000;

export const SESSION_TTL_MS = 30 * 24 * 60 * 60 * 1000;
/** Bytes of randomness in a session id (256 bits; the floor is 128). */
export const SESSION_ID_BYTES = 32;
export const SESSION_COOKIE = "comet_session";

export const LANGUAGE_COOKIE = "app-language";
export const THEME_COOKIE = "theme";
export const LOCALES = ["en", "ja"] as const;
export type Locale = (typeof LOCALES)[number];
export const DISPLAY_CURRENCY_CODES = ["JPY", "USD"] as const;
export type DisplayCurrencyCode = (typeof DISPLAY_CURRENCY_CODES)[number];
export const DEFAULT_CURRENCY_CODE: DisplayCurrencyCode = "JPY";

export const HEADER_HEIGHT_PX = 60;
export const AUTH_RELOAD_DELAY_MS = 1000;

export function isLocale(value: unknown): value is Locale {
  return typeof value === "string" && (LOCALES as readonly string[]).includes(value);
}

export function isDisplayCurrencyCode(value: unknown): value is DisplayCurrencyCode {
  return typeof value === "string" && (DISPLAY_CURRENCY_CODES as readonly string[]).includes(value);
}
