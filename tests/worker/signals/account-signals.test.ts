// Signals a stranger can read (issue 66, decision 106) on a made-up order history: on time by the deadline in force
// (an agreed extension counts, a late delivery and a cancel after the deadline do not), the first response by approval,
// decline or the creator's chat message (never a system announcement), each rate "new" just below the sample and shown
// at it, a repeat client; the timed job writes one row however often it runs and purges the pages once per change.
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import * as profileRoute from "#app/routes/profile";
import { SIGNAL_MIN_SAMPLE } from "#worker/domain/trust-signals";
import {
  clientSignalsOf,
  creatorSignalsOfHandle,
  refreshAccountSignals,
  runAccountSignalsJob,
} from "#worker/services/trust-signals";
import { BASE, db } from "../support/helpers";
import { insertOrder } from "../support/order-fixtures";
import { newPerson, type Person } from "../support/order-states";
import { pageContext } from "../support/visibility-fixtures";

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
/** The history's start, on Comet's clock (the dev clock is not moved here: it reads the real time). */
const T0 = Date.now() - 60 * DAY;

/** Each write's `updated_at`, later than the one before, as the Order object's projection stamps it. */
let lastStamp = 0;
const stamp = () => {
  lastStamp = Math.max(Date.now(), lastStamp + 1);
  return lastStamp;
};

interface History {
  submittedAt: number;
  approvedAt?: number;
  deliveryDeadline?: number;
  originalDeliveryDeadline?: number;
  deliveredAt?: number;
  completedAt?: number;
  canceledAt?: number;
  /** The creator's decline: their cancel, logged as the order's event. */
  declinedAt?: number;
  /** The creator's chat messages, and the system's announcements filed under them. */
  chatAt?: number[];
  systemAt?: number[];
}

/** An order between them with its times written as the object's projection would have. */
async function order(seller: Person, buyer: Person, h: History): Promise<string> {
  const { id } = await insertOrder({
    sellerId: seller.commissionAccountId,
    buyerId: buyer.commissionAccountId,
    priceAmount: 10_000,
    approvalDeadline: h.submittedAt + 3 * DAY,
  });
  const progress = h.completedAt
    ? "COMPLETED"
    : h.canceledAt || h.declinedAt
      ? "CANCELED"
      : h.deliveredAt
        ? "DELIVERED"
        : "DRAFT";
  const statements = [
    env.DB.prepare(
      `UPDATE commission_orders SET order_progress_status = ?, submitted_at = ?, approved_at = ?, delivery_deadline = ?,
         original_delivery_deadline = ?, delivered_at = ?, completed_at = ?, canceled_at = ?, updated_at = ? WHERE id = ?`,
    ).bind(
      progress,
      h.submittedAt,
      h.approvedAt ?? null,
      h.deliveryDeadline ?? null,
      h.originalDeliveryDeadline ?? null,
      h.deliveredAt ?? null,
      h.completedAt ?? null,
      h.canceledAt ?? h.declinedAt ?? null,
      stamp(),
      id,
    ),
  ];
  if (h.declinedAt)
    statements.push(
      env.DB.prepare(
        `INSERT INTO commission_order_events (id, order_id, version, event_type, actor, actor_account_id, before, after, created_at)
         VALUES (?, ?, 1, 'CANCELED', 'seller', ?, '{}', '{}', ?)`,
      ).bind(`${id}:1`, id, seller.commissionAccountId, h.declinedAt),
    );
  if (h.chatAt || h.systemAt) {
    const roomId = crypto.randomUUID();
    statements.push(env.DB.prepare("INSERT INTO chat_rooms (id, order_id) VALUES (?, ?)").bind(roomId, id));
    let seq = 0;
    for (const [at, system] of [
      ...(h.chatAt ?? []).map((t) => [t, false] as const),
      ...(h.systemAt ?? []).map((t) => [t, true] as const),
    ]) {
      const messageId = crypto.randomUUID();
      statements.push(
        env.DB.prepare(
          "INSERT INTO chat_messages (id, room_id, sender_user_account_id, client_message_id, seq, created_at) VALUES (?, ?, ?, ?, ?, ?)",
        ).bind(messageId, roomId, seller.userAccountId, system ? `${id}:${seq + 1}` : crypto.randomUUID(), ++seq, at),
      );
      if (system)
        statements.push(
          env.DB.prepare(
            `INSERT INTO localized_texts (id, entity_type, entity_id, field, language_code, is_original, text)
             VALUES (?, 'chat_message', ?, 'system_notice', 'und', 1, '{"kind":"order_submitted"}')`,
          ).bind(`${messageId}:system_notice`, messageId),
        );
    }
  }
  await env.DB.batch(statements);
  return id;
}

const purgedAt = async (userAccountId: string) =>
  (
    await env.DB.prepare("SELECT purged_at FROM page_cache_purges WHERE tag = ?")
      .bind(`account:${userAccountId}`)
      .first<{ purged_at: number }>()
  )?.purged_at ?? null;
const rowsOf = async (userAccountId: string) =>
  (
    await env.DB.prepare("SELECT count(*) AS n FROM account_signals WHERE user_account_id = ?")
      .bind(userAccountId)
      .first<{ n: number }>()
  )?.n;
const job = () => runAccountSignalsJob(db(), Date.now());
const figures = async (handle: string) => (await creatorSignalsOfHandle(env.DB, handle, Date.now()))?.signals ?? null;

describe("the signals on a made-up order history", () => {
  it("counts on time by the deadline in force, the first answer of three kinds, and says new below the sample", async () => {
    const [creator, a, b, c, d] = await Promise.all([
      newPerson({ creator: true }),
      newPerson(),
      newPerson(),
      newPerson(),
      newPerson(),
    ]);
    const deadline = T0 + 20 * DAY;
    // 1: approved after 2 hours, delivered a day early: on time.
    await order(creator, a, {
      submittedAt: T0,
      approvedAt: T0 + 2 * HOUR,
      deliveryDeadline: deadline,
      deliveredAt: deadline - DAY,
      completedAt: deadline,
    });
    // 2: the creator wrote after an hour (a system line at once does not count), approved after 10; delivered two days
    // after the original date but within the three the client agreed to: on time.
    await order(creator, a, {
      submittedAt: T0 + DAY,
      chatAt: [T0 + DAY + HOUR],
      systemAt: [T0 + DAY],
      approvedAt: T0 + DAY + 10 * HOUR,
      originalDeliveryDeadline: deadline,
      deliveryDeadline: deadline + 3 * DAY,
      deliveredAt: deadline + 2 * DAY,
      completedAt: deadline + 3 * DAY,
    });
    // 3: approved after 30 hours, delivered a day late.
    await order(creator, b, {
      submittedAt: T0,
      approvedAt: T0 + 30 * HOUR,
      deliveryDeadline: deadline,
      deliveredAt: deadline + DAY,
      completedAt: deadline + 2 * DAY,
    });
    // 4: declined after 3 hours: answered, never judged for punctuality.
    await order(creator, c, { submittedAt: T0, declinedAt: T0 + 3 * HOUR });
    // Not an answer: a request still waiting, and one whose only chat line is the system's.
    await order(creator, d, { submittedAt: T0 });
    await order(creator, d, { submittedAt: T0 + DAY, systemAt: [T0 + DAY] });

    await job();
    const below = await figures(creator.handle);
    expect(below).toMatchObject({
      ordersCompleted: 3,
      onTimePercent: null,
      typicalResponseHours: null,
      repeatClients: 1,
    });

    // 5: approved after 6 hours, never delivered, cancelled a day after its deadline: late. Answered requests reach the
    // sample (2, 1, 30, 3, 6 hours: the median is 3); judged orders are 4, one short.
    await order(creator, c, {
      submittedAt: T0 + 2 * DAY,
      approvedAt: T0 + 2 * DAY + 6 * HOUR,
      deliveryDeadline: deadline,
      canceledAt: deadline + DAY,
    });
    await job();
    const atResponses = await figures(creator.handle);
    expect(SIGNAL_MIN_SAMPLE).toBe(5);
    expect(atResponses).toMatchObject({ onTimePercent: null, typicalResponseHours: 3 });

    // 6: approved in half an hour, on time: 5 judged, 3 on time.
    await order(creator, d, {
      submittedAt: T0 + 3 * DAY,
      approvedAt: T0 + 3 * DAY + HOUR / 2,
      deliveryDeadline: deadline,
      deliveredAt: deadline,
      completedAt: deadline + DAY,
    });
    await job();
    expect(await figures(creator.handle)).toEqual({
      identityVerified: false,
      ordersCompleted: 4,
      onTimePercent: 60,
      // 0.5, 1, 2, 3, 6, 30 hours: the median 2.5 reads as within 3 hours.
      typicalResponseHours: 3,
      repeatClients: 1,
      memberSince: new Date().toISOString().slice(0, 7),
    });
    // The client who came back sees the same facts on their side, for creators.
    expect(await clientSignalsOf(env.DB, a.commissionAccountId)).toEqual({
      ordersCompleted: 2,
      repeatCreators: 1,
      memberSince: new Date().toISOString().slice(0, 7),
    });
  });

  it("shows identity verified from the Connect status alone, and a new creator's orders and month before any job", async () => {
    const creator = await newPerson({ creator: true });
    const fresh = await figures(creator.handle);
    expect(fresh).toEqual({
      identityVerified: false,
      ordersCompleted: 0,
      onTimePercent: null,
      typicalResponseHours: null,
      repeatClients: 0,
      memberSince: new Date().toISOString().slice(0, 7),
    });
    // Details submitted but payouts not enabled: not verified yet.
    await env.DB.prepare(
      `INSERT INTO stripe_connected_accounts (id, user_account_id, stripe_account_id, charges_enabled, payouts_enabled,
         details_submitted, created_at, updated_at) VALUES (?, ?, ?, 1, 0, 1, ?, ?)`,
    )
      .bind(crypto.randomUUID(), creator.userAccountId, `acct_${crypto.randomUUID().slice(0, 12)}`, stamp(), stamp())
      .run();
    await job();
    expect((await figures(creator.handle))?.identityVerified).toBe(false);
    // The `account.updated` webhook enables payouts: the next run shows it, and purges the pages that show it.
    await env.DB.prepare(
      "UPDATE stripe_connected_accounts SET payouts_enabled = 1, updated_at = ? WHERE user_account_id = ?",
    )
      .bind(stamp(), creator.userAccountId)
      .run();
    expect((await job()).purged).toBe(1);
    expect((await figures(creator.handle))?.identityVerified).toBe(true);
  });
});

describe("the timed job", () => {
  it("writes one row however often it runs, and purges the public pages once per changed figure", async () => {
    const [creator, client] = await Promise.all([newPerson({ creator: true }), newPerson()]);
    const done = { submittedAt: T0, approvedAt: T0 + HOUR, deliveryDeadline: T0 + DAY, deliveredAt: T0 + DAY / 2 };
    await order(creator, client, { ...done, completedAt: T0 + DAY });
    await job();
    const first = await purgedAt(creator.userAccountId);
    expect(first).not.toBeNull();
    expect(await rowsOf(creator.userAccountId)).toBe(1);

    // Nothing changed: the rows stay one each, and nothing is purged.
    const again = await job();
    expect(again.purged).toBe(0);
    expect(await rowsOf(creator.userAccountId)).toBe(1);
    expect(await purgedAt(creator.userAccountId)).toBe(first);

    // A second completed order moves a shown figure: one run purges, the next does not.
    await order(creator, client, { ...done, completedAt: T0 + 2 * DAY });
    const changed = await job();
    expect(changed.purged).toBe(1);
    expect((await figures(creator.handle))?.ordersCompleted).toBe(2);
    expect((await job()).purged).toBe(0);

    // Two runs racing over the same change: one row, and exactly one of them reports the change (and purges).
    await order(creator, client, { ...done, completedAt: T0 + 3 * DAY });
    const raced = await Promise.all([
      refreshAccountSignals(env.DB, creator.userAccountId, Date.now()),
      refreshAccountSignals(env.DB, creator.userAccountId, Date.now()),
    ]);
    expect(raced.filter(Boolean)).toHaveLength(1);
    expect(await rowsOf(creator.userAccountId)).toBe(1);
    expect((await figures(creator.handle))?.repeatClients).toBe(1);
  });

  it("hands the profile its signals with their explanations, keeps a new creator's row as shown, and shows a hidden profile's to nobody", async () => {
    const [creator, client] = await Promise.all([newPerson({ creator: true }), newPerson()]);
    await order(creator, client, {
      submittedAt: T0,
      approvedAt: T0 + HOUR,
      deliveryDeadline: T0 + DAY,
      deliveredAt: T0 + DAY / 2,
      completedAt: T0 + DAY,
    });
    const data = await profileRoute.loader({
      params: { handle: creator.handle },
      request: new Request(`${BASE}/${creator.handle}`),
      context: await pageContext(null, `/${creator.handle}`),
    } as never);
    const items = data.signals?.items ?? [];
    expect(items.map((item) => item.key)).toEqual(["orders", "on-time", "response", "repeat", "since"]);
    expect(items.find((item) => item.key === "on-time")?.value).toBe("New");
    for (const item of items) expect(item.about.length).toBeGreaterThan(20);
    expect(data.cardSignals?.items.map((item) => item.key)).toEqual(["orders", "on-time"]);
    // No row yet (the timed jobs have not reached the new creator): the page showed the figures of their orders now and
    // kept them, so no cached copy is wrong and nothing is purged, then or by the next run of the job.
    expect(items.find((item) => item.key === "orders")?.value).toBe("1");
    expect(await rowsOf(creator.userAccountId)).toBe(1);
    expect(await purgedAt(creator.userAccountId)).toBeNull();
    await job();
    expect(await purgedAt(creator.userAccountId)).toBeNull();
    await env.DB.prepare("UPDATE user_profiles SET hidden_at = ? WHERE account_id = ?")
      .bind(Date.now(), creator.userAccountId)
      .run();
    expect(await figures(creator.handle)).toBeNull();
  });
});
