import { useEffect, useId, useState } from "react";
import { ModalShell } from "~/components/auth/modal-shell";
import { m } from "~/paraglide/messages.js";
import type { MediaPreview } from "../../../worker/services/catalog";
import { mediaTypeLabel, previewImageUrl } from "./media-label";

/**
 * A media lightbox over a list of previews, opened at one of them; arrows and buttons step through.
 * Mounted only while open, so a page of cards does not carry a dialog per card.
 */
export function Lightbox(props: { items: MediaPreview[]; start: number; alt: (index: number) => string; onClose: () => void }) {
  const titleId = useId();
  const [current, setCurrent] = useState(props.start);
  const open = props.items.length > 0;
  const total = props.items.length;
  const item = props.items[Math.min(current, total - 1)];
  const step = (delta: number) => setCurrent((i) => (i + delta + total) % total);
  // Arrow keys step wherever focus is inside the dialog (the close button has it first).
  useEffect(() => {
    if (total < 2) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.key === "ArrowLeft") setCurrent((i) => (i - 1 + total) % total);
      if (event.key === "ArrowRight") setCurrent((i) => (i + 1) % total);
    };
    document.addEventListener("keydown", onKey);
    return () => document.removeEventListener("keydown", onKey);
  }, [total]);
  const image = item ? previewImageUrl(item) : null;

  return (
    <ModalShell open={open} labelledBy={titleId} onClose={props.onClose}>
      {item ? (
        <div>
          <h2 id={titleId} className="pr-8 text-base font-semibold">
            {m.catalog_lightbox_title({ index: current + 1, total })}
          </h2>
          <p className="mt-1 text-sm text-zinc-600 dark:text-zinc-400">{mediaTypeLabel(item.mediaType)}</p>
          <div className="mt-4 flex aspect-square items-center justify-center overflow-hidden rounded-xl bg-zinc-100 dark:bg-zinc-800">
            {image ? (
              <img src={image} alt={props.alt(current)} className="size-full object-contain" />
            ) : (
              <span className="text-sm text-zinc-600 dark:text-zinc-300">{mediaTypeLabel(item.mediaType)}</span>
            )}
          </div>
          {item.linkUrl ? (
            <a href={item.linkUrl} target="_blank" rel="noopener noreferrer" className="mt-3 inline-block text-sm font-semibold text-brand-700 underline dark:text-brand-300">
              {m.catalog_lightbox_open_link()}
            </a>
          ) : null}
          {total > 1 ? (
            <div className="mt-4 flex justify-between gap-2">
              <button type="button" className="button-secondary" onClick={() => step(-1)}>
                {m.catalog_lightbox_previous()}
              </button>
              <button type="button" className="button-secondary" onClick={() => step(1)}>
                {m.catalog_lightbox_next()}
              </button>
            </div>
          ) : null}
        </div>
      ) : null}
    </ModalShell>
  );
}
