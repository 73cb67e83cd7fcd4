import { INTL_TAGS, type Locale } from "./locales";

/** Building a date format costs far more than using one (a list page formats dozens of dates): kept per locale. */
const dayFormats = new Map<Locale, Intl.DateTimeFormat>();
const timeFormats = new Map<Locale, Intl.DateTimeFormat>();

function dayFormat(locale: Locale): Intl.DateTimeFormat {
  let format = dayFormats.get(locale);
  if (!format)
    dayFormats.set(
      locale,
      (format = new Intl.DateTimeFormat(INTL_TAGS[locale], {
        year: "numeric",
        month: "long",
        day: "numeric",
        timeZone: "UTC",
      })),
    );
  return format;
}

function timeFormat(locale: Locale): Intl.DateTimeFormat {
  let format = timeFormats.get(locale);
  if (!format)
    timeFormats.set(
      locale,
      // `hourCycle: "h23"`, not `hour12: false`: the latter writes midnight "24:05" in en-US, zh-Hant-TW and ko-KR.
      (format = new Intl.DateTimeFormat(INTL_TAGS[locale], {
        hour: "2-digit",
        minute: "2-digit",
        hourCycle: "h23",
        timeZone: "UTC",
      })),
    );
  return format;
}

/**
 * A day in the reader's language (spec section 9 for English and Japanese), by `Intl` with the locale's INTL_TAGS:
 * English 'MMMM d, yyyy' (November 21, 2026); Simplified and Traditional Chinese 2026年11月21日 (2026年1月5日: no
 * leading zero, as Chinese writes dates); Korean 2026년 11월 21일. Japanese alone is written by hand: the spec's
 * 'yyyy年MM月dd日' pads month and day (2026年01月05日), which `Intl` does not.
 * Always formatted in UTC on both server and browser so SSR and hydration agree.
 */
export function formatDate(date: Date | number | string, locale: Locale): string {
  const d = new Date(date);
  if (locale === "ja") {
    // Written by hand: the spec's Japanese form, zero-padded.
    const pad = (n: number) => String(n).padStart(2, "0");
    return `${d.getUTCFullYear()}年${pad(d.getUTCMonth() + 1)}月${pad(d.getUTCDate())}日`;
  }
  return dayFormat(locale).format(d);
}

/** A day and a 24-hour UTC time in the reader's language: "November 21, 2026 09:05 UTC", "2026년 11월 21일 09:05 UTC". */
export function formatDateTime(date: Date | number | string, locale: Locale): string {
  const d = new Date(date);
  return `${formatDate(d, locale)} ${timeFormat(locale).format(d)} UTC`;
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
