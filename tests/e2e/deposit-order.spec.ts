import type { Page } from "@playwright/test";
import {
  approveWithDeposit,
  changeTotal,
  partsOfTotal,
  requestFromPriceSheet,
  SHEET_TOTAL,
  useDollars,
  yen,
} from "./deposit-steps";
import { expect, expectAccessible, signUpWithApi, test, visit } from "./fixtures";
import { message } from "./messages";
import { insertPriceSheetForm, orderMoney } from "./order-fixtures";
import { newCreator, pageInNewContext, saveCard, switchToJapanese } from "./order-steps";
import { pngBytes } from "./png";
import { authenticateInPage } from "./three-d-secure";

/**
 * Paying in parts (issue 63, decision 100), walked by a client abroad and a creator. The client picks a bust-up, a
 * background, commercial use for goods and rush on the creator's price sheet and sees ¥51,000 before sending. The
 * creator approves asking for a deposit of 30%. The client pays the deposit with a card that asks for 3-D Secure on
 * every payment (4000 0027 6000 3184), in the page. The creator uploads a file and delivers; the rest is charged
 * off-session on that card and the bank wants the client (authentication_required), so the client is told the rest
 * is due, the delivered file is listed but closed, and the creator cannot complete. The client pays the rest through
 * 3-D Secure in the page; the file opens, and the Payment tab lists both parts paid, each price line and the licence.
 * In English with dollars and kept terms; in Japanese at 375 px with refundable terms, on a total the creator set to
 * ¥50,005, whose 30% falls on half a yen (¥15,001.5): the deposit is rounded half up to ¥15,002, the rest ¥35,003.
 */
const MANAGEMENTS = "/dashboard/commission/managements";
const REQUESTS = "/dashboard/commission/client/requests";
const DEPOSIT_PERCENT = 30;

const WALKS = [
  { locale: "en", width: null, terms: "kept", total: SHEET_TOTAL, ip: 165 },
  { locale: "ja", width: 375, terms: "refundable", total: 50_005, ip: 166 },
] as const;

/** The words of the rest's payment, as the client reads them. */
const PAY_REST = { en: "Pay the rest", ja: "残金を支払う" } as const;

for (const walk of WALKS) {
  const { locale } = walk;
  const say = (key: string) => message("orders", locale, key);
  const { deposit, rest } = partsOfTotal(walk.total, DEPOSIT_PERCENT);

  test(`${locale}${walk.width ? ` at ${walk.width} px` : ""}: a ${walk.terms} deposit of 30%, then the rest through 3-D Secure after delivery opens the files`, async ({
    page,
    browser,
    baseURL,
  }) => {
    test.setTimeout(300_000);
    const client = page;
    if (walk.width) await client.setViewportSize({ width: walk.width, height: 900 });
    const creatorPage = await pageInNewContext(browser, baseURL!, `203.0.113.${walk.ip}`);
    const creator = await newCreator(creatorPage);
    if (locale === "ja") await switchToJapanese(creatorPage);
    const title = `Deposit ${Date.now().toString(36)}`;
    const form = await insertPriceSheetForm({ sellerEmail: creator.email, title, locale, priceAmount: 10_000 });

    // The client abroad saves a card whose bank asks for 3-D Secure on every payment made with them in the page, and
    // refuses any made without them (off-session) until they authenticate.
    await signUpWithApi(client);
    await saveCard(client, "4000 0027 6000 3184");
    await authenticateInPage(client, "complete");
    await expect(client.getByText("Visa ending in 3184")).toBeVisible();
    if (locale === "ja") await switchToJapanese(client);
    else await useDollars(client, baseURL!);
    const code = await requestFromPriceSheet(client, { formCode: form.code, title, locale });

    // The creator approves asking for 30% now (in the Japanese walk, after setting the total to ¥50,005).
    await creatorPage.goto(`${MANAGEMENTS}?order=${code}`);
    if (walk.total !== SHEET_TOTAL) await changeTotal(creatorPage, { total: walk.total, locale });
    const preview = say("orders_deposit_preview").replace("{deposit}", yen(deposit)).replace("{rest}", yen(rest));
    await approveWithDeposit(creatorPage, { percent: DEPOSIT_PERCENT, terms: walk.terms, locale, preview });

    // The client pays the deposit, and only the deposit, through 3-D Secure in the page.
    await visit(client, `${REQUESTS}?order=${code}`);
    await client.getByRole("tab", { name: say("orders_tab_payment") }).click();
    const parts = client.getByTestId("order-parts");
    // The creator's terms, in the client's words.
    await expect(client.getByTestId("deposit-terms")).toHaveText(
      say(`orders_deposit_terms_${walk.terms}_buyer`).replace("{percent}", String(DEPOSIT_PERCENT)),
    );
    await expect(parts.locator('[data-part="deposit"]')).toContainText(yen(deposit));
    await expect(parts.locator('[data-part="rest"]')).toContainText(yen(rest));
    await expect(parts.locator('[data-part="deposit"]')).toHaveAttribute("data-status", "due");
    await expect(parts.locator('[data-part="rest"]')).toHaveAttribute("data-status", "upcoming");
    await client
      .getByTestId("pay-section")
      .getByRole("button", { name: say("orders_pay"), exact: true })
      .click();
    await authenticateInPage(client, "complete", locale);
    await expect(client.getByRole("button", { name: say("orders_awaiting_delivery") })).toBeVisible();
    await client.getByRole("tab", { name: say("orders_tab_payment") }).click();
    await expect(parts.locator('[data-part="deposit"]')).toHaveAttribute("data-status", "paid");
    await expect(parts.locator('[data-part="rest"]')).toHaveAttribute("data-status", "upcoming");
    await expect.poll(async () => (await orderMoney(code)).charges).toEqual([{ captured: deposit, refunded: 0 }]);

    // The creator uploads the file and delivers; the rest is charged off-session then, and the bank wants the client.
    await creatorPage.goto(`${MANAGEMENTS}?order=${code}`);
    await creatorPage.getByRole("tab", { name: say("orders_tab_delivery") }).click();
    await creatorPage
      .getByLabel(say("orders_deliverables_upload"))
      .setInputFiles({ name: "final.png", mimeType: "image/png", buffer: pngBytes() });
    const download = (page: Page) =>
      page.getByRole("link", { name: say("orders_deliverables_download").replace("{name}", "final.png") });
    await expect(download(creatorPage)).toBeVisible();
    await creatorPage.getByRole("button", { name: say("orders_deliver"), exact: true }).click();
    const complete = creatorPage.getByRole("button", { name: say("orders_complete"), exact: true });
    await expect(complete).toBeVisible();
    await expect(complete).toBeDisabled();

    // The client is told the rest is due and why (their bank wants them); the file is listed but closed to them.
    await visit(client, `${REQUESTS}?order=${code}`);
    await expect(client.getByTestId("next-step")).toContainText(say("orders_step_rest_payment"));
    await client.getByRole("button", { name: say("orders_review_and_pay_rest") }).click();
    await expect(client.getByTestId("rest-due")).toHaveText(say("orders_rest_due_authentication"));
    await expect(client.getByTestId("pay-section")).toContainText(yen(rest));
    await expect(parts.locator('[data-part="rest"]')).toHaveAttribute("data-status", "due");
    await client.getByRole("tab", { name: say("orders_tab_delivery") }).click();
    await expect(client.getByTestId("deliverables-held")).toHaveText(say("orders_deliverables_held_rest"));
    await expect(client.getByRole("heading", { name: "final.png" })).toBeVisible();
    await expect(download(client)).toHaveCount(0);
    await expectAccessible(client);
    if (walk.width) expect(await client.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);

    // The client pays the rest in the page, through 3-D Secure on the same card.
    await client.getByRole("tab", { name: say("orders_tab_payment") }).click();
    await client.getByTestId("pay-section").getByRole("button", { name: PAY_REST[locale] }).click();
    await authenticateInPage(client, "complete", locale);
    await expect(client.getByTestId("rest-due")).toHaveCount(0);
    // Two charges on the card, each its part to the yen, nothing given back.
    await expect
      .poll(async () => (await orderMoney(code)).charges.sort((a, b) => a.captured - b.captured))
      .toEqual([
        { captured: deposit, refunded: 0 },
        { captured: rest, refunded: 0 },
      ]);

    // The files open, and the receipt lists both parts paid, each line as priced and the licence.
    await client.getByRole("tab", { name: say("orders_tab_delivery") }).click();
    await expect(client.getByTestId("deliverables-held")).toHaveCount(0);
    const file = await client.request.get((await download(client).getAttribute("href"))!);
    expect(file.status()).toBe(200);
    expect(file.headers()["content-type"]).toBe("image/png");
    await client.getByRole("tab", { name: say("orders_tab_payment") }).click();
    await expect(parts.locator('[data-part="deposit"]')).toHaveAttribute("data-status", "paid");
    await expect(parts.locator('[data-part="deposit"]')).toContainText(yen(deposit));
    await expect(parts.locator('[data-part="rest"]')).toHaveAttribute("data-status", "paid");
    await expect(parts.locator('[data-part="rest"]')).toContainText(yen(rest));
    const lines = client.getByTestId("price-lines");
    await expect(lines.locator('[data-line="plan"]')).toContainText(yen(20_000));
    await expect(lines.locator('[data-line="add"]')).toContainText(yen(5_000));
    await expect(lines.locator('[data-line="percent"]').first()).toContainText("+100%");
    if (walk.total !== SHEET_TOTAL)
      await expect(lines.locator('[data-line="adjustment"]')).toContainText(`−${yen(SHEET_TOTAL - walk.total)}`);
    if (locale === "en") await expect(lines).toContainText("≈ $");
    await expect(client.getByTestId("amount-breakdown")).toContainText(yen(walk.total));
    const licence = say("orders_licence_commercial").replace("{uses}", say("orders_licence_use_goods"));
    await expect(client.getByRole("article")).toContainText(licence);
    await expectAccessible(client);
    if (walk.width) expect(await client.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);

    // With the rest paid, the creator may complete.
    await creatorPage.reload();
    await expect(complete).toBeEnabled();
    await creatorPage.context().close();
  });
}
