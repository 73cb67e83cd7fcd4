import type { PlayableMedia } from "#app/components/media/players/embed-urls";
import { playableOfPreview, type PreviewView } from "./media-label";

/**
 * What the browser needs of a creator card: its markup comes from the server (creator-cards.server.tsx), so the
 * page reads a clicked preview's media back from the buttons CreatorCard drew.
 */

/** The card's preview buttons are the buttons of its previews list (`.creator-card-previews`). */
export const PREVIEW_BUTTON_SELECTOR = ".creator-card-previews button";

/** What the lightbox opens for a click on a card's preview button: the card's previews, from their buttons. */
export function previewsOfCard(button: HTMLButtonElement): {
  items: PlayableMedia[];
  startIndex: number;
  title: string;
} {
  const list = button.closest("ul");
  const buttons = [...(list?.querySelectorAll<HTMLButtonElement>("button") ?? [])];
  const items = buttons.map((each) => {
    const encoded = each.dataset.media;
    const preview: PreviewView = encoded
      ? (JSON.parse(encoded) as PreviewView)
      : { mediaType: "IMAGE", formatType: "FILE", url: each.querySelector("img")?.getAttribute("src") ?? null };
    return playableOfPreview(preview);
  });
  return { items, startIndex: Math.max(0, buttons.indexOf(button)), title: list?.getAttribute("aria-label") ?? "" };
}
