import { Link } from "react-router";
import { Avatar } from "#app/components/layout/avatar";
import { m } from "#app/paraglide/messages.js";
import type { ServiceCard as ServiceCardData } from "#worker/services/catalog";
import { BookmarkToggle } from "./bookmark-toggle";
import { type CardText, CardTranslatedMark, TextWithOriginal } from "./card-readings";
import type { PriceTag } from "./price-label";
import { SlotBadge, type SlotBadgeView } from "./slot-badge";
import { type SignalItem, SignalList, type SignalListTexts } from "#app/components/signals/signal-list";

/**
 * A service card (spec section 3): creator, title, "~" starting price (formatted by the loader, priceTag), thumbnail,
 * categories, its slot status where the creator set slots (decision 091) and, for signed-in non-creators (or where a
 * bookmark exists), a bookmark toggle with a loading state, and its creator's few signals where the page has them
 * (issue 66, decision 106: identity verified, orders completed, on time).
 */
export function ServiceCard({
  service,
  canBookmark,
  signals = null,
}: {
  service: Omit<ServiceCardData, "price"> & {
    price: PriceTag;
    delivery?: string | null;
    slots?: SlotBadgeView;
  } & CardText;
  canBookmark: boolean;
  signals?: { items: SignalItem[]; texts: SignalListTexts } | null;
}) {
  return (
    <article className="relative flex flex-col overflow-hidden rounded-2xl border border-zinc-200 bg-white shadow-sm hover:border-brand-600 dark:border-zinc-800 dark:bg-zinc-900 dark:hover:border-brand-300">
      <div className="aspect-video overflow-hidden bg-zinc-100 dark:bg-zinc-800">
        {service.thumbnailUrl ? (
          <img
            src={service.thumbnailUrl}
            alt={m.catalog_service_thumbnail_alt({ title: service.title })}
            loading="lazy"
            className="size-full object-cover"
          />
        ) : null}
      </div>
      <div className="flex flex-1 flex-col p-4">
        <h3 className="font-semibold text-zinc-900 dark:text-zinc-50">
          <Link to={service.href} className="after:absolute after:inset-0">
            <TextWithOriginal
              text={service.title}
              original={service.original}
              translatedFrom={service.translatedFrom}
            />
          </Link>
        </h3>
        <CardTranslatedMark from={service.translatedFrom} />
        <p className="mt-1 flex items-center gap-2 text-sm text-zinc-600 dark:text-zinc-400">
          <Avatar src={service.creator.avatarUrl} className="size-5" />
          {m.catalog_service_by({ name: service.creator.name })}
        </p>
        {service.categories.length > 0 ? (
          <ul className="mt-2 flex flex-wrap gap-1.5">
            {service.categories.map((c) => (
              <li
                key={c.code}
                className="rounded-full bg-zinc-100 px-2 py-0.5 text-xs text-zinc-700 dark:bg-zinc-800 dark:text-zinc-200"
              >
                {c.name}
              </li>
            ))}
          </ul>
        ) : null}
        <SlotBadge slots={service.slots ?? null} className="mt-2 self-start" />
        {signals ? <SignalList {...signals} compact className="mt-2" /> : null}
        <div className="mt-auto flex items-center justify-between gap-2 pt-3">
          <span className="flex flex-col">
            <span className="font-semibold text-zinc-900 dark:text-zinc-50" title={service.price.note}>
              {service.price.text}
            </span>
            {service.delivery ? (
              <span className="text-xs text-zinc-600 dark:text-zinc-400">{service.delivery}</span>
            ) : null}
          </span>
          {canBookmark || service.bookmark.isActive ? (
            <BookmarkToggle
              target={{ kind: "service", id: service.id }}
              title={service.title}
              initial={service.bookmark.isActive}
            />
          ) : null}
        </div>
      </div>
    </article>
  );
}
