import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { findRate, toDisplayPrice } from "#worker/domain/pricing";
import { PRICE_BOOK_SQL, priceBookOf, priceContext } from "#worker/services/price-book";

const readBook = async () => (await env.DB.prepare(PRICE_BOOK_SQL).all<Record<string, unknown>>()).results[0];

describe("the price book", () => {
  it("holds each currency pair's newest rate only, however many days of rates are stored", async () => {
    const seeded = priceBookOf(await readBook());
    expect(findRate(seeded.rates, "USD", "JPY")).toBe(144.91);
    // A newer day's rate and an older one for the same pair.
    await env.DB.batch([
      env.DB.prepare(
        "INSERT OR REPLACE INTO exchange_rates (id, from_currency_code, to_currency_code, rate, rated_on) VALUES (?, 'USD', 'JPY', 150, '2099-01-01')",
      ).bind("rate-newer"),
      env.DB.prepare(
        "INSERT OR REPLACE INTO exchange_rates (id, from_currency_code, to_currency_code, rate, rated_on) VALUES (?, 'USD', 'JPY', 99, '2000-01-01')",
      ).bind("rate-older"),
    ]);
    try {
      const book = priceBookOf(await readBook());
      expect(book.rates.filter((r) => r.from === "USD" && r.to === "JPY")).toEqual([
        { from: "USD", to: "JPY", rate: 150 },
      ]);
      expect(book.rates.filter((r) => r.from === "JPY" && r.to === "USD")).toEqual([
        { from: "JPY", to: "USD", rate: 0.0069 },
      ]);
      // $10.00 at 150 yen a dollar.
      expect(toDisplayPrice(1000, "USD", "JPY", book)).toMatchObject({ amount: 1500, approximate: true });
    } finally {
      await env.DB.prepare("DELETE FROM exchange_rates WHERE id IN ('rate-newer', 'rate-older')").run();
    }
  });

  it("shows a viewer's chosen display currency, and yen to visitors and for a currency no longer active", async () => {
    const row = await readBook();
    const usd = await env.DB.prepare("SELECT id FROM currencies WHERE code = 'USD'").first<string>("id");
    expect(priceContext(row, { displayCurrencyId: usd }).displayCode).toBe("USD");
    expect(priceContext(row, { displayCurrencyId: null }).displayCode).toBe("JPY");
    expect(priceContext(row, { displayCurrencyId: "no-such-currency" }).displayCode).toBe("JPY");
    expect(priceContext(row, { displayCurrencyId: null }).book.currencies.USD).toMatchObject({
      code: "USD",
      decimalDigits: 2,
    });
  });
});
