import { cleanSearchText } from "./search-text";

/**
 * The creator search of /explore/creators as it lives in the URL (shareable, works without JavaScript):
 * q, category, kind (content kind), use (use case), sort (name | date | systemIndex | commissionFormCount), order (asc |
 * desc), cursor.
 * Pure parse and serialize; defaults are left out of the URL.
 */

/**
 * Spec section 3: the sort fields name and date, and of the list sort keys the two a creator list can offer:
 * systemIndex (the platform's curated rank, higher first when descending) and commissionFormCount (published forms).
 */
const SEARCH_SORTS = ["name", "date", "systemIndex", "commissionFormCount"] as const;
const SEARCH_ORDERS = ["asc", "desc"] as const;
export type SearchSort = (typeof SEARCH_SORTS)[number];
type SearchOrder = (typeof SEARCH_ORDERS)[number];

/** In characters (code points); a longer query is cut (cleanSearchText). */
const SEARCH_QUERY_MAX = 100;
export const SEARCH_PAGE_SIZE = 12;

export interface ExploreQuery {
  q: string;
  category: string | null;
  kind: string | null;
  useCase: string | null;
  sort: SearchSort;
  order: SearchOrder;
  cursor: string | null;
}

export const DEFAULT_EXPLORE_QUERY: ExploreQuery = {
  q: "",
  category: null,
  kind: null,
  useCase: null,
  sort: "date",
  order: "desc",
  cursor: null,
};

const CODE = /^[a-z0-9-]{1,64}$/;
const code = (value: string | null) => (value && CODE.test(value) ? value : null);

export function parseExploreQuery(params: URLSearchParams): ExploreQuery {
  const sort = params.get("sort");
  const order = params.get("order");
  const cursor = params.get("cursor");
  return {
    q: cleanSearchText(params.get("q") ?? "", SEARCH_QUERY_MAX),
    category: code(params.get("category")),
    kind: code(params.get("kind")),
    useCase: code(params.get("use")),
    sort: (SEARCH_SORTS as readonly string[]).includes(sort ?? "") ? (sort as SearchSort) : DEFAULT_EXPLORE_QUERY.sort,
    order: (SEARCH_ORDERS as readonly string[]).includes(order ?? "")
      ? (order as SearchOrder)
      : DEFAULT_EXPLORE_QUERY.order,
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

/** The query string for a search; values equal to the defaults are omitted so shared links stay short. */
export function serializeExploreQuery(query: Partial<ExploreQuery>): string {
  const params = new URLSearchParams();
  if (query.q) params.set("q", query.q);
  if (query.category) params.set("category", query.category);
  if (query.kind) params.set("kind", query.kind);
  if (query.useCase) params.set("use", query.useCase);
  if (query.sort && query.sort !== DEFAULT_EXPLORE_QUERY.sort) params.set("sort", query.sort);
  if (query.order && query.order !== DEFAULT_EXPLORE_QUERY.order) params.set("order", query.order);
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
