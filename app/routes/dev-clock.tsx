import { Form, data, useNavigation } from "react-router";
import { TextField } from "#app/components/form/text-field";
import { readFormData } from "#app/lib/form-data.server";
import { isLocalRequest } from "#app/lib/local-request.server";
import { requestContext } from "#app/lib/request-context";
import { m } from "#app/paraglide/messages.js";
import { formatDateTime } from "#worker/domain/dates";
import { hasDevClock } from "#worker/services/clock";
import { moveDevClock, readDevClock, resetDevClock } from "#worker/dev/clock";
import type { Route } from "./+types/dev-clock";

const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;

export const meta: Route.MetaFunction = () => [{ title: "Dev clock — Comet" }];

/**
 * Comet's time and how far the dev clock runs ahead (docs/decisions/080). Like the dev mailbox, not part of production
 * builds (see app/routes.ts), and only where the Worker has a dev clock (services/clock.ts).
 */
export async function loader({ context }: Route.LoaderArgs) {
  const { env, locale } = context.get(requestContext);
  const clock = await readDevClock(env);
  if (!clock) throw data(null, { status: 404 });
  return {
    now: formatDateTime(clock.now, locale),
    nowIso: new Date(clock.now).toISOString(),
    moved: clock.offsetMs > 0,
    days: Math.floor(clock.offsetMs / DAY_MS),
    hours: Math.floor((clock.offsetMs % DAY_MS) / HOUR_MS),
  };
}

/** The move a button asks for, in milliseconds (NaN for none, which the clock refuses). */
function moveOf(form: FormData): number {
  const intent = form.get("intent");
  if (intent === "hour") return HOUR_MS;
  if (intent === "day") return DAY_MS;
  const days = String(form.get("days") ?? "").trim();
  return intent === "days" && /^\d{1,3}$/.test(days) ? Number(days) * DAY_MS : Number.NaN;
}

/**
 * Moves the clock forward (and runs the cron's timed work at the new time) or back to the real time. Like the
 * fixtures, only for a request addressed to this machine.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const { env, url, locale } = context.get(requestContext);
  if (!hasDevClock(env) || !isLocalRequest(url)) throw data(null, { status: 404 });
  const form = await readFormData(request, locale);
  if (form.get("intent") === "reset") {
    await resetDevClock(env);
    return { outcome: "reset" as const };
  }
  const moved = await moveDevClock(env, moveOf(form));
  if (!moved) return data({ outcome: "refused" as const }, { status: 400 });
  const { deadlines, reminders } = moved;
  return { outcome: "moved" as const, time: formatDateTime(moved.now, locale), deadlines, reminders };
}

function outcomeText(outcome: Route.ComponentProps["actionData"]): string {
  if (!outcome) return "";
  if (outcome.outcome === "reset") return m.dev_clock_reset_done();
  if (outcome.outcome === "refused") return m.dev_clock_refused();
  return m.dev_clock_moved({
    time: outcome.time,
    deadlines: String(outcome.deadlines),
    reminders: String(outcome.reminders),
  });
}

export default function DevClock({ loaderData, actionData }: Route.ComponentProps) {
  const busy = useNavigation().state !== "idle";
  return (
    <div className="mx-auto max-w-3xl px-4 py-8">
      <div className="flex items-center justify-between gap-4">
        <h1 className="text-2xl font-bold">{m.dev_clock_title()}</h1>
        <a
          href="/dev/mailbox"
          className="rounded-lg border border-zinc-300 px-3 py-1.5 text-sm font-medium hover:bg-zinc-100 dark:border-zinc-600 dark:hover:bg-zinc-800"
        >
          {m.mailbox_title()}
        </a>
      </div>
      <p className="mt-2 text-sm text-zinc-700 dark:text-zinc-300">{m.dev_clock_intro()}</p>

      <section
        aria-labelledby="dev-clock-now"
        className="mt-6 rounded-xl border border-zinc-200 p-4 dark:border-zinc-700"
      >
        <h2 id="dev-clock-now" className="text-sm font-medium text-zinc-700 dark:text-zinc-300">
          {m.dev_clock_now()}
        </h2>
        <p className="mt-1 text-xl font-semibold">
          <time dateTime={loaderData.nowIso} data-testid="dev-clock-now">
            {loaderData.now}
          </time>
        </p>
        <p className="mt-1 text-sm text-zinc-700 dark:text-zinc-300">
          {loaderData.moved
            ? m.dev_clock_ahead({ days: String(loaderData.days), hours: String(loaderData.hours) })
            : m.dev_clock_real()}
        </p>
      </section>

      <section aria-labelledby="dev-clock-move" className="mt-6 space-y-4">
        <h2 id="dev-clock-move" className="text-lg font-semibold">
          {m.dev_clock_move()}
        </h2>
        <Form method="post" className="flex flex-wrap gap-3">
          <button type="submit" name="intent" value="hour" className="button-secondary" disabled={busy}>
            {m.dev_clock_hour()}
          </button>
          <button type="submit" name="intent" value="day" className="button-secondary" disabled={busy}>
            {m.dev_clock_day()}
          </button>
        </Form>
        {/* A form of its own, so Enter in the field moves by its days. */}
        <Form method="post" className="flex flex-wrap items-end gap-3">
          <input type="hidden" name="intent" value="days" />
          <div className="w-32">
            <TextField
              type="number"
              name="days"
              id="dev-clock-days"
              label={m.dev_clock_days_label()}
              defaultValue="7"
              min={1}
              max={366}
              step={1}
              required
            />
          </div>
          <button type="submit" className="button-primary" disabled={busy}>
            {m.dev_clock_days()}
          </button>
        </Form>
        <Form method="post">
          <button
            type="submit"
            name="intent"
            value="reset"
            className="button-secondary"
            disabled={busy || !loaderData.moved}
          >
            {m.dev_clock_reset()}
          </button>
        </Form>
      </section>
      <p role="status" className="mt-6 text-sm text-zinc-900 dark:text-zinc-100">
        {outcomeText(actionData)}
      </p>
    </div>
  );
}
