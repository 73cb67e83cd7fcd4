// What a follower is told (issue 66, decision 107), through the real D1: a followed creator opening for commissions, a
// slot freeing, a new service published. Each event's notice reaches each follower exactly once, however often the code
// that tells them runs, one after another or at once (the write that opened them, the timed jobs, a retry); a creator
// who closes and opens again is a new event. A follower the waitlist already told of the slot is not told again. The
// notice's e-mail is in the follower's language.
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { RESERVATION_MS } from "#worker/domain/slots";
import { mailerFromEnv } from "#worker/mail/mailer";
import { followCreator, runFollowJobs, tellFollowersOfNewService, watchCreator } from "#worker/services/follows";
import { sendPendingNotificationEmails } from "#worker/services/notification-emails";
import { runWaitlistJobs } from "#worker/services/waitlist";
import { seedCreator } from "../support/catalog-fixtures";
import { call, db, latestMailTo } from "../support/helpers";
import { newMember } from "../support/media-fixtures";
import { deliveredOrder, slotsSetUp } from "../support/waitlist-fixtures";
import { pageContext } from "../support/page-context";
import { withMessageLocale } from "#worker/messages/message-locale";
import * as generalSettings from "#app/routes/dashboard/commission-forms-general";

const GENERAL = "/dashboard/commission/setting/form/general";

type Member = Awaited<ReturnType<typeof newMember>>;

const follow = (fan: Member, creator: { profileId: string }, now = Date.now()) =>
  followCreator(env.DB, { followerUserAccountId: fan.accountId, creatorProfileId: creator.profileId, now });

/** Each follow notice a user holds: its type and link. */
const noticesOf = async (userAccountId: string) =>
  (
    await env.DB.prepare(
      `SELECT notification_type AS type, href FROM notifications
       WHERE recipient_user_account_id = ? AND notification_type LIKE 'FOLLOWED%' ORDER BY created_at, type`,
    )
      .bind(userAccountId)
      .all<{ type: string; href: string }>()
  ).results;

const setOpen = (accountId: string, open: boolean) =>
  env.DB.prepare("UPDATE user_profiles SET is_open_commission = ? WHERE account_id = ?")
    .bind(open ? 1 : 0, accountId)
    .run();

describe("a followed creator opening", () => {
  it("tells each follower once per opening, however often and concurrently the check runs", async () => {
    const c = await seedCreator({ handle: `fo${crypto.randomUUID().slice(0, 8)}`, open: false });
    const fans = [await newMember("foa"), await newMember("fob")];
    for (const fan of fans) expect(await follow(fan, c)).toEqual({ ok: true });
    const now = Date.now();

    // Still closed: nothing is news.
    await watchCreator(env.DB, c.accountId, now);
    await runFollowJobs(env.DB, now);
    for (const fan of fans) expect(await noticesOf(fan.accountId)).toEqual([]);

    await setOpen(c.accountId, true);
    await watchCreator(env.DB, c.accountId, now + 1);
    await watchCreator(env.DB, c.accountId, now + 2);
    await runFollowJobs(env.DB, now + 3);
    const opened = { type: "FOLLOWED_CREATOR_OPENED", href: `/${c.handle}` };
    for (const fan of fans) expect(await noticesOf(fan.accountId)).toEqual([opened]);

    // Closed again, then opened again while three checks race: one more notice each.
    await setOpen(c.accountId, false);
    await runFollowJobs(env.DB, now + 4);
    await setOpen(c.accountId, true);
    await Promise.all([
      watchCreator(env.DB, c.accountId, now + 5),
      watchCreator(env.DB, c.accountId, now + 5),
      runFollowJobs(env.DB, now + 5),
    ]);
    for (const fan of fans) expect(await noticesOf(fan.accountId)).toEqual([opened, opened]);
  });

  it("tells through the creator's own settings door when they open, once", async () => {
    const c = await seedCreator({ handle: `fs${crypto.randomUUID().slice(0, 8)}`, open: false });
    const fan = await newMember("fsa");
    await follow(fan, c);
    const save = async () => {
      const body = new FormData();
      for (const [name, value] of Object.entries({
        openForCommissions: "open",
        defaultCurrency: "JPY",
        defaultTerms: "",
        slots: "",
      }))
        body.set(name, value);
      const context = await pageContext(c.accountId, "en", GENERAL);
      const request = new Request(`http://localhost${GENERAL}`, { method: "POST", body });
      const result = await withMessageLocale("en", "http://localhost", () =>
        Promise.resolve(generalSettings.action({ context, request, params: {} } as never)),
      );
      expect(result).toMatchObject({ saved: true });
    };
    await save();
    await save();
    expect(await noticesOf(fan.accountId)).toEqual([{ type: "FOLLOWED_CREATOR_OPENED", href: `/${c.handle}` }]);
  });
});

describe("a followed creator's slot freeing", () => {
  it("tells each follower once, however often the timed jobs run, and leaves the waitlist's own to the waitlist", async () => {
    const s = await slotsSetUp(1);
    const held = await deliveredOrder(s.seller, s.serviceId);
    const [fan, waiting] = [await newMember("ffa"), await newMember("ffw")];
    await follow(fan, s.seller);
    await follow(waiting, s.seller);
    // The waiting follower is in the creator's line for the service (the slot is taken).
    const join = await call("/api/waitlist/join", {
      method: "POST",
      cookie: waiting.cookie,
      json: { kind: "service", id: s.serviceId },
    });
    expect(join.status).toBe(200);
    const now = Date.now();
    await runFollowJobs(env.DB, now);

    // The order ends: its slot goes to the waiting follower (told by the waitlist), so nobody else is told.
    await env.DB.prepare("UPDATE commission_orders SET order_progress_status = 'COMPLETED' WHERE id = ?")
      .bind(held.id)
      .run();
    await runWaitlistJobs(db(), now + 1);
    await runFollowJobs(env.DB, now + 1);
    expect(await noticesOf(fan.accountId)).toEqual([]);
    expect(await noticesOf(waiting.accountId)).toEqual([]);

    // The reservation passes unused: the slot is free for anyone; the follower is told, once; the one whose reservation
    // it was is not told of the same slot again.
    const later = now + RESERVATION_MS + 60_000;
    await runWaitlistJobs(db(), later);
    await Promise.all([runFollowJobs(env.DB, later), runFollowJobs(env.DB, later)]);
    await runFollowJobs(env.DB, later + 1);
    expect(await noticesOf(fan.accountId)).toEqual([
      { type: "FOLLOWED_CREATOR_SLOT_FREED", href: `/${s.seller.handle}` },
    ]);
    expect(await noticesOf(waiting.accountId)).toEqual([]);
  });
});

describe("a followed creator's new service", () => {
  it("tells each follower once, however often and concurrently it is told", async () => {
    const c = await seedCreator({
      handle: `fn${crypto.randomUUID().slice(0, 8)}`,
      services: [{ title: "Icon", price: 3_000 }],
    });
    const fans = [await newMember("fna"), await newMember("fnb")];
    for (const fan of fans) await follow(fan, c);
    const now = Date.now();
    const [serviceId] = c.services;
    await tellFollowersOfNewService(env.DB, serviceId, now);
    await Promise.all([
      tellFollowersOfNewService(env.DB, serviceId, now + 1),
      tellFollowersOfNewService(env.DB, serviceId, now + 1),
    ]);
    for (const fan of fans)
      expect(await noticesOf(fan.accountId)).toEqual([
        { type: "FOLLOWED_CREATOR_NEW_SERVICE", href: `/${c.handle}?service=${serviceId}` },
      ]);
  });

  it("is mailed in the follower's language", async () => {
    const c = await seedCreator({
      handle: `fl${crypto.randomUUID().slice(0, 8)}`,
      name: { ja: "ふぉろー先", original: "ja" },
      services: [{ title: "Icon", price: 3_000 }],
    });
    const fan = await newMember("fla");
    await env.DB.prepare("UPDATE user_accounts SET display_language_code = 'ja' WHERE id = ?")
      .bind(fan.accountId)
      .run();
    await follow(fan, c);
    const now = Date.now();
    await tellFollowersOfNewService(env.DB, c.services[0], now);
    // Other tests' notices may wait ahead of it: the sender takes them a batch at a time.
    for (let round = 0; round < 20; round++)
      if ((await sendPendingNotificationEmails(db(), mailerFromEnv(env, db()), env, now)) === 0) break;
    const mail = await latestMailTo(`${fan.handle.toLowerCase()}@example.com`);
    expect(mail?.subject).toContain("新しいサービス");
    expect(mail?.text).toContain("ふぉろー先さんが新しいサービスを公開しました。");
  });
});
