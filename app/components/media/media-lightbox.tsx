import { useEffect, useId, useState } from "react";
import { CloseButton } from "#app/components/dialog/close-button";
import { ModalDialog } from "#app/components/dialog/modal-dialog";
import { m } from "#app/paraglide/messages.js";
import { ColourSwatches } from "./colour-swatches";
import { SITE_NAMES } from "#worker/media/domain/media-sites";
import { mediaHref, type PlayableMedia } from "./players/embed-urls";
import { externalProps, MediaPlayer } from "./players/media-player";
import { StepButton } from "./step-button";

export type { PlayableMedia } from "./players/embed-urls";

export interface MediaLightboxProps {
  open: boolean;
  onClose: () => void;
  items: PlayableMedia[];
  /** The item shown first. */
  startIndex?: number;
  /** The work or service the media belong to: the dialog's name and each player's title. */
  title: string;
  /** A heading that follows the item shown (e.g. "Preview 2 of 4"), in place of `title`. */
  heading?: (index: number, total: number) => string;
  /** The label of the link to the item's file or page, in place of Download / View on {site}. */
  linkLabel?: string;
}

/**
 * Media one at a time in a modal: ← / → (and the buttons) move, Escape closes, Tab stays inside, "n / total" counts.
 * With one item it is the media preview dialog (no arrows, no counter). Each item has a download button (our files)
 * or a view-site button (links and embeds). Third-party players load when the item is shown.
 */
export function MediaLightbox(props: MediaLightboxProps) {
  const id = useId();
  const [index, setIndex] = useState(props.startIndex ?? 0);
  const total = props.items.length;
  const many = total > 1;

  // Each opening starts at the item it was opened on.
  useEffect(() => {
    if (props.open) setIndex(Math.min(props.startIndex ?? 0, Math.max(total - 1, 0)));
  }, [props.open, props.startIndex, total]);

  const go = (step: number) => setIndex((i) => (i + step + total) % total);

  function onKeyDown(event: React.KeyboardEvent<HTMLDialogElement>) {
    // Arrow keys belong to a focused media control (seek, volume) when one has focus.
    const inControl = event.target instanceof HTMLMediaElement || event.target instanceof HTMLInputElement;
    if (many && !inControl && (event.key === "ArrowRight" || event.key === "ArrowLeft")) {
      event.preventDefault();
      go(event.key === "ArrowRight" ? 1 : -1);
    }
  }

  const item = props.items[index];
  const href = item ? mediaHref(item) : null;
  const siteName = (item?.site && SITE_NAMES[item.site]) || m.media_site_generic();

  return (
    <ModalDialog
      open={props.open}
      onClose={props.onClose}
      aria-labelledby={`${id}-title`}
      aria-roledescription={many ? m.media_lightbox_role() : undefined}
      onKeyDown={onKeyDown}
      className="m-auto w-[min(96vw,60rem)] rounded-2xl bg-white p-0 text-zinc-900 shadow-2xl backdrop:bg-zinc-950/80 dark:bg-zinc-900 dark:text-zinc-100"
    >
      {item ? (
        <div className="space-y-4 p-4 sm:p-6">
          <div className="flex items-start gap-3">
            <h2 id={`${id}-title`} className="min-w-0 flex-1 text-lg font-semibold break-words">
              {props.heading ? props.heading(index, total) : props.title}
            </h2>
            {many && (
              <p
                aria-live="polite"
                aria-atomic="true"
                className="shrink-0 pt-1 text-sm font-medium tabular-nums text-zinc-700 dark:text-zinc-300"
              >
                <span className="sr-only">{m.media_lightbox_position({ n: index + 1, total })}</span>
                <span aria-hidden="true">
                  {index + 1} / {total}
                </span>
              </p>
            )}
            <CloseButton label={m.media_close()} onClick={props.onClose} className="shrink-0" />
          </div>
          <div className="flex items-center gap-2">
            {many && <StepButton label={m.media_previous()} direction={-1} onClick={() => go(-1)} />}
            <div className="flex min-w-0 flex-1 justify-center">
              <MediaPlayer key={item.id ?? index} media={item} size="lg" title={props.title} autoLoad={false} />
            </div>
            {many && <StepButton label={m.media_next()} direction={1} onClick={() => go(1)} />}
          </div>
          {href && item.mediaType === "IMAGE" && <ColourSwatches key={href} src={href} />}
          {href && item.mediaType !== "MODEL" && (
            <div className="flex justify-end">
              <a href={href} {...externalProps(item)} className="button-secondary inline-flex min-h-11 items-center">
                {props.linkLabel ??
                  (item.formatType === "FILE" ? m.media_download() : m.media_view_site({ site: siteName }))}
              </a>
            </div>
          )}
          {many && <p className="sr-only">{m.media_lightbox_keys()}</p>}
        </div>
      ) : null}
    </ModalDialog>
  );
}

/** The media preview dialog (spec section 2): one file, link or embed with its download or view-site button. */
export function MediaPreviewDialog({
  open,
  onClose,
  media,
  title,
}: {
  open: boolean;
  onClose: () => void;
  media: PlayableMedia | null;
  title: string;
}) {
  return <MediaLightbox open={open && media !== null} onClose={onClose} items={media ? [media] : []} title={title} />;
}
