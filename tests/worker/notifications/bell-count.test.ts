// The header's bell count (decision 023) comes with the session's own query (decision 113): a signed-in page's layout
// spends no round trip of its own on it, and a document answering a form post counts again, since its action may have
// just read the notices.
import { createExecutionContext, env } from "cloudflare:test";
import { RouterContextProvider } from "react-router";
import { describe, expect, it } from "vitest";
import { requestContext } from "#app/lib/request-context";
import * as siteLayout from "#app/routes/site-layout";
import { createDb } from "#worker/db/client";
import { countRoundTrips } from "#worker/db/round-trips";
import { markAllNotificationsRead } from "#worker/services/notifications";
import { createSession, getSessionUser } from "#worker/services/sessions";
import { freshUser } from "../support/auth-helpers";
import { db, signUp } from "../support/helpers";
import { commissionAccountByEmail } from "../support/order-fixtures";

/** A new account with two unread notices and one read. */
async function withNotices() {
  const user = freshUser();
  await signUp(user.handle, user.email);
  const { userAccountId } = await commissionAccountByEmail(user.email);
  const notice = (readAt: number | null) =>
    env.DB.prepare(
      `INSERT INTO notifications (id, recipient_user_account_id, notification_type, href, read_at)
       VALUES (?, ?, 'INVITE_ORDER_COMPLETED', '/', ?)`,
    ).bind(crypto.randomUUID(), userAccountId, readAt);
  await env.DB.batch([notice(null), notice(null), notice(Date.now())]);
  return userAccountId;
}

/** The layout's loader as React Router calls it, for the signed-in user, on a binding that counts round trips. */
async function layoutOf(
  userAccountId: string,
  method: "GET" | "POST",
  beforeLoader: () => Promise<unknown> = async () => {},
) {
  const { token } = await createSession(db(), userAccountId);
  const user = await getSessionUser(db(), token);
  await beforeLoader();
  const counter = { count: 0 };
  const context = new RouterContextProvider();
  context.set(requestContext, {
    env,
    url: new URL("http://localhost/"),
    executionCtx: createExecutionContext(),
    db: createDb(countRoundTrips(env.DB, counter)),
    user,
    sessionToken: token,
    locale: "en",
  });
  const request = new Request("http://localhost/", { method, ...(method === "POST" ? { body: "" } : {}) });
  const loaded = await siteLayout.loader({ request, context, params: {} } as never);
  return { unread: loaded.unreadNotifications, roundTrips: counter.count };
}

describe("the bell's count", () => {
  it("comes with the session: the page's layout reads nothing for it", async () => {
    const userAccountId = await withNotices();
    expect(await layoutOf(userAccountId, "GET")).toEqual({ unread: 2, roundTrips: 0 });
  });

  it("is counted again for a document answering a form post, after what its action read", async () => {
    const userAccountId = await withNotices();
    const readAll = () => markAllNotificationsRead(db(), userAccountId, Date.now());
    expect(await layoutOf(userAccountId, "POST", readAll)).toEqual({ unread: 0, roundTrips: 1 });
  });

  it("counts only the user's own unread notices", async () => {
    const [mine, theirs] = await Promise.all([withNotices(), withNotices()]);
    await markAllNotificationsRead(db(), theirs, Date.now());
    const { token } = await createSession(db(), mine);
    expect((await getSessionUser(db(), token))?.unreadNotifications).toBe(2);
    const { token: theirToken } = await createSession(db(), theirs);
    expect((await getSessionUser(db(), theirToken))?.unreadNotifications).toBe(0);
  });
});
