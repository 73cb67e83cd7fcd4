/** The languages Comet speaks, and the test that a value is one of them. */
export const LOCALES = ["en", "ja"] as const;
export type Locale = (typeof LOCALES)[number];

export function isLocale(value: unknown): value is Locale {
  return typeof value === "string" && (LOCALES as readonly string[]).includes(value);
}
