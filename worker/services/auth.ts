import { and, desc, eq, isNull, sql } from "drizzle-orm";
import { m } from "#app/paraglide/messages.js";
import {
  OTP_EMAIL_SEND_WINDOW_MS,
  OTP_MAX_FAILED_ATTEMPTS,
  OTP_SEND_WINDOW_MS,
  OTP_SENDS_PER_CLIENT,
  OTP_SENDS_PER_EMAIL,
  OTP_SENDS_PER_EMAIL_CLIENT,
  OTP_TTL_MS,
  OTP_VERIFY_FAILURES_PER_CLIENT,
  OTP_VERIFY_FAILURES_PER_EMAIL,
  OTP_VERIFY_WINDOW_MS,
} from "../domain/sign-in-rules";
import type { Locale } from "../domain/locales";
import { checkCode, generateOtpCode, type CodeCheck } from "../domain/otp";
import type { Database } from "../db/client";
import { authCodes, userAccounts } from "../db/schema";
import type { MailMessage, Mailer } from "../mail/mailer";
import { createAccount, findAccountIdByEmail, isHandleTaken } from "./accounts";
import { randomToken, sha256Hex } from "./crypto";
import { consumeRateLimit, releaseRateLimits } from "./rate-limit";

export interface SendCodeDeps {
  db: Database;
  mailer: Mailer;
  /** Runs work after the answer (the Worker's `waitUntil`): mail goes here, so no answer waits for the mailer. */
  defer: (work: Promise<unknown>) => void;
  now?: () => number;
}

export type SendCodeResult = { status: "sent" } | { status: "rate_limited" } | { status: "handle_taken" };

const codeHash = (email: string, code: string) => sha256Hex(`${email}:${code}`);

/**
 * Within every send limit (decision 009)? Checked one after another, so a request refused by the pair or client
 * limit is not also charged to the address's ceiling: a stranger's refused sends cannot use up the owner's.
 */
async function withinSendLimits(db: Database, email: string, clientKey: string, now: number): Promise<boolean> {
  return (
    (await consumeRateLimit(db, `otp:send:client:${clientKey}`, OTP_SENDS_PER_CLIENT, OTP_SEND_WINDOW_MS, now)) &&
    (await consumeRateLimit(
      db,
      `otp:send:pair:${email}|${clientKey}`,
      OTP_SENDS_PER_EMAIL_CLIENT,
      OTP_SEND_WINDOW_MS,
      now,
    )) &&
    (await consumeRateLimit(db, `otp:send:email:${email}`, OTP_SENDS_PER_EMAIL, OTP_EMAIL_SEND_WINDOW_MS, now))
  );
}

async function deliver(mailer: Mailer, message: MailMessage): Promise<void> {
  try {
    await mailer.send(message);
  } catch (error) {
    // Nobody is waiting for this answer any more; the user asks for a new code if none arrives.
    console.error("sign-in code not delivered:", error instanceof Error ? error.message : error);
  }
}

/**
 * Send a one-time code. With a handle it is a sign-up, without one a sign-in. Whether the address has an
 * account changes neither the answer nor the work done before it: every accepted request looks the address up
 * and writes one code row (for an address that can neither sign in nor sign up, a row whose hash is of a random
 * secret, so it never verifies). Mail goes out after the answer, through `defer`, and only to addresses that
 * can use the code; a failing mailer is logged, never answered.
 */
export async function sendCode(
  deps: SendCodeDeps,
  input: { email: string; signupHandle?: string; clientKey: string; locale: Locale },
): Promise<SendCodeResult> {
  const now = deps.now?.() ?? Date.now();
  const { db } = deps;
  if (input.signupHandle && (await isHandleTaken(db, input.signupHandle, undefined, now)))
    return { status: "handle_taken" };
  if (!(await withinSendLimits(db, input.email, input.clientKey, now))) return { status: "rate_limited" };

  const hasAccount = (await findAccountIdByEmail(db, input.email)) !== null;
  const canUseCode = hasAccount || input.signupHandle !== undefined;
  const code = generateOtpCode();
  const hash = await codeHash(input.email, canUseCode ? code : randomToken(32));
  if (canUseCode) {
    // Started before the row is written: the answer still never waits for it, and a local mailbox already
    // holds the mail by the time the answer arrives. A code mailed before its row exists cannot be typed in yet.
    const locale = { locale: input.locale };
    deps.defer(
      deliver(deps.mailer, {
        to: input.email,
        subject: m.mail_code_subject({}, locale),
        text: m.mail_code_body({ code, minutes: OTP_TTL_MS / 60000 }, locale),
      }),
    );
  }
  await db.batch([
    // A new code replaces any earlier one for the address.
    db
      .update(authCodes)
      .set({ consumedAt: new Date(now) })
      .where(and(eq(authCodes.email, input.email), isNull(authCodes.consumedAt))),
    db.insert(authCodes).values({
      id: crypto.randomUUID(),
      email: input.email,
      codeHash: hash,
      signupHandle: hasAccount ? null : (input.signupHandle ?? null),
      expiresAt: new Date(now + OTP_TTL_MS),
      createdAt: new Date(now),
    }),
  ]);
  return { status: "sent" };
}

export interface VerifyCodeDeps {
  db: Database;
  now?: () => number;
}

type VerifyFailure = Exclude<CodeCheck, "ok"> | "missing" | "throttled" | "handle_taken";
export type VerifyResult =
  /** `languageCode`: the account's display language, which follows the user to this browser. */
  { ok: true; accountId: string; isNewAccount: boolean; languageCode: string } | { ok: false; reason: VerifyFailure };

/**
 * Check a code; on success consume it and return the account, creating it for a sign-up.
 *
 * Guessing is bounded three ways: 5 wrong tries per code, and failure budgets across codes per address and per
 * client. Every attempt is charged to both budgets before the code is read, so concurrent guesses cannot
 * overshoot them; an attempt with the right code is given back. Past a budget even the right code is refused
 * until the window passes, with the same answer as a wrong code.
 */
export async function verifyCode(
  deps: VerifyCodeDeps,
  input: {
    email: string;
    token: string;
    clientKey: string;
    locale: Locale /** From an invite link followed before sign-up (decision 053). */;
    inviteCode?: string | null;
  },
): Promise<VerifyResult> {
  const now = deps.now?.() ?? Date.now();
  const { db } = deps;
  const budgets = [
    { key: `otp:verify:client:${input.clientKey}`, limit: OTP_VERIFY_FAILURES_PER_CLIENT },
    { key: `otp:verify:email:${input.email}`, limit: OTP_VERIFY_FAILURES_PER_EMAIL },
  ];
  for (const budget of budgets) {
    // One after the other: a client past its budget does not also charge the address it is guessing at.
    if (!(await consumeRateLimit(db, budget.key, budget.limit, OTP_VERIFY_WINDOW_MS, now)))
      return { ok: false, reason: "throttled" };
  }

  const result = await consumeCode(db, input, now);
  if (result.ok || result.reason === "handle_taken") {
    await releaseRateLimits(
      db,
      budgets.map((budget) => budget.key),
      OTP_VERIFY_WINDOW_MS,
      now,
    );
  }
  return result;
}

async function consumeCode(
  db: Database,
  input: { email: string; token: string; locale: Locale; inviteCode?: string | null },
  now: number,
): Promise<VerifyResult> {
  const record = await db
    .select()
    .from(authCodes)
    .where(eq(authCodes.email, input.email))
    .orderBy(desc(authCodes.createdAt))
    .limit(1)
    .get();
  if (!record) return { ok: false, reason: "missing" };

  const verdict = checkCode(
    { ...record, expiresAt: record.expiresAt.getTime(), consumedAt: record.consumedAt?.getTime() ?? null },
    await codeHash(input.email, input.token),
    now,
    OTP_MAX_FAILED_ATTEMPTS,
  );
  if (verdict === "mismatch") {
    await db
      .update(authCodes)
      .set({ failedAttempts: sql`${authCodes.failedAttempts} + 1` })
      .where(eq(authCodes.id, record.id));
    return { ok: false, reason: "mismatch" };
  }
  if (verdict !== "ok") return { ok: false, reason: verdict };

  // Consume conditionally so two concurrent submissions of one code cannot both succeed. The account is read in the
  // same round trip; it counts only when the code was consumed.
  const [consumed, existing] = await db.batch([
    db
      .update(authCodes)
      .set({ consumedAt: new Date(now) })
      .where(
        and(
          eq(authCodes.id, record.id),
          isNull(authCodes.consumedAt),
          sql`${authCodes.failedAttempts} < ${OTP_MAX_FAILED_ATTEMPTS}`,
        ),
      )
      .returning({ id: authCodes.id }),
    db
      .select({ id: userAccounts.id, languageCode: userAccounts.displayLanguageCode })
      .from(userAccounts)
      .where(eq(userAccounts.email, input.email)),
  ]);
  if (consumed.length === 0) return { ok: false, reason: "consumed" };
  const [account] = existing;
  if (account) return { ok: true, accountId: account.id, isNewAccount: false, languageCode: account.languageCode };
  if (!record.signupHandle) return { ok: false, reason: "missing" };
  try {
    const accountId = await createAccount(db, {
      email: input.email,
      handle: record.signupHandle,
      languageCode: input.locale,
      inviteCode: input.inviteCode,
    });
    return { ok: true, accountId, isNewAccount: true, languageCode: input.locale };
  } catch (error) {
    // Someone else's sign-up took the handle after this code was sent. The unique index (lower-cased handle)
    // refused the whole batch, so no half-made account is left; the user picks another handle and a new code.
    if (await isHandleTaken(db, record.signupHandle)) return { ok: false, reason: "handle_taken" };
    throw error;
  }
}
