// The request tests' priced choice (issue 63): an unpriced `add` unless the test says otherwise.
import type { ChoicePricing } from "./request-price";

export const priced = (pricing: Partial<ChoicePricing>): ChoicePricing => ({
  kind: "add",
  amount: null,
  currencyCode: null,
  percent: null,
  maxCount: null,
  licence: null,
  rushDays: null,
  ...pricing,
});
