import { Hono } from "hono";
import * as v from "valibot";
import type { AppEnv } from "../http/context";
import { jsonBody, type SchemaRefusal } from "../http/json-body";
import { waitlistError } from "../messages/waitlist";
import { cometNow } from "../services/clock";
import { emailNewNotificationsSoon } from "../services/notification-emails";
import { joinWaitlist, leaveWaitlist, removeFromWaitlist } from "../services/waitlist";

/**
 * /api/waitlist (issue 50, decision 091). 401 signed out; 400 for a body the door cannot read, in the caller's language.
 * - POST /join {kind: "service" | "form", id}: the client takes a place in the creator's line for that service or form.
 *   404 for a target that is not there; 409 in words when they may not (a slot is open, the line is closed, their own,
 *   already in line, a request already pending).
 * - POST /leave {entryId}: the client's own place leaves the line (a reservation passes to the next at once).
 * - POST /remove {entryId}: the creator removes a client from their line; the client is told.
 * A place that is not the caller's, or no longer in line, is 404. The notices a leave or a removal makes (the slot
 * offered to the next in line, the removed client's, a followed creator's freed slot) are mailed after the answer.
 */
export const waitlistApi = new Hono<AppEnv>();

const id = v.pipe(v.string(), v.minLength(1), v.maxLength(64));
const joinBody = v.object({ kind: v.picklist(["service", "form"]), id });
const entryBody = v.object({ entryId: id });

const refuseWith =
  (key: "waitlist_error_target" | "waitlist_error_entry"): SchemaRefusal<AppEnv> =>
  (c) => {
    const { locale, user } = c.get("request");
    if (!user) return c.json({ error: "unauthorized" }, 401);
    return c.json({ error: "invalid_request", message: waitlistError(key, locale) }, 400);
  };

waitlistApi.post("/join", jsonBody(joinBody, { refuse: refuseWith("waitlist_error_target") }), async (c) => {
  const { db, env, user, locale } = c.get("request");
  if (!user) return c.json({ error: "unauthorized" }, 401);
  const target = c.req.valid("json");
  const result = await joinWaitlist(db, { clientUserAccountId: user.accountId, target, now: await cometNow(env) });
  if (result.ok) return c.json({ data: { entryId: result.entryId } });
  if (result.reason === "not_found") return c.json({ error: "not_found" }, 404);
  return c.json({ error: result.reason, message: waitlistError(result.reason, locale) }, 409);
});

waitlistApi.post("/leave", jsonBody(entryBody, { refuse: refuseWith("waitlist_error_entry") }), async (c) => {
  const { db, env, user } = c.get("request");
  if (!user) return c.json({ error: "unauthorized" }, 401);
  const { entryId } = c.req.valid("json");
  const left = await leaveWaitlist(db, {
    clientAccountId: user.commissionAccountId,
    entryId,
    now: await cometNow(env),
  });
  if (!left) return c.json({ error: "not_found" }, 404);
  emailNewNotificationsSoon(env, (work) => c.executionCtx.waitUntil(work));
  return c.json({ data: { left: true } });
});

waitlistApi.post("/remove", jsonBody(entryBody, { refuse: refuseWith("waitlist_error_entry") }), async (c) => {
  const { db, env, user } = c.get("request");
  if (!user) return c.json({ error: "unauthorized" }, 401);
  const { entryId } = c.req.valid("json");
  const removed = await removeFromWaitlist(db, {
    sellerAccountId: user.commissionAccountId,
    entryId,
    now: await cometNow(env),
  });
  if (!removed) return c.json({ error: "not_found" }, 404);
  emailNewNotificationsSoon(env, (work) => c.executionCtx.waitUntil(work));
  return c.json({ data: { removed: true } });
});
