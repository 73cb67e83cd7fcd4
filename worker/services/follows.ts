/**
 * Follows (issue 66, decision 107): a user follows a creator, and is told, once per event, when the creator opens for
 * commissions, when a slot frees, and when they publish a new service. The rules are worker/domain/follows.ts; the
 * notices are rows of `notifications` whose dedupe key names the event and the follower, inserted or ignored, so a
 * repeated or racing write tells nobody twice. The e-mails follow from the rows (notification-emails.ts).
 */
import { serviceShownToAccountSql } from "../domain/content-gate";
import { prepared, statement, type SqlStatement } from "../db/statements";
import type { NotificationType } from "../db/schema/enums";
import {
  followEvent,
  isClosedToRequests,
  WAITLIST_TOLD_MS,
  type CreatorAvailability,
  type FollowEvent,
} from "../domain/follows";
import { creatorRoleSql, notBannedSql } from "../domain/roles";
import { PROFILE_SERVICE_PARAM } from "../domain/service-links";
import { heldOfSeller } from "./waitlist-sql";
import { consumeRateLimit } from "./rate-limit";
import type { Database } from "../db/client";

/**
 * Follow and unfollow presses one account may make in FOLLOW_TOGGLE_WINDOW_MS, both doors together (issue 75). The
 * button is on a creator's profile, so a person's pace is a profile read a press: a hundred in ten minutes is one every
 * six seconds, sustained, more than anyone browsing creators makes; a script toggling (150 in 13 s) meets it in seconds.
 */
export const FOLLOW_TOGGLES_PER_WINDOW = 100;
const FOLLOW_TOGGLE_WINDOW_MS = 10 * 60 * 1000;

/** Counts one press against the account's budget: false past it (the door answers 429 and changes nothing). */
export const mayToggleFollow = (db: Database, accountId: string, now = Date.now()) =>
  consumeRateLimit(db, `follow-toggle:${accountId}`, FOLLOW_TOGGLES_PER_WINDOW, FOLLOW_TOGGLE_WINDOW_MS, now);

/** No limit, as a number any count stays under (as waitlist-sql.ts counts). */
const UNLIMITED = 1_000_000;

/** A creator's availability (aliases `ca`: their commission account, `p`: their profile), as the profile shows it. */
const IS_OPEN_SQL = `(coalesce(p.is_open_commission, 0) = 1 AND ${notBannedSql("ca.user_account_id")})`;
const HAS_ROOM_SQL = `(coalesce(ca.slot_count, ${UNLIMITED}) > ${heldOfSeller("ca.id")}
  AND NOT EXISTS (SELECT 1 FROM waitlist_entries w WHERE w.seller_id = ca.id AND w.state = 'WAITING'))`;
/** The two columns `is_open` and `has_room` of a creator's availability (the aliases above), for other reads. */
export const AVAILABILITY_COLUMNS = `${IS_OPEN_SQL} AS is_open, ${HAS_ROOM_SQL} AS has_room`;

const EVENT_TYPES: Record<FollowEvent, NotificationType> = {
  opened: "FOLLOWED_CREATOR_OPENED",
  slot_freed: "FOLLOWED_CREATOR_SLOT_FREED",
};

/** A creator one may follow, by their profile id: a creator, not banned. */
async function creatorOfProfile(d1: D1Database, profileId: string) {
  return d1
    .prepare(
      `SELECT p.account_id, ${AVAILABILITY_COLUMNS}
       FROM user_profiles p JOIN commission_accounts ca ON ca.user_account_id = p.account_id
       WHERE p.id = ? AND ${creatorRoleSql("p.account_id")} AND ${notBannedSql("p.account_id")}`,
    )
    .bind(profileId)
    .first<{ account_id: string; is_open: number; has_room: number }>();
}

export type FollowResult = { ok: true } | { ok: false; reason: "not_found" | "self" };

/**
 * The follower follows the creator of `profileId`; following twice is one follow. The first follower of a creator
 * starts what their followers last saw (follow_watches): nothing before that is news.
 */
export async function followCreator(
  d1: D1Database,
  input: { followerUserAccountId: string; creatorProfileId: string; now: number },
): Promise<FollowResult> {
  const creator = await creatorOfProfile(d1, input.creatorProfileId);
  if (!creator) return { ok: false, reason: "not_found" };
  if (creator.account_id === input.followerUserAccountId) return { ok: false, reason: "self" };
  await d1.batch([
    d1
      .prepare(
        `INSERT INTO follows (follower_user_account_id, creator_user_account_id, created_at) VALUES (?, ?, ?)
         ON CONFLICT DO NOTHING`,
      )
      .bind(input.followerUserAccountId, creator.account_id, input.now),
    d1
      .prepare(
        `INSERT INTO follow_watches (creator_user_account_id, is_open, has_room, openings, checked_at) VALUES (?, ?, ?, 0, ?)
         ON CONFLICT DO NOTHING`,
      )
      .bind(creator.account_id, creator.is_open ? 1 : 0, creator.has_room ? 1 : 0, input.now),
  ]);
  return { ok: true };
}

/** The follower stops following the creator of `profileId`; harmless when they did not. */
export async function unfollowCreator(
  d1: D1Database,
  input: { followerUserAccountId: string; creatorProfileId: string },
): Promise<void> {
  await d1
    .prepare(
      `DELETE FROM follows WHERE follower_user_account_id = ?
         AND creator_user_account_id = (SELECT account_id FROM user_profiles WHERE id = ?)`,
    )
    .bind(input.followerUserAccountId, input.creatorProfileId)
    .run();
}

/** What the profile's follow control shows the viewer; null when there is no such creator. */
export interface FollowState {
  following: boolean;
  /** Closed or with no free slot: the control reads "Notify me when they open". */
  closed: boolean;
  /** The viewer's own profile: no control. */
  own: boolean;
}

export async function followStateOf(
  d1: D1Database,
  viewerUserAccountId: string,
  creatorProfileId: string,
): Promise<FollowState | null> {
  const creator = await creatorOfProfile(d1, creatorProfileId);
  if (!creator) return null;
  const row = await d1
    .prepare("SELECT 1 AS yes FROM follows WHERE follower_user_account_id = ? AND creator_user_account_id = ?")
    .bind(viewerUserAccountId, creator.account_id)
    .first();
  return {
    following: row !== null,
    closed: isClosedToRequests({ isOpen: Boolean(creator.is_open), hasRoom: Boolean(creator.has_room) }),
    own: creator.account_id === viewerUserAccountId,
  };
}

/** How many follow the creator: what they see of their followers. */
export async function followerCount(d1: D1Database, creatorUserAccountId: string): Promise<number> {
  const row = await d1
    .prepare("SELECT count(*) AS n FROM follows WHERE creator_user_account_id = ?")
    .bind(creatorUserAccountId)
    .first<{ n: number }>();
  return Number(row?.n ?? 0);
}

interface WatchRow {
  creator: string;
  is_open: number;
  has_room: number;
  was_open: number | null;
  had_room: number | null;
  openings: number | null;
}

const watchRead = (where: string) => `SELECT ca.user_account_id AS creator, ${AVAILABILITY_COLUMNS},
    fw.is_open AS was_open, fw.has_room AS had_room, fw.openings
  FROM commission_accounts ca JOIN user_profiles p ON p.account_id = ca.user_account_id
    LEFT JOIN follow_watches fw ON fw.creator_user_account_id = ca.user_account_id
  WHERE ${where}`;

/**
 * The followers of a creator told of an event (`openings` names it): each follower once, the creator's profile as its
 * sender and link. Only while the watch holds that event (a check that lost the race inserts the winner's keys, which
 * are already there). Followers the waitlist told of a slot lately are left to the waitlist (WAITLIST_TOLD_MS).
 */
const eventNotices = (type: NotificationType, creator: string, openings: number, now: number): SqlStatement =>
  statement(
    `INSERT INTO notifications (id, recipient_user_account_id, notification_type, from_profile_id, href, order_id, dedupe_key, created_at)
     SELECT lower(hex(randomblob(16))), f.follower_user_account_id, ?1, cp.id, '/' || cp.original_handle, NULL,
       ?1 || ':' || f.creator_user_account_id || ':' || ?3 || ':' || f.follower_user_account_id, ?4
     FROM follows f JOIN user_profiles cp ON cp.account_id = f.creator_user_account_id
     WHERE f.creator_user_account_id = ?2
       AND EXISTS (SELECT 1 FROM follow_watches fw WHERE fw.creator_user_account_id = ?2 AND fw.openings = ?3)
       AND NOT EXISTS (SELECT 1 FROM waitlist_entries w JOIN commission_accounts c ON c.id = w.client_id
         JOIN commission_accounts s ON s.id = w.seller_id
         WHERE c.user_account_id = f.follower_user_account_id AND s.user_account_id = ?2
           AND (w.state IN ('WAITING', 'RESERVED') OR w.reserved_at >= ?5))
     ON CONFLICT (dedupe_key) DO NOTHING`,
    type,
    creator,
    openings,
    now,
    now - WAITLIST_TOLD_MS,
  );

/** The statements that record what a creator's followers see now, and tell them of the event it makes, if any. */
function watchStatements(row: WatchRow, now: number): SqlStatement[] {
  const current: CreatorAvailability = { isOpen: Boolean(row.is_open), hasRoom: Boolean(row.has_room) };
  if (row.openings === null) {
    return [
      statement(
        `INSERT INTO follow_watches (creator_user_account_id, is_open, has_room, openings, checked_at) VALUES (?, ?, ?, 0, ?)
         ON CONFLICT DO NOTHING`,
        row.creator,
        current.isOpen ? 1 : 0,
        current.hasRoom ? 1 : 0,
        now,
      ),
    ];
  }
  const before: CreatorAvailability = { isOpen: Boolean(row.was_open), hasRoom: Boolean(row.had_room) };
  if (before.isOpen === current.isOpen && before.hasRoom === current.hasRoom) return [];
  const event = followEvent(before, current);
  const openings = row.openings + (event ? 1 : 0);
  // Moves only from what was read: of two checks at once, the second changes nothing.
  const move = statement(
    `UPDATE follow_watches SET is_open = ?2, has_room = ?3, openings = ?4, checked_at = ?5
     WHERE creator_user_account_id = ?1 AND is_open = ?6 AND has_room = ?7 AND openings = ?8`,
    row.creator,
    current.isOpen ? 1 : 0,
    current.hasRoom ? 1 : 0,
    openings,
    now,
    before.isOpen ? 1 : 0,
    before.hasRoom ? 1 : 0,
    row.openings,
  );
  return event ? [move, eventNotices(EVENT_TYPES[event], row.creator, openings, now)] : [move];
}

async function watch(d1: D1Database, rows: readonly WatchRow[], now: number): Promise<number> {
  const statements = rows.flatMap((row) => watchStatements(row, now));
  if (statements.length === 0) return 0;
  const results = await d1.batch(prepared(d1, statements));
  return results.filter((result, i) => statements[i].sql.includes("INSERT INTO notifications") && result.meta.changes)
    .length;
}

/**
 * After a write that may open a creator (their settings, a slot count, a place leaving their line, an order taking or
 * freeing a slot in its Order object): their followers are told if it did. Harmless when nobody follows them, or
 * nothing changed. Returns the events told.
 */
export async function watchCreator(d1: D1Database, creatorUserAccountId: string, now: number): Promise<number> {
  const { results } = await d1
    .prepare(
      watchRead("ca.user_account_id = ?1 AND EXISTS (SELECT 1 FROM follows f WHERE f.creator_user_account_id = ?1)"),
    )
    .bind(creatorUserAccountId)
    .all<WatchRow>();
  return watch(d1, results, now);
}

/** `watchCreator` by the creator's commission account. */
export async function watchCreatorAccount(d1: D1Database, sellerAccountId: string, now: number): Promise<void> {
  const row = await d1
    .prepare("SELECT user_account_id FROM commission_accounts WHERE id = ?")
    .bind(sellerAccountId)
    .first<{ user_account_id: string }>();
  if (row) await watchCreator(d1, row.user_account_id, now);
}

/**
 * The timed jobs' part: every followed creator is checked, so what no write announced (a reservation expired unused, a
 * check that failed) is told within the cron's 15 minutes. Returns the events told.
 */
export async function runFollowJobs(d1: D1Database, now: number): Promise<number> {
  const { results } = await d1
    .prepare(watchRead("ca.user_account_id IN (SELECT DISTINCT creator_user_account_id FROM follows)"))
    .all<WatchRow>();
  return watch(d1, results, now);
}

/**
 * A new service published: the creator's followers who followed before it are told, each once (its id names the
 * event); of an R-18 one, only those who confirmed being adults (decision 110). Harmless to run again.
 */
export async function tellFollowersOfNewService(d1: D1Database, serviceId: string, now: number): Promise<void> {
  await d1
    .prepare(
      `INSERT INTO notifications (id, recipient_user_account_id, notification_type, from_profile_id, href, order_id, dedupe_key, created_at)
       SELECT lower(hex(randomblob(16))), f.follower_user_account_id, 'FOLLOWED_CREATOR_NEW_SERVICE', cp.id,
         '/' || cp.original_handle || '?${PROFILE_SERVICE_PARAM}=' || x.id, NULL,
         'FOLLOWED_CREATOR_NEW_SERVICE:' || x.id || ':' || f.follower_user_account_id, ?2
       FROM commission_services x JOIN commission_accounts ca ON ca.id = x.commission_account_id
         JOIN user_profiles cp ON cp.account_id = ca.user_account_id
         JOIN follows f ON f.creator_user_account_id = ca.user_account_id AND f.created_at <= ?2
       WHERE x.id = ?1 AND x.service_status = 'PUBLISHED' AND ${notBannedSql("ca.user_account_id")}
         AND ${serviceShownToAccountSql("x", "f.follower_user_account_id", now)}
       ON CONFLICT (dedupe_key) DO NOTHING`,
    )
    .bind(serviceId, now)
    .run();
}
