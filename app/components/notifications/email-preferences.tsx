// The e-mail choices of /dashboard/setting/profile/notification (decision 023): one checkbox per notification type,
// grouped, posted to the route's action as a whole. Its texts come from the loader, so none is in the page's chunk.
import { Form, useNavigation } from "react-router";
import { FormStatus } from "#app/components/form/form-status";

export const EMAIL_PREFERENCES_INTENT = "email-preferences";

export interface EmailPreferenceGroup {
  legend: string;
  choices: { type: string; label: string; enabled: boolean }[];
}

export interface EmailPreferencesTexts {
  title: string;
  description: string;
  save: string;
  saved: string;
}

export function EmailPreferences({
  groups,
  texts,
  saved,
}: {
  groups: EmailPreferenceGroup[];
  texts: EmailPreferencesTexts;
  saved: boolean;
}) {
  const navigation = useNavigation();
  const saving = navigation.state !== "idle" && navigation.formData?.get("intent") === EMAIL_PREFERENCES_INTENT;
  return (
    <section
      aria-labelledby="email-preferences-title"
      className="space-y-4 rounded-lg border border-zinc-200 p-4 dark:border-zinc-800"
    >
      <div>
        <h2 id="email-preferences-title" className="text-lg font-semibold text-zinc-900 dark:text-zinc-100">
          {texts.title}
        </h2>
        <p className="text-sm text-zinc-700 dark:text-zinc-300">{texts.description}</p>
      </div>
      <Form method="post" className="space-y-4">
        <div className="grid gap-4 sm:grid-cols-2">
          {groups.map((group) => (
            <fieldset key={group.legend} className="space-y-1">
              <legend className="text-sm font-semibold text-zinc-900 dark:text-zinc-100">{group.legend}</legend>
              {group.choices.map((choice) => (
                <label
                  key={choice.type}
                  className="flex min-h-9 items-center gap-2 text-sm text-zinc-900 dark:text-zinc-100"
                >
                  <input
                    type="checkbox"
                    name="email"
                    value={choice.type}
                    defaultChecked={choice.enabled}
                    className="size-5 accent-brand-600"
                  />
                  {choice.label}
                </label>
              ))}
            </fieldset>
          ))}
        </div>
        <FormStatus saved={saved && !saving} savedText={texts.saved} />
        <button
          type="submit"
          name="intent"
          value={EMAIL_PREFERENCES_INTENT}
          disabled={saving}
          className="button-primary min-h-11 disabled:cursor-wait disabled:opacity-70"
        >
          {texts.save}
        </button>
      </Form>
    </section>
  );
}
