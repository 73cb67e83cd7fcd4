import type { Page } from "@playwright/test";
import { expect, expectAccessible, test, visit } from "./fixtures";
import { newCreator } from "./order-steps";

// The work editor's tag input (spec section 5: empty and repeated tags are ignored; section 9: existing tags are
// suggested 500 ms after the last keystroke): a creator tags a work, a repeated tag is ignored, and on the next work
// the tag is suggested; choosing the suggestion adds it alone, not the half-typed text too, and the tags are saved.

const tagBox = (page: Page) => page.getByRole("textbox", { name: "Tags", exact: true });
const tagChips = (page: Page) => page.getByRole("list", { name: "Tags", exact: true }).getByRole("listitem");

async function newWork(page: Page, title: string) {
  await visit(page, "/dashboard/portfolio/creator/new");
  await page.getByLabel("Title", { exact: true }).fill(title);
  await page.getByLabel("Description", { exact: true }).fill("A piece with tags.");
}

async function saveAndReopen(page: Page, title: string) {
  await page.getByRole("button", { name: "Save", exact: true }).click();
  await expect(page).toHaveURL(/\/dashboard\/portfolio\/creator$/);
  await page.getByRole("link", { name: `Edit ${title}` }).click();
  await expect(page).toHaveURL(/\/dashboard\/portfolio\/creator\/[^/]+\/edit$/);
  await page.waitForLoadState("networkidle");
}

test("a creator's tags: repeats are ignored, existing tags are suggested, and a chosen suggestion is added alone", async ({
  page,
}) => {
  test.setTimeout(120_000);
  await newCreator(page);
  // Unique per run: suggestions come from the creator's own and public works' tags.
  const tag = `Inkwash${Date.now().toString(36)}`;

  await test.step("Enter adds a tag; the same tag again, in other case and spacing, is ignored", async () => {
    await newWork(page, `First ${tag}`);
    await tagBox(page).fill(tag);
    await tagBox(page).press("Enter");
    await expect(tagChips(page)).toHaveText([`${tag}×`]);
    await expect(tagBox(page)).toHaveValue("");
    await tagBox(page).fill(`  ${tag.toLowerCase()} `);
    // The box's own Add button (the own categories' box beside it has one too).
    await tagBox(page).locator("xpath=..").getByRole("button", { name: "Add", exact: true }).click();
    await expect(tagChips(page)).toHaveCount(1);
    await saveAndReopen(page, `First ${tag}`);
    await expect(tagChips(page)).toHaveText([`${tag}×`]);
  });

  await test.step("on the next work the tag is suggested; choosing it adds it and not the typed part", async () => {
    await newWork(page, `Second ${tag}`);
    await tagBox(page).fill(tag.slice(0, 9));
    const suggestion = page
      .getByRole("list", { name: "Existing tags" })
      .getByRole("button", { name: tag, exact: true });
    await expect(suggestion).toBeVisible();
    await suggestion.click();
    await expect(tagChips(page)).toHaveText([`${tag}×`]);
    await expect(tagBox(page)).toHaveValue("");
    await expect(page.getByRole("list", { name: "Existing tags" })).toHaveCount(0);
    await expectAccessible(page);
  });

  await test.step("a tag is removed by its button, and the saved work keeps the rest", async () => {
    await tagBox(page).fill("Second tag");
    await tagBox(page).press("Enter");
    await page.getByRole("button", { name: `Remove tag ${tag}` }).click();
    await expect(tagChips(page)).toHaveText(["Second tag×"]);
    await saveAndReopen(page, `Second ${tag}`);
    await expect(tagChips(page)).toHaveText(["Second tag×"]);
  });
});
