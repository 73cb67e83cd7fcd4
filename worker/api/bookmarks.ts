import { Hono } from "hono";
import * as v from "valibot";
import { isCreatorSide } from "../domain/roles";
import type { AppEnv } from "../http/context";
import { jsonBody } from "../http/json-body";
import { setBookmark, type BookmarkTarget } from "../services/bookmarks";

/**
 * POST /api/features/bookmark/order/submit {commissionFormId, isActive} (spec section 7). A service card sends
 * {commissionServiceId, isActive} instead: bookmarks point at a form or a service, exactly one.
 * Only signed-in non-creators bookmark (spec section 6).
 */
export const bookmarkApi = new Hono<AppEnv>();

const targetId = v.pipe(v.string(), v.minLength(1), v.maxLength(64));

/** Exactly one of the two ids: a body naming both, or neither, matches neither branch. */
const bookmarkBody = v.union([
  v.pipe(
    v.object({ commissionFormId: targetId, commissionServiceId: v.optional(v.never()), isActive: v.boolean() }),
    v.transform(({ commissionFormId, isActive }) => ({
      target: { kind: "form", id: commissionFormId } satisfies BookmarkTarget,
      isActive,
    })),
  ),
  v.pipe(
    v.object({ commissionServiceId: targetId, commissionFormId: v.optional(v.never()), isActive: v.boolean() }),
    v.transform(({ commissionServiceId, isActive }) => ({
      target: { kind: "service", id: commissionServiceId } satisfies BookmarkTarget,
      isActive,
    })),
  ),
]);

bookmarkApi.post("/order/submit", jsonBody(bookmarkBody), async (c) => {
  const { db, user } = c.get("request");
  if (!user) return c.json({ error: "unauthorized" }, 401);
  if (isCreatorSide(user.roles)) return c.json({ error: "forbidden" }, 403);
  const { target, isActive } = c.req.valid("json");
  // A service the caller may not see (decision 110) is answered as a missing one: the same 404, the same body.
  if (!(await setBookmark(db, user.accountId, target, isActive, { showsAdult: user.showsAdult })))
    return c.json({ error: "not_found" }, 404);
  return c.json({ data: { isActive } });
});
