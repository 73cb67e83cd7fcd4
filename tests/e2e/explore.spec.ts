import { expect, test } from "./fixtures";
import { newCreator } from "./order-steps";
import { insertWork, uploadWorkPicture } from "./work-fixtures";

/** /explore/creators in the browser: search filters, name sort, and the next pages appended by infinite scroll. */
const cardNames = (page: import("@playwright/test").Page) =>
  page.locator("#explore-results ~ ul > li h3").allInnerTexts();
const cardHandles = (page: import("@playwright/test").Page) =>
  page
    .locator("#explore-results ~ ul > li h3 a")
    .evaluateAll((links) => links.map((link) => link.getAttribute("href")));

test("a category filter narrows the results and lives in the URL", async ({ page }) => {
  await page.goto("/explore/creators");
  const all = await cardHandles(page);
  expect(all.length).toBeGreaterThan(1);

  await page.getByLabel("Category").selectOption("live2d-character-rigging");
  await page.getByRole("search").getByRole("button", { name: "Search" }).click();
  await expect(page).toHaveURL(/[?&]category=live2d-character-rigging(&|$)/);
  // The list follows the new loader data a render after the URL does (CI once read it between the two: no cards).
  await expect.poll(() => cardHandles(page)).toContain("/kaitoinoue");
  expect(await cardHandles(page)).not.toContain("/democreator");

  // A filter nothing matches says so instead of showing an empty grid.
  await page.goto("/explore/creators?q=zzqqxxnobodyhasthisname");
  await expect(page.getByText("No creators match")).toBeVisible();
});

test("sorting by name orders the cards by name, ascending by itself and descending when the address asks", async ({
  page,
}) => {
  await page.goto("/explore/creators");
  // Each choice searches at once (the form is submitted on change and re-rendered for the new URL). One control
  // (decision 109): a name sort is A to Z by itself, so the address carries no order.
  await page.getByLabel("Sort by").selectOption("name");
  await expect(page).toHaveURL(/sort=name/);
  expect(new URL(page.url()).searchParams.get("order")).toBeNull();
  // The list follows the new loader data a render after the URL does.
  const names = async () => (await cardNames(page)).map((name) => name.trim().toLowerCase());
  const sorted = (list: string[], order: "asc" | "desc") =>
    list.length > 2 &&
    list.every((name, i) => i === 0 || (order === "asc" ? list[i - 1] <= name : list[i - 1] >= name));
  await expect.poll(async () => sorted(await names(), "asc"), { timeout: 10_000 }).toBe(true);
  // The spec's other order, asc or desc, still reads from the address.
  await page.goto("/explore/creators?sort=name&order=desc");
  await expect.poll(async () => sorted(await names(), "desc"), { timeout: 10_000 }).toBe(true);
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

test("a card's name and form links navigate in place, and a modified click is left to the browser", async ({
  page,
}) => {
  await page.goto("/explore/creators?q=democreator");
  // A full page load would drop this mark; client-side navigation keeps it.
  await page.evaluate(() => ((window as unknown as { navigationMark: number }).navigationMark = 1));
  const card = page.locator("#explore-results ~ ul > li").filter({ has: page.locator('h3 a[href="/democreator"]') });
  const form = card.locator(".creator-card-forms a").first();
  const formHref = await form.getAttribute("href");
  await form.click();
  await expect(page).toHaveURL(new RegExp(`${formHref}$`));
  expect(await page.evaluate(() => (window as unknown as { navigationMark?: number }).navigationMark)).toBe(1);

  await page.goBack();
  await card.locator("h3 a").click();
  await expect(page).toHaveURL(/\/democreator$/);
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  expect(await page.evaluate(() => (window as unknown as { navigationMark?: number }).navigationMark)).toBe(1);

  // Ctrl+click opens a new tab, as on any link.
  await page.goBack();
  const [opened] = await Promise.all([
    page.context().waitForEvent("page"),
    card.locator("h3 a").click({ modifiers: ["ControlOrMeta"] }),
  ]);
  await expect(opened).toHaveURL(/\/democreator$/);
  await expect(page).toHaveURL(/\/explore\/creators/);
  await opened.close();
});

test("the first page's cards come once in the document, hydrate without errors and open their previews", async ({
  page,
}) => {
  const errors: string[] = [];
  page.on("console", (message) => {
    // A card's picture from another site (a video link's thumbnail) cannot load here: that is the network, not the page.
    if (message.type() === "error" && !message.text().startsWith("Failed to load resource"))
      errors.push(message.text());
  });
  page.on("pageerror", (error) => errors.push(error.message));
  // The first page is whoever became a creator last, and other specs make creators with no works at any moment: a
  // creator of its own with a public work's picture makes sure a card there has previews (signed in, so no cached
  // page from before it is served).
  const creator = await newCreator(page);
  const work = await insertWork({
    ownerEmail: creator.email,
    title: "Explore preview",
    description: "A picture for the explore card",
    visibility: "PUBLIC",
  });
  await uploadWorkPicture(page, work.id, creator.email);
  const response = await page.goto("/explore/creators");
  const html = await response!.text();
  // The cards' pictures are in the markup, and not again in the hydration data (decision 035).
  const address = (await page.locator("#explore-first-page .creator-card-previews img").first().getAttribute("src"))!;
  expect(html).toContain(address);
  const hydrationData = [...html.matchAll(/streamController\.enqueue\((.*?)\);<\/script>/gs)]
    .map((match) => match[1])
    .join("");
  expect(hydrationData.length).toBeGreaterThan(0);
  expect(hydrationData).not.toContain("/media/");

  // Hydrated: the page's own controls respond; the server's cards are still there.
  await expect(page.locator("#explore-first-page > li")).toHaveCount(12);
  const card = page
    .locator("#explore-first-page > li")
    .filter({ has: page.locator(".creator-card-previews") })
    .first();
  const previews = card.locator(".creator-card-previews button");
  const total = await previews.count();
  await previews.nth(total - 1).click();
  const dialog = page.getByRole("dialog");
  await expect(dialog).toBeVisible();
  await expect(dialog.getByText(`Preview ${total} of ${total}`)).toBeVisible();
  // The card's picture, or the placeholder drawn in its place when its host cannot be reached from here (other
  // specs' creators show links to pictures elsewhere, and the first page is whoever is newest).
  const picture = (await previews
    .nth(total - 1)
    .locator("img")
    .getAttribute("src"))!;
  const served = !/^https?:/.test(picture);
  await expect(
    dialog.locator(served ? `img[src="${picture}"]` : `img[src="${picture}"], [data-drawing]`).first(),
  ).toBeAttached();
  await page.keyboard.press("Escape");
  await expect(dialog).toBeHidden();
  expect(errors).toEqual([]);
});
