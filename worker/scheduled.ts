import { lt } from "drizzle-orm";
import { createDb } from "./db/client";
import { authCodes } from "./db/schema";
import { cometNow } from "./services/clock";
import { runTimedJobs } from "./services/timed-jobs";
import { pruneRateLimits } from "./services/rate-limit";
import { deleteEndedSessions } from "./services/sessions";
import { pruneSpentTokens } from "./services/signed-tokens";
import { prunePageCacheKeys } from "./services/public-pages";
import { deleteUnattachedUploads } from "./media/services/storage";
import { abortAbandonedUploads } from "./media/services/multipart-cleanup";
import { checkPendingFiles } from "./media/services/file-checksum";
import { releaseHeldPayouts } from "./orders/services/payouts";
import { createStripe } from "./payments/stripe-client";
import { RECENT_MS, checkMoney, describeReport } from "./orders/services/money-check";
import { settleIntent } from "./orders/settle-intent";
import { deadlineSweep } from "./orders/fire-deadlines";

/**
 * The Cron Trigger's work. Idempotent: running it twice, or late, is harmless.
 * It prunes expired sessions and codes, sends the order reminders due and e-mails pending notices (docs/decisions/023).
 * The pruning keeps the real time, as the sessions, codes and tokens it prunes are checked by it; the orders' work
 * runs at Comet's time (the dev clock's outside production, docs/decisions/080), as their deadlines are set by it.
 */
export async function runScheduledJobs(env: Env, scheduledTime: number): Promise<void> {
  const db = createDb(env.DB);
  const now = await cometNow(env, scheduledTime);
  // Sessions past their absolute end or idle too long, expired codes, and rate-limit windows no limit still reads.
  await db.batch([
    deleteEndedSessions(db, scheduledTime),
    db.delete(authCodes).where(lt(authCodes.expiresAt, new Date(scheduledTime))),
  ]);
  await pruneRateLimits(db, scheduledTime);
  // Uploads no record attached within a day, and ids of spent single-use tokens that have expired anyway.
  await deleteUnattachedUploads(db, env.MEDIA, scheduledTime);
  // Multipart uploads idle for a day (or begun two days ago): their R2 parts aborted (decision 096).
  await abortAbandonedUploads(db, env.MEDIA, scheduledTime);
  await pruneSpentTokens(db, scheduledTime);
  // The edge cache's keys of pages the cache has dropped by itself (decision 069).
  await prunePageCacheKeys(db, scheduledTime);
  // Reminders, deadlines an alarm missed, and the notices' e-mails (services/timed-jobs.ts).
  await runTimedJobs(env, now, deadlineSweep(env));
  // Payouts whose transfer did not go when it could (a failed or interrupted release; decision 029): each once.
  if (env.STRIPE_SECRET_KEY) await releaseHeldPayouts({ d1: env.DB, stripe: createStripe(env) }, null, now);
  // Recent orders set against Stripe (decision 047): a missed payment recorded, an orphan charge refunded, the rest logged.
  if (env.STRIPE_SECRET_KEY) await reconcileMoney(env, now);
  // Stored files the server has not hashed yet (a completion's own run lost, or too large for it): a few, last, as
  // reading gigabytes back from R2 takes the longest (issue 75).
  await checkPendingFiles({ db, bucket: env.MEDIA });
}

async function reconcileMoney(env: Env, now: number): Promise<void> {
  const stripe = createStripe(env);
  const settle = { d1: env.DB, stripe, orders: env.ORDER };
  const { checked, reports } = await checkMoney(
    { d1: env.DB, stripe, settle: (intent, orderId) => settleIntent(settle, intent, orderId) },
    { since: now - RECENT_MS, repair: true },
  );
  for (const line of reports.flatMap(describeReport)) console.warn(`money check: ${line}`);
  if (reports.some((r) => r.disagreements.length > 0))
    console.error(
      `money check: ${reports.filter((r) => r.disagreements.length > 0).length} of ${checked} orders disagree with Stripe`,
    );
}

/** The Worker's `scheduled` handler (worker/index.ts exports it): the cron's run outlives the event via waitUntil. */
export const scheduled: ExportedHandlerScheduledHandler<Env> = (controller, env, ctx) => {
  ctx.waitUntil(runScheduledJobs(env, controller.scheduledTime));
};
