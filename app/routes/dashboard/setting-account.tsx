import { Form, data, redirect, useNavigation } from "react-router";
import { currencyOptions } from "#app/lib/currency-names";
import { languageLabel } from "#app/lib/language-names";
import { DASHBOARD_PATHS } from "#app/components/dashboard/dashboard-paths";
import { DashboardPage, dashboardTitle } from "#app/components/dashboard/dashboard-page";
import { FormStatus, SubmitButton } from "#app/components/form/form-status";
import { SelectField } from "#app/components/form/select-field";
import { TextField } from "#app/components/form/text-field";
import { requestContext } from "#app/lib/request-context";
import { keptForRetry, readFormData } from "#app/lib/form-data.server";
import { m } from "#app/paraglide/messages.js";
import { accountSettingsSchema, parseFields } from "#worker/domain/validation";
import { isLocale } from "#worker/domain/locales";
import { translateErrors } from "#worker/messages/validation";
import { preferenceCookie } from "#worker/http/cookies";
import { getAccountSettings, updateAccountSettings } from "#worker/services/profile";
import { listLanguages } from "#worker/services/preferences";
import { inviteCodeOf } from "#worker/services/invitations";
import { invitePath } from "#worker/domain/invitations";
import { InviteLinkField } from "#app/components/invitations/invite-link-field";
import { requireUser } from "./guards.server";
import { DATA_EXPORT_INTENTS, actOnDataExport, dataExportSection } from "./data-export.server";
import { DataExportSection } from "#app/components/settings/data-export-section";
import { DELETE_ACCOUNT_INTENT, accountDeletionSection, deleteAccountAction } from "./account-deletion.server";
import { AccountDeletionSection } from "#app/components/settings/account-deletion-section";
import { ADULT_CONTENT_INTENT, adultContentAction, adultContentSection } from "./adult-content.server";
import { AdultContentSection } from "#app/components/settings/adult-content-section";
import type { Route } from "./+types/setting-account";

const FIELDS = ["birthday", "displayLanguageCode", "displayCurrencyCode", "inputLanguageCode"] as const;
type Values = Record<(typeof FIELDS)[number], string>;

export async function loader({ request, context }: Route.LoaderArgs) {
  const user = requireUser(context);
  const { db, locale, url } = context.get(requestContext);
  const [account, languages, inviteCode] = await Promise.all([
    getAccountSettings(db, user.accountId),
    listLanguages(db, locale),
    inviteCodeOf(db, user.accountId),
  ]);
  if (!account) throw data(null, { status: 404 });
  // Set after a save that changed the language: that save redirects here so the page renders in the new language.
  const saved = new URL(request.url).searchParams.has("saved");
  // The invite section's words come from here, so the page's JavaScript carries none of them (decision 053).
  const invite = {
    url: new URL(invitePath(inviteCode), url.origin).toString(),
    title: m.invitations_title(),
    body: m.invitations_body(),
    field: {
      label: m.invitations_link_label(),
      hint: m.invitations_link_hint(),
      copy: m.invitations_copy(),
      copied: m.invitations_copied(),
    },
  };
  return {
    account,
    languages,
    saved,
    invite,
    adultContent: await adultContentSection(context, user),
    dataExport: await dataExportSection(context, user),
    accountDeletion: await accountDeletionSection(context, user),
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  const user = requireUser(context);
  const { db, locale } = context.get(requestContext);
  const form = await readFormData(request, locale);
  if (DATA_EXPORT_INTENTS.has(String(form.get("intent")))) return actOnDataExport(context, user, form);
  if (form.get("intent") === DELETE_ACCOUNT_INTENT) return deleteAccountAction(context, user, form);
  if (form.get("intent") === ADULT_CONTENT_INTENT) return adultContentAction(context, user, form);
  const values = Object.fromEntries(FIELDS.map((field) => [field, String(form.get(field) ?? "")])) as Values;
  const parsed = parseFields(accountSettingsSchema(Date.now()), values);
  if (!parsed.ok)
    return data(
      { saved: false, errors: translateErrors(parsed.errors, locale), values: keptForRetry(values) },
      { status: 400 },
    );
  const result = await updateAccountSettings(db, user.accountId, parsed.data);
  if (!result.ok)
    return data(
      { saved: false, errors: translateErrors(result.errors, locale), values: keptForRetry(values) },
      { status: 400 },
    );

  // The cookie outranks the account's language, so it must follow the new choice.
  const headers = {
    "Set-Cookie": preferenceCookie(new URL(request.url), "app-language", parsed.data.displayLanguageCode),
  };
  if (parsed.data.displayLanguageCode !== locale) {
    // This response was already bound to the old language; a fresh request renders in the new one, with or without JavaScript.
    return redirect(`${DASHBOARD_PATHS.settingsAccount}?saved`, { headers });
  }
  return data({ saved: true, errors: null, values: null }, { headers });
}

export const meta: Route.MetaFunction = () => dashboardTitle(m.settings_account_title());

export default function SettingAccountPage({ loaderData, actionData }: Route.ComponentProps) {
  const { account, languages } = loaderData;
  const navigation = useNavigation();
  const busy = navigation.state === "submitting" && navigation.formMethod === "POST";
  const errors = actionData?.errors ?? {};
  const values: Values = actionData?.values ?? {
    birthday: account.birthday,
    displayLanguageCode: account.displayLanguageCode,
    displayCurrencyCode: account.displayCurrencyCode,
    inputLanguageCode: account.inputLanguageCode,
  };
  const saved = !busy && (actionData ? actionData.saved : loaderData.saved);
  return (
    <DashboardPage title={m.settings_account_title()} intro={m.settings_account_intro()}>
      <Form
        method="post"
        noValidate
        className="max-w-xl space-y-5"
        key={`${account.birthday}\n${account.displayLanguageCode}\n${account.displayCurrencyCode}\n${account.inputLanguageCode}`}
      >
        {/* Read-only and ignored by the action: the sign-in address changes through its own flow. */}
        <TextField
          name="email"
          type="email"
          label={m.settings_email_label()}
          hint={m.settings_email_hint()}
          defaultValue={account.email}
          readOnly
        />
        <TextField
          name="birthday"
          type="date"
          label={m.settings_birthday_label()}
          hint={m.settings_birthday_hint()}
          error={errors.birthday}
          defaultValue={values.birthday}
          autoComplete="bday"
        />
        <SelectField
          name="displayLanguageCode"
          label={m.settings_language_label()}
          error={errors.displayLanguageCode}
          defaultValue={values.displayLanguageCode}
          options={languages
            .filter((language) => isLocale(language.code))
            .map((language) => ({ value: language.code, label: languageLabel(language) }))}
        />
        <SelectField
          name="inputLanguageCode"
          label={m.account_settings_input_language_label()}
          hint={m.account_settings_input_language_hint()}
          error={errors.inputLanguageCode}
          defaultValue={values.inputLanguageCode}
          options={languages.map((language) => ({ value: language.code, label: languageLabel(language) }))}
        />
        <SelectField
          name="displayCurrencyCode"
          label={m.settings_currency_label()}
          hint={m.settings_currency_hint()}
          error={errors.displayCurrencyCode}
          defaultValue={values.displayCurrencyCode}
          options={currencyOptions()}
        />
        <FormStatus
          saved={saved}
          savedText={m.settings_saved()}
          errorText={actionData?.errors ? m.settings_errors_summary() : undefined}
        />
        <SubmitButton busy={busy} label={m.settings_save()} busyLabel={m.settings_saving()} />
      </Form>
      <section
        aria-labelledby="invite-heading"
        className="max-w-xl space-y-3 border-t border-zinc-200 pt-6 dark:border-zinc-800"
      >
        <h2 id="invite-heading" className="text-lg font-semibold text-zinc-900 dark:text-zinc-50">
          {loaderData.invite.title}
        </h2>
        <p className="text-sm text-zinc-700 dark:text-zinc-300">{loaderData.invite.body}</p>
        <InviteLinkField url={loaderData.invite.url} texts={loaderData.invite.field} />
      </section>
      <AdultContentSection section={loaderData.adultContent} />
      <DataExportSection section={loaderData.dataExport} />
      <AccountDeletionSection section={loaderData.accountDeletion} />
    </DashboardPage>
  );
}
