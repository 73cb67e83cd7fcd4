import { Hono } from "hono";
import { isCreatorSide } from "../domain/roles";
import type { AppEnv } from "../http/context";
import { setBookmark, type BookmarkTarget } from "../services/bookmarks";

/**
 * POST /api/features/bookmark/order/submit {commissionFormId, isActive} (spec section 7). A service card sends
 * {commissionServiceId, isActive} instead: bookmarks point at a form or a service, exactly one.
 * Only signed-in non-creators bookmark (spec section 6).
 */
export const bookmarkApi = new Hono<AppEnv>();

bookmarkApi.post("/order/submit", async (c) => {
  const { db, user } = c.get("request");
  if (!user) return c.json({ error: "unauthorized" }, 401);
  if (isCreatorSide(user.roles)) return c.json({ error: "forbidden" }, 403);
  const body = (await c.req.json().catch(() => null)) as { commissionFormId?: unknown; commissionServiceId?: unknown; isActive?: unknown } | null;
  const formId = typeof body?.commissionFormId === "string" ? body.commissionFormId : null;
  const serviceId = typeof body?.commissionServiceId === "string" ? body.commissionServiceId : null;
  if (!body || typeof body.isActive !== "boolean" || (formId === null) === (serviceId === null)) return c.json({ error: "invalid_request" }, 400);
  const target: BookmarkTarget = formId ? { kind: "form", id: formId } : { kind: "service", id: serviceId! };
  if (target.id.length > 64) return c.json({ error: "invalid_request" }, 400);
  if (!(await setBookmark(db, user.accountId, target, body.isActive))) return c.json({ error: "not_found" }, 404);
  return c.json({ data: { isActive: body.isActive } });
});
