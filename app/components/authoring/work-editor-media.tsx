import { useState } from "react";
import { createPortal } from "react-dom";
import { m } from "~/paraglide/messages.js";
import type { MediaEntry } from "../../../worker/domain/media";
import { buildMediaEntry } from "../../../worker/domain/media";
import { WORK_MEDIA_MAX, type WorkMediaDraft } from "../../../worker/domain/portfolio";
import { AddMediaModal } from "../media/add-media-modal";
import { MediaImage } from "../media/media-image";
import { MediaPreviewDialog } from "../media/media-lightbox";
import { SITE_NAMES, type PlayableMedia } from "../media/players/embed-urls";
import { ErrorText, SmallButton } from "./fields";
import { mediaLabel } from "./work-editor";

export type KeyedMedia = WorkMediaDraft & { key: string };

/** A draft entry as the players take it (stored ones carry their type; URL-only ones are detected again). */
export function playableOf(item: WorkMediaDraft): PlayableMedia {
  const detected = item.mediaType ? null : /^https?:\/\//i.test(item.url) ? buildMediaEntry({ formatType: "LINK", url: item.url }) : null;
  return {
    id: item.id,
    formatType: item.formatType ?? "LINK",
    mediaType: item.mediaType ?? detected?.mediaType ?? "OTHER",
    site: item.site ?? detected?.site ?? null,
    url: item.url,
    code: item.code ?? null,
    thumbnailUrl: item.thumbnailUrl ?? detected?.thumbnailUrl ?? null,
  };
}

export function draftOfEntry(entry: MediaEntry): KeyedMedia {
  return {
    key: crypto.randomUUID(),
    url: entry.url ?? "",
    formatType: entry.formatType,
    code: entry.code,
    mediaType: entry.mediaType,
    site: entry.site,
    thumbnailUrl: entry.thumbnailUrl,
  };
}

/**
 * The work's media list: add through the add-media modal (File / Link / Embed), preview, reorder, remove, at most
 * WORK_MEDIA_MAX ('Limit exceeded' past it). Files upload under the work's folder, so a new work (no id yet) adds
 * only links and embeds until it is saved. The modal and the preview render outside the page form (see AddMediaModal).
 */
export function WorkMediaField(props: {
  workId: string | undefined;
  title: string;
  medias: KeyedMedia[];
  errors: Record<string, string>;
  onChange: (medias: KeyedMedia[]) => void;
}) {
  const { medias, errors, onChange } = props;
  const [adding, setAdding] = useState(false);
  const [preview, setPreview] = useState<KeyedMedia | null>(null);
  const [limitHit, setLimitHit] = useState(false);
  const [announcement, setAnnouncement] = useState("");

  function openAdd() {
    if (medias.length >= WORK_MEDIA_MAX) {
      setLimitHit(true);
      return;
    }
    setLimitHit(false);
    setAdding(true);
  }

  function add(entries: MediaEntry[]) {
    if (medias.length + entries.length > WORK_MEDIA_MAX) {
      setLimitHit(true);
      return;
    }
    onChange([...medias, ...entries.map(draftOfEntry)]);
    setAnnouncement(m.media_items_added({ count: entries.length }));
  }

  function move(index: number, step: -1 | 1) {
    const next = [...medias];
    const [item] = next.splice(index, 1);
    next.splice(index + step, 0, item);
    onChange(next);
    setAnnouncement(m.media_item_moved({ number: index + 1, position: index + step + 1 }));
  }

  return (
    <>
      <fieldset className="space-y-3" aria-describedby="media-hint">
        <legend className="text-sm font-semibold text-zinc-900 dark:text-zinc-100">{m.authoring_media_heading()}</legend>
        <p id="media-hint" className="text-sm text-zinc-600 dark:text-zinc-400">
          {m.media_portfolio_hint()} · {m.media_list_count({ count: medias.length, max: WORK_MEDIA_MAX })}
        </p>
        <ErrorText id="media-error" text={errors.medias} />
        <p role="alert" className={limitHit ? "text-sm font-medium text-red-700 dark:text-red-400" : "sr-only"}>
          {limitHit ? m.media_limit_exceeded() : ""}
        </p>
        {medias.length > 0 && (
          <ol className="space-y-2">
            {medias.map((item, index) => {
              const shown = playableOf(item);
              const type = mediaLabel(shown.mediaType) ?? m.authoring_mediatype_OTHER();
              const source = shown.formatType === "FILE" ? m.media_item_source_file() : (shown.site && SITE_NAMES[shown.site]) || item.url;
              const target = m.media_item_label({ number: index + 1 });
              return (
                <li key={item.key} className="rounded-md border border-zinc-300 p-2 dark:border-zinc-700">
                  <div className="flex flex-wrap items-center gap-3">
                    <MediaImage src={shown.thumbnailUrl} alt="" className="aspect-video w-24 shrink-0 rounded" />
                    <div className="min-w-0 flex-1 text-sm">
                      <p className="font-medium text-zinc-900 dark:text-zinc-100">
                        {index + 1}. {type}
                      </p>
                      <p className="break-all text-zinc-700 dark:text-zinc-300">{source}</p>
                    </div>
                    <div className="flex flex-wrap gap-1.5">
                      <SmallButton target={target} visible={m.media_preview()} onClick={() => setPreview(item)} />
                      <SmallButton target={target} visible={m.media_move_up()} disabled={index === 0} onClick={() => move(index, -1)} />
                      <SmallButton target={target} visible={m.media_move_down()} disabled={index === medias.length - 1} onClick={() => move(index, 1)} />
                      <SmallButton
                        target={target}
                        visible={m.media_remove()}
                        onClick={() => {
                          setLimitHit(false);
                          onChange(medias.filter((_, i) => i !== index));
                          setAnnouncement(m.media_item_removed());
                        }}
                      />
                    </div>
                  </div>
                  <ErrorText id={`media-${index}-error`} text={errors[`medias.${index}`]} />
                </li>
              );
            })}
          </ol>
        )}
        <button type="button" className="button-secondary min-h-11" aria-describedby="media-hint" onClick={openAdd}>
          {m.media_add_open()}
        </button>
        <p role="status" className="sr-only">
          {announcement}
        </p>
      </fieldset>
      {/* Portalled out of the page form (the modal's Link and Embed panels are forms; forms cannot nest), and React's
          submit events stopped here so they never reach the page form's handler. */}
      {adding &&
        createPortal(
          <div onSubmit={(event) => event.stopPropagation()}>
            <AddMediaModal
              open={adding}
              onClose={() => setAdding(false)}
              onAdd={add}
              target={props.workId ? { domain: "portfolio-work", id: props.workId, field: "medias" } : null}
              existingCount={medias.length}
              maxCount={WORK_MEDIA_MAX}
            />
          </div>,
          document.body,
        )}
      <MediaPreviewDialog open={preview !== null} onClose={() => setPreview(null)} media={preview ? playableOf(preview) : null} title={props.title || m.media_preview()} />
    </>
  );
}
