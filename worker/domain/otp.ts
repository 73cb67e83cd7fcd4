import { OTP_LENGTH } from "./sign-in-rules";

/** A uniformly random numeric code from a CSPRNG (rejection sampling avoids modulo bias). */
export function generateOtpCode(
  random: (buffer: Uint32Array) => Uint32Array = (b) => crypto.getRandomValues(b),
): string {
  const limit = 10 ** OTP_LENGTH;
  const ceiling = Math.floor(0x1_0000_0000 / limit) * limit;
  const buffer = new Uint32Array(1);
  for (;;) {
    const value = random(buffer)[0];
    if (value < ceiling) return String(value % limit).padStart(OTP_LENGTH, "0");
  }
}

export type CodeCheck = "ok" | "expired" | "consumed" | "locked" | "mismatch";

/** Decide a code attempt from the stored record; pure so the rules are testable without a database. */
export function checkCode(
  record: { expiresAt: number; consumedAt: number | null; failedAttempts: number; codeHash: string },
  submittedHash: string,
  now: number,
  maxFailedAttempts: number,
): CodeCheck {
  if (record.consumedAt !== null) return "consumed";
  if (record.failedAttempts >= maxFailedAttempts) return "locked";
  if (now >= record.expiresAt) return "expired";
  return timingSafeEqual(record.codeHash, submittedHash) ? "ok" : "mismatch";
}

function timingSafeEqual(a: string, b: string): boolean {
  if (a.length !== b.length) return false;
  let diff = 0;
  for (let i = 0; i < a.length; i++) diff |= a.charCodeAt(i) ^ b.charCodeAt(i);
  return diff === 0;
}
