import type { Browser, Page } from "@playwright/test";
import { vrmModel } from "../fixtures/vrm-model";
import { expect, expectAccessible, test } from "./fixtures";
import { drawn } from "./canvas-pixels";
import { newCreator } from "./order-steps";

// Issue 60, the spec's "3D model viewer": a creator adds a VRM (built by the test: an MToon box with an embedded
// texture and a humanoid skeleton) to a portfolio work; a visitor opens the work, and only when they press
// "View in 3D" does the viewer's code (three.js and three-vrm) load; the canvas then holds a drawn model, not a blank
// frame. This Chromium runs with --disable-gpu, so WebGL is SwiftShader's. The same at 375 px wide in Japanese.

const items = (page: Page) => page.getByRole("group", { name: "Media", exact: true }).getByRole("listitem");

/** The viewer's chunk (model-viewer.tsx, with three.js) among the scripts the page has fetched. */
const viewerChunkLoaded = (page: Page) =>
  page.evaluate(() =>
    performance.getEntriesByType("resource").some((entry) => /\/model-viewer-[\w-]+\.js$/.test(entry.name)),
  );

/** Opens the work as a signed-out visitor in a browser of their own. */
async function visitor(
  browser: Browser,
  baseURL: string,
  path: string,
  options: { japanese?: boolean; width?: number } = {},
) {
  const context = await browser.newContext({
    baseURL,
    locale: options.japanese ? "ja-JP" : "en-US",
    viewport: { width: options.width ?? 1280, height: 900 },
    extraHTTPHeaders: { "cf-connecting-ip": `198.51.100.${options.japanese ? 251 : 252}` },
  });
  if (options.japanese) await context.addCookies([{ name: "app-language", value: "ja", url: baseURL }]);
  const page = await context.newPage();
  const errors: string[] = [];
  page.on("pageerror", (error) => errors.push(error.message));
  page.on("console", (message) => {
    if (/Content Security Policy/i.test(message.text())) errors.push(message.text());
  });
  await page.goto(path);
  await expectAccessible(page);
  return { page, errors, close: () => context.close() };
}

test("a creator adds a VRM to a work; a visitor presses View in 3D and sees it drawn, at 375 px and in Japanese too", async ({
  page,
  browser,
  baseURL,
}) => {
  test.setTimeout(240_000);
  const creator = await newCreator(page);
  const workTitle = `Avatar ${creator.handle.slice(3)}`;
  let workId = "";

  await test.step("the creator uploads the VRM to a work and saves it", async () => {
    await page.goto("/dashboard/portfolio/creator/new");
    await page.getByLabel("Title", { exact: true }).fill(workTitle);
    await page.getByLabel("Description", { exact: true }).fill("A VRM avatar for streaming.");
    await page.getByRole("button", { name: "Save", exact: true }).click();
    await expect(page).toHaveURL(/\/dashboard\/portfolio\/creator$/);
    await page.getByRole("link", { name: `Edit ${workTitle}` }).click();
    await expect(page).toHaveURL(/\/dashboard\/portfolio\/creator\/[^/]+\/edit$/);
    workId = /\/creator\/([^/]+)\/edit$/.exec(page.url())![1];
    await page.waitForLoadState("networkidle");
    const dialog = page.getByRole("dialog", { name: "Add media" });
    await page.getByRole("button", { name: "Add media" }).click();
    // A browser gives a .vrm no type: the upload goes by the file's bytes (a glTF binary naming VRMC_vrm).
    await dialog
      .locator('input[type="file"]')
      .and(dialog.getByLabel("File", { exact: true }))
      .setInputFiles({ name: "avatar.vrm", mimeType: "application/octet-stream", buffer: Buffer.from(vrmModel()) });
    await expect(dialog).toBeHidden({ timeout: 30_000 });
    await expect(items(page)).toHaveCount(1);
    await expect(items(page).first()).toContainText("3D Model");
    await expect(items(page).first()).toContainText("avatar.vrm");
    await page.getByRole("button", { name: "Save", exact: true }).click();
    await expect(page).toHaveURL(/\/dashboard\/portfolio\/creator$/);
  });

  const path = `/${creator.handle}/works/${workId}`;

  await test.step("a visitor's page ships no 3D engine until they press View in 3D; then the model is drawn", async () => {
    const { page: visitorPage, errors, close } = await visitor(browser, baseURL!, path);
    const open = visitorPage.getByRole("button", { name: /^View in 3D/ });
    await expect(open).toBeVisible();
    await expect(open).toHaveAccessibleName(/^View in 3D: /);
    expect(await viewerChunkLoaded(visitorPage)).toBe(false);
    await open.click();
    const viewer = visitorPage.getByRole("group", { name: "3D viewer" });
    await expect(viewer).toHaveAttribute("data-model-viewer", "shown", { timeout: 30_000 });
    // Read by three-vrm as a VRM (its MToon material, its humanoid), not by the plain glTF fallback.
    await expect(viewer).toHaveAttribute("data-read-as", "vrm");
    expect(await viewerChunkLoaded(visitorPage)).toBe(true);
    const canvas = viewer.locator("canvas");
    await expect(canvas).toHaveAccessibleName(/, shown in 3D$/);
    // Drawn: a good part of the frame is the model, in the toon shading's several colours (lit, shade, edges).
    await expect.poll(async () => (await drawn(canvas)).share, { timeout: 15_000 }).toBeGreaterThan(0.02);
    const before = await drawn(canvas);
    expect(before.colours).toBeGreaterThan(1);

    // The keyboard turns it (a button, then an arrow key on the canvas), and Reset view brings the first frame back.
    await viewer.getByRole("button", { name: "Turn left" }).click();
    await expect.poll(async () => (await drawn(canvas)).sum).not.toBe(before.sum);
    await canvas.focus();
    await visitorPage.keyboard.press("ArrowRight");
    await viewer.getByRole("button", { name: "Reset view" }).focus();
    await visitorPage.keyboard.press("Enter");
    await expect.poll(async () => (await drawn(canvas)).sum, { timeout: 10_000 }).toBe(before.sum);
    await expectAccessible(visitorPage);
    expect(errors).toEqual([]);
    await close();
  });

  await test.step("at 375 px wide, in Japanese: 3Dで見る, and the model drawn within the screen", async () => {
    const { page: small, errors, close } = await visitor(browser, baseURL!, path, { japanese: true, width: 375 });
    await expect(small.locator("html")).toHaveAttribute("lang", "ja");
    await small.getByRole("button", { name: /^3Dで見る/ }).click();
    const viewer = small.getByRole("group", { name: "3Dビューアー" });
    await expect(viewer).toHaveAttribute("data-model-viewer", "shown", { timeout: 30_000 });
    await expect(viewer.getByRole("button", { name: "視点を元に戻す" })).toBeVisible();
    const canvas = viewer.locator("canvas");
    await expect.poll(async () => (await drawn(canvas)).share, { timeout: 15_000 }).toBeGreaterThan(0.02);
    const box = (await viewer.boundingBox())!;
    expect(box.x).toBeGreaterThanOrEqual(0);
    expect(box.x + box.width).toBeLessThanOrEqual(375);
    expect(await small.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    await expectAccessible(small);
    expect(errors).toEqual([]);
    await close();
  });
});

test("a file that is no model shows the error state, in words, not a blank frame", async ({ page }) => {
  // The viewer is a component; any page that places it will do. Here: the page's own fetch of a model is answered
  // with bytes that are no glTF, as a broken or truncated upload would be.
  const creator = await newCreator(page);
  await page.goto("/dashboard/portfolio/creator/new");
  const workTitle = `Broken avatar ${creator.handle.slice(3)}`;
  await page.getByLabel("Title", { exact: true }).fill(workTitle);
  await page.getByLabel("Description", { exact: true }).fill("A model that does not load.");
  await page.getByRole("button", { name: "Save", exact: true }).click();
  await page.getByRole("link", { name: `Edit ${workTitle}` }).click();
  await expect(page).toHaveURL(/\/dashboard\/portfolio\/creator\/[^/]+\/edit$/);
  const workId = /\/creator\/([^/]+)\/edit$/.exec(page.url())![1];
  await page.waitForLoadState("networkidle");
  const dialog = page.getByRole("dialog", { name: "Add media" });
  await page.getByRole("button", { name: "Add media" }).click();
  await dialog
    .locator('input[type="file"]')
    .and(dialog.getByLabel("File", { exact: true }))
    .setInputFiles({ name: "avatar.vrm", mimeType: "application/octet-stream", buffer: Buffer.from(vrmModel()) });
  await expect(dialog).toBeHidden({ timeout: 30_000 });
  await page.getByRole("button", { name: "Save", exact: true }).click();
  await expect(page).toHaveURL(/\/dashboard\/portfolio\/creator$/);

  await page.route(/\.(glb|vrm)(\?|$)/, (route) =>
    route.fulfill({ status: 200, contentType: "model/gltf-binary", body: Buffer.from("glTF but not really") }),
  );
  await page.goto(`/${creator.handle}/works/${workId}`);
  await page.getByRole("button", { name: /^View in 3D/ }).click();
  const viewer = page.getByRole("group", { name: "3D viewer" });
  await expect(viewer).toHaveAttribute("data-model-viewer", "error", { timeout: 30_000 });
  await expect(viewer.getByText("This model could not be shown", { exact: true })).toBeVisible();
  await expect(viewer.getByRole("status")).toContainText("This model could not be shown");
  await expect(viewer.getByRole("button", { name: "Reset view" })).toHaveCount(0);
});
