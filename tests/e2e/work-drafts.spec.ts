import type { Page } from "@playwright/test";
import { expect, test, visit } from "./fixtures";
import { newCreator } from "./order-steps";

// Decision 060: a work saved without media is a draft: the editor says so, its card is not on the profile, others
// cannot open it; its owner sees it marked Draft. Its first media publishes it. An owner opening their private work
// sees it marked Private. On a phone, a work card's title wraps to two lines instead of being cut to one.

const notice = (page: Page) => page.getByTestId("work-draft-until-media");
const restricted = (page: Page) => page.getByTestId("work-restricted");

async function addLink(page: Page, url: string) {
  await page.getByRole("button", { name: "Add media" }).click();
  const dialog = page.getByRole("dialog", { name: "Add media" });
  await dialog.getByRole("tab", { name: "Link" }).click();
  await dialog.getByLabel("URL", { exact: true }).fill(url);
  await dialog.getByRole("button", { name: "Add", exact: true }).click();
  await expect(dialog).toBeHidden();
}

test("a work without media stays a draft until its first media; a private work tells its owner", async ({
  page,
  browser,
  baseURL,
}) => {
  test.setTimeout(180_000);
  const creator = await newCreator(page);
  // Long enough for two lines or more on any card.
  const title = `Harbour lights at dusk over the old pier, painted from the ferry on a windy evening ${creator.handle.slice(3)}`;
  const stranger = await browser.newContext({ baseURL });
  try {
    let editPath = "";
    let workPath = "";

    await test.step("the editor says an empty work is a draft; saved, it is not on the profile", async () => {
      await visit(page, "/dashboard/portfolio/creator/new");
      await expect(notice(page)).toHaveText(
        "Until it has media, this work is a draft that only you can see: it is published when you save it with at least one file, link or embed.",
      );
      await page.getByLabel("Title", { exact: true }).fill(title);
      await page.getByLabel("Description", { exact: true }).fill("Nothing to show yet.");
      await page.getByRole("button", { name: "Save", exact: true }).click();
      await expect(page).toHaveURL(/\/dashboard\/portfolio\/creator$/);
      editPath = (await page.getByRole("link", { name: `Edit ${title}` }).getAttribute("href")) ?? "";
      workPath = `/${creator.handle}/works/${editPath.split("/")[4]}`;
      await visit(page, `/${creator.handle}`);
      await expect(page.getByRole("article").filter({ hasText: title })).toHaveCount(0);
    });

    await test.step("its owner opens it marked Draft; anyone else gets not found", async () => {
      await visit(page, workPath);
      await expect(restricted(page)).toContainText("Draft");
      expect((await (await stranger.newPage()).goto(workPath))?.status()).toBe(404);
    });

    await test.step("its first media publishes it: on the profile, open to others, no mark", async () => {
      await visit(page, editPath);
      await expect(notice(page)).toBeVisible();
      await addLink(page, "https://example.com/harbour.png");
      await expect(notice(page)).toHaveCount(0);
      await page.getByRole("button", { name: "Save", exact: true }).click();
      await expect(page).toHaveURL(/\/dashboard\/portfolio\/creator$/);
      await visit(page, `/${creator.handle}`);
      await expect(page.getByRole("article").filter({ hasText: title })).toHaveCount(1);
      expect((await (await stranger.newPage()).goto(workPath))?.status()).toBe(200);
      await visit(page, workPath);
      await expect(restricted(page)).toHaveCount(0);
    });

    await test.step("on a 375 px wide screen the card's title wraps to two lines", async () => {
      await page.setViewportSize({ width: 375, height: 800 });
      await visit(page, `/${creator.handle}`);
      const heading = page.getByRole("article").filter({ hasText: title }).getByRole("heading");
      const [height, line, padding] = await heading.evaluate((el) => {
        const style = getComputedStyle(el);
        return [
          el.getBoundingClientRect().height,
          parseFloat(style.lineHeight),
          parseFloat(style.paddingTop) + parseFloat(style.paddingBottom),
        ];
      });
      expect(Math.round((height - padding) / line)).toBe(2);
      await page.setViewportSize({ width: 1280, height: 800 });
    });

    await test.step("made private, its owner sees it marked Private", async () => {
      await visit(page, editPath);
      await page.getByRole("radio", { name: /^Private/ }).check();
      await page.getByRole("button", { name: "Save", exact: true }).click();
      await expect(page).toHaveURL(/\/dashboard\/portfolio\/creator$/);
      await visit(page, workPath);
      await expect(restricted(page)).toContainText("Private");
      await expect(restricted(page)).toContainText("Only you and the people given access can see this work.");
      expect((await (await stranger.newPage()).goto(workPath))?.status()).toBe(404);
    });
  } finally {
    await stranger.close();
  }
});
