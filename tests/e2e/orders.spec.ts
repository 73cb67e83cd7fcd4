import type { Page } from "@playwright/test";
import { expect, signInWithApi, signUpWithApi, test } from "./fixtures";
import { message } from "./messages";
import { insertOrder } from "./order-fixtures";
import { pngBytes } from "./png";

/**
 * An order from approval to completion on the order pages (issue 10): the creator approves a priced order, the
 * client pays with a saved card (the Stripe emulator), the creator uploads a deliverable and delivers, then
 * completes; the client sees each state (once in Japanese); a stranger opening the order's address gets nothing.
 */
const MANAGEMENTS = "/dashboard/commission/managements";
const REQUESTS = "/dashboard/commission/client/requests";

const panel = (page: Page, code: string) => page.getByRole("article", { name: new RegExp(code) });
const nextStep = (page: Page) => page.getByTestId("next-step");

async function switchTo(page: Page, email: string) {
  await page.context().clearCookies();
  await signInWithApi(page, email);
}

test("a creator approves, the client pays, the creator delivers a file and completes; a stranger sees nothing", async ({ page, baseURL }) => {
  test.setTimeout(120_000);
  const stranger = await signUpWithApi(page);
  await page.context().clearCookies();
  const client = await signUpWithApi(page);
  await page.goto("/dashboard/setting/profile/payment");
  await page.getByRole("button", { name: "Add card" }).click();
  await page.getByLabel("Card number").fill("4242 4242 4242 4242");
  await page.getByLabel("Expiry (MM / YY)").fill("12 / 34");
  await page.getByLabel("Security code (CVC)").fill("123");
  await page.getByRole("button", { name: "Save card" }).click();
  await expect(page.getByText("Visa ending in 4242")).toBeVisible();

  await page.context().clearCookies();
  const creator = await signUpWithApi(page);
  await page.goto("/dashboard/creator/home");
  await page.getByRole("button", { name: "Become a creator" }).click();
  await expect(page).toHaveURL(/\/dashboard\/commission\/setting\/form$/);

  const title = `Portrait ${Date.now().toString(36)}`;
  const { code } = insertOrder({ sellerEmail: creator.email, buyerEmail: client.email, priceAmount: 12_000, title });

  // The creator finds it in the list and opens it: pending, waiting for approval.
  await page.goto(MANAGEMENTS);
  await page.getByRole("link", { name: new RegExp(title) }).click();
  await expect(page).toHaveURL(new RegExp(`order=${code}`));
  await expect(panel(page, code).getByRole("heading", { name: title })).toBeVisible();
  await expect(panel(page, code).getByText("Pending", { exact: true })).toBeVisible();
  await expect(nextStep(page)).toContainText("Approval");
  await expect(panel(page, code).getByText("¥12,000").first()).toBeVisible();
  await expect(panel(page, code).getByText("A knight with a blue cape")).toBeVisible();
  await page.getByRole("button", { name: "Approve" }).click();
  await expect(panel(page, code).getByText("Accepted", { exact: true })).toBeVisible();
  await expect(nextStep(page)).toContainText("Payment");

  // The client pays with their first saved card.
  await switchTo(page, client.email);
  await page.goto(`${REQUESTS}?order=${code}`);
  await expect(panel(page, code).getByText("Accepted", { exact: true })).toBeVisible();
  await page.getByRole("tab", { name: "Payment" }).click();
  await expect(page.getByText("Pays with the Visa ending in 4242")).toBeVisible();
  await expect(page.getByTestId("amount-breakdown")).toContainText("¥12,000");
  await page.getByRole("button", { name: "Pay", exact: true }).click();
  await expect(page.getByRole("button", { name: "Awaiting creator delivery" })).toBeVisible();
  await expect(nextStep(page)).toContainText("Delivery");

  // The creator uploads the file and delivers.
  await switchTo(page, creator.email);
  await page.goto(`${MANAGEMENTS}?order=${code}`);
  await expect(page.getByRole("button", { name: "Deliver" })).toBeDisabled();
  await page.getByRole("tab", { name: "Delivery" }).click();
  await page.getByLabel("Upload files").setInputFiles({ name: "final.png", mimeType: "image/png", buffer: pngBytes() });
  await expect(page.getByRole("link", { name: "Download final.png" })).toBeVisible();
  await page.getByRole("button", { name: "Deliver" }).click();
  await expect(panel(page, code).getByText("Delivered", { exact: true }).first()).toBeVisible();
  await expect(nextStep(page)).toContainText("Complete");

  // The client, in Japanese, sees the delivery and downloads the file.
  await switchTo(page, client.email);
  await page.context().addCookies([{ name: "app-language", value: "ja", url: baseURL! }]);
  await page.goto(`${REQUESTS}?order=${code}`);
  await expect(panel(page, code).getByText(message("orders", "ja", "orders_status_delivered"), { exact: true }).first()).toBeVisible();
  await expect(page.getByRole("button", { name: message("orders", "ja", "orders_awaiting_complete") })).toBeDisabled();
  await page.getByRole("tab", { name: message("orders", "ja", "orders_tab_delivery") }).click();
  const download = page.getByRole("link", { name: "final.png をダウンロード" });
  const file = await page.request.get((await download.getAttribute("href"))!);
  expect(file.status()).toBe(200);
  expect(file.headers()["content-type"]).toBe("image/png");

  // The creator completes.
  await switchTo(page, creator.email);
  await page.goto(`${MANAGEMENTS}?order=${code}`);
  await page.getByRole("button", { name: "Complete" }).click();
  await expect(nextStep(page)).toContainText("Commission was successfully completed.");
  await expect(panel(page, code).getByText("Completed", { exact: true }).first()).toBeVisible();

  // The client sees it completed, with the history of every step.
  await switchTo(page, client.email);
  await page.goto(`${REQUESTS}?order=${code}`);
  await expect(nextStep(page)).toContainText("Commission was successfully completed.");
  const history = page.getByRole("region", { name: "History" });
  for (const step of ["Approved", "Paid", "File added", "Delivered", "Completed"]) await expect(history.getByText(step, { exact: true })).toBeVisible();

  // Someone else opening the address gets nothing of it.
  await switchTo(page, stranger.email);
  await page.goto(`${REQUESTS}?order=${code}`);
  await expect(page.getByText("This order could not be found.")).toBeVisible();
  await expect(page.getByText(title)).toHaveCount(0);
  await expect(page.getByRole("article")).toHaveCount(0);
});
