import { Hono } from "hono";
import * as v from "valibot";
import { jsonBody } from "../http/json-body";
import { fieldRefusal } from "../http/field-refusal";
import type { Locale } from "../domain/locales";
import { parseFields, signInStartSchema, signUpStartSchema, verifyCodeSchema } from "../domain/validation";
import { translateErrors, validationMessage } from "../messages/validation";
import { m } from "#app/paraglide/messages.js";
import {
  clearedInviteCookie,
  clearedSessionCookie,
  preferenceCookie,
  readCookie,
  sessionCookie,
} from "../http/cookies";
import { INVITE_COOKIE } from "../domain/invitations";
import type { AppContext, AppEnv } from "../http/context";
import { clientKey } from "../http/client-key";
import { isSameOriginRequest } from "../http/cross-site";
import { mailerFromEnv } from "../mail/mailer";
import { sendCode, verifyCode } from "../services/auth";
import { closeSessionSockets } from "../chat/services/chat-rooms";
import { createSession, deleteSession } from "../services/sessions";

export const authApi = new Hono<AppEnv>();

/** Any handle at all makes it a sign-up, so a handle that is not a string is refused, not read as a sign-in. */
const sendBody = v.lazy((body) =>
  body !== null && typeof body === "object" && "handle" in body && body.handle !== undefined
    ? signUpStartSchema
    : signInStartSchema,
);

/** The send endpoint's answer for a taken handle; verification gives the same when a handle went while a code waited. */
const handleTaken = (c: AppContext, locale: Locale) =>
  c.json({ errors: { handle: validationMessage("validation_handle_taken", locale) } }, 409);

/**
 * Send a one-time code. With a handle it is a sign-up, without one a sign-in. The answer is the same
 * whether or not the address has an account, and whatever the mailer does: mail goes out after the answer.
 */
authApi.post("/email/send", jsonBody(sendBody, { refuse: fieldRefusal }), async (c) => {
  const { db, env, executionCtx, locale } = c.get("request");
  const data: { email: string; handle?: string } = c.req.valid("json");
  const result = await sendCode(
    { db, mailer: mailerFromEnv(env, db), defer: (work) => executionCtx.waitUntil(work) },
    { email: data.email, signupHandle: data.handle, clientKey: clientKey(c.req.raw), locale },
  );
  if (result.status === "handle_taken") return handleTaken(c, locale);
  if (result.status === "rate_limited") return c.json({ error: m.error_rate_limited({}, { locale }) }, 429);
  return c.json({ status: "sent" });
});

/**
 * Verify a code (spec: GET /api/auth/callback/email?email&token; 200 only for a valid code) and start a session.
 * A GET that signs a browser in is refused unless the app's own page sent it (login CSRF, decision 009), before
 * the code is looked at: a refused request neither consumes the code nor counts as a failed try.
 */
authApi.get("/callback/email", async (c) => {
  if (!isSameOriginRequest(c.req.raw)) return c.json({ error: "cross_site_request" }, 403);
  const { db, env, executionCtx, locale, sessionToken } = c.get("request");
  const parsed = parseFields(verifyCodeSchema, {
    email: c.req.query("email") ?? "",
    token: c.req.query("token") ?? "",
  });
  if (!parsed.ok) return c.json({ errors: translateErrors(parsed.errors, locale) }, 400);

  // An invite link followed in this browser (decision 053): a sign-up records its inviter; a sign-in ignores it.
  const inviteCode = readCookie(c.req.raw, INVITE_COOKIE) ?? null;
  const result = await verifyCode({ db }, { ...parsed.data, clientKey: clientKey(c.req.raw), locale, inviteCode });
  if (!result.ok && result.reason === "handle_taken") return handleTaken(c, locale);
  // One neutral answer for every other failure: wrong, expired, used, locked, or a budget spent.
  if (!result.ok) return c.json({ error: "invalid_code" }, 401);

  // The browser's previous session (whoever it belonged to) ends here rather than lingering beside the new one.
  const replaced = sessionToken ? await deleteSession(db, sessionToken) : null;
  if (replaced) executionCtx.waitUntil(closeSessionSockets(env, replaced));
  const url = new URL(c.req.url);
  const session = await createSession(db, result.accountId);
  c.header("Set-Cookie", sessionCookie(url, session.token, session.expiresAt), { append: true });
  // The account's language follows the user to this browser.
  c.header("Set-Cookie", preferenceCookie(url, "app-language", result.languageCode), { append: true });
  // The link has done its work once the browser has an account: a later sign-up here is not that invitation's.
  if (inviteCode !== null) c.header("Set-Cookie", clearedInviteCookie(url), { append: true });
  return c.json({ status: "verified", isNewAccount: result.isNewAccount });
});

/** Sign out without redirect. */
authApi.post("/signout", async (c) => {
  const { db, env, sessionToken } = c.get("request");
  const ended = sessionToken ? await deleteSession(db, sessionToken) : null;
  // Its chat sockets close before the answer, so nothing is sent from them once the user sees they are signed out.
  if (ended) await closeSessionSockets(env, ended);
  c.header("Set-Cookie", clearedSessionCookie(new URL(c.req.url)));
  return c.json({ status: "signed_out" });
});

authApi.get("/session", (c) => {
  const { user } = c.get("request");
  return c.json({ user: user && { handle: user.handle, roles: user.roles, avatarUrl: user.avatarUrl } });
});
