import { Form, Link, data, useNavigation } from "react-router";
import { PartyNote } from "#app/components/admin/party-note";
import { DashboardPage } from "#app/components/dashboard/dashboard-page";
import { workPagePath } from "#app/components/work/work-path";
import { readFormData } from "#app/lib/form-data.server";
import { requestContext } from "#app/lib/request-context";
import { m } from "#app/paraglide/messages.js";
import { adminNoteOf, ADMIN_REASON_MAX } from "#worker/admin/domain/admin-actions";
import { formatDateTime } from "#worker/domain/dates";
import { adminPartyMessage, adminTextCharactersMessage, caseJudgeNote } from "#worker/messages/admin";
import {
  contentReportQueue,
  reportQueue,
  resolveContentReports,
  resolveReports,
} from "#worker/admin/services/admin-reports";
import { cometNow } from "#worker/services/clock";
import { ageText, contentReasonText, reasonText } from "./admin-texts.server";
import { adminTitle } from "./admin-title";
import { requireAdmin } from "./guard.server";
import type { Route } from "./+types/reports";

/**
 * /admin/reports: the open reports, one entry per review, work or profile, the longest waiting first (decisions 087,
 * 089). Hide or keep is a form post to this page's action, so it works without JavaScript; of two admins deciding at
 * once, one decides. A report the reading admin is a party to shows why, and who decides, instead (decision 093).
 */
export async function loader({ context }: Route.LoaderArgs) {
  const admin = requireAdmin(context);
  const { db, env, locale } = context.get(requestContext);
  const now = await cometNow(env);
  const [queue, content] = await Promise.all([
    reportQueue(db, now, admin.accountId),
    contentReportQueue(db, now, locale, admin.accountId),
  ]);
  const waiting = (entry: { reporters: number; ageMs: number; firstReportedAt: number }) => ({
    reporters: m.admin_reports_reporters({ count: String(entry.reporters) }),
    waiting: m.admin_reports_waiting({ age: ageText(entry.ageMs) }),
    since: formatDateTime(entry.firstReportedAt, locale),
    sinceIso: new Date(entry.firstReportedAt).toISOString(),
  });
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
      judgeNote: caseJudgeNote(review.judge, "review", locale),
      ...waiting(review),
    })),
    content: content.map((target) => {
      const work = target.targetType === "work";
      return {
        key: `${target.targetType}-${target.targetId}`,
        targetType: target.targetType,
        targetId: target.targetId,
        kind: work ? m.reports_admin_kind_work() : m.reports_admin_kind_profile(),
        heading: work
          ? m.reports_admin_work_by({ title: target.title, handle: target.ownerHandle })
          : m.reports_admin_profile_of({ name: target.title, handle: target.ownerHandle }),
        href: work ? workPagePath(target.ownerHandle, target.targetId) : `/${encodeURIComponent(target.ownerHandle)}`,
        open: work ? m.reports_admin_open_work() : m.reports_admin_open_profile(),
        hide: work ? m.reports_admin_hide_work() : m.reports_admin_hide_profile(),
        keep: work ? m.reports_admin_keep_work() : m.reports_admin_keep_profile(),
        hidden: target.hidden ? m.reports_hidden_badge() : null,
        reasons: target.reasons.map(contentReasonText),
        judgeNote: caseJudgeNote(target.judge, target.targetType, locale),
        ...waiting(target),
      };
    }),
  };
}

const TARGET_TYPES = ["review", "work", "profile"] as const;
type TargetType = (typeof TARGET_TYPES)[number];
const isTargetType = (value: unknown): value is TargetType => TARGET_TYPES.includes(value as TargetType);

/** What the action tells the admin after a decision, by what was decided on. */
const DONE: Record<TargetType, Record<"hide" | "keep", () => string>> = {
  review: { hide: m.admin_reports_hidden, keep: m.admin_reports_kept },
  work: { hide: m.reports_admin_hidden_work, keep: m.reports_admin_kept_work },
  profile: { hide: m.reports_admin_hidden_profile, keep: m.reports_admin_kept_profile },
};

export async function action({ request, context }: Route.ActionArgs) {
  const admin = requireAdmin(context);
  const { db, env, locale } = context.get(requestContext);
  const form = await readFormData(request, locale);
  // A review's form names it `reviewId` (decision 087); a work's or a profile's, `targetType` and `targetId`.
  const targetType = form.get("targetType") ?? "review";
  const targetId = String(form.get(targetType === "review" ? "reviewId" : "targetId") ?? "");
  const asked = form.get("decision");
  const decision: "hide" | "keep" | null = asked === "hide" || asked === "keep" ? asked : null;
  const note = adminNoteOf(String(form.get("note") ?? ""));
  const key = `${String(targetType)}-${targetId}`;
  if (!note.ok && note.error === "reason_invalid_characters")
    return data({ key, message: adminTextCharactersMessage(locale), ok: false }, { status: 400 });
  if (!isTargetType(targetType) || !targetId || targetId.length > 64 || !decision || !note.ok)
    return data({ key, message: m.error_generic(), ok: false }, { status: 400 });
  const decided = { adminAccountId: admin.accountId, decision, reason: note.text, now: await cometNow(env) };
  const result =
    targetType === "review"
      ? await resolveReports(db, { ...decided, reviewId: targetId })
      : await resolveContentReports(db, { ...decided, targetType, targetId });
  if (!result.ok && result.refusal === "admin_is_party")
    return data({ key, message: adminPartyMessage(targetType, locale), ok: false }, { status: 403 });
  if (!result.ok) {
    const review = targetType === "review";
    const message =
      result.refusal === "not_found"
        ? review
          ? m.admin_reports_not_found()
          : m.reports_admin_not_found()
        : review
          ? m.admin_reports_already()
          : m.reports_admin_already();
    return data({ key, message, ok: false }, { status: result.refusal === "not_found" ? 404 : 409 });
  }
  return { key, message: DONE[targetType][decision](), ok: true };
}

export const meta: Route.MetaFunction = () => adminTitle(m.reports_admin_title());

const cardClass = "space-y-3 rounded-xl border border-zinc-200 p-4 dark:border-zinc-700";
const mutedText = "text-sm text-zinc-700 dark:text-zinc-300";
const emptyClass =
  "rounded-lg border border-dashed border-zinc-400 px-6 py-10 text-center text-zinc-700 dark:border-zinc-600 dark:text-zinc-300";
const sectionTitle = "text-lg font-semibold text-zinc-900 dark:text-zinc-50";

/** Reasons, how many reported it and since when. */
function ReportFacts({
  entry,
}: {
  entry: { reasons: string[]; reporters: string; waiting: string; since: string; sinceIso: string };
}) {
  return (
    <>
      <dl className="grid gap-1 text-sm text-zinc-700 sm:grid-cols-[auto_1fr] sm:gap-x-4 dark:text-zinc-300">
        <dt className="font-medium">{m.admin_reports_reasons()}</dt>
        <dd>{entry.reasons.join(", ")}</dd>
      </dl>
      <p className={mutedText}>
        {entry.reporters} ·{" "}
        <time dateTime={entry.sinceIso} title={entry.since}>
          {entry.waiting}
        </time>
      </p>
    </>
  );
}

/** The note and the two buttons; `fields` name what is decided on. */
function DecisionForm({
  id,
  fields,
  hide,
  keep,
  busy,
}: {
  id: string;
  fields: Record<string, string>;
  hide: string;
  keep: string;
  busy: boolean;
}) {
  return (
    <Form method="post" className="space-y-3">
      {Object.entries(fields).map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value} />
      ))}
      <div>
        <label htmlFor={`note-${id}`} className="block text-sm font-medium text-zinc-900 dark:text-zinc-100">
          {m.admin_reports_note()}
        </label>
        <input
          id={`note-${id}`}
          name="note"
          type="text"
          maxLength={ADMIN_REASON_MAX}
          className="mt-1 block w-full rounded-lg border border-zinc-300 bg-white px-3 py-2 text-sm text-zinc-900 dark:border-zinc-600 dark:bg-zinc-900 dark:text-zinc-100"
        />
      </div>
      <div className="flex flex-wrap gap-3">
        <button type="submit" name="decision" value="hide" className="button-primary" disabled={busy}>
          {hide}
        </button>
        <button type="submit" name="decision" value="keep" className="button-secondary" disabled={busy}>
          {keep}
        </button>
      </div>
    </Form>
  );
}

export default function AdminReports({ loaderData, actionData }: Route.ComponentProps) {
  const busy = useNavigation().state !== "idle";
  return (
    <DashboardPage title={m.reports_admin_title()} intro={m.reports_admin_intro()}>
      <p role="status" className="text-sm font-medium text-zinc-900 dark:text-zinc-100">
        {actionData?.message ?? ""}
      </p>
      <section aria-labelledby="reports-reviews" className="space-y-4">
        <h2 id="reports-reviews" className={sectionTitle}>
          {m.admin_reports_title()}
        </h2>
        {loaderData.reviews.length === 0 ? (
          <p className={emptyClass}>{m.admin_reports_empty()}</p>
        ) : (
          <ul className="space-y-4">
            {loaderData.reviews.map((review) => (
              <li key={review.reviewId}>
                <article aria-labelledby={`report-${review.reviewId}`} data-testid="admin-report" className={cardClass}>
                  <header className="flex flex-wrap items-baseline justify-between gap-2">
                    <h3 id={`report-${review.reviewId}`} className="font-semibold text-zinc-900 dark:text-zinc-50">
                      {m.admin_reports_by({
                        author: `@${review.authorHandle}`,
                        subject: `@${review.subjectHandle}`,
                      })}
                    </h3>
                    <span className={mutedText}>{review.order}</span>
                  </header>
                  <p className="text-sm font-medium text-zinc-900 dark:text-zinc-100">
                    <span aria-hidden="true">{"★".repeat(review.rating)}</span>
                    <span className="sr-only">{review.ratingText}</span>
                  </p>
                  <blockquote className="whitespace-pre-wrap break-words border-l-4 border-zinc-300 pl-3 text-zinc-900 dark:border-zinc-600 dark:text-zinc-100">
                    {review.body}
                  </blockquote>
                  <ReportFacts entry={review} />
                  {review.judgeNote ? (
                    <PartyNote text={review.judgeNote} />
                  ) : (
                    <DecisionForm
                      id={review.reviewId}
                      fields={{ reviewId: review.reviewId }}
                      hide={m.admin_reports_hide()}
                      keep={m.admin_reports_keep()}
                      busy={busy}
                    />
                  )}
                </article>
              </li>
            ))}
          </ul>
        )}
      </section>
      <section aria-labelledby="reports-content" className="mt-10 space-y-4">
        <h2 id="reports-content" className={sectionTitle}>
          {m.reports_admin_content_title()}
        </h2>
        {loaderData.content.length === 0 ? (
          <p className={emptyClass}>{m.reports_admin_content_empty()}</p>
        ) : (
          <ul className="space-y-4">
            {loaderData.content.map((target) => (
              <li key={target.key}>
                <article
                  aria-labelledby={`report-${target.key}`}
                  data-testid="admin-content-report"
                  className={cardClass}
                >
                  <header className="flex flex-wrap items-baseline justify-between gap-2">
                    <h3
                      id={`report-${target.key}`}
                      className="font-semibold break-words text-zinc-900 dark:text-zinc-50"
                    >
                      <span className="mr-2 rounded-full bg-zinc-200 px-2 py-0.5 text-xs font-semibold text-zinc-900 dark:bg-zinc-700 dark:text-zinc-50">
                        {target.kind}
                      </span>
                      {target.heading}
                    </h3>
                    <Link to={target.href} className="text-sm font-medium text-brand-700 underline dark:text-brand-300">
                      {target.open}
                    </Link>
                  </header>
                  {target.hidden ? <p className={mutedText}>{target.hidden}</p> : null}
                  <ReportFacts entry={target} />
                  {target.judgeNote ? (
                    <PartyNote text={target.judgeNote} />
                  ) : (
                    <DecisionForm
                      id={target.key}
                      fields={{ targetType: target.targetType, targetId: target.targetId }}
                      hide={target.hide}
                      keep={target.keep}
                      busy={busy}
                    />
                  )}
                </article>
              </li>
            ))}
          </ul>
        )}
      </section>
    </DashboardPage>
  );
}
