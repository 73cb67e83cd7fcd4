// 3-D Secure as the app now takes it (decision 057): the emulator's challenge opens in a dialog over the page, in a
// frame, where Stripe.js would open the bank's; the page never navigates away.
import type { Page } from "@playwright/test";
import { expect } from "./fixtures";
import { message } from "./messages";

/** The dialog, named in the page's language (English unless said). */
export const threeDSecureDialog = (page: Page, locale: "en" | "ja" = "en") =>
  page.getByRole("dialog", { name: message("payments", locale, "payments_three_d_secure_title") });

/** The challenge's address (the emulator's page, with its intent and client secret) as the dialog framed it. */
export async function challengeUrl(page: Page): Promise<URL> {
  const dialog = threeDSecureDialog(page);
  await expect(dialog).toBeVisible();
  return new URL((await dialog.locator("iframe").getAttribute("src"))!);
}

/** Complete (or fail) authentication inside the framed challenge; the dialog then closes by itself. */
export async function authenticateInPage(page: Page, outcome: "complete" | "fail", locale: "en" | "ja" = "en") {
  const dialog = threeDSecureDialog(page, locale);
  await expect(dialog).toBeVisible();
  await dialog
    .frameLocator("iframe")
    .getByRole("button", { name: outcome === "complete" ? /complete/i : /fail/i })
    .click();
  await expect(dialog).toHaveCount(0);
}

/** Every address the page's own document loaded: a full-page redirect to the bank would show here. */
export function mainFrameNavigations(page: Page): string[] {
  const urls: string[] = [];
  page.on("framenavigated", (frame) => {
    if (frame === page.mainFrame()) urls.push(frame.url());
  });
  return urls;
}
