/**
 * Each notice by e-mail too (issue 10, docs/decisions/023), for the types its recipient has on.
 * The writers (an order's transition, a new request, the cron's reminders) only insert rows; after their batch they
 * hand `emailNewNotifications` to waitUntil, so no answer waits for the mailer, and the cron sweeps whatever a
 * dropped waitUntil left. Every sender first claims rows with one conditional UPDATE (`WHERE emailed_at IS NULL`):
 * a row is claimed by exactly one of any number of racing or replayed senders, so its e-mail goes out once.
 */
import { and, asc, eq, gt, inArray, isNull, sql } from "drizzle-orm";
import { createDb, type Database } from "../db/client";
import { notificationEmailPreferences, notifications } from "../db/schema";
import { NOTIFICATION_TYPES, type NotificationType } from "../db/schema/enums";
import { isLocale } from "../domain/locales";
import { messageFacts, notificationEmail } from "../messages/notifications";
import { mailerFromEnv, type Mailer } from "../mail/mailer";
import { NOTICE_FACTS, noticeFactsOf, type NoticeFactColumns } from "./notifications";

/** Rows one claim takes: a busy moment's notices go out in a few calls, none of them long. */
const CLAIM_LIMIT = 50;
/**
 * Claims one sweep makes while each comes back full: a creator with hundreds of followers opening (decision 107) is
 * mailed in one sweep, not fifty a cron turn. Bounded so a sweep stays well inside a Worker's subrequests.
 */
const CLAIMS_PER_SWEEP = 10;
/** Older unsent notices are left alone: a mail about a day-old event (or to an address that keeps failing) helps nobody. */
const SEND_WINDOW_MS = 24 * 3_600_000;

export type EmailPreferences = Record<NotificationType, boolean>;

/** The user's choices: every type on unless they switched it off. */
export async function emailPreferences(db: Database, userAccountId: string): Promise<EmailPreferences> {
  const rows = await db
    .select({ type: notificationEmailPreferences.notificationType, enabled: notificationEmailPreferences.emailEnabled })
    .from(notificationEmailPreferences)
    .where(eq(notificationEmailPreferences.userAccountId, userAccountId));
  const chosen = new Map(rows.map((row) => [row.type, row.enabled]));
  return Object.fromEntries(NOTIFICATION_TYPES.map((type) => [type, chosen.get(type) ?? true])) as EmailPreferences;
}

/**
 * Saves the whole choice of the signed-in user: the types in `enabled` on, every other type off. A choice naming a
 * type that does not exist is refused whole (false) and changes nothing: it is no page's post, and read as it was it
 * switched every e-mail off.
 */
export async function saveEmailPreferences(
  db: Database,
  userAccountId: string,
  enabled: ReadonlySet<string>,
  now: number,
): Promise<boolean> {
  if ([...enabled].some((type) => !(NOTIFICATION_TYPES as readonly string[]).includes(type))) return false;
  // One statement with three variables, whatever the number of types: a row per type as VALUES went past D1's 100
  // variables a query may bind once there were 28 types (CI i50a). `WHERE true` tells SQLite's parser the SELECT ends
  // before ON CONFLICT.
  const choices = NOTIFICATION_TYPES.map((type) => ({ type, enabled: enabled.has(type) ? 1 : 0 }));
  await db.$client
    .prepare(
      `INSERT INTO notification_email_preferences (user_account_id, notification_type, email_enabled, updated_at)
       SELECT ?1, json_extract(value, '$.type'), json_extract(value, '$.enabled'), ?2 FROM json_each(?3) WHERE true
       ON CONFLICT (user_account_id, notification_type) DO UPDATE SET email_enabled = excluded.email_enabled, updated_at = excluded.updated_at`,
    )
    .bind(userAccountId, now, JSON.stringify(choices))
    .run();
  return true;
}

interface ClaimedNotice extends NoticeFactColumns {
  id: string;
  notification_type: string;
  href: string | null;
  email: string;
  display_language_code: string;
  email_enabled: number | null;
}

/**
 * E-mails every notice not yet e-mailed (the last day's, oldest first), each exactly once however many of these run at
 * the same time or again, in claims of CLAIM_LIMIT while a claim comes back full (at most CLAIMS_PER_SWEEP). Returns
 * how many e-mails this call sent.
 */
export async function sendPendingNotificationEmails(
  db: Database,
  mailer: Mailer,
  env: Pick<Env, "APP_ORIGIN">,
  now = Date.now(),
): Promise<number> {
  let sent = 0;
  for (let round = 0; round < CLAIMS_PER_SWEEP; round++) {
    const claim = await sendOneClaim(db, mailer, env, now);
    sent += claim.sent;
    if (!claim.more) break;
  }
  return sent;
}

/**
 * One claim, which is one UPDATE … WHERE emailed_at IS NULL … RETURNING, so two senders never get the same row. A
 * type its recipient switched off is claimed and not sent. A failed send gives its claim back, so the next sweep tries
 * again.
 */
async function sendOneClaim(
  db: Database,
  mailer: Mailer,
  env: Pick<Env, "APP_ORIGIN">,
  now: number,
): Promise<{ sent: number; more: boolean }> {
  const pending = db
    .select({ id: notifications.id })
    .from(notifications)
    .where(and(isNull(notifications.emailedAt), gt(notifications.createdAt, new Date(now - SEND_WINDOW_MS))))
    .orderBy(asc(notifications.createdAt))
    .limit(CLAIM_LIMIT);
  const claimed = await db
    .update(notifications)
    .set({ emailedAt: new Date(now) })
    .where(and(inArray(notifications.id, pending), isNull(notifications.emailedAt)))
    .returning({ id: notifications.id });
  if (claimed.length === 0) return { sent: 0, more: false };

  const ids = claimed.map((row) => row.id);
  const notices = await db.all<ClaimedNotice>(sql`
    SELECT n.id, n.notification_type, n.href, u.email, u.display_language_code, p.email_enabled, ${NOTICE_FACTS}
    JOIN user_accounts u ON u.id = n.recipient_user_account_id
    LEFT JOIN notification_email_preferences p ON p.user_account_id = n.recipient_user_account_id AND p.notification_type = n.notification_type
    WHERE n.id IN (${sql.join(
      ids.map((id) => sql`${id}`),
      sql`, `,
    )})`);

  const wanted = notices.filter((notice) => notice.email_enabled !== 0);
  const outcomes = await Promise.allSettled(
    wanted.map((notice) => {
      const locale = isLocale(notice.display_language_code) ? notice.display_language_code : "en";
      const facts = messageFacts(noticeFactsOf(notice), locale);
      return mailer.send({
        to: notice.email,
        ...notificationEmail(notice.notification_type, facts, notice.href, env.APP_ORIGIN, locale),
      });
    }),
  );
  const failed = wanted.filter((_, i) => outcomes[i].status === "rejected").map((notice) => notice.id);
  if (failed.length > 0) {
    console.error(
      `notification e-mail: ${failed.length} failed, released for the next sweep`,
      outcomes.find((o) => o.status === "rejected"),
    );
    await db.update(notifications).set({ emailedAt: null }).where(inArray(notifications.id, failed));
  }
  // A full claim may have left more behind it; a failure stops the sweep (its rows would come straight back).
  return { sent: wanted.length - failed.length, more: claimed.length === CLAIM_LIMIT && failed.length === 0 };
}

/**
 * How long a writer's sweep waits before it claims: every notice written in this isolate meanwhile goes in the same
 * sweep (`emailNewNotificationsSoon`).
 */
export const EMAIL_SWEEP_DELAY_MS = 500;

/** When this isolate's next sweep is due (0: none): a writer finding one due leaves its notice to it. */
let sweepDueAt = 0;

/**
 * What the writers call after their batch: the new notices' e-mails, off the answer's path and shared (decision 085).
 * The first writer schedules a sweep EMAIL_SWEEP_DELAY_MS away, held by its own `waitUntil`; the writers before it
 * starts only see it is due, so a burst of transitions in one isolate costs one claim and one batch of mail instead of
 * one each. A notice written after the sweep has started schedules the next. A sweep whose holder died before it ran
 * stops counting one delay after it was due; the cron's sweep sends what is left.
 */
export function emailNewNotificationsSoon(env: Env, waitUntil: (work: Promise<unknown>) => void): void {
  const now = Date.now();
  if (sweepDueAt !== 0 && now <= sweepDueAt + EMAIL_SWEEP_DELAY_MS) return;
  sweepDueAt = now + EMAIL_SWEEP_DELAY_MS;
  waitUntil(
    new Promise((resolve) => setTimeout(resolve, EMAIL_SWEEP_DELAY_MS)).then(() => {
      sweepDueAt = 0;
      return emailNewNotifications(env);
    }),
  );
}

/** One sweep of the new notices' e-mails now. It never throws (a failure is logged; the cron's sweep sends what is left). */
async function emailNewNotifications(env: Env): Promise<void> {
  try {
    const db = createDb(env.DB);
    await sendPendingNotificationEmails(db, mailerFromEnv(env, db), env);
  } catch (error) {
    console.error("notification e-mail: the sweep failed; the cron will retry", error);
  }
}
