import type { Page } from "@playwright/test";
import { expect, hydrated, signUpWithApi, test } from "./fixtures";
import { insertTemplateForm } from "./order-fixtures";
import { newCreator, pageInNewContext } from "./order-steps";
import { pngBytes } from "./png";
import { insertWork } from "./work-fixtures";

// Decision 060: a page opened directly shows its fields seconds before React hydrates them, and the user can type.
// What was typed must be what the form then shows and saves: hydration put a textarea's saved text back, and a
// controlled field kept its saved value in state (the work editor posted it). Each test holds the page's JavaScript
// in flight to make "before hydration" certain.

/** Holds every JavaScript module of the app until `release()`; the page's markup arrives, nothing runs. */
async function holdScripts(page: Page) {
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  let held = 0;
  await page.route(/\/assets\/.+\.js$/, async (route) => {
    held++;
    await released;
    // A request of the page being left is gone by then.
    await route.continue().catch(() => {});
  });
  return { release, held: () => held };
}

/** Opens `path` with its scripts held: returns once the server's markup is on screen. */
async function openBeforeHydration(page: Page, path: string) {
  const url = new URL(path, page.url()).href;
  // From a blank page: nothing of the page before is left to be found, or to ask for scripts.
  await page.goto("about:blank");
  const scripts = await holdScripts(page);
  // Not page.goto: it waits for "load" (or "domcontentloaded"), which wait for the module scripts held here, and the
  // fixture's goto checks accessibility as soon as it returns (the page is checked once it has hydrated, at the end).
  await page.evaluate((to) => location.assign(to), url);
  await page.waitForURL(url, { waitUntil: "commit" });
  await expect.poll(scripts.held, { message: "the page's scripts are requested, and held" }).toBeGreaterThan(0);
  return scripts;
}

/** A new creator's saved work ("Saved title"), its edit page opened with the page's scripts held. */
async function openWorkEditorBeforeHydration(page: Page) {
  const creator = await newCreator(page);
  const work = await insertWork({
    ownerEmail: creator.email,
    title: "Saved title",
    description: "Saved description.",
    visibility: "PUBLIC",
  });
  const editPath = `/dashboard/portfolio/creator/${work.id}/edit`;
  await page.goto("/dashboard/portfolio/creator");
  return { editPath, scripts: await openBeforeHydration(page, editPath) };
}

test("on a work's edit page opened directly, text typed before hydration is kept and saved", async ({ page }) => {
  test.setTimeout(120_000);
  const { editPath, scripts } = await openWorkEditorBeforeHydration(page);
  const title = page.getByLabel("Title", { exact: true });
  const description = page.getByLabel("Description", { exact: true });
  const save = page.getByRole("button", { name: "Save", exact: true });
  await expect(title).toHaveValue("Saved title");
  // Saving waits for hydration: posted now, the form would send the draft the server rendered.
  await expect(save).toBeDisabled();
  await title.fill("Typed before hydration");
  await description.fill("A description typed while the page was loading.");
  // A chip list's box (the tags) too: the typed tag is kept, and Enter adds it once the page is interactive.
  const tagBox = page.getByRole("textbox", { name: "Tags", exact: true });
  await tagBox.fill("Watercolour");

  scripts.release();
  await expect(save).toBeEnabled();
  // A render after hydration (a category ticked) would put a stale state back into the fields.
  await page.getByRole("checkbox").first().check();
  await expect(title).toHaveValue("Typed before hydration");
  await expect(description).toHaveValue("A description typed while the page was loading.");
  await expect(tagBox).toHaveValue("Watercolour");
  await tagBox.press("Enter");
  await expect(
    page.getByRole("list", { name: "Tags", exact: true }).getByRole("listitem").filter({ hasText: "Watercolour" }),
  ).toHaveCount(1);

  await save.click();
  await expect(page).toHaveURL(/\/dashboard\/portfolio\/creator$/);
  await page.goto(editPath);
  await expect(title).toHaveValue("Typed before hydration");
  await expect(description).toHaveValue("A description typed while the page was loading.");
});

test("on a work's edit page opened directly, boxes ticked and a radio chosen before hydration are kept and saved", async ({
  page,
}) => {
  test.setTimeout(120_000);
  const { editPath, scripts } = await openWorkEditorBeforeHydration(page);
  const categories = page.getByRole("group", { name: "Categories", exact: true }).getByRole("checkbox");
  const first = categories.nth(0);
  const second = categories.nth(1);
  const privately = page.getByRole("radio", { name: /^Private/ });
  const title = page.getByLabel("Title", { exact: true });
  const save = page.getByRole("button", { name: "Save", exact: true });
  await expect(first).not.toBeChecked();
  await expect(save).toBeDisabled();
  // Two boxes: each is told to the state in turn at hydration, and the second must not undo the first.
  await first.check();
  await second.check();
  await privately.check();

  scripts.release();
  await expect(save).toBeEnabled();
  // A render after hydration would put a stale state back into the boxes.
  await title.fill("A render after hydration");
  await expect(first).toBeChecked();
  await expect(second).toBeChecked();
  await expect(privately).toBeChecked();

  await save.click();
  await expect(page).toHaveURL(/\/dashboard\/portfolio\/creator$/);
  await page.goto(editPath);
  await expect(first).toBeChecked();
  await expect(second).toBeChecked();
  await expect(privately).toBeChecked();
});

test("on the profile settings opened directly, the name and bio typed before hydration are kept and saved", async ({
  page,
}) => {
  test.setTimeout(120_000);
  await newCreator(page);
  const name = page.getByLabel("Name", { exact: true });
  const bio = page.getByLabel("Bio", { exact: true });
  const save = page.getByRole("button", { name: "Save", exact: true });

  // A saved bio first: hydration puts a textarea's server text back only when there is some.
  await page.goto("/dashboard/setting/profile");
  await page.waitForLoadState("networkidle");
  await bio.fill("The bio saved before.");
  await save.click();
  await expect(page.getByText("Saved.", { exact: true })).toBeVisible();

  const scripts = await openBeforeHydration(page, "/dashboard/setting/profile");
  await expect(bio).toHaveValue("The bio saved before.");
  await name.fill("Typed Name");
  await bio.fill("A bio typed before the page was ready.");

  scripts.release();
  // Hydrated: the counter counts the typed text.
  await expect(page.getByText("38 / 160", { exact: true })).toBeVisible();
  await expect(bio).toHaveValue("A bio typed before the page was ready.");
  await expect(name).toHaveValue("Typed Name");

  await save.click();
  await expect(page.getByText("Saved.", { exact: true })).toBeVisible();
  await page.reload();
  await expect(bio).toHaveValue("A bio typed before the page was ready.");
  await expect(name).toHaveValue("Typed Name");
});

test("on a request form opened directly, two answers typed and a file chosen before hydration are kept, the answers through a reload", async ({
  page,
  browser,
  baseURL,
}) => {
  test.setTimeout(120_000);
  const creator = await newCreator(await pageInNewContext(browser, baseURL!, "203.0.113.120"));
  const form = await insertTemplateForm({ sellerEmail: creator.email, title: "Typed answers", locale: "en" });
  await signUpWithApi(page);
  await page.goto(`/cf/${form.code}`);
  const scripts = await openBeforeHydration(page, `/cf/${form.code}`);
  const answers = page.locator("textarea");
  await expect(answers).toHaveCount(2);
  // Each answer is told to the request's draft as the page hydrates; the draft kept for a reload must not then put
  // back a draft holding only the first.
  await answers.nth(0).fill("The first answer, typed while the page was loading.");
  await answers.nth(1).fill("The second answer, typed while the page was loading.");
  // The reference question's "Add files" opens the browser's picker with no script: the file chosen is uploaded once
  // the page is interactive.
  await page
    .locator('input[type="file"]')
    .first()
    .setInputFiles({ name: "reference.png", mimeType: "image/png", buffer: pngBytes() });

  scripts.release();
  await hydrated(page);
  await expect(page.getByRole("button", { name: "Remove reference.png" })).toBeVisible();
  await expect(page.getByRole("progressbar", { name: "reference.png" })).toHaveCount(0);
  // A render after hydration (a box ticked) would put a stale draft back into the fields.
  await page.getByRole("checkbox").last().check();
  await expect(answers.nth(0)).toHaveValue("The first answer, typed while the page was loading.");
  await expect(answers.nth(1)).toHaveValue("The second answer, typed while the page was loading.");

  // The draft kept in the tab holds both: a reload brings them back.
  await page.reload();
  await hydrated(page);
  await expect(answers.nth(0)).toHaveValue("The first answer, typed while the page was loading.");
  await expect(answers.nth(1)).toHaveValue("The second answer, typed while the page was loading.");
});
