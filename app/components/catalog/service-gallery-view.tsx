// A service's or work's media gallery (spec section 2: "media gallery (carousel on mobile with an n / total
// counter)"). Props only, no data fetching: the caller passes each media with its player view (player-view.ts), which
// the work page's loader decides; ServiceGallery (service-gallery.tsx) decides them in the browser.
import { useRef, useState, type KeyboardEvent } from "react";
import { m } from "#app/paraglide/messages.js";
import { MediaImage } from "../media/media-image";
import { MediaPlayerView } from "../media/players/media-player-view";
import type { ViewedMedia } from "../media/players/player-view";
import { StepButton } from "../media/step-button";

export interface ServiceGalleryViewProps {
  medias: ViewedMedia[];
  /** What the media show (the service's title): names the region, the players and the images. */
  title?: string;
}

/** The picture a thumbnail button shows: the media's thumbnail, else an image file's or link's own URL. */
function thumbnailOf({ mediaType, view }: ViewedMedia): string | null {
  if (view.thumbnailUrl) return view.thumbnailUrl;
  return mediaType === "IMAGE" ? view.href : null;
}

function reducedMotion(): boolean {
  return typeof window !== "undefined" && window.matchMedia?.("(prefers-reduced-motion: reduce)").matches === true;
}

/**
 * One scroll-snap track of slides, one media each, shown one at a time. Small screens swipe it, with previous / next
 * buttons and an "n / total" counter read out politely; from `sm` up, thumbnails below pick the media in the main
 * viewer. ← / → move while focus is in the gallery (not in a media control). Slides out of view are inert, so Tab
 * never lands in a hidden player. Nothing renders for an empty list.
 */
export function ServiceGalleryView({ medias, title = "" }: ServiceGalleryViewProps) {
  const track = useRef<HTMLDivElement>(null);
  const [index, setIndex] = useState(0);
  /** The slide a button or key is scrolling to: the scroll events on the way there do not move the counter back. */
  const scrollingTo = useRef<number | null>(null);
  const total = medias.length;
  if (total === 0) return null;
  const current = Math.min(index, total - 1);
  const label = title ? m.gallery_label({ title }) : m.gallery_roledescription();

  function go(to: number) {
    const next = (to + total) % total;
    setIndex(next);
    const el = track.current;
    if (!el || el.scrollLeft === next * el.clientWidth) return;
    scrollingTo.current = next;
    el.scrollTo({ left: next * el.clientWidth, behavior: reducedMotion() ? "auto" : "smooth" });
  }

  // A swipe (or a scroll by any means) decides the slide shown; a button press scrolls and sets it at once.
  function onScroll() {
    const el = track.current;
    if (!el || el.clientWidth === 0) return;
    const shown = Math.round(el.scrollLeft / el.clientWidth);
    if (scrollingTo.current !== null) {
      if (shown === scrollingTo.current) scrollingTo.current = null;
      return;
    }
    if (shown !== current && shown >= 0 && shown < total) setIndex(shown);
  }

  function onKeyDown(event: KeyboardEvent<HTMLElement>) {
    const inControl = event.target instanceof HTMLMediaElement || event.target instanceof HTMLInputElement;
    if (total < 2 || inControl || (event.key !== "ArrowRight" && event.key !== "ArrowLeft")) return;
    event.preventDefault();
    go(current + (event.key === "ArrowRight" ? 1 : -1));
  }

  return (
    <section
      aria-roledescription={m.gallery_roledescription()}
      aria-label={label}
      onKeyDown={onKeyDown}
      className="space-y-3"
    >
      <div className="relative">
        <div
          ref={track}
          onScroll={onScroll}
          // Focusable, so a keyboard reaches the scrolling track (← / → move it) even when the slide shown holds
          // nothing focusable, such as a picture.
          tabIndex={0}
          data-testid="service-gallery-track"
          className="flex snap-x snap-mandatory overflow-x-auto overscroll-x-contain rounded-lg [scrollbar-width:none] focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600 motion-safe:scroll-smooth dark:focus-visible:outline-brand-300"
        >
          {medias.map((media, i) => (
            <div
              key={media.id ?? i}
              role="group"
              aria-roledescription={m.gallery_slide_roledescription()}
              aria-label={m.gallery_slide_label({ n: i + 1, total })}
              inert={i !== current}
              // Centred: the track is as tall as its tallest slide, and an audio player is one line high.
              className="flex w-full shrink-0 snap-center items-center justify-center"
            >
              {/* The first slide is what the page opens on, its largest picture: fetched first; the others (beside it,
                  off screen) once the track nears them. */}
              <MediaPlayerView view={media.view} size="lg" title={title} load={i === 0 ? "first" : "lazy"} />
            </div>
          ))}
        </div>
      </div>
      {total > 1 && (
        <div className="flex items-center justify-between gap-3 sm:hidden">
          <StepButton label={m.media_previous()} direction={-1} onClick={() => go(current - 1)} />
          <p
            aria-live="polite"
            aria-atomic="true"
            className="text-sm font-medium tabular-nums text-zinc-700 dark:text-zinc-300"
          >
            <span className="sr-only">{m.media_lightbox_position({ n: current + 1, total })}</span>
            <span aria-hidden="true" data-testid="service-gallery-counter">
              {current + 1} / {total}
            </span>
          </p>
          <StepButton label={m.media_next()} direction={1} onClick={() => go(current + 1)} />
        </div>
      )}
      {total > 1 && (
        <ul className="hidden flex-wrap gap-2 sm:flex">
          {medias.map((media, i) => (
            <li key={media.id ?? i}>
              <button
                type="button"
                aria-label={`${m.gallery_show_item({ n: i + 1 })} (${media.typeLabel})`}
                aria-current={i === current ? "true" : undefined}
                onClick={() => go(i)}
                className={`block w-20 overflow-hidden rounded-md border-2 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600 ${i === current ? "border-brand-600 dark:border-brand-300" : "border-transparent opacity-80 hover:opacity-100"}`}
              >
                {/* A sound or video without a poster shows its own drawing, not a picture's. */}
                <MediaImage
                  src={thumbnailOf(media)}
                  alt=""
                  mediaType={media.mediaType}
                  className="aspect-video w-full"
                  // Hidden on a phone (sm:flex): not fetched there, beside the first slide's picture.
                  loading="lazy"
                />
              </button>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
