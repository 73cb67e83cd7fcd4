/** A file's size as people read it (issue 60): shown beside every delivered file, and by the uploads' progress. */

const UNITS = ["byte", "kilobyte", "megabyte", "gigabyte", "terabyte"] as const;

/**
 * `bytes` in decimal units (1 GB = 10⁹ bytes, as Finder, Explorer's details and download managers count), in the
 * reader's locale: "1.4 GB", "820 kB", "12 bytes"; one decimal below 100 of a unit, none from 100 on.
 */
export function formatFileSize(bytes: number, locale: string): string {
  let value = Math.max(0, bytes);
  let unit = 0;
  while (value >= 1000 && unit < UNITS.length - 1) {
    value /= 1000;
    unit += 1;
  }
  // 999.96 MB rounds to "1,000 MB": say 1 GB instead.
  if (unit > 0 && unit < UNITS.length - 1 && Math.round(value) >= 1000) {
    value /= 1000;
    unit += 1;
  }
  return new Intl.NumberFormat(locale, {
    style: "unit",
    unit: UNITS[unit],
    unitDisplay: unit === 0 ? "long" : "short",
    maximumFractionDigits: unit === 0 || value >= 100 ? 0 : 1,
  }).format(value);
}
