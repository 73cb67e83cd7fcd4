/**
 * Who may spend how much of the day's translation (issue 62, decision 098). Pure: the service counts, this decides.
 *
 * The day's characters are one pool that nobody may be able to empty for everyone else:
 * - a writer pays for their own texts out of a daily share, and the share grows with the real orders they took part
 *   in (paid ones, as client or creator): a fresh account starts with half a share;
 * - every account without a paid order draws, together, on at most a tenth of the day: a thousand fresh sign-ups
 *   cannot stop one established writer's translations;
 * - a writer's preview of what they are typing draws on its own small share, never on what their real messages need
 *   (and, for a fresh account, on the fresh accounts' part of the day too).
 */

export interface TranslationBudget {
  /** Characters a day for everyone (`TRANSLATION_DAILY_CHARACTERS`). */
  dailyCharacters: number;
  /** An established writer's share a day (`TRANSLATION_WRITER_DAILY_CHARACTERS`), before it grows with orders. */
  writerDailyCharacters: number;
}

/** What each paid order adds to a writer's share, as a fraction of the base share. */
const GROWTH_PER_PAID_ORDER = 0.1;
/** The most a share grows to, as a multiple of the base share: a busy creator chats with many clients. */
const MAX_SHARE_MULTIPLE = 5;
/** A fresh account's share, as a fraction of the base share: enough for a profile and a service's terms. */
const FRESH_SHARE = 0.5;
/** The part of the day that all fresh accounts together may spend. */
const FRESH_POOL = 0.1;
/** A writer's previews a day: a few long messages' worth. */
export const PREVIEW_DAILY_CHARACTERS = 3_000;
/** Previews a minute for one writer: one after each pause in typing, and no flood. */
export const PREVIEWS_PER_MINUTE = 12;

/** One scope of the day's count (translation_usage.scope) and the most it may reach. */
export interface BudgetScope {
  scope: string;
  limit: number;
}

/**
 * The scopes one translation of `characters` is taken from, in order, for a writer with `paidOrders` paid orders (or a
 * preview): each must have room, or nothing is taken. The shared day is always last.
 */
export function scopesToSpend(
  budget: TranslationBudget,
  spender: { accountId: string; paidOrders: number; preview?: boolean },
): BudgetScope[] {
  const fresh = spender.paidOrders === 0;
  const own: BudgetScope = spender.preview
    ? { scope: `preview:${spender.accountId}`, limit: PREVIEW_DAILY_CHARACTERS }
    : {
        scope: `writer:${spender.accountId}`,
        limit: Math.floor(budget.writerDailyCharacters * shareMultiple(spender)),
      };
  return [
    own,
    ...(fresh ? [{ scope: "fresh", limit: Math.floor(budget.dailyCharacters * FRESH_POOL) }] : []),
    { scope: "all", limit: budget.dailyCharacters },
  ];
}

/** A writer's share as a multiple of the base share: half for a fresh account, growing with each paid order. */
function shareMultiple({ paidOrders }: { paidOrders: number }): number {
  if (paidOrders === 0) return FRESH_SHARE;
  return Math.min(1 + GROWTH_PER_PAID_ORDER * paidOrders, MAX_SHARE_MULTIPLE);
}

/** The day a count belongs to (UTC), as translation_usage keys it. */
export function budgetDay(now: number): string {
  return new Date(now).toISOString().slice(0, 10);
}
