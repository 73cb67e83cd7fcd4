/**
 * Page numbers of the paged lists (`?page=N`, 1-based). A page number becomes an OFFSET in SQL: one past what D1
 * takes as an integer fails the query, so every page number is bounded here before it reaches a service's SQL.
 */

/** The last page any list serves: far past a real history, and its offset stays a small integer. */
export const MAX_PAGE = 10_000;

/** A page number from the query string: digits only; anything else (absent, "abc", "-2", "1.5", "1e3") is page 1. */
export function pageFromQuery(raw: string | null): number {
  return raw !== null && /^[0-9]+$/.test(raw) ? boundedPage(Number(raw)) : 1;
}

/** A positive safe integer, capped at MAX_PAGE; anything else (0, negative, fractional, NaN, past 2^53) is page 1. */
export function boundedPage(page: number): number {
  return Number.isSafeInteger(page) && page >= 1 ? Math.min(page, MAX_PAGE) : 1;
}
