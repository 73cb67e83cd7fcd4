import { DEMO, expect, newSignedUpUser, signInWithApi, test } from "./fixtures";
import { devFixture } from "./order-fixtures";

// Private media (docs/decisions/011-signed-tokens-and-private-media.md): the demo creator's PRIVATE draft work
// "Work in progress: client mascot" shows its picture to its owner in the dashboard, by a signed read URL; its
// /media/ URL is a 404 for everyone, and the signed route without a token is refused.

test("the owner sees a private work's picture in the dashboard; strangers get 404 at its /media/ URL", async ({
  page,
  browser,
  baseURL,
}) => {
  await signInWithApi(page, DEMO.creator);
  await page.goto("/dashboard/portfolio/creator");
  await page.waitForLoadState("networkidle");
  const card = page.getByRole("listitem").filter({ hasText: "Work in progress: client mascot" });
  const picture = card.locator("img").first();
  await expect(picture).toBeVisible();
  const src = (await picture.getAttribute("src")) ?? "";
  expect(src).toMatch(/^\/api\/google\/storage\/object\/v1\/portfolio-work\/[^/]+\/medias\/[0-9a-f-]{36}\.svg\?token=/);
  await expect
    .poll(() =>
      picture.evaluate((img) => (img as HTMLImageElement).complete && (img as HTMLImageElement).naturalWidth > 0),
    )
    .toBe(true);

  const key = src.replace("/api/google/storage/object/", "").split("?")[0];
  const stranger = await browser.newContext({ baseURL });
  expect((await stranger.request.get(`/media/${key}`)).status()).toBe(404);
  expect((await stranger.request.get(`/api/google/storage/object/${key}`)).status()).toBe(403);
  // The owner's session does not open /media/ either: it answers the same to everyone (and may be cached publicly).
  expect((await page.request.get(`/media/${key}`)).status()).toBe(404);
  await stranger.close();
});

// Deliverable links (decision 059): 5 minutes, and only with the session of the party they were signed for. The demo
// client's delivered order (scripts/seed/orders.mjs) is only read here, so repeated runs share nothing they change.
test("the client downloads a deliverable through a link signed at the click; anyone else holding the rendered link is refused", async ({
  page,
  browser,
  baseURL,
}) => {
  const { code } = await devFixture<{ code: string }>("deliveredOrder", { buyerEmail: DEMO.client });

  await signInWithApi(page, DEMO.client);
  await page.goto(`/dashboard/commission/client/requests?order=${code}`);
  await page.waitForLoadState("networkidle");
  await page.getByRole("tab", { name: "Delivery" }).click();
  const link = page.getByRole("link", { name: "Download delivered-final.svg" });
  const rendered = (await link.getAttribute("href")) ?? "";
  expect(rendered).toMatch(
    /^\/api\/google\/storage\/object\/v1\/commission-order\/[^/]+\/deliverables\/[0-9a-f-]{36}\.svg\?token=/,
  );

  const signing = page.waitForRequest(
    (request) => request.url().endsWith("/api/google/storage/sign/read") && request.method() === "POST",
  );
  const downloading = page.waitForEvent("download");
  await link.click();
  await signing;
  const download = await downloading;
  expect(download.suggestedFilename()).toBe("delivered-final.svg");
  // The file came from a fresh URL, not the rendered one.
  expect(download.url()).not.toContain(rendered.split("?token=")[1]);
  expect(download.url()).toContain("/deliverables/");

  // The rendered link opens for the client's own session, no-store; signed out, or as another member, it is refused.
  const own = await page.request.get(rendered);
  expect(own.status()).toBe(200);
  expect(own.headers()["cache-control"]).toBe("private, no-store");
  const signedOut = await browser.newContext({ baseURL });
  expect((await signedOut.request.get(rendered)).status()).toBe(403);
  const other = await newSignedUpUser(browser, baseURL!, "203.0.113.159");
  expect((await other.context.request.get(rendered)).status()).toBe(403);
  await signedOut.close();
  await other.context.close();
});
