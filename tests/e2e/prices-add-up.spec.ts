import type { Page } from "@playwright/test";
import { expect, expectAccessible, signUpWithApi, test, visit } from "./fixtures";
import { message } from "./messages";
import { insertPriceSheetForm } from "./order-fixtures";
import { newCreator, pageInNewContext, saveCard, switchToJapanese } from "./order-steps";
import { pngBytes } from "./png";
import { DAY, shownDatesBetween } from "./shown-dates";
import { authenticateInPage } from "./three-d-secure";

/**
 * Prices as creators set them (issue 63, decision 099), walked by a client abroad and a creator: on the creator's price
 * sheet (the template's sizes as plans from ¥10,000, commercial use for goods at +100%, a background at +¥5,000, rush
 * within 5 days at +30%), the client picks a bust-up, a background, commercial use for goods and rush, and sees each
 * line and the total (¥20,000 + ¥5,000 + ¥20,000 + ¥6,000 = ¥51,000) before sending, with the licence those picks
 * grant. The creator takes ¥1,000 off before approving; the client pays through 3-D Secure; the order then lists each
 * line, the creator's change and the licence, and its delivery deadline is the rush's five days. Then the client asks
 * for exclusive rights and the creator accepts: the order's licence changes by agreement only. In English with
 * amounts approximated in US dollars, and in Japanese at 375 px.
 */
const MANAGEMENTS = "/dashboard/commission/managements";
const REQUESTS = "/dashboard/commission/client/requests";

const WALKS = [
  { locale: "en", width: null },
  { locale: "ja", width: 375 },
] as const;

const CHOICES = {
  en: { plan: "Bust-up", usage: "Commercial - goods", background: "Background", rush: /^Rush/ },
  ja: { plan: "バストアップ", usage: "商用 - グッズ", background: "背景", rush: /^特急/ },
} as const;

for (const walk of WALKS) {
  const { locale } = walk;
  const say = (area: string, key: string) => message(area, locale, key);

  test(`${locale}${walk.width ? ` at ${walk.width} px` : ""}: the total adds up as the client chooses, and the order keeps each line and the licence`, async ({
    page,
    browser,
    baseURL,
  }) => {
    test.setTimeout(240_000);
    const client = page;
    if (walk.width) await client.setViewportSize({ width: walk.width, height: 900 });
    const creatorPage = await pageInNewContext(browser, baseURL!, `203.0.113.${locale === "en" ? 163 : 164}`);
    const creator = await newCreator(creatorPage);
    if (locale === "ja") await switchToJapanese(creatorPage);
    const title = `Price sheet ${Date.now().toString(36)}`;
    const form = await insertPriceSheetForm({ sellerEmail: creator.email, title, locale, priceAmount: 10_000 });

    // The client abroad: a card that asks for 3-D Secure, and amounts read in US dollars (or the page in Japanese).
    await signUpWithApi(client);
    await saveCard(client, "4000 0025 0000 3155");
    await authenticateInPage(client, "complete");
    await expect(client.getByText("Visa ending in 3155")).toBeVisible();
    if (locale === "ja") await switchToJapanese(client);
    else await useDollars(client, baseURL!);

    await visit(client, `/cf/${form.code}`);
    const price = client.getByRole("region", { name: say("requests", "requests_price"), exact: true });
    const total = price.getByRole("status");
    // The form's own price is where it starts.
    await expect(total).toContainText("¥10,000");
    await client
      .locator('input[type="file"]')
      .first()
      .setInputFiles({ name: "reference.png", mimeType: "image/png", buffer: pngBytes() });
    await expect(client.getByRole("progressbar", { name: "reference.png" })).toHaveCount(0);
    const picks = CHOICES[locale];
    await client.getByRole("radio", { name: picks.plan }).check();
    await expect(total).toContainText("¥20,000");
    await client.getByRole("radio", { name: picks.usage }).check();
    await client.getByRole("checkbox", { name: picks.background }).check();
    await client.getByRole("radio", { name: picks.rush }).check();
    // The publication rules (required): the first, which adds nothing.
    const publication = client
      .getByRole("group")
      .filter({ has: client.getByRole("radio") })
      .nth(2);
    await publication.getByRole("radio").first().check();

    const yen = (amount: number) => `¥${amount.toLocaleString("en-US")}`;
    const percentLine = (title: string, percent: number) =>
      say("requests", "requests_price_percent").replace("{title}", title).replace("{percent}", String(percent));
    const rushTitle = locale === "en" ? "Rush" : "特急";
    for (const [label, amount] of [
      [picks.plan, 20_000],
      [picks.background, 5_000],
      [percentLine(picks.usage, 100), 20_000],
      [percentLine(rushTitle, 30), 6_000],
    ] as const) {
      await expect(price.getByRole("listitem").filter({ hasText: label })).toContainText(yen(amount));
    }
    await expect(total).toContainText(say("requests", "requests_price_total"));
    await expect(total).toContainText(yen(51_000));
    if (locale === "en") await expect(total).toContainText("≈ $");
    await expect(price).toContainText(
      say("requests", "requests_licence_commercial").replace("{uses}", say("requests", "requests_licence_use_goods")),
    );
    await expectAccessible(client);
    if (walk.width) expect(await client.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);

    await client.getByRole("checkbox", { name: say("requests", "requests_accept_terms") }).check();
    await client.getByRole("checkbox", { name: say("requests", "requests_acknowledge") }).check();
    await client.getByRole("button", { name: say("requests", "requests_send") }).click();
    await expect(client.getByRole("heading", { level: 2 }).filter({ hasText: /!|！/ })).toBeVisible();
    await client.goto(REQUESTS);
    await client
      .getByRole("link", { name: new RegExp(title.split(" ")[2]) })
      .first()
      .click();
    await expect(client).toHaveURL(/order=/);
    const code = new URL(client.url()).searchParams.get("order")!;

    // The creator takes ¥1,000 off, then approves.
    await creatorPage.goto(`${MANAGEMENTS}?order=${code}`);
    await creatorPage.getByRole("tab", { name: say("orders", "orders_tab_settings") }).click();
    const priceBox = creatorPage.getByRole("region", { name: say("orders", "orders_price_heading"), exact: true });
    await priceBox.getByRole("button", { name: say("orders", "orders_edit") }).click();
    await priceBox.getByLabel(say("orders", "orders_price_label").replace("{currency}", "JPY")).fill("50000");
    await priceBox.getByRole("button", { name: say("orders", "orders_save") }).click();
    await expect(priceBox.getByText(yen(50_000))).toBeVisible();
    await creatorPage.getByRole("button", { name: say("orders", "orders_approve") }).click();
    await expect(creatorPage.getByRole("button", { name: say("orders", "orders_approve") })).toHaveCount(0);

    // The client pays through 3-D Secure; the rush's five days start then.
    await visit(client, `${REQUESTS}?order=${code}`);
    await client.getByRole("tab", { name: say("orders", "orders_tab_payment") }).click();
    const before = Date.now();
    await client.getByRole("button", { name: say("orders", "orders_pay"), exact: true }).click();
    await authenticateInPage(client, "complete", locale);
    await expect(client.getByRole("button", { name: say("orders", "orders_awaiting_delivery") })).toBeVisible();
    const after = Date.now();
    const deadline = shownDatesBetween(before + 5 * DAY, after + 5 * DAY, locale);
    await expect(client.getByRole("article")).toContainText(new RegExp(deadline.join("|")));

    // The order, the client's receipt until issue 64's documents: each line as priced, the creator's change, the licence.
    await client.getByRole("tab", { name: say("orders", "orders_tab_payment") }).click();
    const lines = client.getByTestId("price-lines");
    await expect(lines.locator('[data-line="plan"]')).toContainText(picks.plan);
    await expect(lines.locator('[data-line="plan"]')).toContainText(yen(20_000));
    await expect(lines.locator('[data-line="add"]')).toContainText(yen(5_000));
    await expect(lines.locator('[data-line="percent"]').first()).toContainText("+100%");
    await expect(lines.locator('[data-line="adjustment"]')).toContainText(
      say("orders", "orders_price_line_adjustment"),
    );
    await expect(lines.locator('[data-line="adjustment"]')).toContainText("−¥1,000");
    if (locale === "en") await expect(lines).toContainText("≈ $");
    const licence = say("orders", "orders_licence_commercial").replace(
      "{uses}",
      say("orders", "orders_licence_use_goods"),
    );
    await expect(client.getByRole("article")).toContainText(licence);
    await expectAccessible(client);

    // After payment the licence changes only by agreement: the client asks for exclusive rights, the creator accepts.
    const ask = client.getByTestId("licence-ask");
    await ask.getByText(say("orders", "orders_licence_change_toggle")).click();
    await ask.getByRole("checkbox", { name: say("orders", "orders_licence_change_tag_exclusive") }).check();
    await ask.getByRole("button", { name: say("orders", "orders_licence_change_submit") }).click();
    await expect(client.getByTestId("licence-change").getByRole("status")).toBeVisible();
    await visit(creatorPage, `${MANAGEMENTS}?order=${code}`);
    const pending = creatorPage.getByTestId("licence-pending");
    await expect(pending).toContainText(say("orders", "orders_licence_exclusive"));
    creatorPage.once("dialog", (dialog) => dialog.accept());
    await pending.getByRole("button", { name: say("orders", "orders_licence_change_accept") }).click();
    await expect(pending).toHaveCount(0);
    await visit(client, `${REQUESTS}?order=${code}`);
    await client.getByRole("tab", { name: say("orders", "orders_tab_details") }).click();
    await expect(client.getByTestId("order-licence")).toHaveText(say("orders", "orders_licence_exclusive"));
  });
}

/** The client's display currency, as the header's menu saves it. */
async function useDollars(page: Page, baseURL: string) {
  const saved = await page.request.post("/api/account/currency", {
    data: { currencyCode: "USD" },
    headers: { "sec-fetch-site": "same-origin", origin: baseURL },
  });
  expect(saved.status()).toBe(200);
}
