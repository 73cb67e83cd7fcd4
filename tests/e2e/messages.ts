import { readFileSync } from "node:fs";

/**
 * The app's own message files, so specs can name Japanese controls without copying their text. English names
 * are written out in the specs on purpose: they are the contract the specs check.
 */
function load(namespace: string, locale: "en" | "ja"): Record<string, string> {
  return JSON.parse(readFileSync(new URL(`../../messages/${namespace}/${locale}.json`, import.meta.url), "utf8"));
}

export function message(namespace: string, locale: "en" | "ja", key: string): string {
  const text = load(namespace, locale)[key];
  if (typeof text !== "string") throw new Error(`messages/${namespace}/${locale}.json has no "${key}"`);
  return text;
}
