/**
 * The months and years a statement covers, in Japan time (decision 102): a creator in Japan files by the Japanese
 * calendar. Asia/Tokyo is UTC+9 all year (Japan keeps no daylight saving time), so a fixed offset is the whole rule.
 * Pure: times are epoch milliseconds handed in.
 */

const TOKYO_OFFSET_MS = 9 * 3_600_000;

/** A statement's period: a month `yyyy-mm`, or a year `yyyy`. */
export type PeriodKind = "month" | "year";

const tokyoDate = (at: number) => new Date(at + TOKYO_OFFSET_MS);
const pad = (n: number) => String(n).padStart(2, "0");

/** The month `at` falls in, in Japan: `2025-03`. */
export const tokyoMonthOf = (at: number) => {
  const d = tokyoDate(at);
  return `${d.getUTCFullYear()}-${pad(d.getUTCMonth() + 1)}`;
};

/** The year `at` falls in, in Japan: `2025`. */
export const tokyoYearOf = (at: number) => String(tokyoDate(at).getUTCFullYear());

export const periodOf = (kind: PeriodKind, at: number) => (kind === "month" ? tokyoMonthOf(at) : tokyoYearOf(at));

/** The first instant of a period and the first after it (epoch ms), read from `yyyy-mm` or `yyyy`. */
export function periodBounds(period: string): { from: number; until: number } {
  const match = /^(\d{4})(?:-(\d{2}))?$/.exec(period);
  const month = match?.[2] === undefined ? null : Number(match[2]);
  if (!match || (month !== null && (month < 1 || month > 12))) throw new RangeError(`Not a period: ${period}`);
  const year = Number(match[1]);
  const start = (y: number, m: number) => Date.UTC(y, m, 1) - TOKYO_OFFSET_MS;
  return month === null
    ? { from: start(year, 0), until: start(year + 1, 0) }
    : { from: start(year, month - 1), until: start(year, month) };
}

/** Whether a period has ended at `now`: its statement may be issued, and will not change. */
export const periodClosed = (period: string, now: number) => periodBounds(period).until <= now;

/**
 * The same offset as SQL, for the sweep's queries to name a row's Japanese month or year (`strftime` over
 * `(ms + offset) / 1000`), so a query and `periodOf` agree on where a midnight falls (tokyo-periods.test.ts).
 */
export const TOKYO_OFFSET_SQL_MS = TOKYO_OFFSET_MS;
