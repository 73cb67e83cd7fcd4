import { Hono } from "hono";
import { profileHref } from "../domain/invitations";
import { inviteCookie } from "../http/cookies";
import type { AppEnv } from "../http/context";
import { inviterOf } from "../services/invitations";

/** Where a signed-out visitor goes from an invite link: the home page with the sign-up modal open. */
const INVITE_LANDING = "/?auth=signup";

export const inviteRoutes = new Hono<AppEnv>();

/**
 * A personal invite link, /invite/{code} (decision 053). A signed-out visitor is remembered for 30 days by a cookie
 * holding the code, and sent to sign up; their sign-up then records the inviter. A code that is not one (malformed,
 * unknown, its account deleted) sets nothing, and the visitor still lands on sign-up, which they came for either
 * way. A signed-in visitor already has an account, so nothing is remembered: they go to
 * the inviter's profile (their own, for their own link).
 */
inviteRoutes.get("/:code", async (c) => {
  const { db, user, url } = c.get("request");
  const code = c.req.param("code");
  const inviter = await inviterOf(db, code);
  const headers = new Headers({ "Cache-Control": "private, no-store" });
  if (user) {
    headers.set("Location", inviter ? profileHref(inviter.handle) : "/");
    return new Response(null, { status: 302, headers });
  }
  if (inviter) headers.set("Set-Cookie", inviteCookie(url, code));
  headers.set("Location", INVITE_LANDING);
  return new Response(null, { status: 302, headers });
});
