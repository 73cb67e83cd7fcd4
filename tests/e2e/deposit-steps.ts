// The steps of the deposit walk (deposit-order.spec.ts, issue 63, decision 100): a client abroad requesting from a
// creator's price sheet as the prices walk does (prices-add-up.spec.ts), the creator's approval with a deposit, and
// the amounts the walk expects, worked out here the way a person with a calculator would, not by the app's code.
import type { Page } from "@playwright/test";
import { expect, visit } from "./fixtures";
import { message } from "./messages";
import { pngBytes } from "./png";

export type Locale = "en" | "ja";

const REQUESTS = "/dashboard/commission/client/requests";

/** The price sheet's choices (worker/dev/fixtures-prices.ts) as the client reads them. */
const CHOICES = {
  en: { plan: "Bust-up", usage: "Commercial - goods", background: "Background", rush: /^Rush/, rushTitle: "Rush" },
  ja: { plan: "バストアップ", usage: "商用 - グッズ", background: "背景", rush: /^特急/, rushTitle: "特急" },
} as const;

/** The sheet's total for those choices: a bust-up ¥20,000, a background ¥5,000, goods +100% and rush +30% of it. */
export const SHEET_TOTAL = 20_000 + 5_000 + 20_000 + 6_000;

/** Yen as the pages show it in both languages: ¥51,000. */
export const yen = (amount: number) => `¥${amount.toLocaleString("en-US")}`;

/** A deposit of `percent` of `total`, half up, and the rest: 30% of ¥50,005 is ¥15,001.5, so ¥15,002 and ¥35,003. */
export function partsOfTotal(total: number, percent: number) {
  const deposit = Math.floor((total * percent + 50) / 100);
  return { deposit, rest: total - deposit };
}

/**
 * The client, on the creator's price sheet, picks a bust-up, a background, commercial use for goods and rush, sees
 * each line and ¥51,000 before sending (approximated in dollars when they read them), sends, and returns the order's
 * code from their requests list.
 */
export async function requestFromPriceSheet(
  client: Page,
  { formCode, title, locale }: { formCode: string; title: string; locale: Locale },
): Promise<string> {
  const say = (area: string, key: string) => message(area, locale, key);
  await visit(client, `/cf/${formCode}`);
  const price = client.getByRole("region", { name: say("requests", "requests_price"), exact: true });
  const total = price.getByRole("status");
  await client
    .locator('input[type="file"]')
    .first()
    .setInputFiles({ name: "reference.png", mimeType: "image/png", buffer: pngBytes() });
  await expect(client.getByRole("progressbar", { name: "reference.png" })).toHaveCount(0);
  const picks = CHOICES[locale];
  await client.getByRole("radio", { name: picks.plan }).check();
  await client.getByRole("radio", { name: picks.usage }).check();
  await client.getByRole("checkbox", { name: picks.background }).check();
  await client.getByRole("radio", { name: picks.rush }).check();
  // The publication rules (required): the first, which adds nothing.
  await client
    .getByRole("group")
    .filter({ has: client.getByRole("radio") })
    .nth(2)
    .getByRole("radio")
    .first()
    .check();
  const percentLine = (name: string, percent: number) =>
    say("requests", "requests_price_percent").replace("{title}", name).replace("{percent}", String(percent));
  for (const [label, amount] of [
    [picks.plan, 20_000],
    [picks.background, 5_000],
    [percentLine(picks.usage, 100), 20_000],
    [percentLine(picks.rushTitle, 30), 6_000],
  ] as const) {
    await expect(price.getByRole("listitem").filter({ hasText: label })).toContainText(yen(amount));
  }
  await expect(total).toContainText(say("requests", "requests_price_total"));
  await expect(total).toContainText(yen(SHEET_TOTAL));
  if (locale === "en") await expect(total).toContainText("≈ $");

  await client.getByRole("checkbox", { name: say("requests", "requests_accept_terms") }).check();
  await client.getByRole("checkbox", { name: say("requests", "requests_acknowledge") }).check();
  await client.getByRole("button", { name: say("requests", "requests_send") }).click();
  await expect(client.getByRole("heading", { level: 2 }).filter({ hasText: /!|！/ })).toBeVisible();
  await client.goto(REQUESTS);
  await client
    .getByRole("link", { name: new RegExp(title.split(" ").at(-1)!) })
    .first()
    .click();
  await expect(client).toHaveURL(/order=/);
  return new URL(client.url()).searchParams.get("order")!;
}

/** The creator's change of the total before approving (Other settings, Price), as the lines then show it. */
export async function changeTotal(creator: Page, { total, locale }: { total: number; locale: Locale }) {
  const say = (key: string) => message("orders", locale, key);
  await creator.getByRole("tab", { name: say("orders_tab_settings") }).click();
  const priceBox = creator.getByRole("region", { name: say("orders_price_heading"), exact: true });
  await priceBox.getByRole("button", { name: say("orders_edit") }).click();
  await priceBox.getByLabel(say("orders_price_label").replace("{currency}", "JPY")).fill(String(total));
  await priceBox.getByRole("button", { name: say("orders_save") }).click();
  await expect(priceBox.getByText(yen(total))).toBeVisible();
}

/**
 * The creator approves asking for a deposit of `percent`, kept or refunded when the client walks away, after reading
 * the deposit and the rest the form works out as the percent is typed (`preview`, e.g. "Deposit ¥15,300 · rest
 * ¥35,700"). The fields are decision 100's `depositPercent` and `depositTerms`.
 */
export async function approveWithDeposit(
  creator: Page,
  {
    percent,
    terms,
    locale,
    preview,
  }: { percent: number; terms: "kept" | "refundable"; locale: Locale; preview: string },
) {
  const say = (key: string) => message("orders", locale, key);
  const approve = creator.getByRole("button", { name: say("orders_approve"), exact: true });
  const field = creator.getByLabel(locale === "en" ? "Deposit (% of the total)" : "前金（合計に対する%）");
  await expect(field).toHaveAttribute("name", "depositPercent");
  await field.fill(String(percent));
  await expect(creator.getByText(preview)).toBeVisible();
  const choice = creator.getByRole("radio", { name: say(`orders_deposit_terms_${terms}`) });
  await expect(choice).toHaveAttribute("name", "depositTerms");
  await expect(choice).toHaveAttribute("value", terms);
  await choice.check();
  await approve.click();
  await expect(approve).toHaveCount(0);
}

/** The client's display currency, as the header's menu saves it. */
export async function useDollars(page: Page, baseURL: string) {
  const saved = await page.request.post("/api/account/currency", {
    data: { currencyCode: "USD" },
    headers: { "sec-fetch-site": "same-origin", origin: baseURL },
  });
  expect(saved.status()).toBe(200);
}
