import { Form, data, useNavigation, useRevalidator } from "react-router";
import { DashboardPage, dashboardTitle } from "#app/components/dashboard/dashboard-page";
import { FormStatus, SubmitButton } from "#app/components/form/form-status";
import { TextField } from "#app/components/form/text-field";
import { TextareaField } from "#app/components/form/textarea-field";
import { PictureUpload } from "#app/components/media/picture-upload";
import { requestContext } from "#app/lib/request-context";
import { keptForRetry, readFormData } from "#app/lib/form-data.server";
import { m } from "#app/paraglide/messages.js";
import { parseFields, profileSettingsSchema } from "#worker/domain/validation";
import { translateErrors } from "#worker/messages/validation";
import { getProfileSettings, updateProfileSettings } from "#worker/services/profile";
import { getProfilePictures } from "#worker/media/services/storage";
import { profileSettingsTexts } from "./setting-profile-texts.server";
import { requireUser } from "./guards.server";
import type { Route } from "./+types/setting-profile";
import { inputLanguageOf } from "#worker/domain/input-language";
import { acceptAttribute, findUploadRule } from "#worker/media/domain/upload-rules";

const BIO_MAX = 160;
const FIELDS = ["name", "handle", "bio"] as const;
type Values = Record<(typeof FIELDS)[number], string>;

export async function loader({ context }: Route.LoaderArgs) {
  const user = requireUser(context);
  const { db, locale } = context.get(requestContext);
  const profile = await getProfileSettings(db, user.accountId, locale);
  if (!profile) throw data(null, { status: 404 });
  const pictures = await getProfilePictures(db, user.profileId);
  // The pickers' accept lists come from here, so the page's JavaScript carries the upload rules only once a file is chosen.
  const pictureAccept = {
    avatar: acceptAttribute(findUploadRule("user-profile", "avatar")!),
    cover: acceptAttribute(findUploadRule("user-profile", "cover")!),
  };
  return { profile, profileId: user.profileId, pictures, pictureAccept, texts: profileSettingsTexts(profile.handle) };
}

export async function action({ request, context }: Route.ActionArgs) {
  const user = requireUser(context);
  const { db, locale } = context.get(requestContext);
  const form = await readFormData(request, locale);
  const values = Object.fromEntries(FIELDS.map((field) => [field, String(form.get(field) ?? "")])) as Values;
  const parsed = parseFields(profileSettingsSchema, values);
  if (!parsed.ok)
    return data(
      { saved: false, errors: translateErrors(parsed.errors, locale), values: keptForRetry(values) },
      { status: 400 },
    );
  const result = await updateProfileSettings(db, user.accountId, parsed.data, inputLanguageOf(user));
  if (!result.ok)
    return data(
      { saved: false, errors: translateErrors(result.errors, locale), values: keptForRetry(values) },
      { status: 400 },
    );
  return { saved: true, errors: null, values: null };
}

export const meta: Route.MetaFunction = ({ loaderData }) => (loaderData ? dashboardTitle(loaderData.texts.title) : []);

export default function SettingProfilePage({ loaderData, actionData }: Route.ComponentProps) {
  const { profile, texts } = loaderData;
  const navigation = useNavigation();
  const revalidator = useRevalidator();
  const busy = navigation.state === "submitting" && navigation.formMethod === "POST";
  const errors = actionData?.errors ?? {};
  const values: Values = actionData?.values ?? { name: profile.name, handle: profile.handle, bio: profile.bio };
  return (
    <DashboardPage title={texts.title} intro={texts.intro}>
      {/* Uploaded through /api/google/storage/upload; the header's avatar follows once the root data reloads. */}
      {(["avatar", "cover"] as const).map((field) => (
        <PictureUpload
          key={field}
          domain="user-profile"
          domainId={loaderData.profileId}
          field={field}
          variant={field}
          accept={loaderData.pictureAccept[field]}
          currentUrl={loaderData.pictures[`${field}Url`]}
          {...texts.pictures[field]}
          onUploaded={() => revalidator.revalidate()}
        />
      ))}
      {/* Keyed by the saved profile: after a save the fields restart from what was stored (trimmed and all). */}
      <Form
        method="post"
        noValidate
        className="max-w-xl space-y-5"
        key={`${profile.handle}\n${profile.name}\n${profile.bio}`}
      >
        <TextField
          name="name"
          label={texts.nameLabel}
          hint={texts.nameHint}
          error={errors.name}
          defaultValue={values.name}
          autoComplete="nickname"
        />
        <TextField
          name="handle"
          label={texts.handleLabel}
          hint={texts.handleHint}
          error={errors.handle}
          defaultValue={values.handle}
          autoComplete="username"
          autoCapitalize="none"
          spellCheck={false}
        />
        <TextareaField
          name="bio"
          label={texts.bioLabel}
          hint={texts.bioHint}
          error={errors.bio}
          defaultValue={values.bio}
          maxLength={BIO_MAX}
          rows={4}
          counter={{
            visible: (count, max) => m.settings_bio_counter({ count, max }),
            spoken: (count, max) => m.settings_bio_counter_label({ count, max }),
          }}
        />
        <FormStatus
          saved={Boolean(actionData?.saved) && !busy}
          savedText={texts.saved}
          errorText={actionData?.errors ? texts.errorsSummary : undefined}
        />
        <SubmitButton busy={busy} label={texts.save} busyLabel={texts.saving} />
      </Form>
    </DashboardPage>
  );
}
