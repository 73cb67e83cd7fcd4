import { writeFileSync } from "node:fs";
import type { Page } from "@playwright/test";
import { expect, expectAccessible, freshUser, readLatestCode, test, visit } from "./fixtures";
import { pngBytes } from "./png";

// Issue 10, "Services show media": a new creator builds a service's gallery in the service editor (links first, a file
// once the service exists; on the new page the list loads with the first add), reorders and removes items, meets the limit of 10, and the edit page's preview shows the
// gallery (a carousel with an "n / total" counter on a small screen) and the description collapsed past 2000 characters.

const youtubeUrl = "https://www.youtube.com/watch?v=dQw4w9WgXcQ";
const soundcloudUrl = "https://soundcloud.com/artist/track";
const longDescription = `${"A detailed service description. ".repeat(70)}The very end.`;

async function addLink(page: Page, url: string) {
  await page.getByRole("button", { name: "Add media" }).click();
  const dialog = page.getByRole("dialog", { name: "Add media" });
  await expect(dialog).toBeVisible();
  await dialog.getByRole("tab", { name: "Link" }).click();
  await dialog.getByLabel("URL", { exact: true }).fill(url);
  await dialog.getByRole("button", { name: "Add", exact: true }).click();
  await expect(dialog).toBeHidden();
}

/** The editor's media list items, as their visible first lines ("1. Video"). */
const items = (page: Page) => page.getByRole("group", { name: "Media", exact: true }).getByRole("listitem");

test("a creator adds, reorders and removes service media up to the limit; the preview shows the gallery", async ({
  page,
}, testInfo) => {
  test.setTimeout(240_000);
  // Made here, not at the top of the file: each run (--repeat-each) is a new creator with a new service.
  const user = freshUser();
  const serviceTitle = `Gallery service ${user.handle.slice(3)}`;
  const png = testInfo.outputPath("picture.png");
  writeFileSync(png, pngBytes(16, 9));
  // Pictures of other sites, answered here: the test never depends on the network.
  for (const site of ["https://i.ytimg.com/**", "https://example.com/**"])
    await page.route(site, (route) => route.fulfill({ status: 200, contentType: "image/png", body: pngBytes(16, 9) }));

  await test.step("sign up and join as a creator", async () => {
    const send = await page.request.post("/api/auth/email/send", { data: { handle: user.handle, email: user.email } });
    expect(send.status(), `sign-up send: ${await send.text()}`).toBe(200);
    const token = await readLatestCode(page.request, user.email);
    const verify = await page.request.get("/api/auth/callback/email", {
      params: { email: user.email, token },
      headers: { "sec-fetch-site": "same-origin" },
    });
    expect(verify.status(), `verify: ${await verify.text()}`).toBe(200);
    await visit(page, "/dashboard/creator/home");
    await page.getByRole("button", { name: "Become a creator" }).click();
    await expect(page).toHaveURL(/\/dashboard\/commission\/setting\/form/);
  });

  await test.step("a new service takes links and embeds; files wait for the first save", async () => {
    await visit(page, "/dashboard/commission/setting/service/new");
    await page.getByLabel("Title", { exact: true }).fill(serviceTitle);
    await page.getByLabel("Description", { exact: true }).fill(longDescription);
    await page.getByLabel("Starting price", { exact: true }).fill("5000");
    await page.getByRole("button", { name: "Add media" }).click();
    const dialog = page.getByRole("dialog", { name: "Add media" });
    await expect(dialog.getByText("Save the service first to upload files.", { exact: false })).toBeVisible();
    await page.keyboard.press("Escape");
    await expect(dialog).toBeHidden();
    // The list loaded with that first click (decision 040); the dialog hands focus back to its add button.
    await expect(page.getByRole("button", { name: "Add media" })).toBeFocused();
    await addLink(page, youtubeUrl);
    await addLink(page, soundcloudUrl);
    await expect(page.getByText("2 of 10 media")).toBeVisible();
    await expectAccessible(page);
    await page.getByRole("button", { name: "Save", exact: true }).click();
    await expect(page).toHaveURL(/\/dashboard\/commission\/setting\/form/);
  });

  await test.step("editing: upload a file, move it first, remove the SoundCloud link", async () => {
    await page.getByRole("link", { name: `Edit ${serviceTitle}` }).click();
    await expect(page).toHaveURL(/\/service\/[^/]+\/edit$/);
    await page.waitForLoadState("networkidle");
    await expect(items(page)).toHaveCount(2);
    await page.getByRole("button", { name: "Add media" }).click();
    const dialog = page.getByRole("dialog", { name: "Add media" });
    await expect(dialog.getByRole("tab", { name: "File" })).toHaveAttribute("aria-selected", "true");
    await dialog
      .locator('input[type="file"]')
      .and(dialog.getByLabel("File", { exact: true }))
      .setInputFiles(png);
    await expect(dialog).toBeHidden({ timeout: 15_000 });
    await expect(items(page)).toHaveCount(3);
    await expect(items(page).nth(2)).toContainText("picture.png");
    await page.getByRole("button", { name: "Move up Media 3" }).click();
    await page.getByRole("button", { name: "Move up Media 2" }).click();
    await expect(items(page).nth(0)).toContainText("picture.png");
    await expect(items(page).nth(1)).toContainText("YouTube");
    await expect(items(page).nth(2)).toContainText("SoundCloud");
    await page.getByRole("button", { name: "Remove Media 3" }).click();
    await expect(items(page)).toHaveCount(2);
    await page.getByRole("button", { name: "Save", exact: true }).click();
    await expect(page).toHaveURL(/\/dashboard\/commission\/setting\/form$/);
    // The card's thumbnail is the gallery's first media: the uploaded file.
    await expect(page.locator(`li:has-text("${serviceTitle}") img`)).toHaveAttribute(
      "src",
      /^\/media\/v1\/commission-service\//,
    );
  });

  await test.step("stored in that order; the preview shows the gallery and the collapsed description", async () => {
    await page.getByRole("link", { name: `Edit ${serviceTitle}` }).click();
    await page.waitForLoadState("networkidle");
    await expect(items(page)).toHaveCount(2);
    await expect(items(page).nth(0)).toContainText("picture.png");
    await expect(items(page).nth(1)).toContainText("YouTube");
    const preview = page.getByRole("region", { name: "Preview" });
    const gallery = preview.getByRole("region", { name: `Media of ${serviceTitle}` });
    await expect(gallery).toBeVisible();
    // Wide screen: thumbnails pick the media shown.
    await gallery.getByRole("button", { name: /^Show media 2/ }).click();
    await expect(gallery.getByRole("button", { name: /^Show media 2/ })).toHaveAttribute("aria-current", "true");
    const more = preview.getByRole("button", { name: "Show more" });
    await expect(more).toHaveAttribute("aria-expanded", "false");
    await expect(preview.getByText("The very end.", { exact: false })).toHaveCount(0);
    await more.click();
    await expect(preview.getByRole("button", { name: "Show less" })).toHaveAttribute("aria-expanded", "true");
    await expect(preview.getByText("The very end.", { exact: false })).toBeVisible();
    await expectAccessible(page);

    // Small screen: a carousel with previous / next and an "n / total" counter.
    await page.setViewportSize({ width: 390, height: 844 });
    await page.reload();
    await page.waitForLoadState("networkidle");
    const carousel = page.getByRole("region", { name: `Media of ${serviceTitle}` });
    await expect(carousel.getByTestId("service-gallery-counter")).toHaveText("1 / 2");
    await carousel.getByRole("button", { name: "Next media" }).click();
    await expect(carousel.getByTestId("service-gallery-counter")).toHaveText("2 / 2");
    await carousel.getByRole("button", { name: "Previous media" }).click();
    await expect(carousel.getByTestId("service-gallery-counter")).toHaveText("1 / 2");
    // The keyboard moves it too, from the focused track.
    await carousel.getByTestId("service-gallery-track").focus();
    await page.keyboard.press("ArrowRight");
    await expect(carousel.getByTestId("service-gallery-counter")).toHaveText("2 / 2");
    await expectAccessible(page);
    await page.setViewportSize({ width: 1280, height: 800 });
  });

  await test.step("the limit: ten media, then 'Limit exceeded'", async () => {
    for (let n = 3; n <= 10; n++) await addLink(page, `https://example.com/picture-${n}.png`);
    await expect(page.getByText("10 of 10 media")).toBeVisible();
    await page.getByRole("button", { name: "Add media" }).click();
    await expect(page.getByText("Limit exceeded")).toBeVisible();
    await expect(page.getByRole("dialog", { name: "Add media" })).toHaveCount(0);
    await page.getByRole("button", { name: "Save", exact: true }).click();
    await expect(page).toHaveURL(/\/dashboard\/commission\/setting\/form$/);
    await page.getByRole("link", { name: `Edit ${serviceTitle}` }).click();
    await page.waitForLoadState("networkidle");
    await expect(items(page)).toHaveCount(10);
  });
});
