/**
 * An upload's progress in the reader's locale (issue 60, decision 096): its speed, the time left and the percent sent,
 * by Intl, for the upload panels (app/components/orders/deliverable-upload.tsx). Pure: no messages, no DOM.
 */

const SPEED_UNITS = ["kilobyte", "megabyte", "gigabyte"] as const;

/** A speed in decimal units a second, as sizes are shown (formatFileSize): "3.2 MB/s"; never under 1 kB/s. */
export function formatSpeed(bytesPerSecond: number, locale: string): string {
  let value = Math.max(1, bytesPerSecond / 1000);
  let unit = 0;
  while (value >= 1000 && unit < SPEED_UNITS.length - 1) {
    value /= 1000;
    unit += 1;
  }
  return new Intl.NumberFormat(locale, {
    style: "unit",
    unit: `${SPEED_UNITS[unit]}-per-second`,
    maximumFractionDigits: value >= 100 ? 0 : 1,
  }).format(value);
}

type DurationFormatter = { format(duration: Record<string, number>): string };
type DurationFormatConstructor = new (
  locale: string,
  options: { style: "narrow" | "short" | "long" },
) => DurationFormatter;

/** Time left, rounded as a person would say it: seconds under a minute, minutes under an hour, then hours and minutes. */
export function formatDuration(seconds: number, locale: string): string {
  const total = Math.max(1, Math.round(seconds));
  const parts: Record<string, number> =
    total < 60
      ? { seconds: total }
      : total < 3600
        ? { minutes: Math.min(59, Math.ceil(total / 60)) }
        : { hours: Math.floor(total / 3600), minutes: Math.floor((total % 3600) / 60) };
  if (parts.minutes === 0) delete parts.minutes;
  const DurationFormat = (Intl as unknown as { DurationFormat?: DurationFormatConstructor }).DurationFormat;
  if (DurationFormat) return new DurationFormat(locale, { style: "short" }).format(parts);
  return Object.entries(parts)
    .map(([unit, value]) =>
      new Intl.NumberFormat(locale, { style: "unit", unit: unit.slice(0, -1), unitDisplay: "long" }).format(value),
    )
    .join(" ");
}

/** The whole percent of `size` that `sent` is, at most 100 (0 for an empty file): a progressbar's value. */
export function percentOf(sent: number, size: number): number {
  return size > 0 ? Math.min(100, Math.floor((sent / size) * 100)) : 0;
}
