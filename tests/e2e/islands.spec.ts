import type { Locator, Page } from "@playwright/test";
import { expect, expectAccessible, test, visit } from "./fixtures";
import { newCreator } from "./order-steps";

// Decision 041: the work editor's media lists, chip lists and access lists are islands. Their code loads when they are
// first used, not with the page; what the user does before it arrives is not lost: a click is replayed, typed text
// is kept, and Enter acts on it. Each test holds the island's code in flight to make "before it arrives" certain.

/** Holds the browser's requests for the built chunk `name` (e.g. "tag-input") until `release()`; `requested` tells whether one came. */
async function holdChunk(page: Page, name: string) {
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  let requested = false;
  await page.route(new RegExp(`/assets/${name}-[\\w-]+\\.js$`), async (route) => {
    requested = true;
    await released;
    await route.continue();
  });
  return { release, requested: () => requested };
}

/**
 * Clicks `button` (an Add media button) while `held` keeps the code it needs in flight: the click asks for that code,
 * and nothing opens until it arrives; then the dialog opens, without a second click. Returns the dialog.
 */
async function addMediaBeforeCodeArrives(page: Page, held: Awaited<ReturnType<typeof holdChunk>>, button: Locator) {
  await button.click();
  await expect.poll(held.requested).toBe(true);
  const dialog = page.getByRole("dialog", { name: "Add media" });
  await expect(dialog).toBeHidden();
  held.release();
  await expect(dialog).toBeVisible();
  return dialog;
}

const tagBox = (page: Page) => page.getByRole("textbox", { name: "Tags", exact: true });
const tagChips = (page: Page) => page.getByRole("list", { name: "Tags", exact: true }).getByRole("listitem");

test("a media list's code loads on first use, and the click made before it arrived opens the dialog", async ({ page }) => {
  test.setTimeout(120_000);
  await newCreator(page);
  const media = await holdChunk(page, "work-editor-media");
  await visit(page, "/dashboard/portfolio/creator/new");
  await page.waitForLoadState("networkidle");
  expect(media.requested(), "the media lists' code is not loaded with the page").toBe(false);

  const dialog = await addMediaBeforeCodeArrives(page, media, page.getByRole("button", { name: "Add media" }));
  await expectAccessible(page);
  await page.keyboard.press("Escape");
  await expect(dialog).toBeHidden();
  await expect(page.getByRole("button", { name: "Add media" })).toBeFocused();
});

test("text typed into a tag box before its code arrived is kept, and Enter adds it", async ({ page }) => {
  test.setTimeout(120_000);
  await newCreator(page);
  const tags = await holdChunk(page, "tag-input");
  await visit(page, "/dashboard/portfolio/creator/new");
  await tagBox(page).fill("Watercolour");
  await tagBox(page).press("Enter");
  await expect.poll(tags.requested).toBe(true);
  await expect(tagChips(page)).toHaveCount(0);
  tags.release();
  await expect(tagChips(page)).toHaveText(["Watercolour×"]);
  await expect(tagBox(page)).toHaveValue("");
  // Hydrated: the next tag is added at once, and a chip's remove button works.
  await tagBox(page).fill("Ink");
  await tagBox(page).press("Enter");
  await expect(tagChips(page)).toHaveText(["Watercolour×", "Ink×"]);
  await page.getByRole("button", { name: "Remove tag Watercolour" }).click();
  await expect(tagChips(page)).toHaveText(["Ink×"]);
});

test("opened by a client navigation, the editor's islands load at once and work", async ({ page }) => {
  test.setTimeout(120_000);
  await newCreator(page);
  await visit(page, "/dashboard/portfolio/creator");
  await page.getByRole("link", { name: "New work" }).first().click();
  await expect(page).toHaveURL(/\/dashboard\/portfolio\/creator\/new$/);
  await tagBox(page).fill("Sketch");
  await tagBox(page).press("Enter");
  await expect(tagChips(page)).toHaveText(["Sketch×"]);
  await page.getByRole("button", { name: "Add media" }).click();
  await expect(page.getByRole("dialog", { name: "Add media" })).toBeVisible();
});

test("a form question's editor loads on first use: a title typed before is kept and saved, and a click on its media list (an island in it) opens the dialog", async ({ page }) => {
  test.setTimeout(120_000);
  await newCreator(page);
  await visit(page, "/dashboard/commission/setting/form/form/new");
  await page.getByLabel("Title", { exact: true }).fill("Island form");
  await page.getByRole("button", { name: "Create from the template" }).click();
  await expect(page).toHaveURL(/formId=/);

  // The server renders each island with the page, not as a boundary streamed after it (islandsLoaded).
  const html = await (await page.request.get(page.url())).text();
  expect(html).toContain('data-island="" class="contents"><!--$--><fieldset');
  expect(html).not.toContain('data-island="" class="contents"><!--$?-->');

  const questions = await holdChunk(page, "question-editor");
  await page.reload();
  await page.waitForLoadState("networkidle");
  expect(questions.requested(), "the questions' editors are not loaded with the page").toBe(false);
  const first = page.getByRole("group", { name: /^Question 1\b/ });
  await first.getByLabel("Title", { exact: true }).fill("Which character?");
  // The question's editor hydrates and replays the click; the media list inside it is an island too, and opens.
  const dialog = await addMediaBeforeCodeArrives(page, questions, first.getByRole("button", { name: "Add media" }));
  await page.keyboard.press("Escape");
  await expect(dialog).toBeHidden();
  await expect(first.getByLabel("Title", { exact: true })).toHaveValue("Which character?");

  await page.getByRole("button", { name: "Save", exact: true }).click();
  await expect(page.getByText("Saved", { exact: false }).first()).toBeVisible();
  await page.reload();
  await expect(page.getByRole("group", { name: /^Question 1\b/ }).getByLabel("Title", { exact: true })).toHaveValue("Which character?");
});
