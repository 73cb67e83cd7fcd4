// The waitlist's doors (issue 50, decision 091; worker/api/waitlist.ts): join, leave and remove. Each refuses the
// signed-out (401) and a body it cannot read (400, in the caller's language), and a refused call changes nothing; a
// join is refused in words (409) when a slot is open, the line is closed, the service is the caller's own, they are
// already in line (two joins at once too) or a request of theirs is pending; a place that is not the caller's is 404.
// A removal tells the client; a reservation left passes to the next in line at once, and they are told.
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import type { Locale } from "#worker/domain/locales";
import { RESERVATION_MS } from "#worker/domain/slots";
import { waitlistError } from "#worker/messages/waitlist";
import { orderStub } from "#worker/orders/order-stub";
import { createSession } from "#worker/services/sessions";
import { runWaitlistJobs, saveCreatorCapacity, targetSlotStatus } from "#worker/services/waitlist";
import { seedCreator } from "../support/catalog-fixtures";
import { call, db } from "../support/helpers";
import { newMember } from "../support/media-fixtures";
import { insertOrder } from "../support/order-fixtures";
import { insertOrderIn, newParty } from "../support/order-states";
import { addCard, commissionAccountOf, deliveredOrder, slotsSetUp } from "../support/waitlist-fixtures";

type Door = "join" | "leave" | "remove";
const post = (door: Door, cookie: string | undefined, json: unknown, language: Locale = "en") =>
  call(`/api/waitlist/${door}`, { method: "POST", cookie, json, headers: { "accept-language": language } });

/** A signed-in client of their own (a member with a commission account). */
async function newClient() {
  const member = await newMember("wldr");
  return { ...member, clientId: await commissionAccountOf(member.accountId) };
}
type Client = Awaited<ReturnType<typeof newClient>>;

/**
 * A creator with `slots` slots, each held by a delivered order, signed in (their cookie), and a client: the line is
 * open to join.
 */
async function fullCreator(slots = 1) {
  const s = await slotsSetUp(slots);
  const held: { id: string }[] = [];
  for (let i = 0; i < slots; i++) held.push(await deliveredOrder(s.seller, s.serviceId));
  const { token } = await createSession(db(), s.seller.accountId);
  const client: Client = { ...s.client, clientId: s.clientId };
  return { ...s, client, held, sellerCookie: `comet_session=${token}` };
}
type Creator = Awaited<ReturnType<typeof fullCreator>>;

const joinService = (c: { serviceId: string }, who: { cookie: string }, language: Locale = "en") =>
  post("join", who.cookie, { kind: "service", id: c.serviceId }, language);

async function joined(c: { serviceId: string }, who: { cookie: string }) {
  const response = await joinService(c, who);
  expect(response.status).toBe(200);
  return (await response.json<{ data: { entryId: string } }>()).data.entryId;
}

const entriesOf = async (sellerId: string) =>
  (
    await env.DB.prepare(
      "SELECT id, client_id, state, reserved_until, ended_at FROM waitlist_entries WHERE seller_id = ? ORDER BY joined_at, id",
    )
      .bind(sellerId)
      .all<{ id: string; client_id: string; state: string; reserved_until: number | null; ended_at: number | null }>()
  ).results;
const entry = (id: string) =>
  env.DB.prepare("SELECT state, reserved_until FROM waitlist_entries WHERE id = ?")
    .bind(id)
    .first<{ state: string; reserved_until: number | null }>();
const waitlistNotices = async (userAccountId: string) =>
  (
    await env.DB.prepare(
      "SELECT notification_type AS type, from_profile_id AS sender, href FROM notifications WHERE recipient_user_account_id = ? AND notification_type LIKE 'WAITLIST%' ORDER BY created_at, notification_type",
    )
      .bind(userAccountId)
      .all<{ type: string; sender: string; href: string }>()
  ).results;

/** Everything a refused call must leave as it was: the creator's line and the notices of everyone in it. */
async function snapshot(c: Creator, others: Client[] = []) {
  const people = [c.client, ...others];
  return {
    line: await entriesOf(c.seller.commissionAccountId),
    notices: await Promise.all(people.map((p) => waitlistNotices(p.accountId))),
  };
}

const refusal = (error: string, key: Parameters<typeof waitlistError>[0], locale: Locale) => ({
  error,
  message: waitlistError(key, locale),
});

describe("the waitlist's words", () => {
  it("words every refusal in Japanese for a Japanese reader", () => {
    for (const key of [
      "waitlist_error_open",
      "waitlist_error_closed",
      "waitlist_error_own",
      "waitlist_error_already",
      "waitlist_error_pending",
      "waitlist_error_target",
      "waitlist_error_entry",
    ] as const) {
      expect(waitlistError(key, "ja"), key).toMatch(/[\u3040-\u30ff\u4e00-\u9fff]/);
      expect(waitlistError(key, "ja"), key).not.toBe(waitlistError(key, "en"));
    }
  });
});

describe("the waitlist's doors refuse what they must, and a refusal changes nothing", () => {
  it("refuses the signed-out with 401 at every door, whatever the body", async () => {
    const c = await fullCreator();
    const entryId = await joined(c, c.client);
    const before = await snapshot(c);
    for (const [door, body] of [
      ["join", { kind: "service", id: c.serviceId }],
      ["leave", { entryId }],
      ["remove", { entryId }],
      ["join", { kind: "work", id: "" }],
      ["leave", { entryId: 5 }],
      ["remove", {}],
    ] as const) {
      const response = await post(door, undefined, body);
      expect({ door, status: response.status, body: await response.json() }).toEqual({
        door,
        status: 401,
        body: { error: "unauthorized" },
      });
    }
    expect(await snapshot(c)).toEqual(before);
  });

  it("refuses a body it cannot read with 400 and its words, in English and in Japanese", async () => {
    const c = await fullCreator();
    const entryId = await joined(c, c.client);
    const before = await snapshot(c);
    const long = "x".repeat(65);
    const joinBodies: unknown[] = [
      { kind: "service" },
      { id: c.serviceId },
      { kind: "service", id: 5 },
      { kind: "service", id: null },
      { kind: "service", id: "" },
      { kind: "service", id: long },
      { kind: "work", id: c.serviceId },
      { kind: "SERVICE", id: c.serviceId },
      { kind: ["service"], id: c.serviceId },
      {},
      [],
      null,
      "service",
      42,
    ];
    const entryBodies: unknown[] = [{}, { entryId: 5 }, { entryId: "" }, { entryId: long }, { id: entryId }, [], null];
    for (const locale of ["en", "ja"] as const) {
      for (const body of joinBodies) {
        const response = await post("join", c.client.cookie, body, locale);
        expect({ body, status: response.status, answer: await response.json() }).toEqual({
          body,
          status: 400,
          answer: { error: "invalid_request", message: waitlistError("waitlist_error_target", locale) },
        });
      }
      for (const door of ["leave", "remove"] as const)
        for (const body of entryBodies) {
          const who = door === "leave" ? c.client.cookie : c.sellerCookie;
          const response = await post(door, who, body, locale);
          expect({ door, body, status: response.status, answer: await response.json() }).toEqual({
            door,
            body,
            status: 400,
            answer: { error: "invalid_request", message: waitlistError("waitlist_error_entry", locale) },
          });
        }
    }
    // An id of 64 characters is read, and is nobody's.
    expect((await post("join", c.client.cookie, { kind: "service", id: "x".repeat(64) })).status).toBe(404);
    expect((await post("leave", c.client.cookie, { entryId: "x".repeat(64) })).status).toBe(404);
    expect(await snapshot(c)).toEqual(before);
  });

  it("refuses a body that is not JSON as every JSON door does: 415 for another type, 400 for broken JSON", async () => {
    const c = await fullCreator();
    const entryId = await joined(c, c.client);
    const before = await snapshot(c);
    const raw = (door: Door, cookie: string, body: string, contentType: string) =>
      call(`/api/waitlist/${door}`, {
        method: "POST",
        cookie,
        body,
        headers: { "content-type": contentType, "accept-language": "ja" },
      });
    for (const door of ["join", "leave", "remove"] as const) {
      const cookie = door === "remove" ? c.sellerCookie : c.client.cookie;
      const body = door === "join" ? JSON.stringify({ kind: "service", id: c.serviceId }) : JSON.stringify({ entryId });
      for (const contentType of ["text/plain", "application/x-www-form-urlencoded", "multipart/form-data"]) {
        const response = await raw(door, cookie, body, contentType);
        expect({ door, contentType, status: response.status, answer: await response.json() }).toEqual({
          door,
          contentType,
          status: 415,
          answer: { error: "unsupported_media_type" },
        });
      }
      const broken = await raw(door, cookie, "{entryId:", "application/json");
      expect({ door, status: broken.status, answer: await broken.json() }).toEqual({
        door,
        status: 400,
        answer: { error: "invalid_request" },
      });
    }
    expect(await snapshot(c)).toEqual(before);
  });
});

describe("joining a line", () => {
  it("takes a place while every slot is held; a service that is not there is 404", async () => {
    const c = await fullCreator();
    const entryId = await joined(c, c.client);
    expect(await entriesOf(c.seller.commissionAccountId)).toEqual([
      { id: entryId, client_id: c.client.clientId, state: "WAITING", reserved_until: null, ended_at: null },
    ]);
    const before = await snapshot(c);
    for (const body of [
      { kind: "service", id: "no-such-service" },
      // A service's id is not a form's.
      { kind: "form", id: c.serviceId },
    ]) {
      const response = await post("join", c.client.cookie, body);
      expect({ status: response.status, answer: await response.json() }).toEqual({
        status: 404,
        answer: { error: "not_found" },
      });
    }
    expect(await snapshot(c)).toEqual(before);
  });

  it("refuses a line with a slot open (or no slots at all) in words", async () => {
    const open = await slotsSetUp(2);
    await deliveredOrder(open.seller, open.serviceId);
    const unlimited = await slotsSetUp(null);
    for (const [s, locale] of [
      [open, "en"],
      [open, "ja"],
      [unlimited, "ja"],
    ] as const) {
      const response = await post("join", s.client.cookie, { kind: "service", id: s.serviceId }, locale);
      expect({ status: response.status, answer: await response.json() }).toEqual({
        status: 409,
        answer: refusal("waitlist_error_open", "waitlist_error_open", locale),
      });
      expect(await entriesOf(s.seller.commissionAccountId)).toEqual([]);
    }
  });

  it("refuses a closed line in words; those already in line keep their places", async () => {
    const c = await fullCreator();
    const entryId = await joined(c, c.client);
    await saveCreatorCapacity(db(), {
      sellerAccountId: c.seller.commissionAccountId,
      slots: 1,
      waitlistClosed: true,
      now: Date.now(),
    });
    const late = await newClient();
    const before = await snapshot(c, [late]);
    for (const locale of ["en", "ja"] as const) {
      const response = await joinService(c, late, locale);
      expect({ status: response.status, answer: await response.json() }).toEqual({
        status: 409,
        answer: refusal("waitlist_error_closed", "waitlist_error_closed", locale),
      });
    }
    expect(await snapshot(c, [late])).toEqual(before);
    expect(await entry(entryId)).toMatchObject({ state: "WAITING" });
  });

  it("refuses the creator's own service in words", async () => {
    const c = await fullCreator();
    const before = await snapshot(c);
    for (const locale of ["en", "ja"] as const) {
      const response = await post("join", c.sellerCookie, { kind: "service", id: c.serviceId }, locale);
      expect({ status: response.status, answer: await response.json() }).toEqual({
        status: 409,
        answer: refusal("waitlist_error_own", "waitlist_error_own", locale),
      });
    }
    expect(await snapshot(c)).toEqual(before);
  });

  it("refuses a client already in line in words, and of two joins at once takes exactly one", async () => {
    const c = await fullCreator();
    await joined(c, c.client);
    const before = await snapshot(c);
    for (const locale of ["en", "ja"] as const) {
      const response = await joinService(c, c.client, locale);
      expect({ status: response.status, answer: await response.json() }).toEqual({
        status: 409,
        answer: refusal("waitlist_error_already", "waitlist_error_already", locale),
      });
    }
    expect(await snapshot(c)).toEqual(before);

    for (let round = 0; round < 4; round++) {
      const other = await newClient();
      const answers = await Promise.all([joinService(c, other), joinService(c, other), joinService(c, other)]);
      const bodies = await Promise.all(answers.map((a) => a.json<{ error?: string }>()));
      expect(answers.map((a) => a.status).sort()).toEqual([200, 409, 409]);
      expect(bodies.filter((b) => b.error).map((b) => b.error)).toEqual([
        "waitlist_error_already",
        "waitlist_error_already",
      ]);
      const places = (await entriesOf(c.seller.commissionAccountId)).filter((e) => e.client_id === other.clientId);
      expect(places).toHaveLength(1);
      expect(places[0].state).toBe("WAITING");
    }
  });

  it("refuses a client whose request to the service is pending, in words", async () => {
    const c = await fullCreator();
    const pending = await insertOrder({
      sellerId: c.seller.commissionAccountId,
      buyerId: c.client.clientId,
      priceAmount: 10_000,
      approvalDeadline: Date.now() + 7 * 86_400_000,
    });
    await env.DB.prepare("UPDATE commission_orders SET service_id = ? WHERE id = ?")
      .bind(c.serviceId, pending.id)
      .run();
    const before = await snapshot(c);
    for (const locale of ["en", "ja"] as const) {
      const response = await joinService(c, c.client, locale);
      expect({ status: response.status, answer: await response.json() }).toEqual({
        status: 409,
        answer: refusal("waitlist_error_pending", "waitlist_error_pending", locale),
      });
    }
    expect(await snapshot(c)).toEqual(before);
  });
});

describe("a line of a service that takes no requests", () => {
  it("a service not published, or of a banned creator, is not there to join (404), as it is not there to request", async () => {
    const c = await fullCreator();
    const setStatus = (status: string) =>
      env.DB.prepare("UPDATE commission_services SET service_status = ? WHERE id = ?").bind(status, c.serviceId).run();
    await setStatus("DRAFT");
    const before = await snapshot(c);
    const joinedDraft = await joinService(c, c.client);
    expect({ status: joinedDraft.status, answer: await joinedDraft.json() }).toEqual({
      status: 404,
      answer: { error: "not_found" },
    });
    expect(await snapshot(c)).toEqual(before);

    await setStatus("PUBLISHED");
    await env.DB.prepare("INSERT INTO user_account_roles (user_account_id, role_code) VALUES (?, 'ban')")
      .bind(c.seller.accountId)
      .run();
    expect((await joinService(c, c.client)).status).toBe(404);
    expect(await snapshot(c)).toEqual(before);
  });

  it("a service unpublished after its clients joined: its places are passed over, not handed a slot they cannot use", async () => {
    // A creator of 1 slot with two services: the first in line waits for one the creator then unpublishes.
    const seller = await seedCreator({
      handle: `wlun${crypto.randomUUID().slice(0, 6)}`,
      open: true,
      services: [
        { title: "Retired", price: 10_000 },
        { title: "Chibi mascot", price: 10_000 },
      ],
    });
    const [retired, kept] = seller.services;
    await saveCreatorCapacity(db(), {
      sellerAccountId: seller.commissionAccountId,
      slots: 1,
      waitlistClosed: false,
      now: Date.now(),
    });
    const held = await deliveredOrder(seller, kept);
    const [first, second] = [await newClient(), await newClient()];
    const firstPlace = await joined({ serviceId: retired }, first);
    const secondPlace = await joined({ serviceId: kept }, second);
    await env.DB.prepare("UPDATE waitlist_entries SET joined_at = joined_at - 1000 WHERE id = ?")
      .bind(firstPlace)
      .run();
    await env.DB.prepare("UPDATE commission_services SET service_status = 'DRAFT' WHERE id = ?").bind(retired).run();

    expect(
      await orderStub(env.ORDER, held.id).act(
        { type: "complete" },
        { commissionAccountId: seller.commissionAccountId },
      ),
    ).toMatchObject({ status: "done" });
    expect([(await entry(firstPlace))?.state, (await entry(secondPlace))?.state]).toEqual(["WAITING", "RESERVED"]);
    expect(await waitlistNotices(first.accountId)).toEqual([]);
    // The first keeps their place: published again, the service's next slot is theirs.
    await env.DB.prepare("UPDATE commission_services SET service_status = 'PUBLISHED' WHERE id = ?")
      .bind(retired)
      .run();
    await saveCreatorCapacity(db(), {
      sellerAccountId: seller.commissionAccountId,
      slots: 2,
      waitlistClosed: false,
      now: Date.now(),
    });
    expect((await entry(firstPlace))?.state).toBe("RESERVED");
  });
});

describe("a creator closed for commissions", () => {
  it("their line keeps its places, passed over while closed (no reservation its request would be refused on); open again, the slot is offered", async () => {
    const c = await fullCreator();
    const entryId = await joined(c, c.client);
    const setOpen = (open: boolean) =>
      env.DB.prepare("UPDATE user_profiles SET is_open_commission = ? WHERE account_id = ?")
        .bind(open ? 1 : 0, c.seller.accountId)
        .run();
    await setOpen(false);
    expect(
      await orderStub(env.ORDER, c.held[0].id).act(
        { type: "complete" },
        { commissionAccountId: c.seller.commissionAccountId },
      ),
    ).toMatchObject({ status: "done" });
    expect(await entry(entryId)).toMatchObject({ state: "WAITING" });
    expect(await waitlistNotices(c.client.accountId)).toEqual([]);
    // What a reservation would have led to: the request door is shut while the creator is closed.
    const refused = await call("/api/features/commission/service/submit", {
      method: "POST",
      cookie: c.client.cookie,
      json: { serviceId: c.serviceId, isAgreedToTerms: true, isAcknowledged: true, formQuestionAnswers: [] },
    });
    expect((await refused.json<{ error: string }>()).error).toBe("requests_error_closed");

    // Open again: the timed jobs offer the free slot to the first in line.
    await setOpen(true);
    await runWaitlistJobs(db(), Date.now());
    expect(await entry(entryId)).toMatchObject({ state: "RESERVED" });
    expect((await waitlistNotices(c.client.accountId)).map((n) => n.type)).toEqual(["WAITLIST_SLOT_RESERVED"]);
  });

  it("nobody new joins while they are closed: their line reads closed, and a join is refused in words", async () => {
    const c = await fullCreator();
    await env.DB.prepare("UPDATE user_profiles SET is_open_commission = 0 WHERE account_id = ?")
      .bind(c.seller.accountId)
      .run();
    expect(await targetSlotStatus(env.DB, { kind: "service", id: c.serviceId })).toEqual({ kind: "full" });
    const before = await snapshot(c);
    const refused = await joinService(c, c.client);
    expect(refused.status).toBe(409);
    expect(await refused.json()).toEqual({
      error: "waitlist_error_closed",
      message: waitlistError("waitlist_error_closed", "en"),
    });
    expect(await snapshot(c)).toEqual(before);
  });
});

describe("leaving a line, and removal by the creator", () => {
  it("a stranger's place is 404 to leave and to remove, and a place no longer in line is 404", async () => {
    const c = await fullCreator();
    const entryId = await joined(c, c.client);
    const stranger = await newClient();
    const otherCreator = await fullCreator();
    const before = await snapshot(c, [stranger]);
    for (const [door, cookie] of [
      // Another client leaving it, the creator "leaving" it, the client "removing" it, another creator removing it.
      ["leave", stranger.cookie],
      ["leave", c.sellerCookie],
      ["remove", c.client.cookie],
      ["remove", stranger.cookie],
      ["remove", otherCreator.sellerCookie],
    ] as const) {
      const response = await post(door, cookie, { entryId });
      expect({ door, status: response.status, answer: await response.json() }).toEqual({
        door,
        status: 404,
        answer: { error: "not_found" },
      });
    }
    for (const door of ["leave", "remove"] as const)
      expect((await post(door, door === "leave" ? c.client.cookie : c.sellerCookie, { entryId: "nope" })).status).toBe(
        404,
      );
    expect(await snapshot(c, [stranger])).toEqual(before);

    const left = await post("leave", c.client.cookie, { entryId });
    expect({ status: left.status, answer: await left.json() }).toEqual({
      status: 200,
      answer: { data: { left: true } },
    });
    expect(await entry(entryId)).toMatchObject({ state: "LEFT" });
    const after = await snapshot(c);
    expect((await post("leave", c.client.cookie, { entryId })).status).toBe(404);
    expect((await post("remove", c.sellerCookie, { entryId })).status).toBe(404);
    expect(await snapshot(c)).toEqual(after);
  });

  it("the creator removes a client: their place ends and they are told, by the creator, once", async () => {
    const c = await fullCreator();
    const entryId = await joined(c, c.client);
    const removed = await post("remove", c.sellerCookie, { entryId });
    expect({ status: removed.status, answer: await removed.json() }).toEqual({
      status: 200,
      answer: { data: { removed: true } },
    });
    expect(await entry(entryId)).toMatchObject({ state: "REMOVED" });
    expect(await waitlistNotices(c.client.accountId)).toEqual([
      { type: "WAITLIST_REMOVED", sender: c.seller.profileId, href: `/${c.seller.handle}?service=${c.serviceId}` },
    ]);
    // Removed twice is a place no longer in line; the client is told once. They may join again, at the end.
    expect((await post("remove", c.sellerCookie, { entryId })).status).toBe(404);
    expect(await waitlistNotices(c.client.accountId)).toHaveLength(1);
    const again = await joined(c, c.client);
    expect(again).not.toBe(entryId);
    expect(await entry(again)).toMatchObject({ state: "WAITING" });
  });

  it("a client leaving a reservation passes it to the next in line at once, who is told", async () => {
    const c = await fullCreator();
    const next = await newClient();
    const first = await joined(c, c.client);
    const second = await joined(c, next);
    expect(
      await orderStub(env.ORDER, c.held[0].id).act(
        { type: "complete" },
        { commissionAccountId: c.seller.commissionAccountId },
      ),
    ).toMatchObject({ status: "done" });
    expect(await entry(first)).toMatchObject({ state: "RESERVED" });
    expect(await entry(second)).toMatchObject({ state: "WAITING" });

    const before = Date.now();
    const left = await post("leave", c.client.cookie, { entryId: first });
    expect(left.status).toBe(200);
    expect(await entry(first)).toMatchObject({ state: "LEFT" });
    const passed = await entry(second);
    expect(passed?.state).toBe("RESERVED");
    expect(passed!.reserved_until!).toBeGreaterThanOrEqual(before + RESERVATION_MS);
    expect(passed!.reserved_until!).toBeLessThanOrEqual(Date.now() + RESERVATION_MS);
    const href = `/${c.seller.handle}?service=${c.serviceId}`;
    expect(await waitlistNotices(next.accountId)).toEqual([
      { type: "WAITLIST_SLOT_RESERVED", sender: c.seller.profileId, href },
    ]);
    // The one who left was told of their own reservation, and of nothing since.
    expect(await waitlistNotices(c.client.accountId)).toEqual([
      { type: "WAITLIST_SLOT_RESERVED", sender: c.seller.profileId, href },
    ]);
  });
});

describe("a reservation past its 48 hours before the timed jobs run", () => {
  it("ends when its client joins again (told once), who takes a new place at the end of the line", async () => {
    const c = await fullCreator();
    const next = await newClient();
    const first = await joined(c, c.client);
    await joined(c, next);
    expect(
      await orderStub(env.ORDER, c.held[0].id).act(
        { type: "complete" },
        { commissionAccountId: c.seller.commissionAccountId },
      ),
    ).toMatchObject({ status: "done" });
    // Its 48 hours passed a minute ago; no cron has run since.
    await env.DB.prepare("UPDATE waitlist_entries SET reserved_until = ? WHERE id = ?")
      .bind(Date.now() - 60_000, first)
      .run();

    const again = await joinService(c, c.client);
    expect(again.status).toBe(200);
    const { entryId } = (await again.json<{ data: { entryId: string } }>()).data;
    expect(await entry(first)).toMatchObject({ state: "EXPIRED" });
    // The freed slot went to the next in line, ahead of the one who joined again.
    const line = await entriesOf(c.seller.commissionAccountId);
    expect(line.filter((p) => p.state === "RESERVED").map((p) => p.client_id)).toEqual([next.clientId]);
    expect(await entry(entryId)).toMatchObject({ state: "WAITING" });
    expect((await waitlistNotices(c.client.accountId)).map((n) => n.type)).toEqual([
      "WAITLIST_SLOT_RESERVED",
      "WAITLIST_RESERVATION_EXPIRED",
    ]);
  });
});

describe("a form's line", () => {
  it("takes a place for a form, reserves the form's slot with a notice to its page, and the form's request claims it", async () => {
    const seller = await seedCreator({
      handle: `wlfm${crypto.randomUUID().slice(0, 6)}`,
      open: true,
      forms: [{ title: { en: "Portrait" }, price: 10_000 }],
    });
    const [form] = seller.forms;
    await saveCreatorCapacity(db(), {
      sellerAccountId: seller.commissionAccountId,
      slots: 1,
      waitlistClosed: false,
      now: Date.now(),
    });
    // A delivered order of the form's holds the one slot.
    const held = await insertOrderIn(
      "DELIVERED",
      { cookie: "", commissionAccountId: seller.commissionAccountId, userAccountId: seller.accountId },
      await newParty(),
    );
    await env.DB.prepare(
      "UPDATE commission_orders SET form_id = ?, order_submit_status = 'FORM_SUBMITTED' WHERE id = ?",
    )
      .bind(form.id, held.id)
      .run();
    const client = await newClient();
    await addCard(client.accountId);
    // A form's id is not a service's.
    expect((await post("join", client.cookie, { kind: "service", id: form.id })).status).toBe(404);
    const joinedForm = await post("join", client.cookie, { kind: "form", id: form.id });
    expect(joinedForm.status).toBe(200);
    const { entryId } = (await joinedForm.json<{ data: { entryId: string } }>()).data;
    expect(await entry(entryId)).toMatchObject({ state: "WAITING" });

    expect(
      await orderStub(env.ORDER, held.id).act(
        { type: "complete" },
        { commissionAccountId: seller.commissionAccountId },
      ),
    ).toMatchObject({ status: "done" });
    expect(await entry(entryId)).toMatchObject({ state: "RESERVED" });
    expect(await waitlistNotices(client.accountId)).toEqual([
      { type: "WAITLIST_SLOT_RESERVED", sender: seller.profileId, href: `/cf/${form.code}` },
    ]);
    const sent = await call("/api/features/commission/form/submit", {
      method: "POST",
      cookie: client.cookie,
      json: { formCode: form.code, isAgreedToTerms: true, isAcknowledged: true, formQuestionAnswers: [] },
    });
    expect(sent.status).toBe(200);
    expect(await entry(entryId)).toMatchObject({ state: "REQUESTED" });
  });
});

describe("a place left and removed at once", () => {
  it("ends one way: left or removed, the other 404, the client told of a removal only if it won", async () => {
    const outcomes: string[] = [];
    for (let round = 0; round < 4; round++) {
      const c = await fullCreator();
      const entryId = await joined(c, c.client);
      const leave = () => post("leave", c.client.cookie, { entryId });
      const remove = () => post("remove", c.sellerCookie, { entryId });
      // Each round sends the other first.
      const [leftAnswer, removedAnswer] =
        round % 2 === 0 ? await Promise.all([leave(), remove()]) : (await Promise.all([remove(), leave()])).reverse();
      const statuses = [leftAnswer.status, removedAnswer.status];
      expect(statuses.sort()).toEqual([200, 404]);
      const state = (await entry(entryId))?.state;
      outcomes.push(state ?? "none");
      if (leftAnswer.status === 200) {
        expect(state).toBe("LEFT");
        expect(await waitlistNotices(c.client.accountId)).toEqual([]);
      } else {
        expect(state).toBe("REMOVED");
        expect((await waitlistNotices(c.client.accountId)).map((n) => n.type)).toEqual(["WAITLIST_REMOVED"]);
      }
    }
    console.info(`leave vs remove: ${outcomes.join(", ")}`);
  });
});
