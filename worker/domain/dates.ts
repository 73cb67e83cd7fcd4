import type { Locale } from "./locales";

/**
 * Dates as spec section 9: English 'MMMM d, yyyy' (November 21, 2026), Japanese 'yyyy年MM月dd日' (2026年11月21日).
 * Always formatted in UTC on both server and browser so SSR and hydration agree.
 */
export function formatDate(date: Date | number | string, locale: Locale): string {
  const d = new Date(date);
  if (locale === "ja") {
    const pad = (n: number) => String(n).padStart(2, "0");
    return `${d.getUTCFullYear()}年${pad(d.getUTCMonth() + 1)}月${pad(d.getUTCDate())}日`;
  }
  return new Intl.DateTimeFormat("en-US", { month: "long", day: "numeric", year: "numeric", timeZone: "UTC" }).format(
    d,
  );
}

export function formatDateTime(date: Date | number | string, locale: Locale): string {
  const d = new Date(date);
  const time = new Intl.DateTimeFormat(locale === "ja" ? "ja-JP" : "en-US", {
    hour: "2-digit",
    minute: "2-digit",
    timeZone: "UTC",
    hour12: false,
  }).format(d);
  return `${formatDate(d, locale)} ${time} UTC`;
}

/**
 * A yyyy-mm-dd that names a real day of the years 1900 to 2100 (issue 31: "2023-02-30" and "0000-01-01" were kept
 * as request answers; a format check alone takes both).
 */
export function isCalendarDate(text: string): boolean {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(text);
  if (!match) return false;
  const [year, month, day] = match.slice(1).map(Number);
  const date = new Date(Date.UTC(year, month - 1, day));
  return (
    year >= 1900 &&
    year <= 2100 &&
    date.getUTCFullYear() === year &&
    date.getUTCMonth() === month - 1 &&
    date.getUTCDate() === day
  );
}
