import type { Page } from "@playwright/test";
import { expect, signUpWithApi, test } from "./fixtures";
import { devFixture, insertOrder } from "./order-fixtures";
import { newCreator, saveCard, switchTo, switchToJapanese } from "./order-steps";

/**
 * Papers (issue 64, decision 102), walked: a creator enters their qualified-invoice registration number on their wallet
 * (a mistyped one refused in words, then saved as typed on a Japanese keyboard); a client pays their order through the
 * Stripe emulator; the documents due are issued as the timed jobs issue them; the client opens the receipt from the
 * order's Payment tab and reads the order's lines, licence, tax and both registration numbers, in English and in
 * Japanese, screen and print; the creator opens the monthly statement once the month of the payment has closed.
 * Screenshots of the print page go to test-results/ to be looked at.
 */
const REQUESTS = "/dashboard/commission/client/requests";
const MANAGEMENTS = "/dashboard/commission/managements";

async function screenshots(page: Page, name: string) {
  await page.screenshot({ path: `test-results/documents-${name}-screen.png`, fullPage: true });
  await page.emulateMedia({ media: "print" });
  await page.screenshot({ path: `test-results/documents-${name}-print.png`, fullPage: true });
  // In print only the sheet shows: the site's header, sidebar and footer and the print button are left off.
  await expect(page.getByRole("banner")).toBeHidden();
  await expect(page.getByRole("contentinfo")).toBeHidden();
  await expect(page.getByRole("button", { name: /Print|印刷/ })).toBeHidden();
  await expect(page.getByTestId("document-sheet")).toBeVisible();
  await page.emulateMedia({ media: "screen" });
}

test("a registered creator's receipt and monthly statement, read and printed in English and Japanese", async ({
  page,
}) => {
  test.setTimeout(240_000);
  const client = await signUpWithApi(page);
  await saveCard(page, "4242 4242 4242 4242");
  await expect(page.getByText("Visa ending in 4242")).toBeVisible();
  const creator = await newCreator(page);

  // The registration: a digit mistyped is refused in words and nothing is saved; typed full-width and grouped, saved.
  await page.goto("/dashboard/creator/wallet");
  const registration = page.getByTestId("invoice-registration");
  await expect(registration.getByTestId("registration-current")).toHaveText(
    "Not registered: receipts issued in your name are not qualified invoices.",
  );
  await registration.getByLabel("Registration number").fill("T6000000123457");
  await registration.getByLabel("Registered name").fill("Studio Aoi");
  await registration.getByRole("button", { name: "Save registration" }).click();
  await expect(
    registration.getByText("No registration number reads like this: a digit may be mistyped."),
  ).toBeVisible();
  await expect(registration.getByTestId("registration-current")).toHaveText(/^Not registered/);
  await registration.getByLabel("Registration number").fill("Ｔ６－０００－０００１２－３４５６");
  await registration.getByRole("button", { name: "Save registration" }).click();
  await expect(registration.getByTestId("registration-current")).toHaveText("Registered: T6000000123456, Studio Aoi");
  await expect(registration.getByLabel("Registration number")).toHaveValue("T6000000123456");

  // An order for commercial use on goods, approved and paid.
  const title = `Papers ${Date.now().toString(36)}`;
  const { id, code } = await insertOrder({
    sellerEmail: creator.email,
    buyerEmail: client.email,
    priceAmount: 12_000,
    title,
  });
  await devFixture("orderLicence", { orderId: id, tags: ["goods"] });
  await page.goto(`${MANAGEMENTS}?order=${code}`);
  await page.getByRole("button", { name: "Approve" }).click();
  await expect(
    page.getByRole("article", { name: new RegExp(code) }).getByText("Accepted", { exact: true }),
  ).toBeVisible();
  await switchTo(page, client.email);
  await page.goto(`${REQUESTS}?order=${code}`);
  await page.getByRole("tab", { name: "Payment" }).click();
  await expect(page.getByTestId("order-documents")).toHaveCount(0);
  await page.getByRole("button", { name: "Pay", exact: true }).click();
  await expect(page.getByRole("button", { name: "Awaiting creator delivery" })).toBeVisible();
  await page.getByRole("tab", { name: "Payment" }).click();
  await expect(page.getByTestId("order-documents")).toContainText(
    "A receipt for each payment appears here shortly after it is made.",
  );

  // The timed jobs issue what is due; the receipt is on the Payment tab and in the billing history.
  await devFixture("issuedDocuments", {});
  await page.goto(`${REQUESTS}?order=${code}`);
  await page.getByRole("tab", { name: "Payment" }).click();
  const receiptLink = page.getByTestId("order-documents").getByRole("link", { name: /^Receipt CR-/ });
  await expect(receiptLink).toHaveCount(1);
  const receiptPath = await receiptLink.getAttribute("href");
  await page.goto("/dashboard/history/billing");
  const receipts = page.getByTestId("document-list").locator('[data-kind="RECEIPT"]');
  await expect(receipts.getByRole("row")).toHaveCount(2);
  await expect(receipts).toContainText(`${title} (${code})`);
  await expect(receipts).toContainText("¥12,000");
  await receipts.getByRole("link").click();
  await expect(page).toHaveURL(receiptPath!);

  const sheet = page.getByTestId("document-sheet");
  await expect(sheet.getByRole("heading", { level: 1 })).toHaveText("Receipt (qualified invoice)");
  await expect(sheet).toHaveAttribute("lang", "en");
  await expect(sheet.getByTestId("document-issuer")).toHaveText("Studio Aoi");
  await expect(sheet.getByTestId("document-issuer-registration")).toHaveText("Registration number T6000000123456");
  await expect(sheet.getByTestId("document-intermediary")).toContainText("as intermediary for the issuer");
  await expect(sheet.getByTestId("document-recipient")).toHaveText(client.handle);
  await expect(sheet.getByTestId("document-facts")).toContainText(code);
  await expect(sheet.getByTestId("document-facts")).toContainText(title);
  await expect(sheet.getByTestId("document-facts")).toContainText("Commercial use: goods");
  await expect(sheet.getByTestId("document-lines")).toContainText(title);
  await expect(sheet.getByTestId("document-lines")).toContainText("¥12,000");
  // 10 % included: ¥1,091 of ¥12,000 (1/11, rounded once).
  const summary = sheet.getByTestId("document-summary");
  await expect(summary).toContainText("Subject to 10% tax (tax included)¥12,000");
  await expect(summary).toContainText("Consumption tax (10%)¥1,091");
  await expect(summary).toContainText("Total (tax included)¥12,000");
  await expect(sheet).not.toContainText("not a qualified invoice");
  await expect(page.getByRole("button", { name: "Print / Save as PDF" })).toBeVisible();
  await screenshots(page, "receipt-en");

  // The same receipt in Japanese.
  await switchToJapanese(page);
  await page.goto(receiptPath!);
  await expect(sheet).toHaveAttribute("lang", "ja");
  await expect(sheet.getByRole("heading", { level: 1 })).toHaveText("適格請求書（領収書）");
  await expect(sheet.getByTestId("document-recipient")).toHaveText(`${client.handle} 様`);
  await expect(sheet.getByTestId("document-issuer-registration")).toHaveText("登録番号 T6000000123456");
  await expect(sheet.getByTestId("document-intermediary")).toContainText("媒介者交付特例");
  await expect(sheet.getByTestId("document-facts")).toContainText("商用");
  await expect(summary).toContainText("消費税（10%）￥1,091");
  await expect(summary).toContainText("合計（税込）￥12,000");
  await expect(sheet.getByTestId("document-head-value").nth(1)).toHaveText(/^\d{4}年\d{2}月\d{2}日$/);
  await expect(page.getByRole("button", { name: "印刷・PDFで保存" })).toBeVisible();
  await screenshots(page, "receipt-ja");

  // A stranger to the order: the creator of nothing here reads no receipt of it.
  const stranger = await signUpWithApi(page);
  const refused = await page.goto(receiptPath!);
  expect(refused?.status(), `${stranger.email} opening another's receipt`).toBe(404);

  // The month of the payment closes: its monthly statement is due and issued, and the creator opens it.
  await devFixture("issuedDocuments", { backdateOrderCode: code, backdateDays: 35 });
  await switchTo(page, creator.email);
  await page.goto("/dashboard/history/sales");
  const list = page.getByTestId("document-list");
  await expect(list.locator('[data-kind="RECEIPT"]')).toContainText("Issued in your name");
  await expect(list.locator('[data-kind="FEE_INVOICE"]')).toContainText(code);
  const monthly = list.locator('[data-kind="MONTHLY_STATEMENT"]');
  await expect(monthly.getByRole("row")).toHaveCount(2);
  await monthly.getByRole("link").click();
  await expect(sheet.getByRole("heading", { level: 1 })).toHaveText("Monthly statement");
  await expect(sheet.getByTestId("document-recipient")).toContainText("Studio Aoi");
  await expect(sheet.getByTestId("document-facts")).toContainText(/Period[A-Z][a-z]+ \d{4}/);
  await expect(sheet.getByTestId("document-totals")).toContainText("JPY");
  await expect(sheet.getByTestId("document-totals")).toContainText("¥12,000");
  await expect(sheet).toContainText("It is not an invoice.");
  await screenshots(page, "monthly-en");
});
