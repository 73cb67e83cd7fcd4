// Issue 13, "Media" (spec section 9): the media preview shows at most 8 colours of an image as swatches whose text
// follows the luminance-100 rule and whose click copies the hex code; a description over 200 characters collapses
// behind Show more / Show less. The long description is a form written straight into the local D1 for this test and
// removed after it, since no demo form has one (each run makes its own, so repeated runs share nothing).
import { openD1 } from "./order-fixtures";
import { expect, test } from "./fixtures";

/** A seeded creator with public image works (scripts/seed/data/creators.mjs). */
const DEMO_HANDLE = "sakuramochi";

function insertLongForm(handle: string, description: string) {
  const db = openD1();
  try {
    const seller = db
      .prepare("SELECT c.id FROM commission_accounts c JOIN user_profiles p ON p.account_id = c.user_account_id WHERE lower(p.original_handle) = ?")
      .get(handle) as { id: string } | undefined;
    if (!seller) throw new Error(`no commission account for ${handle}`);
    const id = crypto.randomUUID();
    const code = `E2E${Date.now().toString(36).toUpperCase()}`;
    const now = Date.now();
    const text = db.prepare("INSERT INTO localized_texts (id, entity_type, entity_id, field, language_code, is_original, text) VALUES (?, 'commission_form', ?, ?, 'en', 1, ?)");
    db.exec("BEGIN");
    db.prepare(
      `INSERT INTO commission_forms (id, code, commission_account_id, form_status, price_currency_id, user_index, created_at, updated_at)
       VALUES (?, ?, ?, 'PUBLISHED', (SELECT id FROM currencies WHERE code = 'JPY'), 999, ?, ?)`,
    ).run(id, code, seller.id, now, now);
    text.run(crypto.randomUUID(), id, "title", `Long form ${code}`);
    text.run(crypto.randomUUID(), id, "description", description);
    db.exec("COMMIT");
    return { id, code };
  } finally {
    db.close();
  }
}

function deleteForm(id: string) {
  const db = openD1();
  try {
    db.prepare("DELETE FROM localized_texts WHERE entity_type = 'commission_form' AND entity_id = ?").run(id);
    db.prepare("DELETE FROM commission_forms WHERE id = ?").run(id);
  } finally {
    db.close();
  }
}

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
  const { background, color } = await swatch.evaluate((el) => ({ background: getComputedStyle(el).backgroundColor, color: getComputedStyle(el).color }));
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
  const form = insertLongForm(DEMO_HANDLE, description);
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
    deleteForm(form.id);
  }
});
