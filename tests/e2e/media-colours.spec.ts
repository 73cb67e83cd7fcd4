// Issue 13, "Media" (spec section 9): the media preview shows at most 8 colours of an image as swatches whose text
// follows the luminance-100 rule and whose click copies the hex code; a description over 200 characters collapses
// behind Show more / Show less. The long description is a form the test fixtures route makes for this test, removed
// after it, since no demo form has one (each run makes its own, so repeated runs share nothing).
import { deleteForm, insertForm } from "./order-fixtures";
import { expect, test } from "./fixtures";

/** A seeded creator with public image works (scripts/seed/data/creators.mjs). */
const DEMO_HANDLE = "sakuramochi";

/** Perceived brightness 0–255 of a computed "rgb(r, g, b)" colour. */
function brightness(css: string): number {
  const [r, g, b] = css.match(/\d+(\.\d+)?/g)!.map(Number);
  return 0.299 * r + 0.587 * g + 0.114 * b;
}

test("a demo work's image in the preview shows at most 8 swatches, and a click copies one", async ({ page }) => {
  await page.context().grantPermissions(["clipboard-read", "clipboard-write"]);
  await page.goto(`/${DEMO_HANDLE}`);
  await page.waitForLoadState("networkidle");
  // A work card: an article whose button holds the work's first image (app/components/catalog/work-card.tsx).
  await page.locator("article:has(> button img) > button").first().click();
  const preview = page.getByRole("dialog", { name: /^Preview 1 of \d+$/ });
  await expect(preview).toBeVisible();

  const colours = preview.getByRole("region", { name: "Colours" });
  const swatches = colours.getByRole("list").getByRole("button", { name: /^Copy colour #[0-9a-f]{6}$/ });
  await expect(swatches.first()).toBeVisible();
  const count = await swatches.count();
  expect(count).toBeGreaterThanOrEqual(1);
  expect(count).toBeLessThanOrEqual(8);

  const swatch = swatches.first();
  const hex = (await swatch.textContent())!.trim();
  expect(hex).toMatch(/^#[0-9a-f]{6}$/);
  // Dark text on a light swatch, light text on a dark one, at perceived brightness 100.
  const { background, color } = await swatch.evaluate((el) => ({
    background: getComputedStyle(el).backgroundColor,
    color: getComputedStyle(el).color,
  }));
  expect(brightness(color) > 100).toBe(brightness(background) <= 100);

  await swatch.click();
  await expect(swatch).toHaveText("Copied");
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(hex);
  await expect(swatch).toHaveText(hex);

  // A typed code: 'Invalid HEX color.' until it is one, then its own swatch with dark text on white.
  const field = colours.getByRole("textbox", { name: "HEX colour" });
  await field.fill("#12");
  await expect(colours.getByText("Invalid HEX color.")).toBeVisible();
  await expect(field).toHaveAttribute("aria-invalid", "true");
  await field.fill("#FFF");
  await expect(colours.getByText("Invalid HEX color.")).toBeHidden();
  const white = colours.getByRole("button", { name: "Copy colour #ffffff" });
  expect(brightness(await white.evaluate((el) => getComputedStyle(el).color))).toBeLessThanOrEqual(100);
});

test("a form description over 200 characters collapses and expands", async ({ page }) => {
  const ending = "the last words of a long description.";
  const description = `${"This paragraph explains the commission in detail. ".repeat(6)}${ending}`;
  const form = await insertForm({
    handle: DEMO_HANDLE,
    title: `Long form ${Date.now().toString(36)}`,
    description,
    userIndex: 999,
  });
  try {
    await page.goto(`/cf/${form.code}`);
    await page.waitForLoadState("networkidle");
    const more = page.getByRole("button", { name: "Show more" });
    await expect(more).toHaveAttribute("aria-expanded", "false");
    await expect(page.getByText(ending)).toBeHidden();
    await more.click();
    await expect(page.getByText(ending)).toBeVisible();
    const less = page.getByRole("button", { name: "Show less" });
    await expect(less).toHaveAttribute("aria-expanded", "true");
    await less.click();
    await expect(page.getByText(ending)).toBeHidden();
  } finally {
    await deleteForm(form.id);
  }
});
