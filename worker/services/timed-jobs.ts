/**
 * The cron's work that runs on Comet's time (worker/services/clock.ts, docs/decisions/080): the reminders due, the
 * deadlines an alarm missed, the waitlist's reservations (decision 091), the reviews whose window closed (decision 086), then the notices' e-mails (the reminders'
 * among them). The cron runs it every 15 minutes
 * at its scheduled time on Comet's clock; moving the dev clock runs it at once at the new time, so what became due
 * fires then. Idempotent like the rest of the cron: a reminder goes once, a deadline acts once.
 */
import { announceShownReviews } from "../orders/services/reviews";
import { createDb } from "../db/client";
import { mailerFromEnv } from "../mail/mailer";
import { sendPendingNotificationEmails } from "./notification-emails";
import { sendDueReminders } from "../orders/services/order-reminders";
import { runWaitlistJobs } from "./waitlist";
import { runFollowJobs } from "./follows";
import { runDataExportJobs } from "../account/services/data-export";
import { issueDueDocuments } from "../documents/services/issue-due-documents";
import { runAccountSignalsJob } from "./trust-signals";
import { runCreatorInsightsJob } from "./creator-insights";

/** Rounds of deadlines one dev clock move runs at most: each takes up to the cron's batch of 200 orders. */
const MAX_DEADLINE_ROUNDS = 25;

export interface TimedJobsOutcome {
  /** Reminder notices inserted. */
  reminders: number;
  /** Orders a passed deadline moved on. */
  deadlines: number;
}

/**
 * Sends every order whose deadline has passed at `now` through its object; returns how many it moved on. Handed in by
 * the callers that may hold an Order stub (the cron's entry, the dev clock): worker/orders/fire-deadlines.ts.
 */
export type DeadlineSweep = (now: number) => Promise<number>;

/**
 * Runs the timed work at `now`. The cron takes one batch of overdue orders a run; `untilDone` (a dev clock move, which
 * may make every open order overdue at once) takes batches until one moves no order on.
 */
export async function runTimedJobs(
  env: Env,
  now: number,
  sweepDeadlines: DeadlineSweep,
  { untilDone = false } = {},
): Promise<TimedJobsOutcome> {
  const db = createDb(env.DB);
  // Approval, payment, delivery and review reminders: each deadline's once, however often this runs.
  const reminders = await sendDueReminders(env.DB, now);
  // Order deadlines an alarm missed, through each order's Durable Object (docs/decisions/020).
  let deadlines = 0;
  for (let round = 0; round < (untilDone ? MAX_DEADLINE_ROUNDS : 1); round++) {
    const changed = await sweepDeadlines(now);
    deadlines += changed;
    if (changed === 0) break;
  }
  // Waitlist reservations past their 48 hours pass to the next in line; free slots go to whoever waits (decision 091).
  await runWaitlistJobs(db, now);
  // Followed creators who opened or freed a slot since the last look, told to their followers once (decision 107).
  await runFollowJobs(env.DB, now);
  // Reviews whose double-blind window closed show now: made known once, their parties' public pages purged (086).
  await announceShownReviews(db, now);
  // The signals of accounts whose orders or Connect status changed, one row each; pages purged where a figure moved (106).
  await runAccountSignalsJob(db, now);
  // Creators' own numbers, for those whose visits, orders or payouts changed: one row each (decision 111).
  await runCreatorInsightsJob(env.DB, now);
  // Data downloads a request's waitUntil left waiting are prepared (their notices mailed below); expired ones deleted (104).
  await runDataExportJobs(env, db, now);
  // The reminders' e-mails, and any notice whose e-mail a writer's waitUntil did not get to (each sent once).
  await sendPendingNotificationEmails(db, mailerFromEnv(env, db), env, now);
  // Receipts, refund notes, fee invoices and statements now due, each once (decision 102); last, as nothing waits for them.
  await issueDueDocuments(env.DB, now);
  return { reminders, deadlines };
}
