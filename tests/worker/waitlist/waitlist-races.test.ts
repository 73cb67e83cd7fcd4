// The waitlist's moves at once (issue 50, decision 091): each is one conditional statement of D1's single writer, so
// every race ends exactly one way. Two orders completing at once reserve exactly as many places as slots freed, in the
// order joined, passing over a place whose own service is full; a slot opening as the first in line leaves goes to the
// next; a reservation expiring as its request is sent is either claimed or expired, never both nor neither; a request
// whose batch fails gives its reservation back; pending requests hold no slot; the timed jobs run twice at once expire
// and tell once; the dev clock's move expires a reservation and passes it on; a request declined frees its slot.
import { env } from "cloudflare:workers";
import { afterEach, describe, expect, it } from "vitest";
import { createDb } from "#worker/db/client";
import { RESERVATION_MS } from "#worker/domain/slots";
import { moveDevClock, resetDevClock } from "#worker/dev/clock";
import { submitServiceRequest } from "#worker/orders/services/order-requests";
import { orderStub } from "#worker/orders/order-stub";
import {
  claimReservationFor,
  releaseClaim,
  runWaitlistJobs,
  saveCreatorCapacity,
  saveTargetSlots,
  targetSlotStatus,
} from "#worker/services/waitlist";
import { seedCreator } from "../support/catalog-fixtures";
import { call, db } from "../support/helpers";
import { newMember } from "../support/media-fixtures";
import { insertOrder } from "../support/order-fixtures";
import { addCard, commissionAccountOf, deliveredOrder, slotsSetUp } from "../support/waitlist-fixtures";

const HOUR = 3_600_000;

// The dev clock is one row for the whole world: every test starts and ends on the real time.
afterEach(async () => {
  await resetDevClock(env);
});

/** A client with a saved card, signed in. */
async function newClient() {
  const member = await newMember("wlrc");
  await addCard(member.accountId);
  return { ...member, clientId: await commissionAccountOf(member.accountId) };
}
type Client = Awaited<ReturnType<typeof newClient>>;

/** A creator with `slots` slots, each held by a delivered order of the service, and `waiting` clients in line. */
async function fullLine(slots: number, waiting: number) {
  const s = await slotsSetUp(slots);
  const held: string[] = [];
  for (let i = 0; i < slots; i++) held.push((await deliveredOrder(s.seller, s.serviceId)).id);
  const clients: Client[] = [{ ...s.client, clientId: s.clientId }];
  while (clients.length < waiting) clients.push(await newClient());
  const entries: string[] = [];
  for (const client of clients.slice(0, waiting)) entries.push(await join(client, s.serviceId));
  return { ...s, held, clients, entries };
}

/** The client joins the service's line; each place joined a millisecond after the one before, whatever the clock did. */
let joinedAt = Date.now() - HOUR;
async function join(client: { cookie: string }, serviceId: string) {
  const response = await call("/api/waitlist/join", {
    method: "POST",
    cookie: client.cookie,
    json: { kind: "service", id: serviceId },
  });
  expect(response.status).toBe(200);
  const { entryId } = (await response.json<{ data: { entryId: string } }>()).data;
  await env.DB.prepare("UPDATE waitlist_entries SET joined_at = ? WHERE id = ?").bind(joinedAt++, entryId).run();
  return entryId;
}

/** A move started `ms` milliseconds from now (at once for none or fewer): the other side of a race goes first. */
async function inMs<T>(ms: number, move: () => Promise<T>): Promise<T> {
  await new Promise((resolve) => setTimeout(resolve, Math.max(0, ms)));
  return await move();
}

/** The creator completes the order, through its object; its answer as a plain promise (not the RPC's). */
const complete = async (orderId: string, sellerId: string) => {
  const answer = await orderStub(env.ORDER, orderId).act({ type: "complete" }, { commissionAccountId: sellerId });
  return answer;
};

const requestBody = (serviceId: string) => ({
  serviceId,
  isAgreedToTerms: true,
  isAcknowledged: true,
  formQuestionAnswers: [],
});
const submit = (client: { cookie: string }, serviceId: string) =>
  call("/api/features/commission/service/submit", {
    method: "POST",
    cookie: client.cookie,
    json: requestBody(serviceId),
  });

interface Place {
  id: string;
  state: string;
  reserved_at: number | null;
  reserved_until: number | null;
  order_id: string | null;
  ended_at: number | null;
}
const place = (id: string) =>
  env.DB.prepare("SELECT id, state, reserved_at, reserved_until, order_id, ended_at FROM waitlist_entries WHERE id = ?")
    .bind(id)
    .first<Place>() as Promise<Place>;
const states = async (ids: string[]) => (await Promise.all(ids.map(place))).map((p) => p.state);
const noticesOf = async (userAccountId: string) =>
  (
    await env.DB.prepare(
      "SELECT notification_type AS type FROM notifications WHERE recipient_user_account_id = ? AND notification_type LIKE 'WAITLIST%' ORDER BY created_at, notification_type",
    )
      .bind(userAccountId)
      .all<{ type: string }>()
  ).results.map((n) => n.type);
const pendingRequestsOf = async (buyerId: string, serviceId: string) =>
  (
    await env.DB.prepare(
      "SELECT id FROM commission_orders WHERE buyer_id = ? AND service_id = ? AND order_progress_status = 'DRAFT'",
    )
      .bind(buyerId, serviceId)
      .all<{ id: string }>()
  ).results.map((o) => o.id);
const progressOf = async (orderId: string) =>
  (
    await env.DB.prepare("SELECT order_progress_status AS progress FROM commission_orders WHERE id = ?")
      .bind(orderId)
      .first<{ progress: string }>()
  )?.progress ?? null;

describe("slots freed at once", () => {
  it("two orders of a 2-slot creator completing at once with 3 waiting: 2 reservations, the first two in line, each told once", async () => {
    for (let round = 0; round < 3; round++) {
      const line = await fullLine(2, 3);
      const done = await Promise.all(line.held.map((id) => complete(id, line.seller.commissionAccountId)));
      expect(done).toMatchObject([{ status: "done" }, { status: "done" }]);
      expect(await states(line.entries)).toEqual(["RESERVED", "RESERVED", "WAITING"]);
      expect(await Promise.all(line.clients.map((c) => noticesOf(c.accountId)))).toEqual([
        ["WAITLIST_SLOT_RESERVED"],
        ["WAITLIST_SLOT_RESERVED"],
        [],
      ]);
      expect(await targetSlotStatus(env.DB, { kind: "service", id: line.serviceId })).toEqual({
        kind: "waitlist",
        waiting: 1,
      });
    }
  });

  it("with a service's own count full, a freed overall slot passes over its place to the next that fits", async () => {
    // 3 slots overall, 1 of them for service A: A's order holds A's one, two of B's hold the rest.
    const seller = await seedCreator({
      handle: `wlcap${crypto.randomUUID().slice(0, 6)}`,
      open: true,
      services: [
        { title: "Live2D model", price: 50_000 },
        { title: "Chibi mascot", price: 10_000 },
      ],
    });
    const [serviceA, serviceB] = seller.services;
    const sellerId = seller.commissionAccountId;
    await saveCreatorCapacity(db(), { sellerAccountId: sellerId, slots: 3, waitlistClosed: false, now: Date.now() });
    expect(
      await saveTargetSlots(db(), {
        sellerAccountId: sellerId,
        target: { kind: "service", id: serviceA },
        slots: 1,
        now: Date.now(),
      }),
    ).toBe(true);
    const onA = await deliveredOrder(seller, serviceA);
    const onB = [await deliveredOrder(seller, serviceB), await deliveredOrder(seller, serviceB)];
    const [forA, forB, forA2] = [await newClient(), await newClient(), await newClient()];
    const entries = [await join(forA, serviceA), await join(forB, serviceB), await join(forA2, serviceA)];

    // One of B's orders completes: the slot freed is overall, and A has none of its own free, so the first on A is passed
    // over for the one on B.
    expect(await complete(onB[0].id, sellerId)).toMatchObject({ status: "done" });
    expect(await states(entries)).toEqual(["WAITING", "RESERVED", "WAITING"]);
    expect(await noticesOf(forA.accountId)).toEqual([]);
    expect(await noticesOf(forB.accountId)).toEqual(["WAITLIST_SLOT_RESERVED"]);

    // A's own order and B's other at once: two slots free overall, A's one of its own; the first on A keeps their
    // place and gets it, the second on A waits for A's next.
    const done = await Promise.all([complete(onA.id, sellerId), complete(onB[1].id, sellerId)]);
    expect(done).toMatchObject([{ status: "done" }, { status: "done" }]);
    expect(await states(entries)).toEqual(["RESERVED", "RESERVED", "WAITING"]);
    expect(await noticesOf(forA.accountId)).toEqual(["WAITLIST_SLOT_RESERVED"]);
    expect(await noticesOf(forA2.accountId)).toEqual([]);
    expect(await targetSlotStatus(env.DB, { kind: "service", id: serviceA })).toEqual({ kind: "waitlist", waiting: 1 });
  });

  it("a slot opening as the first in line leaves: exactly one reservation, and not theirs", async () => {
    for (let round = 0; round < 4; round++) {
      const line = await fullLine(1, 3);
      const [leaver] = line.clients;
      const leave = () =>
        call("/api/waitlist/leave", { method: "POST", cookie: leaver.cookie, json: { entryId: line.entries[0] } });
      const moves =
        round % 2 === 0
          ? [leave(), complete(line.held[0], line.seller.commissionAccountId)]
          : [complete(line.held[0], line.seller.commissionAccountId), leave()];
      const [first, second] = await Promise.all(moves);
      const left = (round % 2 === 0 ? first : second) as Response;
      expect(left.status).toBe(200);
      expect(await states(line.entries)).toEqual(["LEFT", "RESERVED", "WAITING"]);
      expect(await noticesOf(line.clients[1].accountId)).toEqual(["WAITLIST_SLOT_RESERVED"]);
      expect(await noticesOf(line.clients[2].accountId)).toEqual([]);
    }
  });
});

describe("a join as a slot frees", () => {
  it("the joiner gets the slot or is told it is open; never left waiting beside a free slot", async () => {
    const outcomes: string[] = [];
    // A positive delay sends the join that long after the completion, a negative one the completion after the join.
    for (const delay of [-20, -5, 0, 0, 5]) {
      const line = await fullLine(1, 0);
      const [client] = line.clients;
      const [, answer] = await Promise.all([
        inMs(-delay, () => complete(line.held[0], line.seller.commissionAccountId)),
        inMs(delay, () =>
          call("/api/waitlist/join", {
            method: "POST",
            cookie: client.cookie,
            json: { kind: "service", id: line.serviceId },
          }),
        ),
      ]);
      const places = (
        await env.DB.prepare("SELECT state FROM waitlist_entries WHERE client_id = ? AND service_id = ?")
          .bind(client.clientId, line.serviceId)
          .all<{ state: string }>()
      ).results.map((p) => p.state);
      const status = await targetSlotStatus(env.DB, { kind: "service", id: line.serviceId });
      if (answer.status === 200) {
        outcomes.push("reserved");
        expect(places).toEqual(["RESERVED"]);
        expect(await noticesOf(client.accountId)).toEqual(["WAITLIST_SLOT_RESERVED"]);
        expect(status).toEqual({ kind: "waitlist", waiting: 0 });
      } else {
        outcomes.push("open");
        expect({ status: answer.status, error: (await answer.json<{ error: string }>()).error }).toEqual({
          status: 409,
          error: "waitlist_error_open",
        });
        expect(places).toEqual([]);
        expect(status).toEqual({ kind: "open", open: 1, slots: 1 });
      }
    }
    console.info(`join vs slot freeing: ${outcomes.join(", ")}`);
  });
});

describe("a reservation and its request", () => {
  /** A creator of 1 slot whose first in line holds a reservation, the second waiting. */
  async function reserved() {
    const line = await fullLine(1, 2);
    expect(await complete(line.held[0], line.seller.commissionAccountId)).toMatchObject({ status: "done" });
    expect(await states(line.entries)).toEqual(["RESERVED", "WAITING"]);
    return line;
  }

  it("a reservation expiring as its request is sent: claimed or expired, never both, never neither", async () => {
    const outcomes: string[] = [];
    // A positive delay starts the timed jobs that long after the request, a negative one the request after the jobs.
    for (const delay of [-20, -5, 0, 0, 5, 20, 80]) {
      const line = await reserved();
      const [holder, next] = line.clients;
      // The reservation ends a minute from now: the request (sent now) is within it; the timed jobs run at its end.
      const until = Date.now() + 60_000;
      await env.DB.prepare("UPDATE waitlist_entries SET reserved_until = ? WHERE id = ?")
        .bind(until, line.entries[0])
        .run();
      const [answer] = await Promise.all([
        inMs(-delay, () => submit(holder, line.serviceId)),
        inMs(delay, () => runWaitlistJobs(db(), until)),
      ]);
      const body = await answer.json<{ data?: { orderId: string }; error?: string }>();
      const [mine, theirs] = await Promise.all(line.entries.map(place));
      const pending = await pendingRequestsOf(holder.clientId, line.serviceId);
      if (answer.status === 200) {
        outcomes.push("claimed");
        expect(mine).toMatchObject({ state: "REQUESTED", order_id: body.data!.orderId });
        expect(pending).toEqual([body.data!.orderId]);
        // The request holds the slot while the creator answers: nobody else is offered it.
        expect(theirs.state).toBe("WAITING");
        expect(await noticesOf(holder.accountId)).toEqual(["WAITLIST_SLOT_RESERVED"]);
      } else {
        outcomes.push("expired");
        expect({ status: answer.status, error: body.error }).toEqual({ status: 409, error: "requests_error_full" });
        expect(mine).toMatchObject({ state: "EXPIRED", order_id: null, ended_at: until });
        expect(pending).toEqual([]);
        expect(theirs.state).toBe("RESERVED");
        expect(await noticesOf(holder.accountId)).toEqual(["WAITLIST_SLOT_RESERVED", "WAITLIST_RESERVATION_EXPIRED"]);
        expect(await noticesOf(next.accountId)).toEqual(["WAITLIST_SLOT_RESERVED"]);
      }
    }
    // Which wins depends on the machine; each round ended one way (logged for whoever reads the run).
    console.info(`reservation vs expiry: ${outcomes.join(", ")}`);
  });

  it("a reservation expiring between the request's read of it and its claim: the request is refused as full", async () => {
    const line = await reserved();
    const [holder, next] = line.clients;
    const now = Date.now();
    const until = now + 1_000;
    await env.DB.prepare("UPDATE waitlist_entries SET reserved_until = ? WHERE id = ?")
      .bind(until, line.entries[0])
      .run();
    // The timed jobs run at the reservation's end just before the claim's statement: the request read a reservation
    // that holds, and finds it gone when it claims.
    let claims = 0;
    const d1 = new Proxy(env.DB, {
      get(target, key) {
        if (key === "prepare")
          return (sql: string) => {
            const prepared = target.prepare(sql);
            if (!sql.includes("SET state = 'REQUESTED'")) return prepared;
            return {
              bind: (...params: unknown[]) => {
                const bound = prepared.bind(...params);
                return {
                  first: async () => {
                    if (claims++ === 0) expect(await runWaitlistJobs(db(), until)).toBeGreaterThanOrEqual(1);
                    return bound.first();
                  },
                };
              },
            };
          };
        const value = Reflect.get(target, key);
        return typeof value === "function" ? value.bind(target) : value;
      },
    });
    const result = await submitServiceRequest(
      { db: createDb(d1), bucket: env.MEDIA, now },
      { userAccountId: holder.accountId, profileId: holder.profileId },
      requestBody(line.serviceId),
    );
    expect(claims).toBe(1);
    expect(result).toEqual({ ok: false, reason: "requests_error_full" });
    expect(await place(line.entries[0])).toMatchObject({ state: "EXPIRED", order_id: null, ended_at: until });
    expect(await pendingRequestsOf(holder.clientId, line.serviceId)).toEqual([]);
    expect(await states(line.entries)).toEqual(["EXPIRED", "RESERVED"]);
    expect(await noticesOf(next.accountId)).toEqual(["WAITLIST_SLOT_RESERVED"]);
  });

  it("a request whose batch fails after claiming gives the reservation back, with its own 48 hours", async () => {
    const line = await reserved();
    const [holder] = line.clients;
    const before = await place(line.entries[0]);
    // Another request of the same client lands between the request's checks and its batch: the batch's order is a
    // second pending request of theirs, and the one-pending-request index refuses it.
    let raced: string | null = null;
    const d1 = new Proxy(env.DB, {
      get(target, key) {
        if (key === "batch")
          return async (statements: D1PreparedStatement[]) => {
            if (raced === null) {
              raced = (
                await insertOrder({
                  sellerId: line.seller.commissionAccountId,
                  buyerId: holder.clientId,
                  priceAmount: 10_000,
                  approvalDeadline: Date.now() + 7 * 24 * HOUR,
                })
              ).id;
              await target
                .prepare("UPDATE commission_orders SET service_id = ? WHERE id = ?")
                .bind(line.serviceId, raced)
                .run();
              // Mid-claim, the place is the request's.
              expect(await place(line.entries[0])).toMatchObject({ state: "REQUESTED" });
            }
            return target.batch(statements);
          };
        const value = Reflect.get(target, key);
        return typeof value === "function" ? value.bind(target) : value;
      },
    });
    const result = await submitServiceRequest(
      { db: createDb(d1), bucket: env.MEDIA, now: Date.now() },
      { userAccountId: holder.accountId, profileId: holder.profileId },
      requestBody(line.serviceId),
    );
    expect(raced).not.toBeNull();
    expect(result).toEqual({ ok: false, reason: "requests_error_already_submitted" });
    expect(await place(line.entries[0])).toEqual(before);
    expect(await pendingRequestsOf(holder.clientId, line.serviceId)).toEqual([raced]);
    expect(await states(line.entries)).toEqual(["RESERVED", "WAITING"]);
  });

  it("a claim whose order never comes (the Worker stopped between them) is given back by the timed jobs", async () => {
    const line = await reserved();
    const [holder] = line.clients;
    const before = await place(line.entries[0]);
    const now = Date.now();
    expect(await claimReservationFor(env.DB, line.entries[0], crypto.randomUUID(), now)).toBe(true);
    expect(await states(line.entries)).toEqual(["REQUESTED", "WAITING"]);
    // A request may still be writing its order a few minutes on: the claim holds.
    await runWaitlistJobs(db(), now + 5 * 60_000);
    expect(await states(line.entries)).toEqual(["REQUESTED", "WAITING"]);
    // An hour on, no order came: the client has their reservation back, with its own 48 hours, and may request on it.
    await runWaitlistJobs(db(), now + 2 * HOUR);
    expect(await place(line.entries[0])).toEqual(before);
    expect(await states(line.entries)).toEqual(["RESERVED", "WAITING"]);
    const sent = await submit(holder, line.serviceId);
    expect(sent.status).toBe(200);
    expect(await states(line.entries)).toEqual(["REQUESTED", "WAITING"]);

    // A lost claim found only after its 48 hours: the reservation expires, the client is told, the next gets it.
    const late = await reserved();
    const claimedAt = Date.now();
    expect(await claimReservationFor(env.DB, late.entries[0], crypto.randomUUID(), claimedAt)).toBe(true);
    const { reserved_until: until } = await place(late.entries[0]);
    await runWaitlistJobs(db(), until! + HOUR);
    expect(await states(late.entries)).toEqual(["EXPIRED", "RESERVED"]);
    expect(await noticesOf(late.clients[0].accountId)).toEqual([
      "WAITLIST_SLOT_RESERVED",
      "WAITLIST_RESERVATION_EXPIRED",
    ]);
    expect(await noticesOf(late.clients[1].accountId)).toEqual(["WAITLIST_SLOT_RESERVED"]);
  });

  it("a lost claim of a client who has joined the line again ends, and the timed jobs go on", async () => {
    const line = await reserved();
    const [holder, next] = line.clients;
    const now = Date.now();
    expect(await claimReservationFor(env.DB, line.entries[0], crypto.randomUUID(), now)).toBe(true);
    // Their request failed; the slot reads taken (their claim holds it), so they join the line again, at its end.
    const again = await join(holder, line.serviceId);
    expect(await states([...line.entries, again])).toEqual(["REQUESTED", "WAITING", "WAITING"]);
    // Giving the claim back would be a second place of theirs in this line: it ends instead, and the slot passes on.
    await runWaitlistJobs(db(), now + 2 * HOUR);
    expect(await states([...line.entries, again])).toEqual(["EXPIRED", "RESERVED", "WAITING"]);
    expect(await noticesOf(holder.accountId)).toEqual(["WAITLIST_SLOT_RESERVED", "WAITLIST_RESERVATION_EXPIRED"]);
    expect(await noticesOf(next.accountId)).toEqual(["WAITLIST_SLOT_RESERVED"]);
    // And the jobs run on as ever.
    expect(await runWaitlistJobs(db(), now + 3 * HOUR)).toBeGreaterThanOrEqual(0);
  });

  it("a claim given back after a failed batch, while the client has joined again, leaves the claim to the jobs", async () => {
    const line = await reserved();
    const [holder] = line.clients;
    const orderId = crypto.randomUUID();
    expect(await claimReservationFor(env.DB, line.entries[0], orderId, Date.now())).toBe(true);
    const again = await join(holder, line.serviceId);
    // The request's own give-back finds a place of theirs in line: it does not throw, and changes nothing.
    await releaseClaim(env.DB, line.entries[0], orderId);
    expect(await states([...line.entries, again])).toEqual(["REQUESTED", "WAITING", "WAITING"]);
    // An hour on, the jobs end it and the slot passes to the first in line.
    await runWaitlistJobs(db(), Date.now() + 2 * HOUR);
    expect(await states([...line.entries, again])).toEqual(["EXPIRED", "RESERVED", "WAITING"]);
  });

  it("a reservation's holder sending their request twice at once: one request, on the reservation; the other refused", async () => {
    for (let round = 0; round < 3; round++) {
      const line = await reserved();
      const [holder] = line.clients;
      const answers = await Promise.all([submit(holder, line.serviceId), submit(holder, line.serviceId)]);
      const bodies = await Promise.all(answers.map((a) => a.json<{ data?: { orderId: string }; error?: string }>()));
      expect(answers.map((a) => a.status).sort()).toEqual([200, 409]);
      const sent = bodies.find((b) => b.data)!.data!.orderId;
      expect(["requests_error_full", "requests_error_already_submitted"]).toContain(bodies.find((b) => b.error)!.error);
      expect(await pendingRequestsOf(holder.clientId, line.serviceId)).toEqual([sent]);
      expect(await place(line.entries[0])).toMatchObject({ state: "REQUESTED", order_id: sent });
      expect((await place(line.entries[1])).state).toBe("WAITING");
    }
  });

  it("two clients requesting when one slot is open: both requests are written, for pending requests hold no slot", async () => {
    const s = await slotsSetUp(1);
    const other = await newClient();
    const clients = [{ ...s.client, clientId: s.clientId }, other];
    const answers = await Promise.all(clients.map((c) => submit(c, s.serviceId)));
    expect(answers.map((a) => a.status)).toEqual([200, 200]);
    const orders = await Promise.all(
      answers.map(async (a) => (await a.json<{ data: { orderId: string } }>()).data.orderId),
    );
    for (const [i, client] of clients.entries())
      expect(await pendingRequestsOf(client.clientId, s.serviceId)).toEqual([orders[i]]);
    // Neither holds the slot: it still reads open, and nobody is in line.
    expect(await targetSlotStatus(env.DB, { kind: "service", id: s.serviceId })).toEqual({
      kind: "open",
      open: 1,
      slots: 1,
    });
    const line = await env.DB.prepare("SELECT count(*) AS n FROM waitlist_entries WHERE seller_id = ?")
      .bind(s.seller.commissionAccountId)
      .first<{ n: number }>();
    expect(line?.n).toBe(0);
    // The creator approves one: it holds the slot, and the page now reads full (the other request stays pending).
    expect(
      await orderStub(env.ORDER, orders[0]).act(
        { type: "approve" },
        { commissionAccountId: s.seller.commissionAccountId },
      ),
    ).toMatchObject({ status: "done" });
    expect(await targetSlotStatus(env.DB, { kind: "service", id: s.serviceId })).toEqual({
      kind: "waitlist",
      waiting: 0,
    });
    expect(await progressOf(orders[1])).toBe("DRAFT");
  });

  it("a request sent within a reservation, declined by the creator, frees the slot for the next in line", async () => {
    const line = await reserved();
    const [holder, next] = line.clients;
    const sent = await submit(holder, line.serviceId);
    expect(sent.status).toBe(200);
    const { orderId } = (await sent.json<{ data: { orderId: string } }>()).data;
    expect(await states(line.entries)).toEqual(["REQUESTED", "WAITING"]);
    expect(await targetSlotStatus(env.DB, { kind: "service", id: line.serviceId })).toEqual({
      kind: "waitlist",
      waiting: 1,
    });

    // The creator declines it (cancels the DRAFT): the object's batch frees the slot and reserves it for the next.
    expect(
      await orderStub(env.ORDER, orderId).act(
        { type: "cancel" },
        { commissionAccountId: line.seller.commissionAccountId },
      ),
    ).toMatchObject({ status: "done" });
    expect(await progressOf(orderId)).toBe("CANCELED");
    expect(await states(line.entries)).toEqual(["REQUESTED", "RESERVED"]);
    expect(await noticesOf(next.accountId)).toEqual(["WAITLIST_SLOT_RESERVED"]);
  });

  it("a request sent within a reservation, approved, keeps the slot held: the next in line still waits", async () => {
    const line = await reserved();
    const [holder, next] = line.clients;
    const sent = await submit(holder, line.serviceId);
    const { orderId } = (await sent.json<{ data: { orderId: string } }>()).data;
    expect(
      await orderStub(env.ORDER, orderId).act(
        { type: "approve" },
        { commissionAccountId: line.seller.commissionAccountId },
      ),
    ).toMatchObject({ status: "done" });
    expect(await progressOf(orderId)).toBe("APPROVED");
    await runWaitlistJobs(db(), Date.now());
    expect(await states(line.entries)).toEqual(["REQUESTED", "WAITING"]);
    expect(await noticesOf(next.accountId)).toEqual([]);
  });
});

describe("the timed jobs", () => {
  it("run twice at the same time: one expiry, one notice, one offer", async () => {
    const line = await fullLine(1, 2);
    expect(await complete(line.held[0], line.seller.commissionAccountId)).toMatchObject({ status: "done" });
    const [holder, next] = line.clients;
    await env.DB.prepare("UPDATE waitlist_entries SET reserved_until = ? WHERE id = ?")
      .bind(Date.now() - 1_000, line.entries[0])
      .run();
    const now = Date.now();
    const counts = await Promise.all([runWaitlistJobs(db(), now), runWaitlistJobs(db(), now)]);
    // The two runs' counts add up to the reservations expired at this moment, each once (this one among them).
    const expired = await env.DB.prepare(
      "SELECT count(*) AS n FROM waitlist_entries WHERE state = 'EXPIRED' AND ended_at = ?1 AND reserved_until <= ?1",
    )
      .bind(now)
      .first<{ n: number }>();
    expect(counts[0] + counts[1]).toBe(expired!.n);
    expect(expired!.n).toBeGreaterThanOrEqual(1);
    expect(await place(line.entries[0])).toMatchObject({ state: "EXPIRED", ended_at: now });
    const offered = await place(line.entries[1]);
    expect(offered).toMatchObject({ state: "RESERVED", reserved_at: now, reserved_until: now + RESERVATION_MS });
    expect(await noticesOf(holder.accountId)).toEqual(["WAITLIST_SLOT_RESERVED", "WAITLIST_RESERVATION_EXPIRED"]);
    expect(await noticesOf(next.accountId)).toEqual(["WAITLIST_SLOT_RESERVED"]);
  });

  it("the dev clock moved 49 hours: the reservation expires and the next in line gets it, and is told", async () => {
    const line = await fullLine(1, 2);
    expect(await complete(line.held[0], line.seller.commissionAccountId)).toMatchObject({ status: "done" });
    const [holder, next] = line.clients;
    const held = await place(line.entries[0]);
    expect(held.state).toBe("RESERVED");

    const moved = await moveDevClock(env, 49 * HOUR);
    expect(moved).not.toBeNull();
    expect(await place(line.entries[0])).toMatchObject({ state: "EXPIRED" });
    const passed = await place(line.entries[1]);
    expect(passed.state).toBe("RESERVED");
    // Its 48 hours run from the moved clock.
    expect(passed.reserved_at!).toBeGreaterThanOrEqual(held.reserved_until!);
    expect(passed.reserved_until).toBe(passed.reserved_at! + RESERVATION_MS);
    expect(await noticesOf(holder.accountId)).toEqual(["WAITLIST_SLOT_RESERVED", "WAITLIST_RESERVATION_EXPIRED"]);
    expect(await noticesOf(next.accountId)).toEqual(["WAITLIST_SLOT_RESERVED"]);

    // The one whose reservation expired may not request on it; the one now holding it may.
    const late = await submit(holder, line.serviceId);
    expect({ status: late.status, error: (await late.json<{ error?: string }>()).error }).toEqual({
      status: 409,
      error: "requests_error_full",
    });
    const sent = await submit(next, line.serviceId);
    expect(sent.status).toBe(200);
    expect(await states(line.entries)).toEqual(["EXPIRED", "REQUESTED"]);
  });
});
