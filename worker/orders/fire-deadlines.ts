/**
 * The cron's safety net for order deadlines (issue 10, docs/decisions/020): every order whose pending deadline has
 * passed (orders/services/order-deadlines.ts finds them) is sent `deadlinePassed` through its object, the order's only writer,
 * which acts only on a deadline that has really passed in the state it holds. The entry's cron (worker/scheduled.ts) and
 * the dev clock hand this to the timed jobs (services/timed-jobs.ts), which may not hold a stub themselves.
 */
import { overdueOrderIds } from "./services/order-deadlines";
import { orderStub } from "./order-stub";

/** Objects woken at once: enough to finish a busy run quickly, few enough for one Worker invocation. */
const PARALLEL = 10;

/** Hands every overdue order to its object; returns how many transitions this run caused. */
export async function enforceMissedDeadlines(d1: D1Database, orders: Env["ORDER"], now: number): Promise<number> {
  const ids = await overdueOrderIds(d1, now);
  let changed = 0;
  for (let start = 0; start < ids.length; start += PARALLEL) {
    const outcomes = await Promise.allSettled(
      ids.slice(start, start + PARALLEL).map((id) => orderStub(orders, id).act({ type: "deadlinePassed" }, "system")),
    );
    // One order failing (a refund Stripe refused, say) must not hold up the others; the next run retries it.
    for (const outcome of outcomes) {
      if (outcome.status === "rejected") console.error("order deadline not enforced", outcome.reason);
      else if (outcome.value.status === "done" && outcome.value.changed) changed += 1;
    }
  }
  return changed;
}

/** The sweep the timed jobs run (services/timed-jobs.ts `DeadlineSweep`): the overdue orders of `env` at `now`. */
export const deadlineSweep = (env: Pick<Env, "DB" | "ORDER">) => (now: number) =>
  enforceMissedDeadlines(env.DB, env.ORDER, now);
