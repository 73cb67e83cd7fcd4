import { Hono } from "hono";
import * as v from "valibot";
import { isAdmin } from "../domain/roles";
import type { AppEnv } from "../http/context";
import { jsonBody } from "../http/json-body";
import { setAccountBanned } from "../services/roles";

/**
 * /api/admin: what only an admin may do. POST /account/ban and /account/unban {accountId} (decision 075); the admin
 * console (issue 49) calls them. Anyone else is told what a stranger is told of any admin call: 404.
 */
export const adminApi = new Hono<AppEnv>();

const accountBody = v.object({ accountId: v.pipe(v.string(), v.minLength(1), v.maxLength(64)) });

adminApi.use("*", async (c, next) => {
  const { user } = c.get("request");
  if (!user) return c.json({ error: "unauthorized" }, 401);
  if (!isAdmin(user.roles)) return c.json({ error: "not_found" }, 404);
  await next();
});

for (const [path, banned] of [
  ["/account/ban", true],
  ["/account/unban", false],
] as const)
  adminApi.post(path, jsonBody(accountBody), async (c) => {
    const { db, user } = c.get("request");
    const { accountId } = c.req.valid("json");
    if (banned && accountId === user?.accountId) return c.json({ error: "cannot_ban_self" }, 409);
    if (!(await setAccountBanned(db, accountId, banned))) return c.json({ error: "not_found" }, 404);
    return c.json({ accountId, banned });
  });
