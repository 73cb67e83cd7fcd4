/**
 * A creator's slots and waitlist in SQL (decision 091): the counts, and every move of a place in line as one
 * conditional statement, so a count and the write it guards are one step of D1's single writer. Of two moves at once
 * (two slots opening, a client leaving as their slot opens, a reservation expiring as its request is sent), each
 * statement sees the other's result, and exactly one outcome holds. The rules they encode are worker/domain/slots.ts.
 */
import { statement, type SqlStatement } from "../db/statements";
import { notBannedSql } from "../domain/roles";
import { OFFERS_PER_WRITE, RESERVATION_MS, SLOT_HOLDING_PROGRESS } from "../domain/slots";

const HOLDING = `(${SLOT_HOLDING_PROGRESS.map((p) => `'${p}'`).join(", ")})`;
/** No limit, as a number any count stays under. */
const UNLIMITED = 1_000_000;

/**
 * A place that holds a slot (alias `h`): a reservation, or the request sent within it until the creator answers it.
 * The request's order is named before it is written, so "not yet answered" is "no such order past DRAFT".
 */
export const PLACE_HOLDS_SQL = `(h.state = 'RESERVED' OR (h.state = 'REQUESTED' AND NOT EXISTS (
  SELECT 1 FROM commission_orders r WHERE r.id = h.order_id AND r.order_progress_status <> 'DRAFT')))`;

/** Slots held of a creator (by their commission account, an SQL expression). */
export const heldOfSeller = (seller: string) => `(
  (SELECT count(*) FROM commission_orders o WHERE o.seller_id = ${seller} AND o.order_progress_status IN ${HOLDING})
  + (SELECT count(*) FROM waitlist_entries h WHERE h.seller_id = ${seller} AND ${PLACE_HOLDS_SQL}))`;

/** Slots held by a service's orders and places. */
export const heldOfService = (service: string) => `(
  (SELECT count(*) FROM commission_orders o WHERE o.service_id = ${service} AND o.order_submit_status = 'SERVICE_SUBMITTED'
     AND o.order_progress_status IN ${HOLDING})
  + (SELECT count(*) FROM waitlist_entries h WHERE h.service_id = ${service} AND ${PLACE_HOLDS_SQL}))`;

/** Slots held by a form's orders and places. */
export const heldOfForm = (form: string) => `(
  (SELECT count(*) FROM commission_orders o WHERE o.form_id = ${form} AND o.order_submit_status = 'FORM_SUBMITTED'
     AND o.order_progress_status IN ${HOLDING})
  + (SELECT count(*) FROM waitlist_entries h WHERE h.form_id = ${form} AND ${PLACE_HOLDS_SQL}))`;

/** Whether a service or form (either may be NULL) of a creator has a free slot, overall and of its own. */
const hasRoom = (seller: string, service: string, form: string) => `(
  coalesce((SELECT slot_count FROM commission_accounts WHERE id = ${seller}), ${UNLIMITED}) > ${heldOfSeller(seller)}
  AND (${service} IS NULL OR coalesce((SELECT slot_count FROM commission_services WHERE id = ${service}), ${UNLIMITED}) > ${heldOfService(service)})
  AND (${form} IS NULL OR coalesce((SELECT slot_count FROM commission_forms WHERE id = ${form}), ${UNLIMITED}) > ${heldOfForm(form)}))`;

/**
 * A place (alias `w`) whose request would be taken now: its service or form published, its creator open for commissions
 * and not banned, as the request door asks. Only such a place is offered a slot: one whose target the creator
 * unpublished, or whose creator closed, keeps its place and is passed over (as one whose own count is full) rather than
 * handed 48 hours it cannot use; when they open again, the next write or the timed jobs offer it.
 */
const TAKES_REQUESTS = `(w.service_id IS NULL OR EXISTS (SELECT 1 FROM commission_services x WHERE x.id = w.service_id AND x.service_status = 'PUBLISHED'))
  AND (w.form_id IS NULL OR EXISTS (SELECT 1 FROM commission_forms x WHERE x.id = w.form_id AND x.form_status = 'PUBLISHED'))
  AND EXISTS (SELECT 1 FROM commission_accounts a JOIN user_profiles p ON p.account_id = a.user_account_id
    WHERE a.id = w.seller_id AND p.is_open_commission = 1 AND ${notBannedSql("a.user_account_id")})`;

/** Where a place's notice leads: the service's modal on the creator's profile, or the form's page. */
const PLACE_HREF = `CASE WHEN w.service_id IS NOT NULL THEN '/' || sp.original_handle || '?service=' || w.service_id
  ELSE '/cf/' || (SELECT code FROM commission_forms WHERE id = w.form_id) END`;

/** A notice to the client of each place of `where` (alias `w`), from the creator, once per place and type. */
const placeNotices = (type: string, where: string, ...params: (string | number)[]) =>
  statement(
    `INSERT INTO notifications (id, recipient_user_account_id, notification_type, from_profile_id, href, order_id, dedupe_key, created_at)
     SELECT lower(hex(randomblob(16))), c.user_account_id, '${type}', sp.id, ${PLACE_HREF}, NULL, '${type}:' || w.id, ?1
     FROM waitlist_entries w
       JOIN commission_accounts c ON c.id = w.client_id
       JOIN commission_accounts s ON s.id = w.seller_id
       JOIN user_profiles sp ON sp.account_id = s.user_account_id
     WHERE ${where}
     ON CONFLICT (dedupe_key) DO NOTHING`,
    ...params,
  );

/** A creator, by their commission account or by an order of theirs (the Order object knows the order). */
export type SellerRef = { sellerId: string } | { orderId: string };
const sellerOf = (ref: SellerRef, param: string) =>
  "sellerId" in ref ? param : `(SELECT seller_id FROM commission_orders WHERE id = ${param})`;

/**
 * Hands a creator's free slots to the first in line (up to OFFERS_PER_WRITE), each reserved for 48 hours and told.
 * Each UPDATE reserves the first waiting place, in the order joined, whose request would be taken (TAKES_REQUESTS) and
 * whose service or form has room now: it counts what the statements before it did, so a batch never reserves more than
 * is free. Harmless when nothing is free, so every write that may free a slot (an order ending, a place leaving, a count
 * raised) ends with these.
 */
export function offerStatements(ref: SellerRef, now: number): SqlStatement[] {
  const seller = sellerOf(ref, "?1");
  const id = "sellerId" in ref ? ref.sellerId : ref.orderId;
  const reserve = statement(
    `UPDATE waitlist_entries SET state = 'RESERVED', reserved_at = ?2, reserved_until = ?3
     WHERE id = (SELECT w.id FROM waitlist_entries w WHERE w.seller_id = ${seller} AND w.state = 'WAITING'
       AND ${TAKES_REQUESTS} AND ${hasRoom("w.seller_id", "w.service_id", "w.form_id")}
       ORDER BY w.joined_at, w.id LIMIT 1)`,
    id,
    now,
    now + RESERVATION_MS,
  );
  return [
    ...expiryStatements(ref, now),
    ...Array.from({ length: OFFERS_PER_WRITE }, () => reserve),
    placeNotices(
      "WAITLIST_SLOT_RESERVED",
      `w.seller_id = ${sellerOf(ref, "?2")} AND w.state = 'RESERVED' AND w.reserved_at = ?1`,
      now,
      id,
    ),
  ];
}

/**
 * A creator's reservations whose 48 hours have passed end (their clients told), ahead of any offer: so a place is never
 * held past its time by a cron not yet run, neither against the slot count nor against its client joining again.
 */
export function expiryStatements(ref: SellerRef, now: number): SqlStatement[] {
  const id = "sellerId" in ref ? ref.sellerId : ref.orderId;
  return [
    statement(
      `UPDATE waitlist_entries SET state = 'EXPIRED', ended_at = ?2
       WHERE seller_id = ${sellerOf(ref, "?1")} AND state = 'RESERVED' AND reserved_until <= ?2`,
      id,
      now,
    ),
    placeNotices(
      "WAITLIST_RESERVATION_EXPIRED",
      `w.seller_id = ${sellerOf(ref, "?2")} AND w.state = 'EXPIRED' AND w.ended_at = ?1`,
      now,
      id,
    ),
  ];
}

/** Reservations whose 48 hours have passed end, their clients are told; returns the creators to offer anew. */
export const EXPIRE_SQL = `UPDATE waitlist_entries SET state = 'EXPIRED', ended_at = ?1
  WHERE state = 'RESERVED' AND reserved_until <= ?1 RETURNING seller_id`;
export const expiredNotices = (now: number) =>
  placeNotices("WAITLIST_RESERVATION_EXPIRED", "w.state = 'EXPIRED' AND w.ended_at = ?1", now);

/**
 * The client's reservation becomes their request: only while it holds (its 48 hours not passed). The expiry is the
 * same place's other move (`reserved_until <= now`), so of a request and an expiry at once exactly one happens.
 */
export const claimReservation = (entryId: string, orderId: string, now: number) =>
  statement(
    `UPDATE waitlist_entries SET state = 'REQUESTED', order_id = ?2, ended_at = ?3
     WHERE id = ?1 AND state = 'RESERVED' AND reserved_until > ?3 RETURNING id`,
    entryId,
    orderId,
    now,
  );

/**
 * A claim older than this with no order is one whose request stopped between the claim and the order's batch (the
 * Worker gone, or a throw before its own give-back): the timed jobs give the reservation back. Far longer than any
 * request takes to write its order, so a request still writing keeps its claim.
 */
export const LOST_CLAIM_MS = 3_600_000;

const LOST_CLAIM = `state = 'REQUESTED' AND ended_at <= ?1
    AND NOT EXISTS (SELECT 1 FROM commission_orders r WHERE r.id = waitlist_entries.order_id)`;

/**
 * The timed jobs' give-back of lost claims (?1: now − LOST_CLAIM_MS), before the expiry in the same batch: a
 * reservation still within its 48 hours is the client's again, one past them expires as any other (and they are told).
 * A client who has since joined the same line again keeps that place, and their claim (OR IGNORE: not given back, for
 * that would be a second place in line) ends with the next statement.
 */
export const RELEASE_LOST_CLAIMS_SQL = `UPDATE OR IGNORE waitlist_entries SET state = 'RESERVED', order_id = NULL, ended_at = NULL
  WHERE ${LOST_CLAIM}`;
/** A lost claim not given back ends as expired (?2: now), its client told with the other expiries. */
export const END_LOST_CLAIMS_SQL = `UPDATE waitlist_entries SET state = 'EXPIRED', order_id = NULL, ended_at = ?2 WHERE ${LOST_CLAIM}`;

/**
 * A claim whose order could not be written gives the reservation back (its own 48 hours, not new ones). Not when the
 * client has meanwhile joined the same line again (OR IGNORE: it would be a second place): the timed jobs end it.
 */
export const unclaimReservation = (entryId: string, orderId: string) =>
  statement(
    `UPDATE OR IGNORE waitlist_entries SET state = 'RESERVED', order_id = NULL, ended_at = NULL
     WHERE id = ?1 AND state = 'REQUESTED' AND order_id = ?2`,
    entryId,
    orderId,
  );

/** A place leaves the line, by its client (LEFT) or the creator (REMOVED): only from the line, once. */
export const endPlace = (
  entryId: string,
  state: "LEFT" | "REMOVED",
  who: { clientId?: string; sellerId?: string },
  now: number,
) =>
  statement(
    `UPDATE waitlist_entries SET state = ?2, ended_at = ?3
     WHERE id = ?1 AND state IN ('WAITING', 'RESERVED') AND ${who.clientId ? "client_id" : "seller_id"} = ?4 RETURNING seller_id`,
    entryId,
    state,
    now,
    who.clientId ?? who.sellerId!,
  );

export const removedNotice = (entryId: string, now: number) =>
  placeNotices("WAITLIST_REMOVED", "w.id = ?2 AND w.state = 'REMOVED'", now, entryId);
