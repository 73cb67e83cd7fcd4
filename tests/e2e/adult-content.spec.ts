import type { APIRequestContext, Page } from "@playwright/test";
import { expect, expectAccessible, newSignedUpUser, test, visit } from "./fixtures";
import { pngBytes } from "./png";

// The adult-content gate (issue 66, decision 110): a creator's R-18 work is not on their profile for a signed-out
// visitor, nor for a signed-in one until they confirm being 18 or older on the account settings page; then it is.
// Its picture too (issue 75): its /media/ address answers 404 to everyone, and the pages of those who see the work
// load it by a link signed for them, which nobody else opens.

test.describe.configure({ mode: "serial" });

const stamp = Date.now().toString(36);
const plainTitle = `Daylight ${stamp}`;
const adultTitle = `Nightfall ${stamp}`;

async function addWork(page: Page, title: string, rating: string) {
  await visit(page, "/dashboard/portfolio/creator/new");
  await page.getByLabel("Title", { exact: true }).fill(title);
  await page.getByLabel("Description", { exact: true }).fill("A piece for the gate's walk.");
  await page.getByRole("button", { name: "Add media" }).click();
  const dialog = page.getByRole("dialog", { name: "Add media" });
  await dialog.getByRole("tab", { name: "Link" }).click();
  await dialog.getByLabel("URL", { exact: true }).fill(`https://example.com/${title.replace(/\s/g, "-")}.png`);
  await dialog.getByRole("button", { name: "Add", exact: true }).click();
  await expect(dialog).toBeHidden();
  await page.getByLabel("Content rating", { exact: true }).selectOption(rating);
  await page.getByRole("button", { name: "Save", exact: true }).click();
  await expect(page).toHaveURL(/\/dashboard\/portfolio\/creator$/);
}

/** The work's link replaced by an uploaded 8x8 picture (a new work has no folder yet, so files come on its edit page). */
async function uploadPicture(page: Page, title: string) {
  await page.getByRole("link", { name: `Edit ${title}` }).click();
  await expect(page).toHaveURL(/\/dashboard\/portfolio\/creator\/[^/]+\/edit$/);
  await page.waitForLoadState("networkidle");
  await page.getByRole("button", { name: "Add media" }).click();
  const dialog = page.getByRole("dialog", { name: "Add media" });
  await dialog
    .locator('input[type="file"]')
    .and(dialog.getByLabel("File", { exact: true }))
    .setInputFiles({ name: "night.png", mimeType: "image/png", buffer: pngBytes() });
  await expect(dialog).toBeHidden({ timeout: 15_000 });
  await page.getByRole("button", { name: "Remove Media 1" }).click();
  await page.getByRole("button", { name: "Save", exact: true }).click();
  await expect(page).toHaveURL(/\/dashboard\/portfolio\/creator$/);
}

/** The work card's picture on a profile: loaded (its natural width), by a link signed for the viewer. */
async function cardPicture(page: Page, title: string) {
  const picture = page.locator("article", { has: page.getByRole("link", { name: title }) }).locator("img");
  await picture.scrollIntoViewIfNeeded();
  await expect.poll(() => picture.evaluate((img) => (img as HTMLImageElement).naturalWidth)).toBe(8);
  const src = (await picture.getAttribute("src")) ?? "";
  expect(src).toMatch(/^\/api\/google\/storage\/object\/v1\/portfolio-work\/.+\?token=/);
  return src;
}

/** The status of a GET from this context (its cookies, or none). */
const statusOf = async (request: APIRequestContext, path: string) => (await request.get(path)).status();

test("a signed-out visitor sees no R-18 work on a profile; an adult who opted in sees it", async ({
  browser,
  baseURL,
}) => {
  test.setTimeout(240_000);
  const creator = await newSignedUpUser(browser, baseURL!, "198.51.100.241");
  const viewer = await newSignedUpUser(browser, baseURL!, "198.51.100.242");
  const visitor = await browser.newContext({ baseURL });
  let signedForCreator = "";
  let mediaPath = "";
  try {
    const page = creator.page;
    await test.step("the creator adds an all-ages work and an R-18 one, and sees both on their profile", async () => {
      await visit(page, "/dashboard/creator/home");
      await page.getByRole("button", { name: "Become a creator" }).click();
      await expect(page).toHaveURL(/\/dashboard\/commission\/setting\/form/);
      await addWork(page, plainTitle, "all-ages");
      await addWork(page, adultTitle, "r18");
      await uploadPicture(page, adultTitle);
      await visit(page, `/${creator.user.handle}`);
      await expect(page.getByText(plainTitle).first()).toBeVisible();
      await expect(page.getByText(adultTitle).first()).toBeVisible();
      signedForCreator = await cardPicture(page, adultTitle);
      mediaPath = `/media/${signedForCreator.replace(/^\/api\/google\/storage\/object\//, "").replace(/\?.*$/, "")}`;
      // /media/ serves it to nobody, its creator included.
      expect(await statusOf(page.request, mediaPath)).toBe(404);
    });

    await test.step("signed out, the picture's address and the creator's link answer nothing", async () => {
      expect(await statusOf(visitor.request, mediaPath)).toBe(404);
      expect(await statusOf(visitor.request, signedForCreator)).toBe(403);
    });

    await test.step("signed out, the profile shows the all-ages work only", async () => {
      const anonymous = await visitor.newPage();
      await visit(anonymous, `/${creator.user.handle}`);
      await expect(anonymous.getByText(plainTitle).first()).toBeVisible();
      await expect(anonymous.getByText(adultTitle)).toHaveCount(0);
      expect(await anonymous.content()).not.toContain(adultTitle);
    });

    const reader = viewer.page;
    await test.step("signed in without the setting, it is still hidden", async () => {
      await visit(reader, `/${creator.user.handle}`);
      await expect(reader.getByText(plainTitle).first()).toBeVisible();
      await expect(reader.getByText(adultTitle)).toHaveCount(0);
      expect(await statusOf(reader.request, mediaPath)).toBe(404);
      expect(await statusOf(reader.request, signedForCreator)).toBe(403);
    });

    await test.step("the viewer saves an adult's birthday and confirms being 18 or older", async () => {
      await visit(reader, "/dashboard/setting/profile/account");
      await reader.getByLabel("Birthday", { exact: true }).fill("1990-01-31");
      await reader.getByRole("button", { name: "Save", exact: true }).click();
      await expect(reader.getByText("Saved.")).toBeVisible();
      const section = reader.getByTestId("adult-content-section");
      await expect(section.getByText("R-18 works are hidden from you.")).toBeVisible();
      await section.getByLabel("I am 18 or older, and I want to see works rated R-18.").check();
      await section.getByRole("button", { name: "Show adult content" }).click();
      await expect(section.getByText("R-18 works are shown to you.")).toBeVisible();
      await expect(section.getByRole("button", { name: "Hide adult content" })).toBeVisible();
      await expectAccessible(reader);
    });

    await test.step("now the profile shows them the R-18 work too", async () => {
      await visit(reader, `/${creator.user.handle}`);
      await expect(reader.getByText(adultTitle).first()).toBeVisible();
      await expect(reader.getByText(plainTitle).first()).toBeVisible();
      // Its picture loads, by a link signed for this reader; still not at /media/.
      const signed = await cardPicture(reader, adultTitle);
      expect(signed).not.toBe(signedForCreator);
      expect(await statusOf(reader.request, mediaPath)).toBe(404);
      expect(await statusOf(visitor.request, signed)).toBe(403);
    });
  } finally {
    await creator.context.close();
    await viewer.context.close();
    await visitor.close();
  }
});
