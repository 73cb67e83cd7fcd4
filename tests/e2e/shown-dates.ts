// Dates as the pages show them (worker/domain/dates.ts, spec section 9), written out here so a spec checks the format
// rather than the formatter: always in UTC, English "December 4, 2026", Japanese "2026年12月04日".

export const DAY = 86_400_000;

/** A day as `showDate` shows it. */
function shownDate(at: number, locale: "en" | "ja"): string {
  const d = new Date(at);
  if (locale === "ja") {
    const pad = (n: number) => String(n).padStart(2, "0");
    return `${d.getUTCFullYear()}年${pad(d.getUTCMonth() + 1)}月${pad(d.getUTCDate())}日`;
  }
  return new Intl.DateTimeFormat("en-US", { month: "long", day: "numeric", year: "numeric", timeZone: "UTC" }).format(
    d,
  );
}

/**
 * The days a moment the server chose between `from` and `to` (read off the test's clock on either side of the click
 * that made it) may be shown as: one, or two when UTC midnight fell in between.
 */
export function shownDatesBetween(from: number, to: number, locale: "en" | "ja"): string[] {
  return [...new Set([shownDate(from, locale), shownDate(to, locale)])];
}

const escaped = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

/**
 * A message (`template`, its date as `{date}`) filled with any of `dates`, as a pattern for the whole text; with `time`,
 * a date and time as `showDateTime` shows it ("December 4, 2026 19:37 UTC").
 */
export function withDate(template: string, dates: string[], { time = false } = {}): RegExp {
  const [head, tail = ""] = template.split("{date}");
  const date = `(?:${dates.map(escaped).join("|")})${time ? " \\d{2}:\\d{2} UTC" : ""}`;
  return new RegExp(`^${escaped(head)}${date}${escaped(tail)}$`);
}
