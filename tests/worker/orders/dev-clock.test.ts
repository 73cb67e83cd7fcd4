// The dev clock (issue 47, docs/decisions/080): Comet's time is the real time plus one offset in D1, read alike by
// the Worker, the cron and both objects; moving it runs the cron's timed work at the new time, so every deadline that
// passed fires, once. A production Worker has no dev clock: it reads nothing and moves nothing.
import {
  createExecutionContext,
  createScheduledController,
  runDurableObjectAlarm,
  runInDurableObject,
  waitOnExecutionContext,
} from "cloudflare:test";
import { env } from "cloudflare:workers";
import { afterEach, describe, expect, it } from "vitest";
import { CHAT_SEND_LIMIT } from "#worker/chat/domain/chat";
import { countRoundTrips } from "#worker/db/round-trips";
import { scheduled } from "#worker/scheduled";
import { cometNow, devClockOffset, hasDevClock } from "#worker/services/clock";
import {
  DEV_CLOCK_MAX_MOVE_MS,
  DEV_CLOCK_MAX_OFFSET_MS,
  moveDevClock,
  readDevClock,
  resetDevClock,
} from "#worker/dev/clock";
import { orderStub } from "#worker/orders/order-stub";
import { chatOrder, sent, submit } from "../support/chat-fixtures";
import { insertOrderIn, newParty } from "../support/order-states";
import { actOn, setStagesOnRow } from "../support/stage-fixtures";
import { WHOLE_CRON_TIMEOUT } from "../support/whole-cron";

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
/** What a few awaits may take between reading the real time here and there. */
const SLACK = 5_000;

// The clock is one row for the whole file's storage: each test starts and ends on the real time.
afterEach(async () => {
  await resetDevClock(env);
});

/** Sets the offset as a move would, without running the timed work a move runs. */
const setOffset = (offsetMs: number) =>
  env.DB.prepare("INSERT INTO dev_clock (id, offset_ms) VALUES (1, ?1) ON CONFLICT (id) DO UPDATE SET offset_ms = ?1")
    .bind(offsetMs)
    .run();

async function runCron() {
  const ctx = createExecutionContext();
  scheduled(createScheduledController({ scheduledTime: Date.now(), cron: "*/15 * * * *" }), env, ctx);
  await waitOnExecutionContext(ctx);
}

const orderRow = (id: string) =>
  env.DB.prepare("SELECT order_progress_status AS progress FROM commission_orders WHERE id = ?")
    .bind(id)
    .first<{ progress: string }>();
const eventsOf = async (id: string) =>
  (
    await env.DB.prepare(
      "SELECT event_type, actor, created_at FROM commission_order_events WHERE order_id = ? ORDER BY version",
    )
      .bind(id)
      .all<{ event_type: string; actor: string; created_at: number }>()
  ).results;
const remindersOf = async (id: string) =>
  (
    await env.DB.prepare(
      "SELECT notification_type, created_at FROM notifications WHERE order_id = ? AND dedupe_key IS NOT NULL",
    )
      .bind(id)
      .all<{ notification_type: string; created_at: number }>()
  ).results;

describe("the dev clock", { timeout: WHOLE_CRON_TIMEOUT }, () => {
  it("is the real time until it moves; moves add up; a reset goes back to the real time", async () => {
    expect(hasDevClock(env)).toBe(true);
    expect((await readDevClock(env))?.offsetMs).toBe(0);
    const before = Date.now();
    expect(await cometNow(env)).toBeGreaterThanOrEqual(before);
    expect(await cometNow(env)).toBeLessThan(before + SLACK);

    expect((await moveDevClock(env, HOUR))?.offsetMs).toBe(HOUR);
    const moved = await moveDevClock(env, DAY);
    expect(moved?.offsetMs).toBe(HOUR + DAY);
    expect(moved!.now - Date.now()).toBeGreaterThan(HOUR + DAY - SLACK);
    const now = await cometNow(env);
    expect(now - Date.now()).toBeGreaterThan(HOUR + DAY - SLACK);
    expect(now - Date.now()).toBeLessThanOrEqual(HOUR + DAY);
    // A cron's scheduled time is moved the same way.
    expect(await cometNow(env, 1_000_000)).toBe(1_000_000 + HOUR + DAY);

    expect(await resetDevClock(env)).toBe(true);
    expect(await devClockOffset(env)).toBe(0);
  });

  it("moves only forward, at most a year at a time and ten years ahead", async () => {
    for (const by of [0, -HOUR, 1.5, Number.NaN, Number.POSITIVE_INFINITY, DEV_CLOCK_MAX_MOVE_MS + 1])
      expect(await moveDevClock(env, by), String(by)).toBeNull();
    expect(await devClockOffset(env)).toBe(0);
    await setOffset(DEV_CLOCK_MAX_OFFSET_MS - DAY);
    expect(await moveDevClock(env, 2 * DAY)).toBeNull();
    expect(await devClockOffset(env)).toBe(DEV_CLOCK_MAX_OFFSET_MS - DAY);
    expect((await moveDevClock(env, DAY))?.offsetMs).toBe(DEV_CLOCK_MAX_OFFSET_MS);
  });

  it("is not there in production: Comet's time is the real time, read with no D1 round trip, and nothing moves it", async () => {
    await setOffset(DAY);
    const counter = { count: 0 };
    const production = { ...env, APP_ENV: "production", DB: countRoundTrips(env.DB, counter) };
    expect(hasDevClock(production)).toBe(false);
    const before = Date.now();
    const now = await cometNow(production);
    expect(now).toBeGreaterThanOrEqual(before);
    expect(now).toBeLessThan(before + SLACK);
    expect(await devClockOffset(production)).toBe(0);
    expect(await readDevClock(production)).toBeNull();
    expect(await moveDevClock(production, HOUR)).toBeNull();
    expect(await resetDevClock(production)).toBe(false);
    expect(counter.count).toBe(0);
    // Nor where mail leaves for real (the fixtures' gate too).
    expect(hasDevClock({ ...env, MAILER: "http" })).toBe(false);
    expect(await devClockOffset(env)).toBe(DAY);
  });

  it("the cron runs the orders' work at Comet's time: the approval reminder goes out when the clock reaches the day before", async () => {
    const [seller, buyer] = await Promise.all([newParty(), newParty()]);
    // Approval deadline in 7 days; its reminder is due 24 h before it.
    const { id } = await insertOrderIn("DRAFT", seller, buyer);
    await runCron();
    expect(await remindersOf(id)).toEqual([]);

    await setOffset(6 * DAY + HOUR);
    await runCron();
    await runCron();
    const reminders = await remindersOf(id);
    expect(reminders.map((r) => r.notification_type)).toEqual(["COMMISSION_ORDER_APPROVAL_REMINDER"]);
    // Written at Comet's time, not the real one.
    expect(Number(reminders[0]!.created_at) - Date.now()).toBeGreaterThan(6 * DAY);
    expect(await orderRow(id)).toEqual({ progress: "DRAFT" });
  });
});

describe("the Order object reads the dev clock", { timeout: WHOLE_CRON_TIMEOUT }, () => {
  it("a move fires each deadline it passed once, on Comet's time: a request lapses, a stage approves itself, a delivered order completes", async () => {
    const [seller, buyer] = await Promise.all([newParty(), newParty()]);
    // Due in 7 days (approval), 6 days (completion) and 7 days (the Sketch's review, from its preview now).
    const draft = await insertOrderIn("DRAFT", seller, buyer);
    const delivered = await insertOrderIn("DELIVERED", seller, buyer);
    const staged = await insertOrderIn("PAID", seller, buyer);
    await setStagesOnRow(staged.id);
    const previewed = await actOn(staged.id, { type: "submitPreview", stage: 0 }, seller);
    expect(previewed).toMatchObject({ status: "done", changed: true });
    // Awake, each with its alarm days away.
    for (const { id } of [draft, delivered]) expect(await orderStub(env.ORDER, id).get()).not.toBeNull();

    // A day passes none of these deadlines. (The move's own count is not asked: the workerd files share one stored
    // world, decision 084, and another file's order may fall due within the day.)
    await moveDevClock(env, DAY);
    expect(await orderRow(draft.id)).toEqual({ progress: "DRAFT" });
    expect(await orderRow(delivered.id)).toEqual({ progress: "DELIVERED" });
    expect((await eventsOf(staged.id)).filter((e) => e.event_type === "STAGE_APPROVED")).toEqual([]);
    const moved = await moveDevClock(env, 7 * DAY);
    expect(moved?.deadlines).toBeGreaterThanOrEqual(3);

    expect(await orderRow(draft.id)).toEqual({ progress: "CANCELED" });
    expect(await orderRow(delivered.id)).toEqual({ progress: "COMPLETED" });
    const fired = async () => [
      ...(await eventsOf(draft.id)).filter((e) => e.event_type === "CANCELED"),
      ...(await eventsOf(delivered.id)).filter((e) => e.event_type === "COMPLETED"),
      ...(await eventsOf(staged.id)).filter((e) => e.event_type === "STAGE_APPROVED"),
    ];
    const events = await fired();
    expect(events.map((e) => [e.event_type, e.actor])).toEqual([
      ["CANCELED", "system"],
      ["COMPLETED", "system"],
      ["STAGE_APPROVED", "system"],
    ]);
    // Each logged at Comet's time, which the object read itself.
    for (const event of events) expect(Number(event.created_at) - Date.now()).toBeGreaterThan(8 * DAY - SLACK);

    // Nothing fires twice: not the cron, not the objects' alarms, not another move.
    await runCron();
    for (const { id } of [draft, delivered, staged]) await runDurableObjectAlarm(orderStub(env.ORDER, id));
    await moveDevClock(env, HOUR);
    expect(await fired()).toEqual(events);
  });

  it("arms its alarm at the deadline less the offset; set back, the early alarm fires nothing and re-arms", async () => {
    const [seller, buyer] = await Promise.all([newParty(), newParty()]);
    await setOffset(2 * DAY);
    const { id } = await insertOrderIn("DRAFT", seller, buyer);
    const stub = orderStub(env.ORDER, id);
    const stored = await stub.get();
    const deadline = stored!.state.approvalDeadline!;
    const alarm = () => runInDurableObject(stub, (_instance, state) => state.storage.getAlarm());
    expect(await alarm()).toBe(deadline - 2 * DAY);

    // A price set now is a transition on Comet's time too.
    await actOn(id, { type: "updatePrice", priceAmount: 12_000 }, seller);
    const priced = (await eventsOf(id)).at(-1)!;
    expect(priced.event_type).toBe("PRICE_UPDATED");
    expect(Number(priced.created_at) - Date.now()).toBeGreaterThan(2 * DAY - SLACK);

    await resetDevClock(env);
    // The alarm rings 2 days early on the real time: the deadline has not passed, so it only re-arms.
    expect(await runDurableObjectAlarm(stub)).toBe(true);
    expect(await orderRow(id)).toEqual({ progress: "DRAFT" });
    expect(await alarm()).toBe(deadline);
  });
});

describe("the ChatRoom reads the dev clock", () => {
  it("stamps a message with Comet's time, and a sender's pace does not count messages stamped ahead of a clock set back", async () => {
    const { roomId, buyer } = await chatOrder();
    const real = await sent(buyer.cookie, roomId, { text: "before" });
    expect(real.createdAt - Date.now()).toBeLessThan(SLACK);

    await setOffset(3 * DAY);
    const ahead = await sent(buyer.cookie, roomId, { text: "three days later" });
    expect(ahead.createdAt - Date.now()).toBeGreaterThan(3 * DAY - SLACK);
    for (let i = 1; i < CHAT_SEND_LIMIT.messages; i++) await sent(buyer.cookie, roomId, { text: `ahead ${i}` });
    expect((await submit(buyer.cookie, roomId, { text: "one too many" })).status).toBe(429);

    await resetDevClock(env);
    const back = await sent(buyer.cookie, roomId, { text: "back on the real time" });
    expect(back.createdAt - Date.now()).toBeLessThan(SLACK);
  });
});
