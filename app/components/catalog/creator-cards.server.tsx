import type { ReactNode } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import type { TextReading } from "#worker/domain/text-reading";
import type { CreatorCard as CreatorCardData } from "#worker/services/catalog";
import { CreatorCard, creatorCardView } from "./creator-card";

/** A creator card as the explore page sends it: the handle (the list's key) and the card's markup. */
export interface CardMarkup {
  handle: string;
  html: string;
}

/**
 * The explore page's cards, drawn on the server. A card is markup only (links the list follows, preview buttons
 * that carry their media: creator-card.tsx), so the browser never renders one: it keeps the first page's markup
 * from the document (decision 035) and inserts the markup of the pages it loads later. The card's code, and the
 * price, media and label code it draws with, stay off the browser (decision 037). These are the pages it loads later,
 * rendered in the loader, inside the request's message scope, so the texts are in the page's language.
 */
export function renderCreatorCards(
  creators: readonly CreatorCardData[],
  readings: Readonly<Record<string, TextReading>>,
): CardMarkup[] {
  return creators.map((creator) => ({
    handle: creator.handle,
    html: renderToStaticMarkup(<CreatorCard creator={creatorCardView(creator, readings)} />),
  }));
}

/**
 * A document's first cards as list items, for the page's own render to draw (explore's FirstPage): the same markup as
 * renderCreatorCards' in the same <li>, without a render of its own per card (decision 044). The page renders in the
 * same message scope as the loader, so these texts are in the page's language too.
 */
export function creatorCardItems(
  creators: readonly CreatorCardData[],
  readings: Readonly<Record<string, TextReading>>,
): ReactNode {
  return creators.map((creator) => (
    <li key={creator.handle}>
      <CreatorCard creator={creatorCardView(creator, readings)} />
    </li>
  ));
}
