import { Form, data, useNavigation } from "react-router";
import { DashboardPage } from "#app/components/dashboard/dashboard-page";
import { readFormData } from "#app/lib/form-data.server";
import { requestContext } from "#app/lib/request-context";
import { m } from "#app/paraglide/messages.js";
import { adminReasonOf, ADMIN_REASON_MAX } from "#worker/domain/admin-actions";
import { formatDateTime } from "#worker/domain/dates";
import { reportQueue, resolveReports } from "#worker/services/admin-reports";
import { cometNow } from "#worker/services/clock";
import { ageText, reasonText } from "./admin-texts.server";
import { adminTitle } from "./admin-title";
import { requireAdmin } from "./guard.server";
import type { Route } from "./+types/reports";

/**
 * /admin/reports: the open reports, one entry per review, the longest waiting first (decision 087). Hide or keep is a
 * form post to this page's action, so it works without JavaScript; of two admins deciding at once, one decides.
 */
export async function loader({ context }: Route.LoaderArgs) {
  requireAdmin(context);
  const { db, env, locale } = context.get(requestContext);
  const queue = await reportQueue(db, await cometNow(env));
  return {
    reviews: queue.map((review) => ({
      reviewId: review.reviewId,
      rating: review.rating,
      ratingText: m.admin_reports_rating({ rating: String(review.rating) }),
      body: review.body,
      authorHandle: review.authorHandle,
      subjectHandle: review.subjectHandle,
      order: m.admin_reports_order({ code: review.orderCode }),
      reasons: review.reasons.map(reasonText),
      reporters: m.admin_reports_reporters({ count: String(review.reporters) }),
      waiting: m.admin_reports_waiting({ age: ageText(review.ageMs) }),
      since: formatDateTime(review.firstReportedAt, locale),
      sinceIso: new Date(review.firstReportedAt).toISOString(),
    })),
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  const admin = requireAdmin(context);
  const { db, env, locale } = context.get(requestContext);
  const form = await readFormData(request, locale);
  const reviewId = String(form.get("reviewId") ?? "");
  const decision = form.get("decision");
  const note = String(form.get("note") ?? "").trim();
  const reason = note ? adminReasonOf(note) : null;
  if (!reviewId || reviewId.length > 64 || (decision !== "hide" && decision !== "keep") || (note && !reason))
    return data({ reviewId, message: m.error_generic(), ok: false }, { status: 400 });
  const result = await resolveReports(db, {
    adminAccountId: admin.accountId,
    reviewId,
    decision,
    reason,
    now: await cometNow(env),
  });
  if (!result.ok) {
    const message = result.refusal === "not_found" ? m.admin_reports_not_found() : m.admin_reports_already();
    return data({ reviewId, message, ok: false }, { status: result.refusal === "not_found" ? 404 : 409 });
  }
  return { reviewId, message: decision === "hide" ? m.admin_reports_hidden() : m.admin_reports_kept(), ok: true };
}

export const meta: Route.MetaFunction = () => adminTitle(m.admin_reports_title());

export default function AdminReports({ loaderData, actionData }: Route.ComponentProps) {
  const busy = useNavigation().state !== "idle";
  return (
    <DashboardPage title={m.admin_reports_title()} intro={m.admin_reports_intro()}>
      <p role="status" className="text-sm font-medium text-zinc-900 dark:text-zinc-100">
        {actionData?.message ?? ""}
      </p>
      {loaderData.reviews.length === 0 ? (
        <p className="rounded-lg border border-dashed border-zinc-400 px-6 py-10 text-center text-zinc-700 dark:border-zinc-600 dark:text-zinc-300">
          {m.admin_reports_empty()}
        </p>
      ) : (
        <ul className="space-y-4">
          {loaderData.reviews.map((review) => (
            <li key={review.reviewId}>
              <article
                aria-labelledby={`report-${review.reviewId}`}
                data-testid="admin-report"
                className="space-y-3 rounded-xl border border-zinc-200 p-4 dark:border-zinc-700"
              >
                <header className="flex flex-wrap items-baseline justify-between gap-2">
                  <h2 id={`report-${review.reviewId}`} className="font-semibold text-zinc-900 dark:text-zinc-50">
                    {m.admin_reports_by({ author: `@${review.authorHandle}`, subject: `@${review.subjectHandle}` })}
                  </h2>
                  <span className="text-sm text-zinc-700 dark:text-zinc-300">{review.order}</span>
                </header>
                <p className="text-sm font-medium text-zinc-900 dark:text-zinc-100">
                  <span aria-hidden="true">{"★".repeat(review.rating)}</span>
                  <span className="sr-only">{review.ratingText}</span>
                </p>
                <blockquote className="whitespace-pre-wrap break-words border-l-4 border-zinc-300 pl-3 text-zinc-900 dark:border-zinc-600 dark:text-zinc-100">
                  {review.body}
                </blockquote>
                <dl className="grid gap-1 text-sm text-zinc-700 sm:grid-cols-[auto_1fr] sm:gap-x-4 dark:text-zinc-300">
                  <dt className="font-medium">{m.admin_reports_reasons()}</dt>
                  <dd>{review.reasons.join(", ")}</dd>
                </dl>
                <p className="text-sm text-zinc-700 dark:text-zinc-300">
                  {review.reporters} ·{" "}
                  <time dateTime={review.sinceIso} title={review.since}>
                    {review.waiting}
                  </time>
                </p>
                <Form method="post" className="space-y-3">
                  <input type="hidden" name="reviewId" value={review.reviewId} />
                  <div>
                    <label
                      htmlFor={`note-${review.reviewId}`}
                      className="block text-sm font-medium text-zinc-900 dark:text-zinc-100"
                    >
                      {m.admin_reports_note()}
                    </label>
                    <input
                      id={`note-${review.reviewId}`}
                      name="note"
                      type="text"
                      maxLength={ADMIN_REASON_MAX}
                      className="mt-1 block w-full rounded-lg border border-zinc-300 bg-white px-3 py-2 text-sm text-zinc-900 dark:border-zinc-600 dark:bg-zinc-900 dark:text-zinc-100"
                    />
                  </div>
                  <div className="flex flex-wrap gap-3">
                    <button type="submit" name="decision" value="hide" className="button-primary" disabled={busy}>
                      {m.admin_reports_hide()}
                    </button>
                    <button type="submit" name="decision" value="keep" className="button-secondary" disabled={busy}>
                      {m.admin_reports_keep()}
                    </button>
                  </div>
                </Form>
              </article>
            </li>
          ))}
        </ul>
      )}
    </DashboardPage>
  );
}
