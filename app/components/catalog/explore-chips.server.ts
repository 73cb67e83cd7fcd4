import { m } from "#app/paraglide/messages.js";
import { languageName } from "#app/components/translation/use-text-reading";
import { INTL_TAGS, LOCALES, type Locale } from "#worker/domain/locales";
import { CURRENCY_DIGITS, isCurrencyCode } from "#worker/domain/currency";
import { formatMoney } from "#worker/domain/pricing";
import { DEFAULT_EXPLORE_QUERY, serializeExploreQuery, type ExploreQuery } from "#worker/domain/search";
import { SEARCH_COUNT_CAP, type ExploreFilters, type FilterOption } from "#worker/services/catalog";

/** An active filter as the page shows it: its words, and the address of the same search without it. */
export interface FilterChip {
  label: string;
  href: string;
}

const exploreHref = (query: ExploreQuery) => {
  const search = serializeExploreQuery({ ...query, cursor: null });
  return search ? `/explore/creators?${search}` : "/explore/creators";
};

const nameOf = (options: FilterOption[], code: string) => options.find((o) => o.code === code)?.name ?? code;

/**
 * The active filters as removable chips (decision 108), worded on the server so no label or price format rides in the
 * page's JS. Each chip is a link: it works without JavaScript.
 */
export function filterChips(
  query: ExploreQuery,
  filters: ExploreFilters,
  displayCode: string,
  locale: Locale,
): FilterChip[] {
  const chips: FilterChip[] = [];
  const chip = (label: string, without: Partial<ExploreQuery>) =>
    chips.push({ label, href: exploreHref({ ...query, ...without }) });
  if (query.category) chip(nameOf(filters.categories, query.category), { category: null });
  if (query.kind) chip(nameOf(filters.kinds, query.kind), { kind: null });
  if (query.useCase) chip(nameOf(filters.useCases, query.useCase), { useCase: null });
  if (query.openNow) chip(m.catalog_filter_open_now(), { openNow: false });
  if (query.priceMin !== null || query.priceMax !== null) {
    const money = (whole: number) => wholePrice(whole, displayCode, locale);
    const label =
      query.priceMin !== null && query.priceMax !== null
        ? m.catalog_chip_price_range({ min: money(query.priceMin), max: money(query.priceMax) })
        : query.priceMin !== null
          ? m.catalog_chip_price_min({ min: money(query.priceMin) })
          : m.catalog_chip_price_max({ max: money(query.priceMax ?? 0) });
    chip(label, { priceMin: null, priceMax: null });
  }
  if (query.licence)
    chip(
      query.licence === "commercial" ? m.catalog_filter_licence_commercial() : m.catalog_filter_licence_exclusive(),
      { licence: null },
    );
  if (query.minRating !== null) chip(m.catalog_filter_rating_at_least({ stars: query.minRating }), { minRating: null });
  if (query.language)
    chip(m.catalog_chip_language({ language: languageName(query.language, locale) }), { language: null });
  if (query.contentRating) chip(nameOf(filters.contentRatings, query.contentRating), { contentRating: null });
  if (query.maxDeliveryDays !== null)
    chip(
      query.maxDeliveryDays === 1
        ? m.catalog_chip_delivery_one()
        : m.catalog_chip_delivery({ days: query.maxDeliveryDays }),
      { maxDeliveryDays: null },
    );
  return chips;
}

/** The address of the search with every filter off (the text and the sort kept): the defaults hold every filter off. */
export const withoutFilters = ({ q, sort, order }: ExploreQuery) =>
  exploreHref({ ...DEFAULT_EXPLORE_QUERY, q, sort, order });

/** A whole amount of the display currency as the viewer reads prices ("¥30,000", "$200.00"). */
function wholePrice(whole: number, displayCode: string, locale: Locale): string {
  if (!isCurrencyCode(displayCode)) return `${whole} ${displayCode}`;
  return formatMoney(whole * 10 ** CURRENCY_DIGITS[displayCode], displayCode, locale);
}

/** The delivery filter's choices (decision 109), and the URL's own value when it is none of them. */
const DELIVERY_CHOICES = [3, 7, 14, 30, 60];
export function deliveryOptions(current: number | null): FilterOption[] {
  const days =
    current === null || DELIVERY_CHOICES.includes(current) ? DELIVERY_CHOICES : [...DELIVERY_CHOICES, current];
  return days
    .sort((a, b) => a - b)
    .map((n) => ({
      code: String(n),
      name: n === 1 ? m.catalog_filter_delivery_within_one() : m.catalog_filter_delivery_within({ days: n }),
    }));
}

/** The five languages as the filter offers them, named in the reader's language. */
export const languageOptions = (locale: Locale): FilterOption[] =>
  LOCALES.map((code) => ({ code, name: languageName(code, locale) }));

/** How many creators a search found, in the reader's numbers; past the count's cap, "more than 200". */
export function resultCount(total: number, locale: Locale): string {
  const count = (n: number) => n.toLocaleString(INTL_TAGS[locale]);
  return total > SEARCH_COUNT_CAP
    ? m.catalog_results_count_more({ count: count(SEARCH_COUNT_CAP) })
    : m.catalog_results_count({ count: count(total) });
}
