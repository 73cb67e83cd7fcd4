import type { StripeElementLocale } from "@stripe/stripe-js";
import type { Locale } from "#worker/domain/locales";

/** The language Stripe.js draws its card form and 3-D Secure frames in: its own tags for the Chinese scripts. */
export const STRIPE_LOCALES: Record<Locale, StripeElementLocale> = {
  en: "en",
  ja: "ja",
  "zh-Hans": "zh",
  "zh-Hant": "zh-TW",
  ko: "ko",
};
