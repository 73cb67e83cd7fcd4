import { Form, data, useNavigation } from "react-router";
import { DashboardPage, dashboardTitle } from "~/components/dashboard/dashboard-page";
import { FormStatus, SubmitButton } from "~/components/form/form-status";
import { TextField } from "~/components/form/text-field";
import { TextareaField } from "~/components/form/textarea-field";
import { requestContext } from "~/lib/request-context";
import { m } from "~/paraglide/messages.js";
import { parseFields, profileSettingsSchema } from "../../../worker/domain/validation";
import { translateErrors } from "../../../worker/domain/validation-messages";
import { getProfileSettings, updateProfileSettings } from "../../../worker/services/profile";
import { requireUser } from "./guards.server";
import type { Route } from "./+types/setting-profile";

const BIO_MAX = 160;
const FIELDS = ["name", "handle", "bio"] as const;
type Values = Record<(typeof FIELDS)[number], string>;

export async function loader({ context }: Route.LoaderArgs) {
  const user = requireUser(context);
  const { db, locale } = context.get(requestContext);
  const profile = await getProfileSettings(db, user.accountId, locale);
  if (!profile) throw data(null, { status: 404 });
  return { profile };
}

export async function action({ request, context }: Route.ActionArgs) {
  const user = requireUser(context);
  const { db, locale } = context.get(requestContext);
  const form = await request.formData();
  const values = Object.fromEntries(FIELDS.map((field) => [field, String(form.get(field) ?? "")])) as Values;
  const parsed = parseFields(profileSettingsSchema, values);
  if (!parsed.ok) return data({ saved: false, errors: translateErrors(parsed.errors, locale), values }, { status: 400 });
  const result = await updateProfileSettings(db, user.accountId, parsed.data, locale);
  if (!result.ok) return data({ saved: false, errors: translateErrors(result.errors, locale), values }, { status: 400 });
  return { saved: true, errors: null, values: null };
}

export const meta: Route.MetaFunction = () => dashboardTitle(m.settings_profile_title());

export default function SettingProfilePage({ loaderData, actionData }: Route.ComponentProps) {
  const { profile } = loaderData;
  const navigation = useNavigation();
  const busy = navigation.state === "submitting" && navigation.formMethod === "POST";
  const errors = actionData?.errors ?? {};
  const values: Values = actionData?.values ?? { name: profile.name, handle: profile.handle, bio: profile.bio };
  return (
    <DashboardPage title={m.settings_profile_title()} intro={m.settings_profile_intro()}>
      <section aria-labelledby="avatar-label" className="flex items-center gap-4">
        {profile.avatarUrl ? (
          <img src={profile.avatarUrl} alt={m.settings_avatar_alt()} className="size-20 shrink-0 rounded-full object-cover" width={80} height={80} />
        ) : (
          <span aria-hidden="true" className="flex size-20 shrink-0 items-center justify-center rounded-full bg-zinc-200 text-2xl font-semibold text-zinc-700 uppercase dark:bg-zinc-800 dark:text-zinc-200">
            {profile.handle.slice(0, 1)}
          </span>
        )}
        <div>
          <h2 id="avatar-label" className="text-sm font-medium text-zinc-900 dark:text-zinc-100">
            {m.settings_avatar_label()}
          </h2>
          {!profile.avatarUrl && <p className="text-sm text-zinc-700 dark:text-zinc-300">{m.settings_avatar_none()}</p>}
          <p className="text-sm text-zinc-600 dark:text-zinc-400">{m.settings_avatar_later()}</p>
        </div>
      </section>
      {/* Keyed by the saved profile: after a save the fields restart from what was stored (trimmed and all). */}
      <Form method="post" noValidate className="max-w-xl space-y-5" key={`${profile.handle}\n${profile.name}\n${profile.bio}`}>
        <TextField name="name" label={m.settings_name_label()} hint={m.settings_name_hint()} error={errors.name} defaultValue={values.name} autoComplete="nickname" />
        <TextField
          name="handle"
          label={m.settings_handle_label()}
          hint={m.settings_handle_hint({ handle: profile.handle })}
          error={errors.handle}
          defaultValue={values.handle}
          autoComplete="username"
          autoCapitalize="none"
          spellCheck={false}
        />
        <TextareaField
          name="bio"
          label={m.settings_bio_label()}
          hint={m.settings_bio_hint()}
          error={errors.bio}
          defaultValue={values.bio}
          maxLength={BIO_MAX}
          rows={4}
          counter={{
            visible: (count, max) => m.settings_bio_counter({ count, max }),
            spoken: (count, max) => m.settings_bio_counter_label({ count, max }),
          }}
        />
        <FormStatus saved={Boolean(actionData?.saved) && !busy} savedText={m.settings_saved()} errorText={actionData?.errors ? m.settings_errors_summary() : undefined} />
        <SubmitButton busy={busy} label={m.settings_save()} busyLabel={m.settings_saving()} />
      </Form>
    </DashboardPage>
  );
}
