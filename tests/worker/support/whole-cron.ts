/**
 * The own timeout of a test that runs the whole cron (`scheduled`, `runScheduledJobs`) more than once (decision 074: a
 * test that needs more than the default says so). The cron's every job reads the whole shared world of the workerd
 * files (decision 084), and its reconciler asks Stripe for up to 100 orders a run, so one run takes seconds once the
 * other files have written theirs; a busy machine took such tests past 20 s (issue 77, which moves the cron's work to
 * Queues and lets a test run the jobs on its own rows). Still a hang's catch, not a speed check.
 */
export const WHOLE_CRON_TIMEOUT = 60_000;
