// The steps the order browser tests share (orders.spec.ts, history.spec.ts, the translation and reviews walks):
// switching user, saving a card in the Stripe emulator's form, turning a fresh user into a creator, a second person's
// browser, switching to Japanese, and sending a request whose form asks nothing.
import type { Browser, Locator, Page } from "@playwright/test";
import { expect, header, signInWithApi, signUpWithApi } from "./fixtures";
import { insertOrder, setOrderState } from "./order-fixtures";

export async function switchTo(page: Page, email: string) {
  await page.context().clearCookies();
  await signInWithApi(page, email);
}

export async function saveCard(page: Page, number: string) {
  await page.goto("/dashboard/setting/profile/payment");
  await page.getByRole("button", { name: "Add card" }).click();
  await page.getByLabel("Card number").fill(number);
  await page.getByLabel("Expiry (MM / YY)").fill("12 / 34");
  await page.getByLabel("Security code (CVC)").fill("123");
  await page.getByRole("button", { name: "Save card" }).click();
}

export async function newCreator(page: Page) {
  await page.context().clearCookies();
  const creator = await signUpWithApi(page);
  await page.goto("/dashboard/creator/home");
  await page.getByRole("button", { name: "Become a creator" }).click();
  await expect(page).toHaveURL(/\/dashboard\/commission\/setting\/form$/);
  return creator;
}

/** Another person's browser beside the test's own page: its own cookies, and its own client address (rate limits). */
export async function pageInNewContext(browser: Browser, baseURL: string, ip: string) {
  const context = await browser.newContext({ baseURL, extraHTTPHeaders: { "cf-connecting-ip": ip } });
  return context.newPage();
}

/** The language menu, as a person switches it: the choice is saved to the account, which the chat room reads too. */
export async function switchToJapanese(page: Page) {
  await page.goto("/dashboard/setting/profile");
  await header(page)
    .getByRole("button", { name: /English/ })
    .click();
  const reloaded = page.waitForEvent("load");
  await page.getByRole("menuitemradio", { name: "日本語" }).click();
  await reloaded;
  await expect(page.locator("html")).toHaveAttribute("lang", "ja");
}

/**
 * A paid order in progress (APPROVED, paid a day ago, ten days to deliver) between a fresh client and a fresh creator,
 * who is the one signed in on `page` afterwards.
 */
export async function orderInProgress(page: Page, { priceAmount, title }: { priceAmount: number; title: string }) {
  const client = await signUpWithApi(page);
  const creator = await newCreator(page);
  const { id, code } = await insertOrder({ sellerEmail: creator.email, buyerEmail: client.email, priceAmount, title });
  const now = Date.now();
  const day = 86_400_000;
  await setOrderState(id, {
    progress: "APPROVED",
    payment: "COMPLETED",
    approvedAt: now - day,
    deliveryDeadline: now + 10 * day,
  });
  return { id, code, client, creator };
}

/**
 * The request modal of a service whose form asks nothing, in English: the terms accepted, the notice understood, the
 * request sent and thanked for.
 */
export async function sendRequest(modal: Locator) {
  await modal.getByLabel("I accept the terms of service").check();
  await modal.getByRole("button", { name: "Next" }).click();
  await modal.getByLabel("I understand that sending a request does not guarantee the creator will accept it.").check();
  await modal.getByRole("button", { name: "Send request" }).click();
  await expect(modal.getByRole("heading", { name: "Thank you for your request!" })).toBeVisible();
}
