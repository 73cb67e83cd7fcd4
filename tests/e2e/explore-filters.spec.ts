import { expect, test } from "./fixtures";

/**
 * Explore's filters (issue 66, decision 108) at 320 px, by keyboard: the disclosure opens, the filters go into the URL
 * as a GET form's fields, each shows as a chip whose link removes it, with the count; nothing overflows, in light
 * and dark (screenshots in test-results/explore-filters/).
 */
const overflow = (page: import("@playwright/test").Page) =>
  page.evaluate(() => document.scrollingElement!.scrollWidth - window.innerWidth);

for (const theme of ["light", "dark"] as const) {
  test(`the filter panel works at 320 px by keyboard (${theme})`, async ({ page }) => {
    await page.setViewportSize({ width: 320, height: 800 });
    await page.emulateMedia({ colorScheme: theme });
    await page.goto("/explore/creators");
    const summary = page.getByText("More filters", { exact: true });
    await summary.focus();
    await page.keyboard.press("Enter");
    const open = page.getByLabel("Open now");
    await expect(open).toBeVisible();
    await open.focus();
    await page.keyboard.press("Space");
    await page.getByLabel("Max").fill("30000");
    await page.getByLabel("Max").press("Enter");
    await expect(page).toHaveURL(/open=1&max=30000$/);
    await expect(page.getByText(/^Creators found: /)).toBeVisible();
    const chips = page.getByRole("list", { name: "Active filters" });
    await expect(chips.getByRole("link", { name: "Remove filter: Open now" })).toBeVisible();
    await expect(chips.getByRole("link", { name: "Remove filter: Up to ¥30,000" })).toBeVisible();
    expect(await overflow(page)).toBeLessThanOrEqual(0);
    await page.screenshot({ path: `test-results/explore-filters/panel-320-${theme}.png`, fullPage: true });

    await chips.getByRole("link", { name: "Remove filter: Open now" }).click();
    await expect(page).toHaveURL(/\/explore\/creators\?max=30000$/);
    await expect(page.getByRole("link", { name: "Remove filter: Open now" })).toHaveCount(0);
  });
}
