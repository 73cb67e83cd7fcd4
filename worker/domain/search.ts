import { isLocale, type Locale } from "./locales";
import { cleanSearchText } from "./search-text";
import { DELIVERY_DAYS_MAX, DELIVERY_DAYS_MIN } from "./delivery-days";

/**
 * The creator search of /explore/creators as it lives in the URL (shareable, works without JavaScript):
 * q, category, kind (content kind), use (use case), and the filters of issue 66 (decision 108): open (open now), min
 * and max (the lowest price, whole units of the display currency), licence (commercial | exclusive), rating (at least
 * N stars), writes (a language the creator writes their profile in), content (a content rating of their works), days
 * (delivered within N days: a published service whose typical delivery time is at most N, decision 109); sort
 * (relevance | date | name | systemIndex | commissionFormCount | rating | price), order (asc | desc), cursor.
 * One sort control (decision 109): each sort has its own natural direction (`SORT_ORDER`), so the page's select sends
 * `sort` alone; `order` stays in the URL only when it goes against it. The default sort is relevance when there is
 * text to match and newest (date, descending) without: relevance with no text is read as newest.
 * Pure parse and serialize; defaults are left out of the URL, a bad value is dropped and an out-of-range one clamped,
 * so the page and its cache key (page-cache.ts) read every address alike.
 */

/**
 * Spec section 3: the sort fields name and date, and of the list sort keys the two a creator list can offer:
 * systemIndex (the platform's curated rank, higher first when descending) and commissionFormCount (published forms);
 * issue 66's relevance (how well the text matches: FTS5's bm25), rating (the average of the shown reviews) and price
 * (the lowest price, in the display currency).
 */
const SEARCH_SORTS = ["relevance", "date", "rating", "price", "name", "systemIndex", "commissionFormCount"] as const;
const SEARCH_ORDERS = ["asc", "desc"] as const;
export type SearchSort = (typeof SEARCH_SORTS)[number];
type SearchOrder = (typeof SEARCH_ORDERS)[number];

/** Each sort's natural direction: the best match, the newest, the best rated and the cheapest first; names A to Z. */
const SORT_ORDER: Record<SearchSort, SearchOrder> = {
  relevance: "desc",
  date: "desc",
  rating: "desc",
  price: "asc",
  name: "asc",
  systemIndex: "desc",
  commissionFormCount: "desc",
};

/** The sort a search gets when the URL names none: relevance with text to match, else the newest. */
const defaultSort = (q: string): SearchSort => (q ? "relevance" : "date");

/**
 * The "creator writes in" filter's parameter. Not `lang`: that is the interface language of every page (decision 105,
 * LANGUAGE_PARAM), which a language alternate and the language switch set; one word for both made the Korean alternate
 * of explore a page of Korean writers only (issue 75). An old link's `?lang=` now picks the page's language alone.
 */
export const WRITES_PARAM = "writes";

/** In characters (code points); a longer query is cut (cleanSearchText). */
const SEARCH_QUERY_MAX = 100;
export const SEARCH_PAGE_SIZE = 12;

/** The licences a client may ask a creator to offer: any commercial use, or exclusive rights (decision 099). */
const LICENCE_FILTERS = ["commercial", "exclusive"] as const;
export type LicenceFilter = (typeof LICENCE_FILTERS)[number];

/** A price bound is whole units of the display currency, up to this (a larger one is clamped to it). */
const PRICE_FILTER_MAX = 100_000_000;
export const RATING_FILTER_MIN = 1;
export const RATING_FILTER_MAX = 5;

export interface ExploreQuery {
  q: string;
  category: string | null;
  kind: string | null;
  useCase: string | null;
  /** Only creators who would take a request now: a free slot, no limit, or a waitlist open to join. */
  openNow: boolean;
  /** The creator's lowest price, in whole units of the viewer's display currency; min ≤ max. */
  priceMin: number | null;
  priceMax: number | null;
  licence: LicenceFilter | null;
  /** Public reviews averaging at least this many stars (1–5). */
  minRating: number | null;
  language: Locale | null;
  contentRating: string | null;
  /** Delivered within this many days (1–365): a published service whose own typical delivery time is at most it. */
  maxDeliveryDays: number | null;
  sort: SearchSort;
  order: SearchOrder;
  cursor: string | null;
}

export const DEFAULT_EXPLORE_QUERY: ExploreQuery = {
  q: "",
  category: null,
  kind: null,
  useCase: null,
  openNow: false,
  priceMin: null,
  priceMax: null,
  licence: null,
  minRating: null,
  language: null,
  contentRating: null,
  maxDeliveryDays: null,
  sort: "date",
  order: "desc",
  cursor: null,
};

const CODE = /^[a-z0-9-]{1,64}$/;
const code = (value: string | null) => (value && CODE.test(value) ? value : null);

/** A whole number from the URL (digits, at most 12; a sign, a decimal point or letters drop it), clamped to a range. */
function wholeNumber(value: string | null, min: number, max: number): number | null {
  const text = value?.trim().replaceAll(",", "") ?? "";
  if (!/^\d{1,12}$/.test(text)) return null;
  return Math.min(max, Math.max(min, Number(text)));
}

/** The price bounds, in order: a range given backwards is read the way it was meant. */
function priceRange(params: URLSearchParams): { priceMin: number | null; priceMax: number | null } {
  let min = wholeNumber(params.get("min"), 0, PRICE_FILTER_MAX);
  let max = wholeNumber(params.get("max"), 0, PRICE_FILTER_MAX);
  // No price is 0 or less: a bound of 0 says nothing (a lower one) or would hide every creator (an upper one).
  if (min === 0) min = null;
  if (max === 0) max = null;
  if (min !== null && max !== null && min > max) [min, max] = [max, min];
  return { priceMin: min, priceMax: max };
}

const oneOf = <T extends string>(list: readonly T[], value: string | null): T | null =>
  (list as readonly string[]).includes(value ?? "") ? (value as T) : null;

/** The sort and its direction: relevance needs text (without it, the newest); the direction defaults to the sort's. */
function sortOf(params: URLSearchParams, q: string): { sort: SearchSort; order: SearchOrder } {
  let sort = oneOf(SEARCH_SORTS, params.get("sort")) ?? defaultSort(q);
  if (sort === "relevance" && !q) sort = "date";
  return { sort, order: oneOf(SEARCH_ORDERS, params.get("order")) ?? SORT_ORDER[sort] };
}

export function parseExploreQuery(params: URLSearchParams): ExploreQuery {
  const cursor = params.get("cursor");
  const language = params.get(WRITES_PARAM);
  const q = cleanSearchText(params.get("q") ?? "", SEARCH_QUERY_MAX);
  return {
    q,
    category: code(params.get("category")),
    kind: code(params.get("kind")),
    useCase: code(params.get("use")),
    openNow: params.get("open") === "1",
    ...priceRange(params),
    licence: oneOf(LICENCE_FILTERS, params.get("licence")),
    minRating: wholeNumber(params.get("rating"), RATING_FILTER_MIN, RATING_FILTER_MAX),
    language: isLocale(language) ? language : null,
    contentRating: code(params.get("content")),
    maxDeliveryDays: wholeNumber(params.get("days"), DELIVERY_DAYS_MIN, DELIVERY_DAYS_MAX),
    ...sortOf(params, q),
    cursor: cursor && decodeCursor(cursor) ? cursor : null,
  };
}

/** The trigram index over the search text (migration 0009) serves queries of at least this many characters. */
const TRIGRAM_MIN_CHARS = 3;
/** From this many characters a query asks the index for its first and last trigram only (`trigramQuery`). */
const TRIGRAM_ENDS_FROM_CHARS = 7;

/** Text as an FTS5 string: quoted, quotes doubled, so nothing in it is read as FTS syntax. */
const ftsString = (text: string) => `"${text.replaceAll('"', '""')}"`;

/**
 * `q` as an FTS5 query for that index, or null when `q` is shorter than a trigram (counted in characters, not UTF-16
 * units: "さくら" is 3): such queries keep the LIKE scan (docs/decisions/022). The index only narrows the rows: the one
 * definition of a match (textMatchSql) checks what it returns (catalog.ts), so the query may match more rows than
 * hold `q` as a substring, never fewer.
 * - Up to 6 characters, `q` as one phrase: the rows whose text holds it, ignoring case.
 * - From 7, its first and last trigram no further apart than in `q` (NEAR). A phrase reads where every one of its
 *   trigrams stands in every row that has it, and a long query's trigrams are mostly common ones ("ill", "str",
 *   "tor"): two of them cost "illustrator" about a third of nine, and both ends that close together are rare outside
 *   `q` itself (docs/decisions/042).
 */
export function trigramQuery(q: string): string | null {
  const chars = Array.from(q);
  if (chars.length < TRIGRAM_MIN_CHARS) return null;
  if (chars.length < TRIGRAM_ENDS_FROM_CHARS) return ftsString(q);
  const first = chars.slice(0, 3).join("");
  const last = chars.slice(-3).join("");
  // In `q` the last trigram starts length − 3 tokens after the first: length − 4 tokens lie between them.
  return `NEAR(${ftsString(first)} ${ftsString(last)}, ${chars.length - 4})`;
}

/**
 * The query string for a search; values equal to the defaults are omitted so shared links stay short: the sort when it
 * is the default for the text (`defaultSort`), the direction when it is the sort's own (`SORT_ORDER`).
 */
export function serializeExploreQuery(query: Partial<ExploreQuery>): string {
  const params = new URLSearchParams();
  if (query.q) params.set("q", query.q);
  if (query.category) params.set("category", query.category);
  if (query.kind) params.set("kind", query.kind);
  if (query.useCase) params.set("use", query.useCase);
  if (query.openNow) params.set("open", "1");
  if (query.priceMin != null) params.set("min", String(query.priceMin));
  if (query.priceMax != null) params.set("max", String(query.priceMax));
  if (query.licence) params.set("licence", query.licence);
  if (query.minRating != null) params.set("rating", String(query.minRating));
  if (query.language) params.set(WRITES_PARAM, query.language);
  if (query.contentRating) params.set("content", query.contentRating);
  if (query.maxDeliveryDays != null) params.set("days", String(query.maxDeliveryDays));
  const sort = query.sort ?? defaultSort(query.q ?? "");
  if (sort !== defaultSort(query.q ?? "")) params.set("sort", sort);
  if (query.order && query.order !== SORT_ORDER[sort]) params.set("order", query.order);
  if (query.cursor) params.set("cursor", query.cursor);
  return params.toString();
}

/** Whether a sort's key is text (the name) or a number (a time or a count): the cursor keeps the value's type. */
export function isTextSort(sort: SearchSort): boolean {
  return sort === "name";
}

/** Keyset position: the last row's sort value and id (the tie-breaker), so pages never skip or repeat rows. */
export interface SearchCursor {
  value: string | number;
  id: string;
}

function toBase64Url(text: string): string {
  const bytes = new TextEncoder().encode(text);
  let binary = "";
  for (const b of bytes) binary += String.fromCharCode(b);
  return btoa(binary).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
}

function fromBase64Url(text: string): string {
  const binary = atob(text.replace(/-/g, "+").replace(/_/g, "/"));
  return new TextDecoder().decode(Uint8Array.from(binary, (c) => c.charCodeAt(0)));
}

export function encodeCursor(cursor: SearchCursor): string {
  return toBase64Url(JSON.stringify([cursor.value, cursor.id]));
}

export function decodeCursor(text: string): SearchCursor | null {
  try {
    const parsed: unknown = JSON.parse(fromBase64Url(text));
    if (!Array.isArray(parsed) || parsed.length !== 2) return null;
    const [value, id] = parsed;
    if ((typeof value !== "string" && typeof value !== "number") || typeof id !== "string") return null;
    return { value, id };
  } catch {
    return null;
  }
}

export { truncateText } from "./text-cut";
