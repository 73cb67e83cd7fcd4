import type { Page } from "@playwright/test";
import { expect, expectAccessible, signUpWithApi, test } from "./fixtures";
import { message } from "./messages";
import { authenticateInPage, mainFrameNavigations, threeDSecureDialog } from "./three-d-secure";

/**
 * Saved cards at /dashboard/setting/profile/payment, as a new client would use them: the local card form talks to
 * the Stripe emulator the test run started, 3-D Secure in the emulator's page framed over this one, as Stripe.js frames
 * the bank's (issue 9; decision 057).
 */
const PAGE = "/dashboard/setting/profile/payment";
const EXPIRY = "12 / 34";

async function addCard(page: Page, number: string) {
  await page.getByRole("button", { name: "Add card" }).click();
  await page.getByLabel("Card number").fill(number);
  await page.getByLabel("Expiry (MM / YY)").fill(EXPIRY);
  await page.getByLabel("Security code (CVC)").fill("123");
  await page.getByRole("button", { name: "Save card" }).click();
}

test("a client saves a normal card and a 3-D Secure card, sees both in English and Japanese, and deletes one", async ({
  page,
  context,
  baseURL,
}) => {
  await signUpWithApi(page);
  await page.goto(PAGE);
  await expect(page.getByText("You have no saved cards yet.")).toBeVisible();

  const started = Date.now();
  await addCard(page, "4242 4242 4242 4242");
  await expect(page.getByRole("status").filter({ hasText: "Success" })).toContainText("Successfully");
  await expect(page.getByText("Visa ending in 4242")).toBeVisible();
  console.log(`[payments] a card save took ${Date.now() - started} ms end to end in the browser`);
  await expect(page.getByText("Expires 12/34")).toBeVisible();

  const navigations = mainFrameNavigations(page);
  await addCard(page, "4000 0025 0000 3155");
  // The emulator's 3-D Secure page in a frame over this page; nothing navigates away.
  await expect(threeDSecureDialog(page)).toBeVisible();
  await expect(page.getByRole("status").filter({ hasText: "Confirm the card with your bank" })).toBeVisible();
  await expectAccessible(page);
  await authenticateInPage(page, "complete");
  await expect(page).toHaveURL(new RegExp(`${PAGE}$`));
  expect(navigations).toEqual([]);
  await expect(page.getByRole("status").filter({ hasText: "Success" })).toBeVisible();
  await expect(page.getByText("Visa ending in 3155")).toBeVisible();
  await expect(page.getByText("Visa ending in 4242")).toBeVisible();

  await context.addCookies([{ name: "app-language", value: "ja", url: baseURL! }]);
  await page.goto(PAGE);
  await expect(
    page.getByRole("heading", { level: 1, name: message("settings", "ja", "settings_payment_title") }),
  ).toBeVisible();
  await expect(page.getByText("Visa（末尾 4242）")).toBeVisible();
  await expect(page.getByText("Visa（末尾 3155）")).toBeVisible();

  // Delete asks first (issue 33): dismissed, the card stays; confirmed, it goes.
  const asked: string[] = [];
  page.once("dialog", (dialog) => (asked.push(dialog.message()), dialog.dismiss()));
  await page.getByRole("button", { name: "末尾 4242 のカードを削除" }).click();
  await expect.poll(() => asked).toEqual(["Visa（末尾 4242） を削除しますか？このカードでは支払えなくなります。"]);
  await expect(page.getByText("Visa（末尾 4242）")).toBeVisible();
  page.once("dialog", (dialog) => dialog.accept());
  await page.getByRole("button", { name: "末尾 4242 のカードを削除" }).click();
  await expect(
    page.getByRole("status").filter({ hasText: message("payments", "ja", "toast_success_title") }),
  ).toBeVisible();
  await expect(page.getByText("Visa（末尾 4242）")).toHaveCount(0);
  await page.reload();
  await expect(page.getByText("Visa（末尾 3155）")).toBeVisible();
  await expect(page.getByText("Visa（末尾 4242）")).toHaveCount(0);
});

test("a declined card says why, keeps what was typed, and saves nothing", async ({ page }) => {
  await signUpWithApi(page);
  await page.goto(PAGE);
  await addCard(page, "4000 0000 0000 9995");
  await expect(page.getByRole("alert").filter({ hasText: "Your card has insufficient funds." })).toBeVisible();
  await expect(page.getByLabel("Card number")).toHaveValue("4000 0000 0000 9995");
  await expect(page.getByLabel("Expiry (MM / YY)")).toHaveValue(EXPIRY);
  await expectAccessible(page);

  await page.getByLabel("Card number").fill("4000 0000 0000 0002");
  await page.getByRole("button", { name: "Save card" }).click();
  await expect(page.getByRole("alert").filter({ hasText: "Your card was declined." })).toBeVisible();

  await page.reload();
  await expect(page.getByText("You have no saved cards yet.")).toBeVisible();
});

test("a failed 3-D Secure check says why, keeps the form, and saves nothing; closing the check does the same", async ({
  page,
}) => {
  await signUpWithApi(page);
  await page.goto(PAGE);
  await addCard(page, "4000 0025 0000 3155");
  await authenticateInPage(page, "fail");
  await expect(page).toHaveURL(new RegExp(`${PAGE}$`));
  await expect(page.getByRole("alert").filter({ hasText: "We are unable to authenticate your card." })).toBeVisible();
  await expect(page.getByLabel("Card number")).toHaveValue("4000 0025 0000 3155");
  await expect(page.getByText("You have no saved cards yet.")).toBeVisible();

  // Closed without confirming (the dialog's own button): the same word, and still nothing saved.
  await page.getByRole("button", { name: "Save card" }).click();
  await threeDSecureDialog(page).getByRole("button", { name: "Close without confirming" }).click();
  await expect(threeDSecureDialog(page)).toHaveCount(0);
  await expect(page.getByRole("alert").filter({ hasText: "We are unable to authenticate your card." })).toBeVisible();
  await page.reload();
  await expect(page.getByText("You have no saved cards yet.")).toBeVisible();
});
