import { expect, expectAccessible, freshUser, readLatestCode, test, visit } from "./fixtures";
import { pngBytes } from "./png";

// Issue "media on form questions": a new creator adds a YouTube link to a question of a form made from the
// template, publishes it, and the public page /cf/{code} shows the video's thumbnail with a Play button; the
// player (an iframe from YouTube's no-cookie domain) loads only after the press.

const user = freshUser();
const formTitle = `Media form ${user.handle.slice(3)}`;
const youtubeUrl = "https://www.youtube.com/watch?v=dQw4w9WgXcQ";

test("a creator adds a YouTube link to a form question; the public form shows its thumbnail and player", async ({
  page,
}) => {
  test.setTimeout(180_000);
  const thumbnailRequests: string[] = [];
  const playerRequests: string[] = [];
  await page.route("https://i.ytimg.com/**", (route) => {
    thumbnailRequests.push(route.request().url());
    return route.fulfill({ status: 200, contentType: "image/png", body: pngBytes(16, 9) });
  });
  await page.route(/^https:\/\/www\.youtube(-nocookie)?\.com\//, (route) => {
    playerRequests.push(route.request().url());
    return route.fulfill({ status: 200, contentType: "text/html", body: "<!doctype html><title>player</title>" });
  });

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

  let formPath = "";
  await test.step("a form from the template; a YouTube link on its first question", async () => {
    await visit(page, "/dashboard/commission/setting/form/form/new");
    await page.getByLabel("Title", { exact: true }).fill(formTitle);
    await page.getByRole("button", { name: "Create from the template" }).click();
    await expect(page).toHaveURL(/formId=/);
    await page.waitForLoadState("networkidle");
    const media = page.getByRole("group", { name: "Media for question 1", exact: true });
    await expect(media).toBeVisible();
    await media.getByRole("button", { name: "Add media" }).click();
    const dialog = page.getByRole("dialog", { name: "Add media" });
    await expect(dialog).toBeVisible();
    await dialog.getByRole("tab", { name: "Link" }).click();
    await dialog.getByLabel("URL", { exact: true }).fill(youtubeUrl);
    await expect(dialog.getByText(/Detected: Video/)).toBeVisible();
    await dialog.getByRole("button", { name: "Add", exact: true }).click();
    await expect(dialog).toBeHidden();
    await expect(media.getByRole("button", { name: "Remove question 1, Media 1" })).toBeVisible();
    await expect(media.getByText("1 of 4 media")).toBeVisible();
    await expectAccessible(page);
    await page.getByRole("button", { name: "Save and publish" }).click();
    const link = page.getByRole("link", { name: /^\/cf\// });
    await expect(link).toBeVisible();
    formPath = (await link.getAttribute("href")) ?? "";
    expect(formPath).toMatch(/^\/cf\/\w+$/);
    // Stored: the reloaded editor lists the link on question 1.
    await page.reload();
    await page.waitForLoadState("networkidle");
    await expect(
      page.getByRole("group", { name: "Media for question 1", exact: true }).getByText("1 of 4 media"),
    ).toBeVisible();
  });

  await test.step("the public form shows the thumbnail; the player loads on press", async () => {
    await visit(page, formPath);
    await expect(page.getByRole("heading", { level: 1, name: formTitle })).toBeVisible();
    const list = page.getByRole("list", { name: /^Media for “/ });
    await expect(list).toHaveCount(1);
    await expect(list.locator('img[src="https://i.ytimg.com/vi/dQw4w9WgXcQ/hqdefault.jpg"]')).toBeVisible();
    expect(thumbnailRequests.length).toBeGreaterThan(0);
    // Nothing from YouTube's player before the press.
    await expect(page.locator("iframe")).toHaveCount(0);
    expect(playerRequests).toEqual([]);
    await expectAccessible(page);
    await list.getByRole("button", { name: /^Play / }).click();
    const frame = list.locator("iframe");
    await expect(frame).toHaveAttribute("src", /youtube-nocookie\.com\/embed\/dQw4w9WgXcQ/);
  });
});
