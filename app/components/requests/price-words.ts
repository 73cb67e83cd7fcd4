/**
 * A request's prices in words, as a creator's price sheet says them (issue 63): a choice's price ("+¥5,000", "+100%",
 * "¥8,000 each", a plan's "¥20,000"), a rush choice's promise ("Rush: within 5 days"), the summary's line labels and
 * the licence the picks grant. Amounts stay in the service's currency, exact; the approximate total in the viewer's
 * currency is the summary's. Pure apart from the messages, so the node tests read them in each language.
 */
import { m } from "#app/paraglide/messages.js";
import { asCurrencyCode } from "#worker/domain/currency";
import { isLocale, type Locale } from "#worker/domain/locales";
import { formatMoney } from "#worker/domain/pricing";
import type { CommercialUse, Licence } from "#worker/orders/domain/licence";
import type { PriceLine } from "#worker/orders/domain/price-lines";
import type { ChoicePricing } from "./request-price";

export const moneyText = (amount: number, currencyCode: string, locale: string) =>
  formatMoney(amount, asCurrencyCode(currencyCode), locale);

/** What a choice costs, as its row says it; null for an unpriced choice (the creator prices it). */
export function choicePriceText(pricing: ChoicePricing, locale: string): string | null {
  if (pricing.kind === "percent") return pricing.percent && pricing.percent > 0 ? `+${pricing.percent}%` : null;
  if (pricing.amount === null || pricing.amount <= 0 || !pricing.currencyCode) return null;
  const price = moneyText(pricing.amount, pricing.currencyCode, locale);
  if (pricing.kind === "plan") return price;
  if (pricing.kind === "each") return m.requests_price_each({ price });
  return `+${price}`;
}

/** A rush choice's promise; null when the choice is not rush. */
export function rushText(rushDays: number | null): string | null {
  if (!rushDays || rushDays <= 0) return null;
  return rushDays === 1 ? m.requests_rush_one() : m.requests_rush_other({ days: String(rushDays) });
}

/** A summary line's label: the base, or the picked choice's title (with its percent, or its count). */
export function lineLabel(line: PriceLine, titleOf: (choiceId: string) => string): string {
  if (line.kind === "base") return m.requests_price_base();
  const title = titleOf(line.choiceId);
  if (line.kind === "percent") return m.requests_price_percent({ title, percent: String(line.percent) });
  if (line.kind === "each") return m.requests_price_count({ title, count: String(line.count) });
  return title;
}

const USE_WORDS: Record<CommercialUse, () => string> = {
  streaming: m.requests_licence_use_streaming,
  goods: m.requests_licence_use_goods,
  advertising: m.requests_licence_use_advertising,
};

/**
 * What separates the uses of a licence in each language: the ideographic comma in Japanese and Chinese, a comma and a
 * space in English and Korean (as the chat's and the order page's licence lines say them). Written by hand:
 * `Intl.ListFormat` has no style that lists plainly in all five (its conjunctions add "and", "및" or "和" before the
 * last; its Traditional Chinese and Korean unit lists are joined by spaces).
 */
const USE_SEPARATORS: Record<Locale, string> = { en: ", ", ja: "、", "zh-Hans": "、", "zh-Hant": "、", ko: ", " };

/** The licence the picks grant, as the summary says it, its uses listed in the reader's language. */
export function licenceText(licence: Licence, locale: string): string {
  if (licence.scope === "exclusive") return m.requests_licence_exclusive();
  if (licence.scope === "personal") return m.requests_licence_personal();
  const separator = USE_SEPARATORS[isLocale(locale) ? locale : "en"];
  const uses = licence.uses.map((use) => USE_WORDS[use]()).join(separator);
  return m.requests_licence_commercial({ uses });
}
