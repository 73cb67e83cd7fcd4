/** The sign-in rules of spec section 9 and issue 2: one-time codes, their rate limits, and sessions. */
export const OTP_LENGTH = 6;
export const OTP_TTL_MS = 10 * 60 * 1000;
export const OTP_MAX_FAILED_ATTEMPTS = 5;
/**
 * Code sends (decision 009): per (address, client) pair and per client in one short window, so a stranger
 * exhausting an address's sends from their own client does not lock its owner out; plus a looser ceiling per
 * address over a longer window, which still caps the mail any one address can be made to receive.
 */
export const OTP_SENDS_PER_EMAIL_CLIENT = 5;
export const OTP_SENDS_PER_CLIENT = 20;
export const OTP_SEND_WINDOW_MS = 15 * 60 * 1000;
export const OTP_SENDS_PER_EMAIL = 20;
export const OTP_EMAIL_SEND_WINDOW_MS = 60 * 60 * 1000;
/**
 * Verification attempts that did not sign in, across codes: per address (past it, even the right code waits
 * for the window to pass) and per client (IPv6 by /64). Both answer like a wrong code.
 */
export const OTP_VERIFY_FAILURES_PER_EMAIL = 10;
export const OTP_VERIFY_FAILURES_PER_CLIENT = 30;
export const OTP_VERIFY_WINDOW_MS = 60 * 60 * 1000;
/** How long the cron keeps a rate-limit window: at least the longest window any limit uses. */
export const RATE_LIMIT_RETENTION_MS = 24 * 60 * 60 * 1000;

/** A session ends 14 days after its last request, and 60 days after sign-in whatever happens. */
export const SESSION_IDLE_TTL_MS = 14 * 24 * 60 * 60 * 1000;
export const SESSION_ABSOLUTE_TTL_MS = 60 * 24 * 60 * 60 * 1000;
/** `last_seen_at` is written at most this often per session, not on every request. */
export const SESSION_TOUCH_INTERVAL_MS = 60 * 60 * 1000;
/** Bytes of randomness in a session id (256 bits; the floor is 128). */
export const SESSION_ID_BYTES = 32;

/** How long the sign-in's last step shows before the page reloads signed in (spec: 1 s). */
export const AUTH_RELOAD_DELAY_MS = 1000;
