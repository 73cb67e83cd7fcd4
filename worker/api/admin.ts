import { Hono } from "hono";
import * as v from "valibot";
import {
  ADMIN_IS_PARTY,
  adminNoteOf,
  adminReasonOf,
  ADMIN_REASON_MAX,
  REPORT_DECISIONS,
  USER_SEARCH_MAX,
  type AdminTextError,
} from "../admin/domain/admin-actions";
import { isAdmin } from "../domain/roles";
import type { AppContext, AppEnv } from "../http/context";
import { jsonBody } from "../http/json-body";
import { CONTENT_REPORT_TARGETS } from "../admin/domain/content-reports";
import { adminPartyMessage, adminTextCharactersMessage } from "../messages/admin";
import {
  contentReportQueue,
  reportQueue,
  resolveContentReports,
  resolveReports,
} from "../admin/services/admin-reports";
import { searchUsers, setBanned } from "../admin/services/admin-users";
import { cometNow } from "../services/clock";
import { adminDisputeApi } from "./disputes";

/**
 * /api/admin: what only an admin may do, the admin console's doors (issue 49, decision 087; its pages do the same
 * through their actions). GET /reports is the report queue; POST /reports/resolve {reviewId, decision: hide|keep,
 * reason?} settles a review's reports once (409 `already_resolved` to the second admin); GET /reports/content and POST
 * /reports/content/resolve {targetType: work|profile, targetId, decision, reason?} do the same for reported works and
 * profiles (decision 089). GET /users?q= searches by handle or e-mail; POST /account/ban and /account/unban
 * {accountId, reason} (decision 075). Every change writes its audit row. A party is never the judge (decision 093): an
 * admin deciding on their own review, work, profile or account, or on one they reported, is refused 403
 * `admin_is_party` with its words, and each queue entry says who may decide it (`judge`). Anyone else is told what a
 * stranger is told of any admin call: 401 signed out, else 404.
 */
export const adminApi = new Hono<AppEnv>();

const id = v.pipe(v.string(), v.minLength(1), v.maxLength(64));
/** Bounded at the door (a generous multiple), then checked by the rule (1 to 500 characters, trimmed). */
const reasonText = v.pipe(v.string(), v.maxLength(ADMIN_REASON_MAX * 4));
const accountBody = v.object({ accountId: id, reason: reasonText });
const resolveBody = v.object({
  reviewId: id,
  decision: v.picklist(REPORT_DECISIONS),
  reason: v.optional(reasonText),
});
const resolveContentBody = v.object({
  targetType: v.picklist(CONTENT_REPORT_TARGETS),
  targetId: id,
  decision: v.picklist(REPORT_DECISIONS),
  reason: v.optional(reasonText),
});
const usersQuery = v.object({ q: v.pipe(v.string(), v.trim(), v.minLength(1), v.maxLength(USER_SEARCH_MAX)) });

adminApi.use("*", async (c, next) => {
  const { user } = c.get("request");
  if (!user) return c.json({ error: "unauthorized" }, 401);
  if (!isAdmin(user.roles)) return c.json({ error: "not_found" }, 404);
  await next();
});

// The dispute desk (decision 088): behind the same guard.
adminApi.route("/disputes", adminDisputeApi);

adminApi.get("/reports", async (c) => {
  const { db, env, user } = c.get("request");
  return c.json({ data: await reportQueue(db, await cometNow(env), user!.accountId) });
});

/**
 * A reason or a note the rule refused (`adminTextOf`): for its characters, 400 with their words (decision 093); for
 * its length, what any body the door cannot read gets.
 */
function refusedText(c: AppContext, error: AdminTextError) {
  if (error === "reason_invalid_characters")
    return c.json({ error, message: adminTextCharactersMessage(c.get("request").locale) }, 400);
  return c.json({ error: "invalid_request" }, 400);
}

/** A decision refused: 404 for a target not there, 403 with its words to an admin who is a party (decision 093), else 409. */
function refusedDecision(
  c: AppContext,
  refusal: "not_found" | "already_resolved" | "admin_is_party",
  what: "review" | "work" | "profile",
) {
  if (refusal === ADMIN_IS_PARTY)
    return c.json({ error: refusal, message: adminPartyMessage(what, c.get("request").locale) }, 403);
  return c.json({ error: refusal }, refusal === "not_found" ? 404 : 409);
}

adminApi.post("/reports/resolve", jsonBody(resolveBody), async (c) => {
  const { db, env, user } = c.get("request");
  const { reviewId, decision, reason: note } = c.req.valid("json");
  const reason = adminNoteOf(note);
  if (!reason.ok) return refusedText(c, reason.error);
  const result = await resolveReports(db, {
    adminAccountId: user!.accountId,
    reviewId,
    decision,
    reason: reason.text,
    now: await cometNow(env),
  });
  if (!result.ok) return refusedDecision(c, result.refusal, "review");
  return c.json({ data: { reviewId, decision, reports: result.reports } });
});

adminApi.get("/reports/content", async (c) => {
  const { db, env, locale, user } = c.get("request");
  return c.json({ data: await contentReportQueue(db, await cometNow(env), locale, user!.accountId) });
});

adminApi.post("/reports/content/resolve", jsonBody(resolveContentBody), async (c) => {
  const { db, env, user } = c.get("request");
  const { targetType, targetId, decision, reason: note } = c.req.valid("json");
  const reason = adminNoteOf(note);
  if (!reason.ok) return refusedText(c, reason.error);
  const result = await resolveContentReports(db, {
    adminAccountId: user!.accountId,
    targetType,
    targetId,
    decision,
    reason: reason.text,
    now: await cometNow(env),
  });
  if (!result.ok) return refusedDecision(c, result.refusal, targetType);
  return c.json({ data: { targetType, targetId, decision, reports: result.reports } });
});

adminApi.get("/users", async (c) => {
  const parsed = v.safeParse(usersQuery, { q: c.req.query("q") });
  if (!parsed.success) return c.json({ error: "invalid_request" }, 400);
  return c.json({ data: await searchUsers(c.get("request").db, parsed.output.q) });
});

for (const [path, banned] of [
  ["/account/ban", true],
  ["/account/unban", false],
] as const)
  adminApi.post(path, jsonBody(accountBody), async (c) => {
    const { db, env, user } = c.get("request");
    const { accountId, reason: text } = c.req.valid("json");
    // An admin's own account is theirs to neither ban nor unban (decision 093): another admin must.
    if (accountId === user!.accountId)
      return c.json({ error: ADMIN_IS_PARTY, message: adminPartyMessage("account", c.get("request").locale) }, 403);
    const reason = adminReasonOf(text);
    if (!reason.ok) return refusedText(c, reason.error);
    const result = await setBanned(db, {
      adminAccountId: user!.accountId,
      accountId,
      banned,
      reason: reason.text,
      now: await cometNow(env),
    });
    if (!result.ok) return c.json({ error: "not_found" }, 404);
    return c.json({ accountId, banned, changed: result.changed });
  });
