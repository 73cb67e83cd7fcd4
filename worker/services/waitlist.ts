/**
 * A creator's slots and waitlist (issue 50, decision 091): what clients and visitors read of them, a client's place in
 * line, and the moves of places: joining, leaving, removal by the creator, the reservation handed to the first in line
 * when a slot frees, its expiry after 48 hours and its claim by the client's request. The statements are
 * waitlist-sql.ts; the rules worker/domain/slots.ts. Every move that changes what a public page shows purges the
 * creator's pages.
 */
import type { BatchPart } from "../db/batch-parts";
import type { Database } from "../db/client";
import { prepared, type SqlStatement } from "../db/statements";
import {
  joinRefusal,
  mayRequest,
  slotStatus,
  type SlotCount,
  type SlotStatus,
  type SlotTarget,
  type WaitlistRefusal,
  type WaitlistState,
} from "../domain/slots";
import { notBannedSql } from "../domain/roles";
import { purgeAccountPages } from "./public-pages";
import { watchCreatorAccount } from "./follows";
import {
  claimReservation,
  END_LOST_CLAIMS_SQL,
  endPlace,
  EXPIRE_SQL,
  expiredNotices,
  heldOfForm,
  heldOfSeller,
  heldOfService,
  LOST_CLAIM_MS,
  expiryStatements,
  offerStatements,
  PLACE_HOLDS_SQL,
  RELEASE_LOST_CLAIMS_SQL,
  removedNotice,
  unclaimReservation,
} from "./waitlist-sql";
import { FORM_ID_OF_CODE_SQL, type FormByCode } from "./creator-ref";

/** What a target's status is computed from, as one read returns it. */
interface TargetFacts {
  /** Published, of a creator not banned: a target a client may request, so may wait for. */
  listed: boolean;
  sellerId: string;
  sellerUserAccountId: string;
  overall: SlotCount;
  own: SlotCount;
  waiting: number;
  closed: boolean;
}

/**
 * A line nobody may join: closed by its creator, or its creator closed for commissions (their requests are refused, so
 * a place would wait for slots that are never offered while they are closed). Those already in line keep their places.
 */
const LINE_CLOSED = `(ca.waitlist_closed OR NOT coalesce((SELECT is_open_commission FROM user_profiles WHERE account_id = ca.user_account_id), 0))`;

const targetColumn = (target: TargetRef) => (target.kind === "service" ? "service_id" : "form_id");

/** A target by id, or a form by its code as the form page names it (its id found in SQL, decision 113). */
type TargetRef = SlotTarget | ({ kind: "form" } & FormByCode);

/** The target's id as SQL with one `?`, and the value bound to it. */
const targetIdOf = (target: TargetRef) =>
  "formCode" in target ? { sql: FORM_ID_OF_CODE_SQL, value: target.formCode } : { sql: "?", value: target.id };

async function targetFacts(d1: D1Database, target: SlotTarget): Promise<TargetFacts | null> {
  return toTargetFacts(await targetFactsStatement(d1, target).first<Record<string, number | string | null>>());
}

function targetFactsStatement(d1: D1Database, target: TargetRef): D1PreparedStatement {
  const id = targetIdOf(target);
  const [table, held, status] =
    target.kind === "service"
      ? ["commission_services", heldOfService("x.id"), "x.service_status"]
      : ["commission_forms", heldOfForm("x.id"), "x.form_status"];
  return d1
    .prepare(
      `SELECT ca.id AS seller_id, ca.user_account_id AS seller_user,
         ${status} = 'PUBLISHED' AND ${notBannedSql("ca.user_account_id")} AS listed, ca.slot_count AS slots, ${heldOfSeller("ca.id")} AS held,
         ${LINE_CLOSED} AS closed, x.slot_count AS own_slots, ${held} AS own_held,
         (SELECT count(*) FROM waitlist_entries w WHERE w.${targetColumn(target)} = x.id AND w.state = 'WAITING') AS waiting
       FROM ${table} x JOIN commission_accounts ca ON ca.id = x.commission_account_id WHERE x.id = ${id.sql}`,
    )
    .bind(id.value);
}

function toTargetFacts(row: Record<string, number | string | null> | null): TargetFacts | null {
  if (!row) return null;
  return {
    listed: Boolean(row.listed),
    sellerId: String(row.seller_id),
    sellerUserAccountId: String(row.seller_user),
    overall: { slots: row.slots as number | null, held: Number(row.held) },
    own: { slots: row.own_slots as number | null, held: Number(row.own_held) },
    waiting: Number(row.waiting),
    closed: Boolean(row.closed),
  };
}

const statusOf = (facts: TargetFacts): SlotStatus =>
  slotStatus([facts.overall, facts.own], { waiting: facts.waiting, closed: facts.closed });

/** A service's or form's status, as its modal, card and page show it; null when there is no such target. */
export async function targetSlotStatus(d1: D1Database, target: SlotTarget): Promise<SlotStatus | null> {
  const facts = await targetFacts(d1, target);
  return facts && statusOf(facts);
}

/**
 * A target's status and, for a signed-in client, their place in its line (null signed out), as a part of a page's batch
 * (db/batch-parts.ts): the form page reads them with the creator's signals in one round trip (issue 66).
 */
export function targetSlotsAndPlacePart(
  d1: D1Database,
  target: TargetRef,
  clientUserAccountId: string | null,
  now: number,
): BatchPart<{ status: SlotStatus | null; place: WaitlistPlace | null }> {
  return {
    statements: [
      targetFactsStatement(d1, target),
      ...(clientUserAccountId ? [placeStatement(d1, clientUserAccountId, target)] : []),
    ],
    read: ([facts, place]) => {
      const found = toTargetFacts((facts?.results[0] as Record<string, number | string | null> | undefined) ?? null);
      return {
        status: found && statusOf(found),
        place: toPlace((place?.results[0] as unknown as PlaceRow | undefined) ?? null, now),
      };
    },
  };
}

/** What a creator's profile shows: their overall status, and each of their services' and forms' (by id). */
export interface CreatorSlots {
  overall: SlotStatus;
  targets: Record<string, SlotStatus>;
}

/**
 * A creator's slots by their handle (any case), as a part of the profile's batch (db/batch-parts.ts): the handle's
 * account is a subquery of each statement rather than a read before them (issue 66, decision 113).
 */
export function creatorSlotsPart(d1: D1Database, handle: string): BatchPart<CreatorSlots | null> {
  const seller = `(SELECT account_id FROM user_profiles WHERE lower(original_handle) = ?1)`;
  return {
    statements: [
      d1
        .prepare(
          `SELECT ca.slot_count AS slots, ${heldOfSeller("ca.id")} AS held, ${LINE_CLOSED} AS closed,
           (SELECT count(*) FROM waitlist_entries w WHERE w.seller_id = ca.id AND w.state = 'WAITING') AS waiting
         FROM commission_accounts ca WHERE ca.user_account_id = ${seller}`,
        )
        .bind(handle.toLowerCase()),
      d1
        .prepare(
          `SELECT x.id, x.slot_count AS slots, ${heldOfService("x.id")} AS held,
           (SELECT count(*) FROM waitlist_entries w WHERE w.service_id = x.id AND w.state = 'WAITING') AS waiting
         FROM commission_services x JOIN commission_accounts ca ON ca.id = x.commission_account_id WHERE ca.user_account_id = ${seller}
         UNION ALL
         SELECT x.id, x.slot_count, ${heldOfForm("x.id")},
           (SELECT count(*) FROM waitlist_entries w WHERE w.form_id = x.id AND w.state = 'WAITING')
         FROM commission_forms x JOIN commission_accounts ca ON ca.id = x.commission_account_id WHERE ca.user_account_id = ${seller}`,
        )
        .bind(handle.toLowerCase()),
    ],
    read: ([sellers, targets]) => creatorSlotsOf(sellers?.results[0], targets?.results ?? []),
  };
}

function creatorSlotsOf(
  row: Record<string, unknown> | undefined,
  targets: Record<string, unknown>[],
): CreatorSlots | null {
  if (!row) return null;
  const overall: SlotCount = { slots: row.slots as number | null, held: Number(row.held) };
  const closed = Boolean(row.closed);
  return {
    overall: slotStatus([overall], { waiting: Number(row.waiting), closed }),
    targets: Object.fromEntries(
      targets.map((t) => [
        String(t.id),
        slotStatus([overall, { slots: t.slots as number | null, held: Number(t.held) }], {
          waiting: Number(t.waiting),
          closed,
        }),
      ]),
    ),
  };
}

/** A client's place in a creator's line for one target. */
export interface WaitlistPlace {
  entryId: string;
  state: Extract<WaitlistState, "WAITING" | "RESERVED">;
  /** 1 for the first waiting; null while reserved. */
  position: number | null;
  reservedUntil: number | null;
}

export async function placeOf(
  d1: D1Database,
  clientUserAccountId: string,
  target: SlotTarget,
  now: number,
): Promise<WaitlistPlace | null> {
  return toPlace(await placeStatement(d1, clientUserAccountId, target).first<PlaceRow>(), now);
}

interface PlaceRow {
  id: string;
  state: "WAITING" | "RESERVED";
  reserved_until: number | null;
  ahead: number;
}

function placeStatement(d1: D1Database, clientUserAccountId: string, target: TargetRef): D1PreparedStatement {
  const id = targetIdOf(target);
  return d1
    .prepare(
      `SELECT w.id, w.state, w.reserved_until,
         (SELECT count(*) FROM waitlist_entries f WHERE f.seller_id = w.seller_id AND f.state = 'WAITING'
            AND (f.joined_at < w.joined_at OR (f.joined_at = w.joined_at AND f.id < w.id))) AS ahead
       FROM waitlist_entries w JOIN commission_accounts c ON c.id = w.client_id
       WHERE c.user_account_id = ? AND w.${targetColumn(target)} = ${id.sql} AND w.state IN ('WAITING', 'RESERVED')`,
    )
    .bind(clientUserAccountId, id.value);
}

function toPlace(row: PlaceRow | null, now: number): WaitlistPlace | null {
  if (!row) return null;
  // A reservation past its 48 hours is gone, though the timed jobs have not yet said so.
  if (row.state === "RESERVED" && (row.reserved_until ?? 0) <= now) return null;
  return {
    entryId: row.id,
    state: row.state,
    position: row.state === "WAITING" ? Number(row.ahead) + 1 : null,
    reservedUntil: row.state === "RESERVED" ? row.reserved_until : null,
  };
}

export type WaitlistResult = { ok: true; entryId: string } | { ok: false; reason: WaitlistRefusal | "not_found" };

/** A client joins the line of a service or form whose slots are all held (one place per client and target). */
export async function joinWaitlist(
  db: Database,
  input: { clientUserAccountId: string; target: SlotTarget; now: number },
): Promise<WaitlistResult> {
  const d1 = db.$client;
  const { target, now } = input;
  const [facts, client] = await Promise.all([
    targetFacts(d1, target),
    clientFacts(d1, input.clientUserAccountId, target, now),
  ]);
  // A service or form that takes no requests (a draft, a banned creator's) is not there to wait for either.
  if (!facts?.listed || !client) return { ok: false, reason: "not_found" };
  const refusal = joinRefusal(statusOf(facts), { ...client, isOwn: client.clientId === facts.sellerId });
  if (refusal) return { ok: false, reason: refusal };
  const entryId = crypto.randomUUID();
  try {
    // Joining as a slot frees (between the read and this write) is met by the offer in the same batch.
    await d1.batch(
      prepared(d1, [
        // A reservation of theirs past its 48 hours ends first: joining again is a new place at the end of the line.
        ...expiryStatements({ sellerId: facts.sellerId }, now),
        {
          sql: `INSERT INTO waitlist_entries (id, seller_id, service_id, form_id, client_id, state, joined_at)
                VALUES (?, ?, ?, ?, ?, 'WAITING', ?)`,
          params: [
            entryId,
            facts.sellerId,
            target.kind === "service" ? target.id : null,
            target.kind === "form" ? target.id : null,
            client.clientId,
            now,
          ],
        },
        ...offerStatements({ sellerId: facts.sellerId }, now),
      ]),
    );
  } catch (error) {
    if (String(error).includes("UNIQUE")) return { ok: false, reason: "waitlist_error_already" };
    throw error;
  }
  await purgeAccountPages(db, facts.sellerUserAccountId);
  return { ok: true, entryId };
}

async function clientFacts(d1: D1Database, userAccountId: string, target: SlotTarget, now: number) {
  const column = targetColumn(target);
  const submitted = target.kind === "service" ? "SERVICE_SUBMITTED" : "FORM_SUBMITTED";
  const row = await d1
    .prepare(
      `SELECT ca.id AS client_id,
         EXISTS (SELECT 1 FROM waitlist_entries w WHERE w.client_id = ca.id AND w.${column} = ?2
           AND (w.state = 'WAITING' OR (w.state = 'RESERVED' AND w.reserved_until > ?3))) AS in_line,
         EXISTS (SELECT 1 FROM commission_orders o WHERE o.buyer_id = ca.id AND o.${column} = ?2
           AND o.order_submit_status = '${submitted}' AND o.order_progress_status = 'DRAFT') AS pending
       FROM commission_accounts ca WHERE ca.user_account_id = ?1`,
    )
    .bind(userAccountId, target.id, now)
    .first<{ client_id: string; in_line: number; pending: number }>();
  return row && { clientId: row.client_id, inLine: Boolean(row.in_line), hasPendingRequest: Boolean(row.pending) };
}

/** A client leaves a line (a reservation they hold passes to the next at once). */
export function leaveWaitlist(
  db: Database,
  input: { clientAccountId: string; entryId: string; now: number },
): Promise<boolean> {
  return endPlaceAndOffer(
    db,
    endPlace(input.entryId, "LEFT", { clientId: input.clientAccountId }, input.now),
    input.now,
  );
}

/** The creator removes a client from their line; the client is told. */
export function removeFromWaitlist(
  db: Database,
  input: { sellerAccountId: string; entryId: string; now: number },
): Promise<boolean> {
  return endPlaceAndOffer(
    db,
    endPlace(input.entryId, "REMOVED", { sellerId: input.sellerAccountId }, input.now),
    input.now,
    removedNotice(input.entryId, input.now),
  );
}

/** Ends a place (false when it is not in line, or not the caller's), then offers what it held and purges. */
async function endPlaceAndOffer(db: Database, end: SqlStatement, now: number, notice?: SqlStatement): Promise<boolean> {
  const d1 = db.$client;
  const ended = await d1
    .prepare(end.sql)
    .bind(...end.params)
    .first<{ seller_id: string }>();
  if (!ended) return false;
  await d1.batch(prepared(d1, [...(notice ? [notice] : []), ...offerStatements({ sellerId: ended.seller_id }, now)]));
  await purgeCreator(db, ended.seller_id);
  // A slot nobody else waits for is free now: the creator's followers are told (decision 107).
  await watchCreatorAccount(d1, ended.seller_id, now);
  return true;
}

async function purgeCreator(db: Database, sellerId: string) {
  const row = await db.$client
    .prepare("SELECT user_account_id FROM commission_accounts WHERE id = ?")
    .bind(sellerId)
    .first<{ user_account_id: string }>();
  if (row) await purgeAccountPages(db, row.user_account_id);
}

/**
 * Hands a creator's free slots to their line, and purges their pages when that changed them (or `changed` says an
 * earlier statement did): the timed jobs run this for every creator with anyone waiting, mostly to no effect.
 */
async function offerOpenSlots(db: Database, sellerId: string, now: number, changed = false): Promise<void> {
  const results = await db.$client.batch(prepared(db.$client, offerStatements({ sellerId }, now)));
  if (changed || results.some((result) => result.meta.changes > 0)) await purgeCreator(db, sellerId);
}

/**
 * The timed jobs' part (decision 080): claims whose order never came are given back (LOST_CLAIM_MS), reservations
 * past their 48 hours end and their clients are told, and every creator with anyone waiting has their free slots
 * offered (a slot freed where no write offered it: an order ended by its own alarm is offered in its batch, but a count
 * raised by an admin or a lost batch is met here). Idempotent.
 */
export async function runWaitlistJobs(db: Database, now: number): Promise<number> {
  const d1 = db.$client;
  const [, , expired] = await d1.batch<{ seller_id: string }>([
    d1.prepare(RELEASE_LOST_CLAIMS_SQL).bind(now - LOST_CLAIM_MS),
    d1.prepare(END_LOST_CLAIMS_SQL).bind(now - LOST_CLAIM_MS, now),
    d1.prepare(EXPIRE_SQL).bind(now),
    ...prepared(d1, [expiredNotices(now)]),
  ]);
  const { results: waiting } = await d1
    .prepare(`SELECT DISTINCT seller_id FROM waitlist_entries WHERE state = 'WAITING'`)
    .all<{ seller_id: string }>();
  const expiredOf = new Set(expired.results.map((r) => r.seller_id));
  const sellers = new Set([...expiredOf, ...waiting.map((r) => r.seller_id)]);
  for (const sellerId of sellers) await offerOpenSlots(db, sellerId, now, expiredOf.has(sellerId));
  return expired.results.length;
}

/** What a request may do with the creator's slots: go ahead (claiming the client's reservation, if they hold one). */
export type RequestSlot = { ok: true; reservationId: string | null } | { ok: false };

/** Whether a client may send a request to a target now (decision 091): a free slot nobody waits for, or their own. */
export async function requestSlot(
  d1: D1Database,
  clientAccountId: string,
  target: SlotTarget,
  now: number,
): Promise<RequestSlot> {
  const [facts, reservation] = await Promise.all([
    targetFacts(d1, target),
    d1
      .prepare(
        `SELECT id FROM waitlist_entries WHERE client_id = ? AND ${targetColumn(target)} = ? AND state = 'RESERVED' AND reserved_until > ?`,
      )
      .bind(clientAccountId, target.id, now)
      .first<{ id: string }>(),
  ]);
  if (!facts) return { ok: true, reservationId: null };
  const reservationId = reservation?.id ?? null;
  return mayRequest(statusOf(facts), reservationId !== null) ? { ok: true, reservationId } : { ok: false };
}

/** Claims a reservation for the order about to be written; false when its 48 hours passed first. */
export async function claimReservationFor(d1: D1Database, entryId: string, orderId: string, now: number) {
  const claim = claimReservation(entryId, orderId, now);
  return (
    (await d1
      .prepare(claim.sql)
      .bind(...claim.params)
      .first()) !== null
  );
}

/** Gives a claimed reservation back when its order was not written. */
export async function releaseClaim(d1: D1Database, entryId: string, orderId: string) {
  const release = unclaimReservation(entryId, orderId);
  await d1
    .prepare(release.sql)
    .bind(...release.params)
    .run();
}

/** The creator's overall count and whether their line is open (general settings); free slots go to the line. */
export async function saveCreatorCapacity(
  db: Database,
  input: { sellerAccountId: string; slots: number | null; waitlistClosed: boolean; now: number },
): Promise<void> {
  const d1 = db.$client;
  await d1.batch([
    d1
      .prepare("UPDATE commission_accounts SET slot_count = ?, waitlist_closed = ? WHERE id = ?")
      .bind(input.slots, input.waitlistClosed ? 1 : 0, input.sellerAccountId),
    ...prepared(d1, offerStatements({ sellerId: input.sellerAccountId }, input.now)),
  ]);
  await purgeCreator(db, input.sellerAccountId);
}

/** A service's or form's own count (its editor); only its creator's. False when it is not theirs. */
export async function saveTargetSlots(
  db: Database,
  input: { sellerAccountId: string; target: SlotTarget; slots: number | null; now: number },
): Promise<boolean> {
  const d1 = db.$client;
  const table = input.target.kind === "service" ? "commission_services" : "commission_forms";
  const [updated] = await d1.batch([
    d1
      .prepare(`UPDATE ${table} SET slot_count = ? WHERE id = ? AND commission_account_id = ? RETURNING id`)
      .bind(input.slots, input.target.id, input.sellerAccountId),
    ...prepared(d1, offerStatements({ sellerId: input.sellerAccountId }, input.now)),
  ]);
  if (updated.results.length === 0) return false;
  await purgeCreator(db, input.sellerAccountId);
  await watchCreatorAccount(d1, input.sellerAccountId, input.now);
  return true;
}

/** One place in a creator's line, as their queue page lists it. */
export interface LinePlace {
  entryId: string;
  state: "WAITING" | "RESERVED" | "REQUESTED";
  target: SlotTarget;
  client: { handle: string; profileId: string };
  joinedAt: number;
  reservedUntil: number | null;
  /** The request sent within the reservation, while it waits for the creator's answer. */
  orderCode: string | null;
}

/**
 * The creator's line: the reserved first (with the request sent within a reservation, until it is answered), then the
 * waiting in the order joined (which is the order slots go in).
 */
export async function creatorLine(d1: D1Database, sellerAccountId: string): Promise<LinePlace[]> {
  const { results } = await d1
    .prepare(
      `SELECT h.id, h.state, h.service_id, h.form_id, h.joined_at, h.reserved_until, p.original_handle AS handle, p.id AS profile_id,
         (SELECT code FROM commission_orders r WHERE r.id = h.order_id) AS order_code
       FROM waitlist_entries h JOIN commission_accounts c ON c.id = h.client_id JOIN user_profiles p ON p.account_id = c.user_account_id
       WHERE h.seller_id = ? AND (h.state = 'WAITING' OR ${PLACE_HOLDS_SQL})
       ORDER BY CASE h.state WHEN 'WAITING' THEN 1 ELSE 0 END, h.joined_at, h.id`,
    )
    .bind(sellerAccountId)
    .all<Record<string, string | number | null>>();
  return results.map((r) => ({
    entryId: String(r.id),
    state: r.state as LinePlace["state"],
    target: r.service_id ? { kind: "service", id: String(r.service_id) } : { kind: "form", id: String(r.form_id) },
    client: { handle: String(r.handle), profileId: String(r.profile_id) },
    joinedAt: Number(r.joined_at),
    reservedUntil: r.state === "RESERVED" ? Number(r.reserved_until) : null,
    orderCode: (r.order_code as string | null) ?? null,
  }));
}

/** The creator's settings as their pages show them. */
export async function creatorCapacity(d1: D1Database, sellerAccountId: string) {
  const row = await d1
    // Aliased: a bare `id` inside the count's subqueries would be the order's own id, and nothing would count as held.
    .prepare(
      `SELECT ca.slot_count, ca.waitlist_closed, ${heldOfSeller("ca.id")} AS held FROM commission_accounts ca WHERE ca.id = ?`,
    )
    .bind(sellerAccountId)
    .first<{ slot_count: number | null; waitlist_closed: number; held: number }>();
  return row && { slots: row.slot_count, held: Number(row.held), waitlistClosed: Boolean(row.waitlist_closed) };
}

/** The order moves that change what its creator's slots read: an approval takes a slot, an end frees one. */
export const SLOT_MOVES: ReadonlySet<string> = new Set(["approve", "cancel", "complete", "adminCancel"]);

/**
 * After such a move, the creator's public pages (which show their slots) are purged, when they have any slots set.
 * The slot an ended order frees is offered in the Order object's own batch (waitlist-sql.ts); this is only the pages.
 */
export async function purgeSlotPagesOfOrder(db: Database, orderId: string): Promise<void> {
  const row = await db.$client
    .prepare(
      `SELECT ca.user_account_id FROM commission_orders o JOIN commission_accounts ca ON ca.id = o.seller_id
       WHERE o.id = ? AND (ca.slot_count IS NOT NULL
         OR EXISTS (SELECT 1 FROM commission_services x WHERE x.commission_account_id = ca.id AND x.slot_count IS NOT NULL)
         OR EXISTS (SELECT 1 FROM commission_forms x WHERE x.commission_account_id = ca.id AND x.slot_count IS NOT NULL))`,
    )
    .bind(orderId)
    .first<{ user_account_id: string }>();
  if (row) await purgeAccountPages(db, row.user_account_id);
}
