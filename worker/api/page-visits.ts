import { Hono } from "hono";
import * as v from "valibot";
import {
  PAGE_VISIT_PATHS,
  VISITOR_COOKIE,
  parsePageVisitModel,
  readVisitor,
  unsupportedModelMessage,
} from "../domain/page-visits";
import { clientKey } from "../http/client-key";
import { readCookie } from "../http/cookies";
import type { AppEnv } from "../http/context";
import { jsonBody } from "../http/json-body";
import { countPageVisit } from "../services/page-visits";

function visitorCookie(url: URL, value: string): string {
  const local = url.protocol === "http:" && (url.hostname === "localhost" || url.hostname === "127.0.0.1");
  return `${VISITOR_COOKIE}=${value}; Path=/; HttpOnly; SameSite=Lax; Max-Age=31536000${local ? "" : "; Secure"}`;
}

/**
 * POST /api/features/pageVisit/commission/form and /portfolio/work, body {modelName, modelId}: counts a visit once
 * per 24 h per user (or visitor cookie a.sid, set here when missing) per item, within the client's limits
 * (countPageVisit, docs/decisions/012). Response {data: {timestamp}}.
 */
export const pageVisitApi = new Hono<AppEnv>();

const visitBody = v.object({ modelName: v.string(), modelId: v.pipe(v.string(), v.minLength(1), v.maxLength(64)) });

// One route per known path, so any other path is a 404 before its body is read.
for (const [path, pathModel] of Object.entries(PAGE_VISIT_PATHS)) {
  pageVisitApi.post(`/${path}`, jsonBody(visitBody), async (c) => {
    const { modelName, modelId } = c.req.valid("json");
    const model = parsePageVisitModel(modelName);
    if (model !== pathModel) return c.json({ error: unsupportedModelMessage(modelName) }, 400);

    const { db, user } = c.get("request");
    const visitor = readVisitor(user?.accountId, readCookie(c.req.raw, VISITOR_COOKIE), () => crypto.randomUUID());
    if (visitor.kind === "new")
      c.header("Set-Cookie", visitorCookie(new URL(c.req.url), visitor.visitorId), { append: true });

    const result = await countPageVisit(db, { model, modelId, visitor, clientKey: clientKey(c.req.raw) });
    if (!result.ok) return c.json({ error: "not_found" }, 404);
    return c.json({ data: { timestamp: result.timestamp, counted: result.counted } });
  });
}
