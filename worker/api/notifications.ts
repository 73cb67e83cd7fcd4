import { Hono } from "hono";
import * as v from "valibot";
import { jsonBody } from "../http/json-body";
import type { AppEnv } from "../http/context";
import { notificationViews } from "../messages/notifications";
import {
  countUnread,
  listNotifications,
  markAllNotificationsRead,
  markNotificationRead,
} from "../services/notifications";

/**
 * The signed-in user's notifications (docs/decisions/023), mounted at /api/features/notification:
 * - GET /list?cursor= : a page, newest first, texts in the request's language, each with its sender's public name,
 *   handle and avatar (null for a system notice; issue 33), with the unread count;
 * - GET /unread : the unread count alone, which the bell polls;
 * - POST /read {notificationId} : marks one of the caller's own notices read (404 for anyone else's);
 * - POST /read-all : marks all of the caller's notices read.
 */
export const notificationApi = new Hono<AppEnv>();

notificationApi.use("*", async (c, next) => {
  if (!c.get("request").user) return c.json({ error: "unauthorized" }, 401);
  await next();
});

const readBody = v.object({ notificationId: v.pipe(v.string(), v.minLength(1), v.maxLength(64)) });

notificationApi.get("/list", async (c) => {
  const { db, user, locale } = c.get("request");
  const page = await listNotifications(db, user!.accountId, { cursor: c.req.query("cursor") });
  // The count came with the session (SessionUser.unreadNotifications).
  const unreadCount = user!.unreadNotifications;
  // Per-user data: never stored by a shared cache, and re-fetched when the bell opens again.
  c.header("Cache-Control", "private, no-store");
  return c.json({ data: { items: notificationViews(page.items, locale), nextCursor: page.nextCursor, unreadCount } });
});

notificationApi.get("/unread", async (c) => {
  const { user } = c.get("request");
  c.header("Cache-Control", "private, no-store");
  return c.json({ data: { unreadCount: user!.unreadNotifications } });
});

notificationApi.post("/read", jsonBody(readBody), async (c) => {
  const { db, user } = c.get("request");
  if (!(await markNotificationRead(db, user!.accountId, c.req.valid("json").notificationId, Date.now())))
    return c.json({ error: "not_found" }, 404);
  return c.json({ data: { unreadCount: await countUnread(db, user!.accountId) } });
});

notificationApi.post("/read-all", async (c) => {
  const { db, user } = c.get("request");
  await markAllNotificationsRead(db, user!.accountId, Date.now());
  return c.json({ data: { unreadCount: 0 } });
});
