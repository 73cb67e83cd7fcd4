import { useState } from "react";
import { Form } from "react-router";
import { FormStatus } from "~/components/form/form-status";
import { m } from "~/paraglide/messages.js";
import type { MediaType } from "../../../worker/db/schema/enums";
import { buildMediaEntry } from "../../../worker/domain/media";
import { VISIBILITY_STATUSES, WORK_MEDIA_MAX, WORK_TEXT_MAX, workMediaLabel, type VisibilityStatus, type WorkDraft } from "../../../worker/domain/portfolio";
import { EditorSelect, EditorText, ErrorText, SmallButton } from "./fields";
import { TagInput } from "./tag-input";

export const MEDIA_LABELS: Record<"IMAGE" | "VIDEO" | "AUDIO" | "MODEL" | "OTHER", () => string> = {
  IMAGE: m.authoring_mediatype_IMAGE,
  VIDEO: m.authoring_mediatype_VIDEO,
  AUDIO: m.authoring_mediatype_AUDIO,
  MODEL: m.authoring_mediatype_MODEL,
  OTHER: m.authoring_mediatype_OTHER,
};

export function mediaLabel(type: MediaType | null): string | null {
  const label = workMediaLabel(type);
  return label ? MEDIA_LABELS[label]() : null;
}

const VISIBILITY_LABELS: Record<VisibilityStatus, () => string> = {
  PUBLIC: m.authoring_visibility_PUBLIC,
  UNLISTED: m.authoring_visibility_UNLISTED,
  PRIVATE: m.authoring_visibility_PRIVATE,
};

type KeyedMedia = WorkDraft["medias"][number] & { key: string };

/** The portfolio work editor: client state posted as JSON, so a refused save keeps the input. */
export function WorkEditor(props: {
  draft: WorkDraft;
  errors: Record<string, string>;
  busy: boolean;
  categories: { code: string; name: string }[];
  ratings: { code: string; name: string }[];
}) {
  const { errors, busy, categories, ratings } = props;
  const [draft, setDraft] = useState<Omit<WorkDraft, "medias"> & { medias: KeyedMedia[] }>(() => ({
    ...props.draft,
    medias: props.draft.medias.map((x, i) => ({ ...x, key: x.id ?? `m${i}` })),
  }));
  const [newUrl, setNewUrl] = useState("");
  const [limitHit, setLimitHit] = useState(false);
  const set = (patch: Partial<typeof draft>) => setDraft((d) => ({ ...d, ...patch }));
  const hasErrors = Object.keys(errors).length > 0;

  const addMedia = () => {
    const url = newUrl.trim();
    if (!url) return;
    if (draft.medias.length >= WORK_MEDIA_MAX) {
      setLimitHit(true);
      return;
    }
    set({ medias: [...draft.medias, { url, key: crypto.randomUUID() }] });
    setNewUrl("");
  };

  return (
    <Form method="post" noValidate className="max-w-2xl space-y-6">
      <input type="hidden" name="payload" value={JSON.stringify(draft)} />
      <EditorText id="work-title" label={m.authoring_field_title()} value={draft.title} maxLength={WORK_TEXT_MAX} required error={errors.title} onChange={(title) => set({ title })} />
      <EditorText
        id="work-description"
        label={m.authoring_field_description()}
        value={draft.description}
        multiline
        maxLength={WORK_TEXT_MAX}
        required
        error={errors.description}
        onChange={(description) => set({ description })}
      />

      <fieldset className="space-y-3">
        <legend className="text-sm font-semibold text-zinc-900 dark:text-zinc-100">{m.authoring_media_heading()}</legend>
        <p id="media-hint" className="text-sm text-zinc-600 dark:text-zinc-400">
          {m.authoring_media_hint()}
        </p>
        <ErrorText id="media-error" text={errors.medias} />
        {limitHit && (
          <p role="alert" className="text-sm font-medium text-red-700 dark:text-red-400">
            {m.authoring_media_limit()}
          </p>
        )}
        {draft.medias.length > 0 && (
          <ol className="space-y-2">
            {draft.medias.map((item, index) => {
              const entry = item.mediaType || !/^https?:\/\//i.test(item.url) ? null : buildMediaEntry({ formatType: "LINK", url: item.url });
              const type = mediaLabel(item.mediaType ?? entry?.mediaType ?? null) ?? m.authoring_mediatype_OTHER();
              return (
                <li key={item.key} className="space-y-1 rounded-md border border-zinc-300 p-2 dark:border-zinc-700">
                  <div className="flex flex-wrap items-center gap-2">
                    <span className="min-w-0 flex-1 text-sm break-all text-zinc-900 dark:text-zinc-100">{m.authoring_media_item({ type, url: item.url })}</span>
                    <SmallButton
                      target={m.authoring_media_context({ number: index + 1 })}
                      visible={m.authoring_remove()}
                      onClick={() => {
                        setLimitHit(false);
                        set({ medias: draft.medias.filter((_, i) => i !== index) });
                      }}
                    />
                  </div>
                  <ErrorText id={`media-${index}-error`} text={errors[`medias.${index}`]} />
                </li>
              );
            })}
          </ol>
        )}
        <div className="flex items-end gap-2">
          <div className="flex-1">
            <label htmlFor="work-media-url" className="block text-sm font-medium text-zinc-900 dark:text-zinc-100">
              {m.authoring_media_url_label()}
            </label>
            <input
              id="work-media-url"
              type="url"
              inputMode="url"
              value={newUrl}
              aria-describedby="media-hint"
              placeholder="https://"
              className="mt-1.5 block w-full rounded-md border border-zinc-400 bg-white px-3 py-2 text-base text-zinc-900 dark:border-zinc-600 dark:bg-zinc-900 dark:text-zinc-100"
              onChange={(e) => setNewUrl(e.currentTarget.value)}
              onKeyDown={(e) => {
                if (e.key === "Enter" && !e.nativeEvent.isComposing) {
                  e.preventDefault();
                  addMedia();
                }
              }}
            />
          </div>
          <button type="button" className="button-secondary min-h-11 shrink-0" onClick={addMedia}>
            {m.authoring_media_add()}
          </button>
        </div>
      </fieldset>

      <EditorSelect
        id="work-rating"
        label={m.authoring_field_content_rating()}
        value={draft.contentRatingCode}
        error={errors.contentRatingCode}
        options={ratings.map((r) => ({ value: r.code, label: r.name }))}
        onChange={(contentRatingCode) => set({ contentRatingCode })}
      />

      <fieldset className="space-y-2">
        <legend className="text-sm font-semibold text-zinc-900 dark:text-zinc-100">{m.authoring_field_categories()}</legend>
        <ErrorText id="categories-error" text={errors.categoryCodes} />
        <div className="grid gap-1 sm:grid-cols-2">
          {categories.map((c) => (
            <label key={c.code} className="flex min-h-9 items-center gap-2 text-sm text-zinc-900 dark:text-zinc-100">
              <input
                type="checkbox"
                className="size-5 accent-brand-600"
                checked={draft.categoryCodes.includes(c.code)}
                onChange={(e) => {
                  const checked = e.currentTarget.checked;
                  set({ categoryCodes: checked ? [...draft.categoryCodes, c.code] : draft.categoryCodes.filter((x) => x !== c.code) });
                }}
              />
              {c.name}
            </label>
          ))}
        </div>
      </fieldset>

      <TagInput tags={draft.tags} error={errors.tags} onChange={(tags) => set({ tags })} />

      <fieldset className="space-y-2">
        <legend className="text-sm font-semibold text-zinc-900 dark:text-zinc-100">{m.authoring_field_visibility()}</legend>
        {VISIBILITY_STATUSES.map((status) => (
          <label key={status} className="flex min-h-9 items-center gap-2 text-sm text-zinc-900 dark:text-zinc-100">
            <input type="radio" name="visibility-choice" className="size-5 accent-brand-600" checked={draft.visibility === status} onChange={() => set({ visibility: status })} />
            {VISIBILITY_LABELS[status]()}
          </label>
        ))}
      </fieldset>

      <EditorText id="work-credits" label={m.authoring_field_credits()} value={draft.credits} hint={m.authoring_credits_hint()} error={errors.credits} onChange={(credits) => set({ credits })} />

      <FormStatus saved={false} savedText="" errorText={hasErrors ? m.authoring_errors_summary() : undefined} />
      <button type="submit" disabled={busy} className="button-primary min-h-11 disabled:opacity-70">
        {busy ? m.authoring_saving() : m.authoring_save()}
      </button>
    </Form>
  );
}
