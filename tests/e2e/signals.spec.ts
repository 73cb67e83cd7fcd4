import { expect, expectAccessible, test } from "./fixtures";

/**
 * The signals a stranger can read (issue 66, decision 106) on the demo creator's profile at 320 px, in light and dark:
 * the demo's real figures (its row kept by the first view), the list has its name, a signal's explanation opens by keyboard and by pointer, nothing overflows, and axe finds nothing
 * (screenshots in test-results/signals/).
 */
const overflow = (page: import("@playwright/test").Page) =>
  page.evaluate(() => document.scrollingElement!.scrollWidth - window.innerWidth);

for (const theme of ["light", "dark"] as const) {
  test(`the profile's signals open their explanations at 320 px (${theme})`, async ({ page }) => {
    await page.setViewportSize({ width: 320, height: 800 });
    await page.emulateMedia({ colorScheme: theme });
    await page.goto("/democreator");
    const signals = page.getByRole("list", { name: "Track record on Comet" }).first();
    await expect(signals).toBeVisible();
    const orders = signals.locator("summary").filter({ hasText: "Orders completed" });
    // The timed jobs may not have reached the demo yet: its first view computes its figures from its orders and keeps them.
    await expect(async () => {
      await page.reload();
      await expect(orders).toHaveText(/Orders completed\s*[1-9]/, { timeout: 500 });
    }).toPass({ timeout: 15_000 });
    await orders.focus();
    await page.keyboard.press("Enter");
    await expect(signals.getByText("Orders this creator delivered and closed on Comet.")).toBeVisible();
    await signals.locator("summary").filter({ hasText: "Member since" }).click();
    await expect(signals.getByText("The month this account joined Comet.")).toBeVisible();
    expect(await overflow(page)).toBeLessThanOrEqual(0);
    await page.screenshot({ path: `test-results/signals/profile-320-${theme}.png`, fullPage: true });
    await expectAccessible(page);
  });
}
