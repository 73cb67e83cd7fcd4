// Notices by e-mail (worker/services/notification-emails.ts, docs/decisions/023): a transition's notice reaches the
// dev mailbox once however often or concurrently the sender runs, in the reader's language with an absolute link;
// a type its recipient switched off sends nothing; and the settings page changes only the signed-in user's choices.
import { env } from "cloudflare:workers";
import { RouterContextProvider } from "react-router";
import { describe, expect, it } from "vitest";
import { requestContext } from "#app/lib/request-context";
import * as settingsPage from "#app/routes/dashboard/setting-notification";
import type { Locale } from "#worker/domain/locales";
import { createDevMailbox } from "#worker/mail/mailer";
import {
  EMAIL_SWEEP_DELAY_MS,
  emailNewNotificationsSoon,
  emailPreferences,
  saveEmailPreferences,
  sendPendingNotificationEmails,
} from "#worker/services/notification-emails";
import { loadOrder, recordTransition } from "#worker/orders/services/orders";
import { runScheduledJobs } from "#worker/scheduled";
import { freshUser } from "../support/auth-helpers";
import { call, db, signUp } from "../support/helpers";
import { pageContext } from "../support/page-context";
import { commissionAccountByEmail, insertOrder } from "../support/order-fixtures";
import { setProfileFace } from "../support/profile-fixtures";
import { WHOLE_CRON_TIMEOUT } from "../support/whole-cron";

async function party() {
  const user = freshUser();
  const cookie = await signUp(user.handle, user.email);
  const account = await commissionAccountByEmail(user.email);
  return {
    cookie,
    email: user.email.toLowerCase(),
    handle: user.handle,
    commissionAccountId: account.id,
    userAccountId: account.userAccountId,
  };
}

async function draftOrder() {
  const [seller, buyer] = await Promise.all([party(), party()]);
  const order = await insertOrder({
    sellerId: seller.commissionAccountId,
    buyerId: buyer.commissionAccountId,
    priceAmount: 10_000,
    approvalDeadline: Date.now() + 7 * 86_400_000,
  });
  return { ...order, seller, buyer };
}

const approve = (order: { id: string; seller: { cookie: string } }) =>
  call("/api/features/commission/order/approve", {
    method: "POST",
    cookie: order.seller.cookie,
    json: { orderId: order.id },
  });

/**
 * The seller's approval written as the order object writes it, without the object's own send afterwards, so the
 * test's sender calls are the only ones and what they do is all that reaches the mailbox.
 */
async function approveWithoutSending(order: { id: string; seller: { commissionAccountId: string } }) {
  const stored = (await loadOrder(env.DB, order.id))!;
  const now = Date.now();
  const transition = {
    order: stored,
    next: { ...stored.state, progress: "APPROVED" as const, approvedAt: now },
    event: "APPROVED" as const,
    actor: "seller" as const,
    actorAccountId: order.seller.commissionAccountId,
    now,
  };
  await recordTransition(env.DB, transition);
  return () => recordTransition(env.DB, transition);
}

const send = () => sendPendingNotificationEmails(db(), createDevMailbox(db()), env);

/** Waits (up to 2 s) for the mail a waitUntil sends after the answer. */
async function mailArriving(email: string, subject: string) {
  for (let tries = 0; tries < 200; tries++) {
    const [mail] = await mailsTo(email, subject);
    if (mail) return mail;
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  return null;
}

async function mailsTo(email: string, subject: string): Promise<{ subject: string; text: string }[]> {
  const { results } = await env.DB.prepare("SELECT subject, text FROM dev_mails WHERE `to` = ? AND subject = ?")
    .bind(email, subject)
    .all<{ subject: string; text: string }>();
  return results;
}

/** The settings page's action, as the signed-in `accountId` posts it. */
async function postSettings(accountId: string, fields: [string, string][], locale: Locale = "en") {
  const path = "/dashboard/setting/profile/notification";
  const context = await pageContext(accountId, locale, path);
  const body = new FormData();
  for (const [name, value] of fields) body.append(name, value);
  return settingsPage.action({
    context,
    request: new Request(`http://localhost${path}`, { method: "POST", body }),
  } as never);
}

describe("notification e-mails", () => {
  it("mails the buyer the seller's approval after the answer, with the message and an absolute link", async () => {
    const order = await draftOrder();
    expect((await approve(order)).status).toBe(200);
    // Nobody calls the sender here: the order object hands it to waitUntil after its batch.
    const mail = await mailArriving(order.buyer.email, "Order accepted");
    expect(mail?.subject).toBe("Order accepted");
    // A seller with no profile name is named by their handle, as the lists name them: never "@handle" (issue 33).
    expect(mail?.text.split("\n\n")[0]).toBe(
      `${order.seller.handle} accepted your request (order ${order.code}). Pay to get it started.`,
    );
    expect(mail?.text).toContain(`${env.APP_ORIGIN}/dashboard/commission/client/requests?order=${order.code}`);
    expect(mail?.text).toContain(`${env.APP_ORIGIN}/dashboard/setting/profile/notification`);
  });

  it("a burst of transitions shares one sweep, and each notice is mailed (decision 085)", async () => {
    const orders = await Promise.all([draftOrder(), draftOrder(), draftOrder()]);
    // A sweep another test's writer scheduled is over (or presumed lost) after two delays.
    await new Promise((resolve) => setTimeout(resolve, 2 * EMAIL_SWEEP_DELAY_MS + 50));
    const scheduled: Promise<unknown>[] = [];
    for (let i = 0; i < 3; i++) emailNewNotificationsSoon(env, (work) => scheduled.push(work));
    expect(scheduled.length).toBeLessThanOrEqual(1);
    const answers = await Promise.all(orders.map(approve));
    expect(answers.map((answer) => answer.status)).toEqual([200, 200, 200]);
    for (const order of orders) expect(await mailArriving(order.buyer.email, "Order accepted")).not.toBeNull();
    await Promise.all(scheduled);
  });

  it("sends a transition's notice once, however often and concurrently the sender runs, and when the batch is replayed", async () => {
    const order = await draftOrder();
    const replay = await approveWithoutSending(order);
    await Promise.all([send(), send(), send()]);
    await send();
    // The batch replayed (a retry after a crash) inserts no second notice, so nothing more is sent.
    await replay();
    await send();
    expect(await mailsTo(order.buyer.email, "Order accepted")).toHaveLength(1);
    const row = await env.DB.prepare("SELECT emailed_at FROM notifications WHERE order_id = ?")
      .bind(order.id)
      .first<{ emailed_at: number | null }>();
    expect(row?.emailed_at).not.toBeNull();
  });

  it("sends nothing of a type the recipient switched off, and the notice is still listed", async () => {
    const order = await draftOrder();
    await postSettings(order.buyer.userAccountId, [
      ["intent", "email-preferences"],
      ["email", "COMMISSION_ORDER_PAID"],
      ["email", "COMMISSION_ORDER_CANCELED"],
    ]);
    await approveWithoutSending(order);
    await send();
    await send();
    expect(await mailsTo(order.buyer.email, "Order accepted")).toEqual([]);
    const row = await env.DB.prepare("SELECT emailed_at FROM notifications WHERE order_id = ?")
      .bind(order.id)
      .first<{ emailed_at: number | null }>();
    // Claimed, not sent: no later sweep picks it up again.
    expect(row?.emailed_at).not.toBeNull();
  });

  it("writes to a Japanese reader in Japanese, naming the seller by their Japanese display name", async () => {
    const order = await draftOrder();
    await env.DB.prepare("UPDATE user_accounts SET display_language_code = 'ja' WHERE id = ?")
      .bind(order.buyer.userAccountId)
      .run();
    await setProfileFace(order.seller.userAccountId, { en: "Sky Seller", ja: "空の売り手" });
    await approveWithoutSending(order);
    await send();
    const [mail] = await mailsTo(order.buyer.email, "依頼が承認されました");
    expect(mail.text.split("\n\n")[0]).toBe(
      `空の売り手さんが依頼を承認しました（注文 ${order.code}）。お支払いに進んでください。`,
    );
    expect(mail.text).toContain("メールで受け取る通知はこちらで選べます");
  });
});

describe("a sweep of many notices", () => {
  it("mails a hundred and twenty notices of one moment in one sweep, in claims of fifty, each once", async () => {
    // The shared world's older unsent notices go first, so this sweep's own are all that is left to claim.
    const unsent = () =>
      env.DB.prepare("SELECT count(*) AS n FROM notifications WHERE emailed_at IS NULL AND created_at > ?")
        .bind(Date.now() - 86_400_000)
        .first<{ n: number }>();
    for (let round = 0; round < 100 && (await unsent())!.n > 0; round++) await send();
    // A creator with many followers opening writes a notice to each at once (decision 107); here, one reader's 120.
    const order = await draftOrder();
    const now = Date.now();
    await env.DB.batch(
      Array.from({ length: 120 }, (_, i) =>
        env.DB.prepare(
          `INSERT INTO notifications (id, recipient_user_account_id, notification_type, href, order_id, dedupe_key, created_at)
           VALUES (?, ?, 'COMMISSION_ORDER_APPROVED', ?, ?, ?, ?)`,
        ).bind(crypto.randomUUID(), order.buyer.userAccountId, "/dashboard", order.id, `burst:${order.id}:${i}`, now),
      ),
    );
    expect(await send()).toBe(120);
    expect(await mailsTo(order.buyer.email, "Order accepted")).toHaveLength(120);
    expect(await send()).toBe(0);
  });
});

describe("the cron's sweep", { timeout: WHOLE_CRON_TIMEOUT }, () => {
  it("mails a reminder the cron wrote once, however often the cron runs", async () => {
    const [seller, buyer] = await Promise.all([party(), party()]);
    const now = Date.now();
    const order = await insertOrder({
      sellerId: seller.commissionAccountId,
      buyerId: buyer.commissionAccountId,
      priceAmount: 10_000,
      approvalDeadline: now + 10 * 3_600_000,
    });
    await Promise.all([runScheduledJobs(env, now), runScheduledJobs(env, now)]);
    await runScheduledJobs(env, now + 60_000);
    const mails = await mailsTo(seller.email, "Approval due soon");
    expect(mails).toHaveLength(1);
    expect(mails[0].text).toContain(`(order ${order.code})`);
  });
});

describe("the e-mail choices", () => {
  it("start with every type on and save the signed-in user's choice only, whatever the form names", async () => {
    const [me, other] = await Promise.all([party(), party()]);
    expect(Object.values(await emailPreferences(db(), me.userAccountId)).every(Boolean)).toBe(true);
    const result = await postSettings(me.userAccountId, [
      ["intent", "email-preferences"],
      ["email", "COMMISSION_ORDER_PAID"],
      ["userAccountId", other.userAccountId],
      ["recipientUserAccountId", other.userAccountId],
    ]);
    expect(result).toEqual({ emailSaved: true });
    const mine = await emailPreferences(db(), me.userAccountId);
    expect(mine.COMMISSION_ORDER_PAID).toBe(true);
    expect(mine.COMMISSION_ORDER_APPROVED).toBe(false);
    expect(Object.values(await emailPreferences(db(), other.userAccountId)).every(Boolean)).toBe(true);
  });

  it("cannot be saved signed out", async () => {
    const request = new Request("http://localhost/dashboard/setting/profile/notification", {
      method: "POST",
      body: new URLSearchParams({ intent: "email-preferences" }),
    });
    const context = new RouterContextProvider();
    context.set(requestContext, {
      env,
      url: new URL(request.url),
      executionCtx: {} as ExecutionContext,
      db: db(),
      user: null,
      sessionToken: undefined,
      locale: "en",
    });
    await expect(settingsPage.action({ context, request } as never)).rejects.toBeDefined();
  });

  it("a choice naming a type that does not exist is refused whole and changes nothing (issue 31: junk switched every e-mail off)", async () => {
    const user = await party();
    expect(await saveEmailPreferences(db(), user.userAccountId, new Set(["COMMISSION_ORDER_PAID"]), Date.now())).toBe(
      true,
    );
    const before = await emailPreferences(db(), user.userAccountId);
    for (const junk of ["junk", "", "commission_order_paid", "COMMISSION_ORDER_PAID "]) {
      expect(
        await saveEmailPreferences(db(), user.userAccountId, new Set(["COMMISSION_ORDER_PAID", junk]), Date.now()),
        JSON.stringify(junk),
      ).toBe(false);
    }
    expect(await emailPreferences(db(), user.userAccountId)).toEqual(before);
  });
});
