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

/**
 * One sort control and the delivery filter (decision 109): the select sends the sort alone (each sort goes its own
 * way), the delivery choice goes into the URL and shows as a chip that removes it; the sort stays as filters change.
 */
test("one sort control and the delivered-within filter go into the URL and come out by their chip", async ({
  page,
}) => {
  await page.goto("/explore/creators");
  const sort = page.getByLabel("Sort by");
  await expect(sort).toHaveValue("date");
  await expect(page.getByLabel("Order")).toHaveCount(0);
  await sort.selectOption({ label: "Lowest price" });
  await expect(page).toHaveURL(/\/explore\/creators\?sort=price$/);
  await expect(page.getByLabel("Sort by")).toHaveValue("price");

  await page.getByText("More filters", { exact: true }).click();
  await page.getByLabel("Delivery time").selectOption({ label: "Within 7 days" });
  await expect(page).toHaveURL(/\/explore\/creators\?days=7&sort=price$/);
  const chips = page.getByRole("list", { name: "Active filters" });
  const chip = chips.getByRole("link", { name: "Remove filter: Delivered within 7 days" });
  await expect(chip).toBeVisible();
  await chip.click();
  await expect(page).toHaveURL(/\/explore\/creators\?sort=price$/);
  await expect(page.getByRole("link", { name: "Remove filter: Delivered within 7 days" })).toHaveCount(0);

  // With text to match, the best match is the default and the URL needs no sort.
  await page.getByRole("searchbox").fill("demo");
  await page.getByLabel("Sort by").selectOption({ label: "Best match" });
  await expect(page).toHaveURL(/\/explore\/creators\?q=demo$/);
});
