import { Hono } from "hono";
import { parseFields, signInStartSchema, signUpStartSchema, verifyCodeSchema } from "../domain/validation";
import { translateErrors, validationMessage } from "../domain/validation-messages";
import { m } from "../../app/paraglide/messages.js";
import { clearedSessionCookie, preferenceCookie, sessionCookie } from "../http/cookies";
import type { AppEnv } from "../http/context";
import { clientKey } from "../http/client-key";
import { mailerFromEnv } from "../mail/mailer";
import { sendCode, verifyCode } from "../services/auth";
import { getAccountLanguage } from "../services/preferences";
import { createSession, deleteSession } from "../services/sessions";

export const authApi = new Hono<AppEnv>();

/**
 * Send a one-time code. With a handle it is a sign-up, without one a sign-in. The answer is the same
 * whether or not the address has an account.
 */
authApi.post("/email/send", async (c) => {
  const { db, env, locale } = c.get("request");
  const body = await c.req.json().catch(() => ({}));
  const isSignUp = typeof body?.handle === "string";
  const parsed = parseFields(isSignUp ? signUpStartSchema : signInStartSchema, body);
  if (!parsed.ok) return c.json({ errors: translateErrors(parsed.errors, locale) }, 400);

  const data = parsed.data as { email: string; handle?: string };
  const result = await sendCode(
    { db, mailer: mailerFromEnv(env, db) },
    { email: data.email, signupHandle: data.handle, clientKey: clientKey(c.req.raw), locale },
  );
  if (result.status === "handle_taken") return c.json({ errors: { handle: validationMessage("validation_handle_taken", locale) } }, 409);
  if (result.status === "rate_limited") return c.json({ error: m.error_rate_limited({}, { locale }) }, 429);
  return c.json({ status: "sent" });
});

/** Verify a code (spec: GET /api/auth/callback/email?email&token; 200 only for a valid code) and start a session. */
authApi.get("/callback/email", async (c) => {
  const { db, env, locale } = c.get("request");
  const parsed = parseFields(verifyCodeSchema, { email: c.req.query("email") ?? "", token: c.req.query("token") ?? "" });
  if (!parsed.ok) return c.json({ errors: translateErrors(parsed.errors, locale) }, 400);

  const result = await verifyCode({ db, mailer: mailerFromEnv(env, db) }, { ...parsed.data, locale });
  if (!result.ok) return c.json({ error: "invalid_code" }, 401);

  const url = new URL(c.req.url);
  const session = await createSession(db, result.accountId);
  c.header("Set-Cookie", sessionCookie(url, session.token, session.expiresAt), { append: true });
  // The account's language follows the user to this browser.
  const accountLanguage = await getAccountLanguage(db, result.accountId);
  c.header("Set-Cookie", preferenceCookie(url, "app-language", accountLanguage), { append: true });
  return c.json({ status: "verified", isNewAccount: result.isNewAccount });
});

/** Sign out without redirect. */
authApi.post("/signout", async (c) => {
  const { db, sessionToken } = c.get("request");
  if (sessionToken) await deleteSession(db, sessionToken);
  c.header("Set-Cookie", clearedSessionCookie(new URL(c.req.url)));
  return c.json({ status: "signed_out" });
});

authApi.get("/session", (c) => {
  const { user } = c.get("request");
  return c.json({ user: user && { handle: user.handle, roles: user.roles, avatarUrl: user.avatarUrl } });
});
