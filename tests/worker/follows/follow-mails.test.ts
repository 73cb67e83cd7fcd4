// A follower's mail comes after the write that told them, not at the cron's next sweep (issue 66, decision 107): a
// place leaving a full creator's line frees the slot it held, the follower is told, and the leave door mails it; a
// creator saves a new service on its page, and the page mails its followers. No sweep is run here: the door's own is
// the only one.
import { env } from "cloudflare:workers";
import { describe, expect, it, vi } from "vitest";
import * as serviceNewPage from "#app/routes/dashboard/commission-forms-service-new";
import { followCreator, runFollowJobs } from "#worker/services/follows";
import { runWaitlistJobs } from "#worker/services/waitlist";
import { sendPendingNotificationEmails } from "#worker/services/notification-emails";
import { mailerFromEnv } from "#worker/mail/mailer";
import { seedCreator } from "../support/catalog-fixtures";
import { call, db } from "../support/helpers";
import { newMember } from "../support/media-fixtures";
import { pageContext } from "../support/page-context";
import { deliveredOrder, slotsSetUp } from "../support/waitlist-fixtures";

/** The mails to `email` of `subject`, their text. */
const mailsOf = async (email: string, subject: string) =>
  (
    await env.DB.prepare("SELECT text FROM dev_mails WHERE `to` = ? AND subject = ?")
      .bind(email, subject)
      .all<{ text: string }>()
  ).results.map((mail) => mail.text);

/**
 * Mails every notice the other files left unsent. A sweep claims the oldest CLAIM_LIMIT of the last day, and the
 * workerd files share one stored world whose backlog may be longer (no cron runs here): the door's own sweep, which
 * each test waits for, must find its notice first in line, as it would on a live site, whose cron keeps the line short.
 */
async function sendBacklog() {
  const mailer = mailerFromEnv(env, db());
  const unsent = () =>
    env.DB.prepare("SELECT count(*) AS n FROM notifications WHERE emailed_at IS NULL AND created_at > ?")
      .bind(Date.now() - 86_400_000)
      .first<{ n: number }>();
  for (let round = 0; round < 100 && (await unsent())!.n > 0; round++)
    await sendPendingNotificationEmails(db(), mailer, env);
}

describe("a follower's mail", () => {
  it("is sent after the leave that freed the slot, without waiting for the cron", async () => {
    const s = await slotsSetUp(1);
    const held = await deliveredOrder(s.seller, s.serviceId);
    const fan = await newMember("fma");
    await followCreator(env.DB, {
      followerUserAccountId: fan.accountId,
      creatorProfileId: s.seller.profileId,
      now: Date.now(),
    });
    // The setup's client waits in line, and the slot the order frees is reserved for them.
    const join = await call("/api/waitlist/join", {
      method: "POST",
      cookie: s.client.cookie,
      json: { kind: "service", id: s.serviceId },
    });
    expect(join.status).toBe(200);
    const { data } = await join.json<{ data: { entryId: string } }>();
    await env.DB.prepare("UPDATE commission_orders SET order_progress_status = 'COMPLETED' WHERE id = ?")
      .bind(held.id)
      .run();
    const now = Date.now();
    await runWaitlistJobs(db(), now);
    await runFollowJobs(env.DB, now);
    const email = `${fan.handle.toLowerCase()}@example.com`;
    expect(await mailsOf(email, "A slot is free")).toEqual([]);

    // They pass it up: the slot is free for anyone, and the follower hears of it by mail.
    await sendBacklog();
    const left = await call("/api/waitlist/leave", {
      method: "POST",
      cookie: s.client.cookie,
      json: { entryId: data.entryId },
    });
    expect(left.status).toBe(200);
    await vi.waitFor(async () => expect(await mailsOf(email, "A slot is free")).toHaveLength(1), { timeout: 10_000 });
    expect((await mailsOf(email, "A slot is free"))[0]).toContain(`/${s.seller.handle}`);
  });

  it("is sent after the creator saves a new service on its page", async () => {
    const c = await seedCreator({ handle: `fm${crypto.randomUUID().slice(0, 8)}`, open: true });
    const fan = await newMember("fmn");
    await followCreator(env.DB, {
      followerUserAccountId: fan.accountId,
      creatorProfileId: c.profileId,
      now: Date.now(),
    });
    const email = `${fan.handle.toLowerCase()}@example.com`;

    await sendBacklog();
    const path = "/dashboard/commission/setting/service/new";
    const body = new FormData();
    for (const [name, value] of Object.entries({ title: "Fresh icon", price: "8000", currency: "JPY", intent: "save" }))
      body.set(name, value);
    const saved = await serviceNewPage.action({
      context: await pageContext(c.accountId, "en", path),
      request: new Request(`http://localhost${path}`, { method: "POST", body }),
      params: {},
    } as never);
    expect(saved).toBeInstanceOf(Response);
    expect((saved as Response).status).toBe(302);
    await vi.waitFor(async () => expect(await mailsOf(email, "A new service")).toHaveLength(1), { timeout: 10_000 });
  });
});
