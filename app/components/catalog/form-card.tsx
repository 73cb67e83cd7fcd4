import { Link } from "react-router";
import type { FormCard as FormCardData } from "#worker/services/catalog";
import { truncateText } from "#worker/domain/text-cut";
import { BookmarkToggle } from "./bookmark-toggle";
import { type CardText, CardTranslatedMark, TextWithOriginal } from "./card-readings";
import type { PriceTag } from "./price-label";
import { SlotBadge, type SlotBadgeView } from "./slot-badge";

import { FORM_TITLE_MAX } from "./card-limits";

/**
 * A commission form card: its title links to /cf/{code} and the link covers the card; category and price (formatted
 * by the loader, priceTag); its slot status where the creator set slots (decision 091); and, where the card carries the
 * viewer's bookmark, the bookmark toggle for signed-in non-creators (or where a bookmark exists, spec section 6).
 */
export function FormCard({
  form,
  headingLevel = "h3",
  canBookmark = false,
}: {
  form: Omit<FormCardData, "price"> & {
    price: PriceTag;
    bookmark?: { isActive: boolean };
    slots?: SlotBadgeView;
  } & CardText;
  headingLevel?: "h3" | "h4";
  canBookmark?: boolean;
}) {
  const Heading = headingLevel;
  const bookmarked = form.bookmark?.isActive ?? false;
  return (
    <article className="relative flex items-start gap-2 rounded-xl border border-zinc-200 bg-white p-4 hover:border-brand-600 dark:border-zinc-800 dark:bg-zinc-900 dark:hover:border-brand-300">
      <div className="min-w-0 flex-1">
        <Heading
          className="font-semibold text-zinc-900 dark:text-zinc-50"
          title={form.original === undefined ? form.title : undefined}
        >
          <Link to={`/cf/${form.code}`} className="after:absolute after:inset-0 after:rounded-xl">
            <TextWithOriginal
              text={truncateText(form.title, FORM_TITLE_MAX)}
              original={form.original}
              translatedFrom={form.translatedFrom}
            />
          </Link>
        </Heading>
        <CardTranslatedMark from={form.translatedFrom} />
        {form.categoryName ? (
          <p className="mt-1 text-sm text-zinc-600 dark:text-zinc-400">{form.categoryName}</p>
        ) : null}
        <span className="mt-2 block text-sm font-semibold text-zinc-900 dark:text-zinc-100" title={form.price.note}>
          {form.price.text}
        </span>
        <SlotBadge slots={form.slots ?? null} className="mt-2" />
      </div>
      {form.bookmark && (canBookmark || bookmarked) ? (
        <BookmarkToggle target={{ kind: "form", id: form.id }} title={form.title} initial={bookmarked} />
      ) : null}
    </article>
  );
}
