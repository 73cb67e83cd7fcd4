import { useState } from "react";
import { SelectField } from "#app/components/form/select-field";
import { TextField } from "#app/components/form/text-field";
import { TextareaField } from "#app/components/form/textarea-field";
import { Form } from "react-router";
import { FormStatus } from "#app/components/form/form-status";
import { useHydrated } from "#app/components/form/typed-before-hydration";
import { m } from "#app/paraglide/messages.js";
import { VISIBILITY_STATUSES, type VisibilityStatus } from "#worker/db/schema/enums";
import type { WorkDraft } from "#worker/domain/portfolio";
import { CLIENT_HANDLE_MAX, USER_CATEGORY_MAX_LENGTH, WORK_TEXT_MAX, addTag } from "#worker/domain/portfolio-fields";
import { emptyGrantsDraft } from "#worker/domain/work-grants";
import type { WorkEditAccess } from "#worker/services/portfolio";
import { WorkMediaField, WorkOgImagesField, type KeyedMedia, type MediaTexts } from "./work-editor-media";
import { WorkGrantsField, type GrantsTexts } from "./work-grants-field";
import { TagInput, type TagTexts } from "./tag-input";
import { ChipListInput } from "./chip-list-input";
import { ErrorText } from "#app/components/form/error-text";
import { CheckedInput } from "#app/components/form/checked-input";

/**
 * The editor's fixed texts, made by the loader in the reader's language (decision 030's pattern, as GrantsTexts: the
 * page only shows them, so their messages stay out of the editor's JavaScript). See workEditorTextsFor in
 * portfolio-work.server.ts. Texts with a value in them (a remove button's name) stay messages.
 */
export interface WorkEditorTexts {
  client: string;
  clientHint: string;
  /** The client field's hint on a client work whose client is gone. */
  clientFormer: string;
  title: string;
  description: string;
  media: MediaTexts;
  /** Shown while the work has no media: it is saved as a draft until it has some (decision 060). */
  draftUntilMedia: string;
  ogImages: MediaTexts & { add: string; imagesOnly: string };
  rating: string;
  categories: string;
  userCategories: string;
  userCategoriesHint: string;
  userCategoryAdd: string;
  tags: TagTexts;
  visibility: string;
  /** PRIVATE is not "only you": the access lists below let others in (032-work-editor-grants.md). */
  visibilities: Record<VisibilityStatus, string>;
  credits: string;
  creditsHint: string;
  saved: string;
  errorsSummary: string;
  save: string;
  saving: string;
}

type EditorState = Omit<WorkDraft, "medias" | "ogImages"> & { medias: KeyedMedia[]; ogImages: KeyedMedia[] };

const keyed = (list: WorkDraft["medias"] | undefined, prefix: string): KeyedMedia[] =>
  (list ?? []).map((x, i) => ({ ...x, key: x.id ?? `${prefix}${i}` }));

/**
 * The portfolio work editor: client state posted as JSON, so a refused save keeps the input. `access.canAdmin`
 * false (an edit grantee, 032-work-editor-grants.md): visibility, access lists, credits and client are shown
 * read-only, and the server keeps them as stored.
 */
export function WorkEditor(props: {
  draft: WorkDraft;
  access: WorkEditAccess;
  saved?: boolean;
  errors: Record<string, string>;
  busy: boolean;
  categories: { code: string; name: string }[];
  ratings: { code: string; name: string }[];
  grantsTexts: GrantsTexts;
  texts: WorkEditorTexts;
}) {
  const { errors, busy, categories, ratings, texts } = props;
  const canAdmin = props.access.canAdmin;
  const [draft, setDraft] = useState<EditorState>(() => ({
    ...props.draft,
    medias: keyed(props.draft.medias, "m"),
    ogImages: keyed(props.draft.ogImages, "og"),
    userCategories: props.draft.userCategories ?? [],
    grants: props.draft.grants ?? emptyGrantsDraft(),
  }));
  const set = (patch: Partial<typeof draft>) => setDraft((d) => ({ ...d, ...patch }));
  const hasErrors = Object.keys(errors).length > 0;
  // The payload below is the state: posted before hydration it would be the server's draft, not what is on screen.
  const hydrated = useHydrated();

  return (
    <Form method="post" noValidate className="max-w-2xl space-y-6">
      <input type="hidden" name="payload" value={JSON.stringify(draft)} />
      {draft.client !== undefined ? (
        <TextField
          id="work-client"
          label={texts.client}
          value={draft.client}
          maxLength={CLIENT_HANDLE_MAX + 1}
          aria-required={!(props.draft.id && props.draft.client === "")}
          readOnly={!canAdmin}
          hint={props.draft.id && props.draft.client === "" ? texts.clientFormer : texts.clientHint}
          error={errors.client}
          onValueChange={(client) => set({ client })}
        />
      ) : null}
      <TextField
        id="work-title"
        label={texts.title}
        value={draft.title}
        maxLength={WORK_TEXT_MAX}
        aria-required
        error={errors.title}
        onValueChange={(title) => set({ title })}
      />
      <TextareaField
        rows={3}
        id="work-description"
        label={texts.description}
        value={draft.description}
        maxLength={WORK_TEXT_MAX}
        aria-required
        error={errors.description}
        onValueChange={(description) => set({ description })}
      />

      {draft.medias.length === 0 ? (
        <p
          className="rounded-md border border-amber-700 bg-amber-50 px-3 py-2 text-sm text-amber-900 dark:border-amber-400 dark:bg-amber-950 dark:text-amber-100"
          data-testid="work-draft-until-media"
        >
          {texts.draftUntilMedia}
        </p>
      ) : null}
      <WorkMediaField
        texts={texts.media}
        workId={props.draft.id}
        title={draft.title}
        medias={draft.medias}
        errors={errors}
        onChange={(medias) => set({ medias })}
      />
      <WorkOgImagesField
        texts={texts.ogImages}
        workId={props.draft.id}
        title={draft.title}
        medias={draft.ogImages}
        errors={errors}
        onChange={(ogImages) => set({ ogImages })}
      />

      <SelectField
        id="work-rating"
        label={texts.rating}
        value={draft.contentRatingCode}
        error={errors.contentRatingCode}
        options={ratings.map((r) => ({ value: r.code, label: r.name }))}
        onValueChange={(contentRatingCode) => set({ contentRatingCode })}
      />

      <fieldset className="space-y-2">
        <legend className="text-sm font-semibold text-zinc-900 dark:text-zinc-100">{texts.categories}</legend>
        <ErrorText id="categories-error" text={errors.categoryCodes} />
        <div className="grid gap-1 sm:grid-cols-2">
          {categories.map((c) => (
            <label key={c.code} className="flex min-h-9 items-center gap-2 text-sm text-zinc-900 dark:text-zinc-100">
              <CheckedInput
                type="checkbox"
                className="size-5 accent-brand-600"
                checked={draft.categoryCodes.includes(c.code)}
                // From the latest draft: at hydration, each box ticked before it is told in turn (decision 060).
                onCheckedChange={(checked) =>
                  setDraft((d) => ({
                    ...d,
                    categoryCodes: checked
                      ? [...d.categoryCodes.filter((x) => x !== c.code), c.code]
                      : d.categoryCodes.filter((x) => x !== c.code),
                  }))
                }
              />
              {c.name}
            </label>
          ))}
        </div>
      </fieldset>

      <ChipListInput
        label={texts.userCategories}
        hint={texts.userCategoriesHint}
        items={draft.userCategories ?? []}
        maxLength={USER_CATEGORY_MAX_LENGTH}
        addLabel={texts.userCategoryAdd}
        removeLabel={(name) => m.work_editor_user_category_remove({ name })}
        add={addTag}
        error={errors.userCategories}
        onChange={(userCategories) => set({ userCategories })}
      />

      <TagInput texts={texts.tags} tags={draft.tags} error={errors.tags} onChange={(tags) => set({ tags })} />

      <fieldset className="space-y-2">
        <legend className="text-sm font-semibold text-zinc-900 dark:text-zinc-100">{texts.visibility}</legend>
        {VISIBILITY_STATUSES.map((status) => (
          <label key={status} className="flex min-h-9 items-center gap-2 text-sm text-zinc-900 dark:text-zinc-100">
            <CheckedInput
              type="radio"
              name="visibility-choice"
              className="size-5 accent-brand-600"
              checked={draft.visibility === status}
              disabled={!canAdmin}
              onCheckedChange={() => set({ visibility: status })}
            />
            {texts.visibilities[status]}
          </label>
        ))}
      </fieldset>

      <WorkGrantsField
        grants={draft.grants ?? emptyGrantsDraft()}
        texts={props.grantsTexts}
        readOnly={!canAdmin}
        errors={errors}
        onChange={(grants) => set({ grants })}
      />

      <TextField
        id="work-credits"
        label={texts.credits}
        value={draft.credits}
        readOnly={!canAdmin}
        hint={texts.creditsHint}
        error={errors.credits}
        onValueChange={(credits) => set({ credits })}
      />

      <FormStatus
        saved={Boolean(props.saved) && !hasErrors}
        savedText={texts.saved}
        errorText={hasErrors ? texts.errorsSummary : undefined}
      />
      <button type="submit" disabled={busy || !hydrated} className="button-primary min-h-11 disabled:opacity-70">
        {busy ? texts.saving : texts.save}
      </button>
    </Form>
  );
}
