import { expect, test } from "./fixtures";

/** /explore/creators in the browser: search filters, name sort, and the next pages appended by infinite scroll. */
const cardNames = (page: import("@playwright/test").Page) => page.locator("#explore-results ~ ul > li h3").allInnerTexts();
const cardHandles = (page: import("@playwright/test").Page) =>
  page.locator("#explore-results ~ ul > li h3 a").evaluateAll((links) => links.map((link) => link.getAttribute("href")));

test("a category filter narrows the results and lives in the URL", async ({ page }) => {
  await page.goto("/explore/creators");
  const all = await cardHandles(page);
  expect(all.length).toBeGreaterThan(1);

  await page.getByLabel("Category").selectOption("live2d-character-rigging");
  await page.getByRole("search").getByRole("button", { name: "Search" }).click();
  await expect(page).toHaveURL(/[?&]category=live2d-character-rigging(&|$)/);
  await expect(page.locator("#explore-results ~ ul > li").first()).toBeVisible();
  const filtered = await cardHandles(page);
  expect(filtered).toContain("/kaitoinoue");
  expect(filtered).not.toContain("/democreator");

  // A filter nothing matches says so instead of showing an empty grid.
  await page.goto("/explore/creators?q=zzqqxxnobodyhasthisname");
  await expect(page.getByText("No creators match")).toBeVisible();
});

test("sorting by name ascending orders the cards by name", async ({ page }) => {
  await page.goto("/explore/creators");
  // Each choice searches at once (the form is submitted on change and re-rendered for the new URL).
  await page.getByLabel("Sort by").selectOption("name");
  await expect(page).toHaveURL(/sort=name/);
  await page.getByLabel("Order").selectOption("asc");
  await expect(page).toHaveURL(/sort=name&order=asc|order=asc&sort=name/);
  // The list follows the new loader data a render after the URL does.
  const names = async () => (await cardNames(page)).map((name) => name.trim().toLowerCase());
  const ascending = (list: string[]) => list.length > 2 && list.every((name, i) => i === 0 || list[i - 1] <= name);
  await expect.poll(async () => ascending(await names()), { timeout: 10_000 }).toBe(true);
});

test("scrolling to the end appends the next page, with no creator twice", async ({ page }) => {
  await page.goto("/explore/creators");
  const cards = page.locator("#explore-results ~ ul > li");
  await expect(cards).toHaveCount(12);
  // Spec section 9: the next page loads within 10 px of the bottom of the page, as a wheel scroll gets there.
  await page.mouse.move(200, 300);
  await expect
    .poll(
      async () => {
        await page.mouse.wheel(0, 4000);
        return cards.count();
      },
      { timeout: 15_000 },
    )
    .toBeGreaterThan(12);
  const handles = await cardHandles(page);
  expect(new Set(handles).size).toBe(handles.length);
});
