// The steps the order browser tests share (orders.spec.ts, history.spec.ts): switching user, saving a card in the
// Stripe emulator's form, and turning a fresh user into a creator.
import type { Page } from "@playwright/test";
import { expect, signInWithApi, signUpWithApi } from "./fixtures";

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
