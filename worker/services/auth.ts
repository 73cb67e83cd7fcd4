import { and, desc, eq, isNull, sql } from "drizzle-orm";
import { m } from "../../app/paraglide/messages.js";
import {
  OTP_MAX_FAILED_ATTEMPTS,
  OTP_SEND_WINDOW_MS,
  OTP_SENDS_PER_CLIENT,
  OTP_SENDS_PER_EMAIL,
  OTP_TTL_MS,
  type Locale,
} from "../domain/constants";
import { checkCode, generateOtpCode, type CodeCheck } from "../domain/otp";
import type { Database } from "../db/client";
import { authCodes } from "../db/schema";
import type { Mailer } from "../mail/mailer";
import { createAccount, findAccountIdByEmail, isHandleTaken } from "./accounts";
import { sha256Hex } from "./crypto";
import { consumeRateLimit } from "./rate-limit";

export interface AuthDeps {
  db: Database;
  mailer: Mailer;
  now?: () => number;
}

export type SendCodeResult = { status: "sent" } | { status: "rate_limited" } | { status: "handle_taken" };

const codeHash = (email: string, code: string) => sha256Hex(`${email}:${code}`);

/**
 * Send a one-time code. Known and unknown addresses get the same answer; only an address with an account
 * (sign-in) or a sign-up request receives mail. Sends are limited per address and per client.
 */
export async function sendCode(
  deps: AuthDeps,
  input: { email: string; signupHandle?: string; clientKey: string; locale: Locale },
): Promise<SendCodeResult> {
  const now = deps.now?.() ?? Date.now();
  const { db } = deps;
  if (input.signupHandle && (await isHandleTaken(db, input.signupHandle))) return { status: "handle_taken" };

  const withinClient = await consumeRateLimit(db, `otp:client:${input.clientKey}`, OTP_SENDS_PER_CLIENT, OTP_SEND_WINDOW_MS, now);
  const withinEmail = await consumeRateLimit(db, `otp:email:${input.email}`, OTP_SENDS_PER_EMAIL, OTP_SEND_WINDOW_MS, now);
  if (!withinClient || !withinEmail) return { status: "rate_limited" };

  const hasAccount = (await findAccountIdByEmail(db, input.email)) !== null;
  if (!hasAccount && !input.signupHandle) return { status: "sent" };

  const code = generateOtpCode();
  await db.batch([
    // A new code replaces any earlier one for the address.
    db.update(authCodes).set({ consumedAt: new Date(now) }).where(and(eq(authCodes.email, input.email), isNull(authCodes.consumedAt))),
    db.insert(authCodes).values({
      id: crypto.randomUUID(),
      email: input.email,
      codeHash: await codeHash(input.email, code),
      signupHandle: hasAccount ? null : (input.signupHandle ?? null),
      expiresAt: new Date(now + OTP_TTL_MS),
      createdAt: new Date(now),
    }),
  ]);
  const locale = { locale: input.locale };
  await deps.mailer.send({
    to: input.email,
    subject: m.mail_code_subject({}, locale),
    text: m.mail_code_body({ code, minutes: OTP_TTL_MS / 60000 }, locale),
  });
  return { status: "sent" };
}

export type VerifyResult = { ok: true; accountId: string; isNewAccount: boolean } | { ok: false; reason: Exclude<CodeCheck, "ok"> | "missing" };

/** Check a code; on success consume it and return the account, creating it for a sign-up. */
export async function verifyCode(deps: AuthDeps, input: { email: string; token: string; locale: Locale }): Promise<VerifyResult> {
  const now = deps.now?.() ?? Date.now();
  const { db } = deps;
  const record = await db.select().from(authCodes).where(eq(authCodes.email, input.email)).orderBy(desc(authCodes.createdAt)).limit(1).get();
  if (!record) return { ok: false, reason: "missing" };

  const verdict = checkCode(
    { ...record, expiresAt: record.expiresAt.getTime(), consumedAt: record.consumedAt?.getTime() ?? null },
    await codeHash(input.email, input.token),
    now,
    OTP_MAX_FAILED_ATTEMPTS,
  );
  if (verdict === "mismatch") {
    await db.update(authCodes).set({ failedAttempts: sql`${authCodes.failedAttempts} + 1` }).where(eq(authCodes.id, record.id));
    return { ok: false, reason: "mismatch" };
  }
  if (verdict !== "ok") return { ok: false, reason: verdict };

  // Consume conditionally so two concurrent submissions of one code cannot both succeed.
  const consumed = await db
    .update(authCodes)
    .set({ consumedAt: new Date(now) })
    .where(and(eq(authCodes.id, record.id), isNull(authCodes.consumedAt), sql`${authCodes.failedAttempts} < ${OTP_MAX_FAILED_ATTEMPTS}`))
    .returning({ id: authCodes.id });
  if (consumed.length === 0) return { ok: false, reason: "consumed" };

  const existing = await findAccountIdByEmail(db, input.email);
  if (existing) return { ok: true, accountId: existing, isNewAccount: false };
  if (!record.signupHandle) return { ok: false, reason: "missing" };
  const accountId = await createAccount(db, { email: input.email, handle: record.signupHandle, languageCode: input.locale });
  return { ok: true, accountId, isNewAccount: true };
}
