// The order page's reviews block as the loader hands it over (decision 086): the view of worker/orders/services/reviews.ts,
// with the other party's words read in the viewer's language and the window's end as a date.
import type { Locale } from "#worker/domain/locales";
import type { TextReading } from "#worker/domain/text-reading";
import type { Database } from "#worker/db/client";
import { orderReviewsView, type OrderReviewsView } from "#worker/orders/services/reviews";
import { storedReadings } from "#worker/services/translations";
import { showDate } from "#app/components/orders/order-format";

export interface OrderReviewsPanel extends Omit<OrderReviewsView, "theirs"> {
  windowEnds: string;
  theirs: (NonNullable<OrderReviewsView["theirs"]> & { reading: TextReading; replyReading: TextReading | null }) | null;
}

export async function orderReviewsPanel(
  db: Database,
  orderId: string,
  viewerId: string,
  now: number,
  locale: Locale,
): Promise<OrderReviewsPanel | null> {
  const view = await orderReviewsView(db, orderId, viewerId, now);
  if (!view) return null;
  const theirs = view.theirs;
  const [reading, replyReading] = theirs
    ? await storedReadings(db, [theirs.body, ...(theirs.reply ? [theirs.reply] : [])], locale)
    : [];
  return {
    ...view,
    windowEnds: showDate(view.windowEndsAt),
    theirs: theirs && { ...theirs, reading: reading!, replyReading: replyReading ?? null },
  };
}
