import { Form, Link, data } from "react-router";
import { currencyOptions } from "#app/lib/currency-names";
import { DashboardPage, dashboardTitle } from "#app/components/dashboard/dashboard-page";
import { FormStatus, SubmitButton } from "#app/components/form/form-status";
import { SelectField } from "#app/components/form/select-field";
import { TextareaField } from "#app/components/form/textarea-field";
import { TextField } from "#app/components/form/text-field";
import { controlBorder, controlClass } from "#app/components/form/field";
import { CheckedInput } from "#app/components/form/checked-input";
import { DASHBOARD_PATHS } from "#app/components/dashboard/dashboard-paths";
import { useIsPosting } from "#app/components/form/use-is-posting";
import { requestContext } from "#app/lib/request-context";
import { keptForRetry, readFormData } from "#app/lib/form-data.server";
import { m } from "#app/paraglide/messages.js";
import type { Locale } from "#worker/domain/locales";
import { DEFAULT_TERMS_MAX } from "#worker/domain/commission-form-fields";
import {
  parseCommissionSettings,
  settingsInputFrom,
  settingsInputOf,
  type CommissionSettingsInput,
} from "#worker/domain/commission-settings";
import { getCommissionSettings, saveCommissionSettings } from "#worker/services/commission-settings";
import { emailNewNotificationsSoon } from "#worker/services/notification-emails";
import { cometNow } from "#worker/services/clock";
import { creatorCapacity } from "#worker/services/waitlist";
import { requireCreatorSide } from "./guards.server";
import type { Route } from "./+types/commission-forms-general";
import { ErrorText } from "#app/components/form/error-text";
import { inputLanguageOf } from "#worker/domain/input-language";

/** The schema's message keys → texts (listed, not m[key], as in authoring-messages.ts). */
const MESSAGES: Record<string, (inputs: object, options: { locale: Locale }) => string> = {
  commission_settings_open_invalid: m.commission_settings_open_invalid,
  commission_settings_currency_invalid: m.commission_settings_currency_invalid,
  commission_settings_terms_max: m.commission_settings_terms_max,
  slots_invalid: m.slots_invalid,
};
const translate = (errors: Record<string, string>, locale: Locale) =>
  Object.fromEntries(
    Object.entries(errors).map(([field, key]) => [
      field,
      (MESSAGES[key] ?? m.commission_settings_errors_summary)({}, { locale }),
    ]),
  );

export async function loader({ context }: Route.LoaderArgs) {
  const user = requireCreatorSide(context);
  const { db, locale } = context.get(requestContext);
  const [settings, capacity] = await Promise.all([
    getCommissionSettings(db, user.accountId, locale),
    creatorCapacity(db.$client, user.commissionAccountId),
  ]);
  if (!settings) throw data(null, { status: 404 });
  return { values: settingsInputOf({ ...settings, ...(capacity && { capacity }) }) };
}

export async function action({ request, context }: Route.ActionArgs) {
  const user = requireCreatorSide(context);
  const { db, env, executionCtx, locale } = context.get(requestContext);
  const values = settingsInputFrom(await readFormData(request, locale));
  const parsed = parseCommissionSettings(values);
  if (!parsed.ok)
    return data(
      { saved: false, errors: translate(parsed.errors, locale), values: keptForRetry(values) },
      { status: 400 },
    );
  const result = await saveCommissionSettings(
    db,
    user.accountId,
    parsed.data,
    inputLanguageOf(user),
    await cometNow(env),
  );
  if (!result.ok) {
    if (result.reason === "not_found") throw data(null, { status: 404 });
    return data(
      { saved: false, errors: translate(result.errors, locale), values: keptForRetry(values) },
      { status: 400 },
    );
  }
  // The notices the save made (followers told the creator opened, a freed slot offered to the first in line) are
  // mailed after the answer, not at the cron's next sweep.
  emailNewNotificationsSoon(env, (work) => executionCtx.waitUntil(work));
  return { saved: true, errors: null, values: null };
}

export const meta: Route.MetaFunction = () => dashboardTitle(m.commission_settings_title());

function OpenChoice({
  value,
  label,
  detail,
  checked,
}: {
  value: "open" | "closed";
  label: string;
  detail: string;
  checked: boolean;
}) {
  const id = `open-${value}`;
  return (
    <label
      htmlFor={id}
      className="flex min-h-11 cursor-pointer items-start gap-3 rounded-lg border border-zinc-300 p-3 has-[:checked]:border-brand-600 has-[:checked]:bg-brand-50 has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-brand-500 dark:border-zinc-600 dark:has-[:checked]:border-brand-400 dark:has-[:checked]:bg-zinc-800"
    >
      <input
        id={id}
        type="radio"
        name="openForCommissions"
        value={value}
        defaultChecked={checked}
        aria-describedby={`${id}-detail`}
        className="mt-0.5 size-5 shrink-0 accent-brand-600"
      />
      <span>
        <span className="block font-medium text-zinc-900 dark:text-zinc-100">{label}</span>
        <span id={`${id}-detail`} className="block text-sm text-zinc-700 dark:text-zinc-300">
          {detail}
        </span>
      </span>
    </label>
  );
}

export default function CommissionFormsGeneralPage({ loaderData, actionData }: Route.ComponentProps) {
  const busy = useIsPosting();
  const errors: Record<string, string> = actionData?.errors ?? {};
  const values: CommissionSettingsInput = actionData?.values ?? loaderData.values;
  const saved = !busy && Boolean(actionData?.saved);
  return (
    <DashboardPage title={m.commission_settings_title()} intro={m.commission_settings_intro()}>
      {/* Keyed by what is stored, so a successful save shows the stored values and a refused one keeps what was typed. */}
      <Form
        method="post"
        noValidate
        className="max-w-2xl space-y-6"
        key={actionData?.values ? "retry" : JSON.stringify(loaderData.values)}
      >
        <fieldset className="space-y-2" aria-describedby="open-hint">
          <legend className="text-sm font-semibold text-zinc-900 dark:text-zinc-100">
            {m.commission_settings_open_legend()}
          </legend>
          <p id="open-hint" className="text-sm text-zinc-600 dark:text-zinc-400">
            {m.commission_settings_open_hint()}
          </p>
          <ErrorText text={errors.openForCommissions} />
          <div className="grid gap-2 sm:grid-cols-2">
            <OpenChoice
              value="open"
              label={m.commission_settings_open_yes()}
              detail={m.commission_settings_open_yes_detail()}
              checked={values.openForCommissions === "open"}
            />
            <OpenChoice
              value="closed"
              label={m.commission_settings_open_no()}
              detail={m.commission_settings_open_no_detail()}
              checked={values.openForCommissions === "closed"}
            />
          </div>
        </fieldset>
        <SelectField
          name="defaultCurrency"
          label={m.commission_settings_currency_label()}
          hint={m.commission_settings_currency_hint()}
          error={errors.defaultCurrency}
          defaultValue={values.defaultCurrency}
          options={currencyOptions()}
        />
        <TextareaField
          name="defaultTerms"
          label={m.commission_settings_terms_label()}
          hint={m.commission_settings_terms_hint()}
          error={errors.defaultTerms}
          defaultValue={values.defaultTerms}
          maxLength={DEFAULT_TERMS_MAX}
          rows={8}
        />
        <fieldset className="space-y-4">
          <legend className="text-sm font-semibold text-zinc-900 dark:text-zinc-100">
            {m.commission_settings_capacity_legend()}
          </legend>
          <TextField
            name="slots"
            label={m.commission_settings_slots_label()}
            hint={m.commission_settings_slots_hint()}
            error={errors.slots}
            defaultValue={values.slots ?? ""}
            inputMode="numeric"
            autoComplete="off"
            maxLength={3}
            className={`${controlClass} ${controlBorder(Boolean(errors.slots))} max-w-32`}
          />
          <label
            htmlFor="waitlist-closed"
            className="flex min-h-11 cursor-pointer items-start gap-3 rounded-lg border border-zinc-300 p-3 has-[:checked]:border-brand-600 has-[:checked]:bg-brand-50 has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-brand-500 dark:border-zinc-600 dark:has-[:checked]:border-brand-400 dark:has-[:checked]:bg-zinc-800"
          >
            <CheckedInput
              id="waitlist-closed"
              type="checkbox"
              name="waitlistClosed"
              value="on"
              defaultChecked={values.waitlistClosed === "on"}
              aria-describedby="waitlist-closed-detail"
              className="mt-0.5 size-5 shrink-0 accent-brand-600"
            />
            <span>
              <span className="block font-medium text-zinc-900 dark:text-zinc-100">
                {m.commission_settings_waitlist_closed()}
              </span>
              <span id="waitlist-closed-detail" className="block text-sm text-zinc-700 dark:text-zinc-300">
                {m.commission_settings_waitlist_closed_detail()}
              </span>
            </span>
          </label>
          <Link
            to={DASHBOARD_PATHS.waitlist}
            className="inline-flex min-h-11 items-center text-sm font-semibold text-brand-700 underline dark:text-brand-300"
          >
            {m.commission_settings_waitlist_link()}
          </Link>
        </fieldset>
        <FormStatus
          saved={saved}
          savedText={m.commission_settings_saved()}
          errorText={actionData?.errors ? m.commission_settings_errors_summary() : undefined}
        />
        <SubmitButton busy={busy} label={m.commission_settings_save()} busyLabel={m.commission_settings_saving()} />
      </Form>
    </DashboardPage>
  );
}
