import { Suspense, lazy, useState } from "react";
import { createPortal } from "react-dom";
import { m } from "#app/paraglide/messages.js";
import type { MediaEntry } from "#worker/media/domain/media-entries";
import { SITE_NAMES } from "#worker/media/domain/media-sites";
import type { WorkMediaDraft } from "#worker/media/domain/media-drafts";
import { MediaImage } from "../media/media-image";
import type { PlayableMedia } from "../media/players/embed-urls";
import { SmallButton } from "./small-button";
import { mediaTypeLabel } from "#app/components/media/media-type-label";
import { ErrorText } from "#app/components/form/error-text";
import { MediaListFrame } from "./media-list-frame";

// The add-media dialog (tabs, uploads) and the preview (players) load when first opened, not with the editor.
const AddMediaModal = lazy(() =>
  import("../media/add-media-modal").then((module) => ({ default: module.AddMediaModal })),
);
const MediaPreviewDialog = lazy(() =>
  import("../media/media-lightbox").then((module) => ({ default: module.MediaPreviewDialog })),
);

export type KeyedMedia = WorkMediaDraft & { key: string };

/**
 * A draft entry as the players take it. Drafts carry their type: stored ones from the loader, added ones from the
 * add-media modal, and a URL-only one is typed where it is sent back (withShownType in media-drafts.ts).
 */
export function playableOfDraft(item: WorkMediaDraft): PlayableMedia {
  return {
    id: item.id,
    formatType: item.formatType ?? "LINK",
    mediaType: item.mediaType ?? "OTHER",
    site: item.site ?? null,
    url: item.url,
    code: item.code ?? null,
    thumbnailUrl: item.thumbnailUrl ?? null,
  };
}

function draftOfEntry(entry: MediaEntry): KeyedMedia {
  return {
    key: crypto.randomUUID(),
    url: entry.url ?? "",
    formatType: entry.formatType,
    code: entry.code,
    mediaType: entry.mediaType,
    site: entry.site,
    thumbnailUrl: entry.thumbnailUrl,
    name: entry.name ?? null,
  };
}

/**
 * A list of media (a work's, a form question's, a choice's one image): add through the add-media modal (File / Link
 * / Embed), preview, reorder, remove, at most `max` ('Limit exceeded' past it). Files upload to `target`; without
 * one (the owner is not saved yet) only links and embeds. With `imagesOnly`, entries that are not images are refused
 * in place with `imagesOnlyText` (the server refuses them too). The modal and the preview render outside the page
 * form (see AddMediaModal).
 */
export interface MediaListProps {
  /** Unique on the page: ids of the hint and error texts. */
  idPrefix: string;
  legend: string;
  hint: string;
  max: number;
  target: { domain: string; id: string; field: string } | null;
  title: string;
  medias: KeyedMedia[];
  /** The list's error, and each item's by index. */
  error?: string;
  itemError?: (index: number) => string | undefined;
  imagesOnly?: boolean;
  imagesOnlyText?: string;
  addLabel?: string;
  /** The File tab's text while `target` is null (default: save the work first). */
  saveFirstText?: string;
  /** Names which list an item's buttons act on when the page has several ("question 2"). */
  itemContext?: string;
  onChange: (medias: KeyedMedia[]) => void;
}

export function MediaListField(props: MediaListProps) {
  const { idPrefix, medias, onChange, max } = props;
  const [adding, setAdding] = useState(false);
  const [preview, setPreview] = useState<KeyedMedia | null>(null);
  const [limitHit, setLimitHit] = useState(false);
  const [refusal, setRefusal] = useState("");
  const [announcement, setAnnouncement] = useState("");

  function openAdd() {
    setRefusal("");
    if (medias.length >= max) {
      setLimitHit(true);
      return;
    }
    setLimitHit(false);
    setAdding(true);
  }

  function add(entries: MediaEntry[]) {
    if (medias.length + entries.length > max) {
      setLimitHit(true);
      return;
    }
    if (props.imagesOnly && entries.some((e) => e.mediaType !== "IMAGE")) {
      setRefusal(props.imagesOnlyText ?? "");
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
      <MediaListFrame
        idPrefix={idPrefix}
        legend={props.legend}
        hint={props.hint}
        count={medias.length}
        max={max}
        error={props.error}
        notice={limitHit ? m.media_limit_exceeded() : refusal}
        addLabel={props.addLabel}
        onAdd={openAdd}
        announcement={announcement}
      >
        {medias.length > 0 && (
          <ol className="space-y-2">
            {medias.map((item, index) => {
              const shown = playableOfDraft(item);
              const type = mediaTypeLabel(shown.mediaType ?? "OTHER");
              const source =
                shown.formatType === "FILE"
                  ? item.name || m.media_item_source_file()
                  : (shown.site && SITE_NAMES[shown.site]) || item.url;
              const target = props.itemContext
                ? `${props.itemContext}, ${m.media_item_label({ number: index + 1 })}`
                : m.media_item_label({ number: index + 1 });
              return (
                <li key={item.key} className="rounded-md border border-zinc-300 p-2 dark:border-zinc-700">
                  <div className="flex flex-wrap items-center gap-3">
                    <MediaImage
                      src={shown.thumbnailUrl}
                      alt=""
                      mediaType={shown.mediaType}
                      className="aspect-video w-24 shrink-0 rounded"
                    />
                    <div className="min-w-0 flex-1 text-sm">
                      <p className="font-medium text-zinc-900 dark:text-zinc-100">
                        {index + 1}. {type}
                      </p>
                      <p className="break-all text-zinc-700 dark:text-zinc-300">{source}</p>
                    </div>
                    <div className="flex flex-wrap gap-1.5">
                      <SmallButton target={target} visible={m.media_preview()} onClick={() => setPreview(item)} />
                      {max > 1 && (
                        <SmallButton
                          target={target}
                          visible={m.media_move_up()}
                          disabled={index === 0}
                          onClick={() => move(index, -1)}
                        />
                      )}
                      {max > 1 && (
                        <SmallButton
                          target={target}
                          visible={m.media_move_down()}
                          disabled={index === medias.length - 1}
                          onClick={() => move(index, 1)}
                        />
                      )}
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
                  <ErrorText id={`${idPrefix}-${index}-error`} text={props.itemError?.(index)} />
                </li>
              );
            })}
          </ol>
        )}
      </MediaListFrame>
      {/* Portalled out of the page form (the modal's Link and Embed panels are forms; forms cannot nest), and React's
          submit events stopped here so they never reach the page form's handler. */}
      {adding &&
        createPortal(
          <div onSubmit={(event) => event.stopPropagation()}>
            <Suspense fallback={null}>
              <AddMediaModal
                open={adding}
                onClose={() => setAdding(false)}
                onAdd={add}
                target={props.target}
                existingCount={medias.length}
                maxCount={max}
                saveFirstText={props.saveFirstText}
              />
            </Suspense>
          </div>,
          document.body,
        )}
      {/* Mounted only while open: unmounting closes the dialog and returns focus (ModalDialog). */}
      {preview === null ? null : (
        <Suspense fallback={null}>
          <MediaPreviewDialog
            open
            onClose={() => setPreview(null)}
            media={playableOfDraft(preview)}
            title={props.title || m.media_preview()}
          />
        </Suspense>
      )}
    </>
  );
}
