/**
 * The portfolio work's limits and tag rules (spec sections 3 and 5), used by the work editor in the browser and by
 * the server's checks (portfolio.ts). No valibot here, so the editor's JavaScript does not carry it.
 */
export const WORK_TEXT_MIN = 4;
export const WORK_TEXT_MAX = 1000;
export const WORK_TAGS_MAX = 20;
export const TAG_MAX_LENGTH = 50;
export const WORK_CREDITS_MAX = 20;
/** Spec section 9: tag search waits this long after the last keystroke. */
export const TAG_SEARCH_DEBOUNCE_MS = 500;

/** Handles are 4–16 letters and digits; the client field takes one, with or without a leading "@". */
export const CLIENT_HANDLE_MAX = 16;

/**
 * Spec section 5: the tag input ignores empty or duplicate (trimmed) tags. Duplicates are compared ignoring case,
 * and the first spelling wins.
 */
export function normalizeTags(tags: readonly string[]): string[] {
  const seen = new Set<string>();
  const out: string[] = [];
  for (const raw of tags) {
    const tag = raw.trim().replace(/\s+/g, " ");
    if (!tag || seen.has(tag.toLowerCase())) continue;
    seen.add(tag.toLowerCase());
    out.push(tag);
  }
  return out;
}

/** Add one typed tag to a list the way the tag input does: ignored when empty or already there. */
export function addTag(tags: readonly string[], typed: string): string[] {
  return normalizeTags([...tags, typed]);
}

/** The creator's own category labels on a work (spec section 3, "userCategories"): a few short labels. */
export const USER_CATEGORIES_MAX = 10;
export const USER_CATEGORY_MAX_LENGTH = 30;
