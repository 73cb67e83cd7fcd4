import { Form, Link, data, useNavigation } from "react-router";
import * as v from "valibot";
import { ChargebackEvidenceSection } from "#app/components/admin/chargeback-evidence";
import { RecordSection } from "#app/components/admin/dispute-record";
import { DashboardPage } from "#app/components/dashboard/dashboard-page";
import { readFormData } from "#app/lib/form-data.server";
import { requestContext } from "#app/lib/request-context";
import { m } from "#app/paraglide/messages.js";
import { formatDateTime } from "#worker/domain/dates";
import type { Locale } from "#worker/domain/locales";
import { evidenceSubmissionRefusal } from "#worker/orders/domain/chargebacks";
import { chargebackRecord, submitChargebackEvidence } from "#worker/orders/services/chargeback-evidence";
import { createStripe } from "#worker/payments/stripe-client";
import { cometNow } from "#worker/services/clock";
import { adminTitle } from "./admin-title";
import { chargebackEvidenceView, chargebackFactsView } from "./chargeback-texts.server";
import { requireAdmin } from "./guard.server";
import type { Route } from "./+types/chargeback";

/**
 * /admin/chargebacks/:chargebackId: one card issuer's dispute of an order's payment (decision 103): its facts, the
 * evidence gathered from the order as it will be sent, and while Stripe waits for it before the due date, the button
 * that submits it (the service names the admin in the audit log). Anyone but an admin, and an unknown id, get the
 * site's 404.
 */
export async function loader({ context, params }: Route.LoaderArgs) {
  requireAdmin(context);
  const { db, env, locale } = context.get(requestContext);
  const [record, now] = await Promise.all([chargebackRecord(db.$client, params.chargebackId), cometNow(env)]);
  if (!record) throw data(null, { status: 404 });
  const refusal = evidenceSubmissionRefusal(record.summary, now);
  return {
    facts: chargebackFactsView(record.summary, now, locale),
    evidence: record.evidence ? chargebackEvidenceView(record.evidence, locale) : null,
    // The button only when the service would take it: Stripe waits, the due date is ahead, and there is a record.
    canSubmit: refusal === null && record.evidence !== null,
    note: submissionNote(record.summary.evidenceSubmittedAt, refusal, locale),
  };
}

/** Why there is no button: the evidence went on a day, its due date passed, or Stripe is not waiting for it. */
function submissionNote(submittedAt: number | null, refusal: string | null, locale: Locale) {
  if (submittedAt !== null) return m.chargebacks_admin_submitted({ date: formatDateTime(submittedAt, locale) });
  if (refusal === "past_due") return m.chargebacks_error_past_due();
  return refusal === null ? null : m.chargebacks_not_awaiting();
}

/** The page posts one thing: the submission, named by its intent. */
const SubmitForm = v.object({ intent: v.literal("submit_evidence") });

const REFUSALS = {
  not_awaiting_evidence: { message: m.chargebacks_error_not_awaiting_evidence, status: 409 },
  past_due: { message: m.chargebacks_error_past_due, status: 409 },
  stripe_failed: { message: m.chargebacks_error_stripe_failed, status: 502 },
} as const;

export type SubmitAnswer = { ok: true; message: string } | { ok: false; message: string };

export async function action({ request, context, params }: Route.ActionArgs) {
  const admin = requireAdmin(context);
  const { db, env, locale } = context.get(requestContext);
  const form = await readFormData(request, locale);
  if (!v.safeParse(SubmitForm, Object.fromEntries(form)).success)
    return data<SubmitAnswer>({ ok: false, message: m.chargebacks_error_form() }, { status: 400 });
  let stripe: ReturnType<typeof createStripe>;
  try {
    stripe = createStripe(env);
  } catch {
    return data<SubmitAnswer>({ ok: false, message: m.chargebacks_error_stripe_failed() }, { status: 502 });
  }
  const result = await submitChargebackEvidence(
    { d1: db.$client, stripe },
    params.chargebackId,
    { userAccountId: admin.accountId },
    await cometNow(env),
  );
  if (result.ok) return { ok: true, message: m.chargebacks_submitted_notice() } satisfies SubmitAnswer;
  if (result.error === "not_found") throw data(null, { status: 404 });
  const refusal = REFUSALS[result.error];
  return data<SubmitAnswer>({ ok: false, message: refusal.message() }, { status: refusal.status });
}

export const meta: Route.MetaFunction = ({ loaderData }) =>
  adminTitle(loaderData ? loaderData.facts.heading : m.chargebacks_title());

function SubmitEvidence({ answer }: { answer: SubmitAnswer | undefined }) {
  const busy = useNavigation().state !== "idle";
  return (
    <Form method="post" className="space-y-2 rounded-xl border-2 border-amber-500 p-4 dark:border-amber-400">
      <p className="text-sm text-zinc-800 dark:text-zinc-200">{m.chargebacks_submit_note()}</p>
      {answer && !answer.ok && (
        <p role="alert" className="text-sm font-medium text-red-800 dark:text-red-300">
          {answer.message}
        </p>
      )}
      <button type="submit" name="intent" value="submit_evidence" className="button-primary" disabled={busy}>
        {m.chargebacks_submit()}
      </button>
    </Form>
  );
}

export default function AdminChargeback({ loaderData, actionData }: Route.ComponentProps) {
  const { facts, evidence, canSubmit } = loaderData;
  return (
    <DashboardPage title={facts.heading}>
      <Link to="/admin/disputes" className="text-sm text-sky-800 underline dark:text-sky-300">
        {m.chargebacks_admin_back()}
      </Link>
      <dl className="grid gap-1 text-sm text-zinc-700 sm:grid-cols-[auto_1fr] sm:gap-x-4 dark:text-zinc-300">
        {facts.rows.map((row) => (
          <div key={row.label} className="contents">
            <dt className="font-medium">{row.label}</dt>
            <dd className="break-all">{row.value}</dd>
          </div>
        ))}
      </dl>
      {actionData?.ok && (
        <p
          role="status"
          className="rounded-lg border border-emerald-600 p-3 text-sm font-medium text-emerald-900 dark:text-emerald-200"
        >
          {actionData.message}
        </p>
      )}
      {canSubmit ? (
        <SubmitEvidence answer={actionData} />
      ) : (
        loaderData.note && (
          <p
            data-testid="chargeback-submission"
            className="rounded-lg border border-zinc-200 p-4 text-sm text-zinc-700 dark:border-zinc-700 dark:text-zinc-300"
          >
            {loaderData.note}
          </p>
        )
      )}
      {evidence ? (
        <ChargebackEvidenceSection evidence={evidence} />
      ) : (
        <RecordSection id="chargeback-evidence" title={m.chargebacks_evidence_heading()}>
          <p className="text-sm text-zinc-700 dark:text-zinc-300">{m.chargebacks_evidence_none()}</p>
        </RecordSection>
      )}
    </DashboardPage>
  );
}
