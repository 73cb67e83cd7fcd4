import { Hono } from "hono";
import * as v from "valibot";
import { CONTENT_REPORT_REASONS, CONTENT_REPORT_TARGETS } from "../admin/domain/content-reports";
import type { AppEnv } from "../http/context";
import { jsonBody, type SchemaRefusal } from "../http/json-body";
import { reportInputError } from "../messages/content-reports";
import { cometNow } from "../services/clock";
import { reportContent } from "../admin/services/content-reports";

/**
 * /api/reports (issue 49, decision 089): POST / {targetType: "work" | "profile", targetId, reason} reports a portfolio
 * work or a profile to the admins, once per target and user (a repeat is answered the same and changes nothing).
 * 401 signed out; 404 for a target that is not there for the caller (gone, hidden, private to them, or their own);
 * 400 for a body the door cannot read, with the reason in the caller's language. A review's report is
 * /api/reviews/report (decision 086).
 */
export const reportApi = new Hono<AppEnv>();

const reportBody = v.object({
  targetType: v.picklist(CONTENT_REPORT_TARGETS),
  targetId: v.pipe(v.string(), v.minLength(1), v.maxLength(64)),
  reason: v.picklist(CONTENT_REPORT_REASONS),
});

/** Signed out is told so first, whatever it sent; else which part of the report could not be read. */
const refuse: SchemaRefusal<AppEnv> = (c, issues) => {
  const { locale, user } = c.get("request");
  if (!user) return c.json({ error: "unauthorized" }, 401);
  const field = issues.some((issue) => issue.path?.[0]?.key === "reason") ? "reason" : "target";
  return c.json({ error: "invalid_request", message: reportInputError(field, locale) }, 400);
};

reportApi.post("/", jsonBody(reportBody, { refuse }), async (c) => {
  const { db, env, user } = c.get("request");
  if (!user) return c.json({ error: "unauthorized" }, 401);
  const input = c.req.valid("json");
  const result = await reportContent(db, {
    ...input,
    reporter: { accountId: user.accountId, roles: user.roles },
    now: await cometNow(env),
  });
  if (!result.ok) return c.json({ error: "not_found" }, 404);
  return c.json({ data: { reported: true } });
});
