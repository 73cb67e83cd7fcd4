/**
 * Invitations (issue 33, docs/decisions/053): every user has one stable personal link, /invite/{code}. A signed-out
 * visitor who follows it is remembered for INVITE_COOKIE_MAX_AGE_S; if they sign up within that time, their new account
 * records who invited them, once. When an order they are a party to first reaches COMPLETED, the inviter hears of it
 * once (INVITE_ORDER_COMPLETED, pointing at the invitee's profile). An invitation gives nothing monetary.
 */

/** The cookie that remembers a followed link until sign-up. It holds the code, never the inviter's id. */
export const INVITE_COOKIE = "comet_invite";
/** 30 days: long enough to think it over, short enough that a link followed long ago does not claim a later sign-up. */
export const INVITE_COOKIE_MAX_AGE_S = 30 * 24 * 60 * 60;

const CODE_ALPHABET = "abcdefghjkmnpqrstuvwxyz23456789";
/** 31^12 ≈ 7.9e17 (about 59 bits): not guessable by trying, short enough to read out or paste anywhere. */
const INVITE_CODE_LENGTH = 12;
const INVITE_CODE_PATTERN = new RegExp(`^[${CODE_ALPHABET}]{${INVITE_CODE_LENGTH}}$`);

/** A new invite code: INVITE_CODE_LENGTH characters of an unambiguous alphabet, each equally likely. */
export function generateInviteCode(
  random: (n: number) => Uint8Array = (n) => crypto.getRandomValues(new Uint8Array(n)),
): string {
  // 248 = 8 * 31: rejecting bytes above it keeps every character equally likely.
  let out = "";
  while (out.length < INVITE_CODE_LENGTH) {
    for (const byte of random(INVITE_CODE_LENGTH * 2)) {
      if (byte < 248 && out.length < INVITE_CODE_LENGTH) out += CODE_ALPHABET[byte % 31];
    }
  }
  return out;
}

/** Whether a value from a URL or a cookie can be a code at all; anything else is ignored before any lookup. */
export function isInviteCode(value: unknown): value is string {
  return typeof value === "string" && INVITE_CODE_PATTERN.test(value);
}

export const invitePath = (code: string) => `/invite/${code}`;

/** A public profile: where the inviter's notice points (spec section 2: "invite-completed to /{handle}", the invitee's). */
export const profileHref = (handle: string) => `/${encodeURIComponent(handle)}`;

/** One notice per invitee, ever: the notice's dedupe key names the invitee, not the order. */
export const inviteCompletedDedupeKey = (inviteeUserAccountId: string) =>
  `invite-order-completed:${inviteeUserAccountId}`;
