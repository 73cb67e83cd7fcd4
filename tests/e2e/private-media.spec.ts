import { DEMO, expect, signInWithApi, test } from "./fixtures";

// Private media (docs/decisions/011-signed-tokens-and-private-media.md): the demo creator's PRIVATE draft work
// "Work in progress: client mascot" shows its picture to its owner in the dashboard, by a signed read URL; its
// /media/ URL is a 404 for everyone, and the signed route without a token is refused.

test("the owner sees a private work's picture in the dashboard; strangers get 404 at its /media/ URL", async ({ page, browser, baseURL }) => {
  await signInWithApi(page, DEMO.creator);
  await page.goto("/dashboard/portfolio/creator");
  await page.waitForLoadState("networkidle");
  const card = page.getByRole("listitem").filter({ hasText: "Work in progress: client mascot" });
  const picture = card.locator("img").first();
  await expect(picture).toBeVisible();
  const src = (await picture.getAttribute("src")) ?? "";
  expect(src).toMatch(/^\/api\/google\/storage\/object\/v1\/portfolio-work\/[^/]+\/medias\/[0-9a-f-]{36}\.svg\?token=/);
  await expect.poll(() => picture.evaluate((img) => (img as HTMLImageElement).complete && (img as HTMLImageElement).naturalWidth > 0)).toBe(true);

  const key = src.replace("/api/google/storage/object/", "").split("?")[0];
  const stranger = await browser.newContext({ baseURL });
  expect((await stranger.request.get(`/media/${key}`)).status()).toBe(404);
  expect((await stranger.request.get(`/api/google/storage/object/${key}`)).status()).toBe(403);
  // The owner's session does not open /media/ either: it answers the same to everyone (and may be cached publicly).
  expect((await page.request.get(`/media/${key}`)).status()).toBe(404);
  await stranger.close();
});
