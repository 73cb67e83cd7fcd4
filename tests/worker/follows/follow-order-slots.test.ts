// A slot freed inside the Order object tells a followed creator's followers at once (issue 66, decision 107): an order
// canceled or completed on a full creator tells each follower once, at the moment of the transition, before any timed
// job runs; an order's end that leaves the creator as takeable as before, and the checks run again, tell nobody twice.
import { env } from "cloudflare:workers";
import { describe, expect, it, vi } from "vitest";
import { orderStub } from "#worker/orders/order-stub";
import { followCreator, runFollowJobs, watchCreator } from "#worker/services/follows";
import { newMember } from "../support/media-fixtures";
import { insertOrderIn, newParty } from "../support/order-states";
import { deliveredOrder, slotsSetUp } from "../support/waitlist-fixtures";

type Setup = Awaited<ReturnType<typeof slotsSetUp>>;

/** Each follow notice a user holds: its type, link and time. */
const noticesOf = async (userAccountId: string) =>
  (
    await env.DB.prepare(
      `SELECT notification_type AS type, href, created_at AS at FROM notifications
       WHERE recipient_user_account_id = ? AND notification_type LIKE 'FOLLOWED%' ORDER BY created_at`,
    )
      .bind(userAccountId)
      .all<{ type: string; href: string; at: number }>()
  ).results;

/** When the order's transition of `event` happened, on Comet's clock (its event log). */
const eventTime = async (orderId: string, event: string) =>
  (await env.DB.prepare("SELECT created_at AS at FROM commission_order_events WHERE order_id = ? AND event_type = ?")
    .bind(orderId, event)
    .first<{ at: number }>())!.at;

/** What the creator's followers last saw: whether a slot was free. */
const watchedRoom = async (creatorUserAccountId: string) =>
  (
    await env.DB.prepare("SELECT has_room FROM follow_watches WHERE creator_user_account_id = ?")
      .bind(creatorUserAccountId)
      .first<{ has_room: number }>()
  )?.has_room;

const asSeller = (s: Setup) => ({ commissionAccountId: s.seller.commissionAccountId });

const followersOf = async (s: Setup) => {
  const fans = [await newMember("fosa"), await newMember("fosb")];
  for (const fan of fans)
    expect(
      await followCreator(env.DB, {
        followerUserAccountId: fan.accountId,
        creatorProfileId: s.seller.profileId,
        now: Date.now(),
      }),
    ).toEqual({ ok: true });
  return fans;
};

describe("a slot freed inside the Order object", () => {
  it("an approval that fills the creator is seen at once, and the cancel that frees it tells each follower once", async () => {
    const s = await slotsSetUp(1);
    const buyer = await newParty();
    const request = await insertOrderIn(
      "DRAFT",
      { cookie: "", commissionAccountId: s.seller.commissionAccountId, userAccountId: s.seller.accountId },
      buyer,
    );
    const fans = await followersOf(s);
    expect(await watchedRoom(s.seller.accountId)).toBe(1);

    // The approval takes the only slot: the followers' watch sees it full (nobody is told of that).
    expect(await orderStub(env.ORDER, request.id).act({ type: "approve" }, asSeller(s))).toMatchObject({
      status: "done",
    });
    await vi.waitFor(async () => expect(await watchedRoom(s.seller.accountId)).toBe(0));
    for (const fan of fans) expect(await noticesOf(fan.accountId)).toEqual([]);

    // The creator cancels it: the slot is free, and each follower is told at the cancel's own time.
    expect(await orderStub(env.ORDER, request.id).act({ type: "cancel" }, asSeller(s))).toMatchObject({
      status: "done",
    });
    const at = await eventTime(request.id, "CANCELED");
    const freed = { type: "FOLLOWED_CREATOR_SLOT_FREED", href: `/${s.seller.handle}`, at };
    for (const fan of fans) await vi.waitFor(async () => expect(await noticesOf(fan.accountId)).toEqual([freed]));

    // The checks run again (a write's, the timed jobs'): nobody is told twice.
    await watchCreator(env.DB, s.seller.accountId, at + 1);
    await runFollowJobs(env.DB, at + 2);
    for (const fan of fans) expect(await noticesOf(fan.accountId)).toEqual([freed]);
  });

  it("a completion on a full creator tells each follower once; a second order's end, already free, tells nobody", async () => {
    const s = await slotsSetUp(2);
    const first = await deliveredOrder(s.seller, s.serviceId);
    const second = await deliveredOrder(s.seller, s.serviceId);
    const fans = await followersOf(s);
    expect(await watchedRoom(s.seller.accountId)).toBe(0);

    expect(await orderStub(env.ORDER, first.id).act({ type: "complete" }, asSeller(s))).toMatchObject({
      status: "done",
    });
    const at = await eventTime(first.id, "COMPLETED");
    const freed = { type: "FOLLOWED_CREATOR_SLOT_FREED", href: `/${s.seller.handle}`, at };
    for (const fan of fans) await vi.waitFor(async () => expect(await noticesOf(fan.accountId)).toEqual([freed]));

    // The second order ends too: the creator was already takeable, so it is no news.
    expect(await orderStub(env.ORDER, second.id).act({ type: "complete" }, asSeller(s))).toMatchObject({
      status: "done",
    });
    const secondAt = await eventTime(second.id, "COMPLETED");
    await watchCreator(env.DB, s.seller.accountId, secondAt + 1);
    await runFollowJobs(env.DB, secondAt + 2);
    for (const fan of fans) expect(await noticesOf(fan.accountId)).toEqual([freed]);
  });
});
