import type { Browser } from "@playwright/test";
import { expect, expectAccessible, signUpWithApi, test } from "./fixtures";
import { grantWork, insertWork, uploadWorkPicture, visitsOf } from "./work-fixtures";

// The work page (issue 13, decision 031) as people meet it: an unlisted work's share link opens for a visitor; a private
// work granted to one user shows that user its page and picture, while a stranger gets 404 for the page, its `.data`
// and the picture's /media/ URL; the profile card's title links to the page; the page carries og and twitter meta.

const description = "Painted over three mornings from the pier, in oils.";

/**
 * Another person's browser, as its own client (an IPv6 /64 of its own): the server limits visits and code sends per
 * client, and these contexts do not get the test fixture's per-test address.
 */
function personContext(
  browser: Browser,
  baseURL: string | undefined,
  options: { viewport?: { width: number; height: number } } = {},
) {
  const client = `2001:db8:${Math.floor(Math.random() * 0xffff).toString(16)}:${Math.floor(Math.random() * 0xffff).toString(16)}::1`;
  return browser.newContext({ baseURL, ...options, extraHTTPHeaders: { "cf-connecting-ip": client } });
}

test("an unlisted work: its share link opens for a visitor, with og meta; the profile does not list it", async ({
  page,
  browser,
  baseURL,
}) => {
  const owner = await signUpWithApi(page);
  const title = `Harbour at dawn ${owner.handle}`;
  const work = await insertWork({ ownerEmail: owner.email, title, description, visibility: "UNLISTED" });
  await uploadWorkPicture(page, work.id, owner.email);
  const path = `/${work.handle}/works/${work.id}`;

  const visitorContext = await personContext(browser, baseURL);
  const visitor = await visitorContext.newPage();
  await visitor.goto(path);
  await expect(visitor.getByRole("heading", { level: 1, name: title })).toBeVisible();
  // Opening the page counts a visit, as the lightbox preview does.
  await expect.poll(() => visitsOf(work.id)).toBe(1);
  await visitor.getByRole("button", { name: "Share" }).click();
  const link = await visitor.getByRole("dialog", { name: "Share this page" }).getByLabel("Link").inputValue();
  expect(link).toBe(`${baseURL}${path}`);

  const otherContext = await personContext(browser, baseURL);
  const other = await otherContext.newPage();
  const response = await other.goto(link);
  expect(response?.status()).toBe(200);
  await expect(other.getByRole("heading", { level: 1, name: title })).toBeVisible();
  await expect(other.getByText(description)).toBeVisible();
  await expect(other.locator(`article a[href="/${work.handle}"]`)).toBeVisible();
  const meta = (key: string) => other.locator(`meta[property="${key}"], meta[name="${key}"]`).getAttribute("content");
  expect(await meta("og:title")).toBe(title);
  expect(await meta("og:description")).toBe(description);
  expect(await meta("og:image")).toMatch(new RegExp(`^${baseURL}/media/v1/portfolio-work/${work.id}/medias/`));
  expect(await meta("twitter:card")).toBe("summary_large_image");
  expect(await meta("twitter:image")).toBe(await meta("og:image"));
  await expectAccessible(other);

  await other.goto(`/${work.handle}`);
  await expect(other.getByRole("heading", { name: title })).toHaveCount(0);
  await Promise.all([visitorContext.close(), otherContext.close()]);
});

test("a private work granted to one user: they see the page and its picture; a stranger gets 404 for page, data and picture", async ({
  page,
  browser,
  baseURL,
}) => {
  const owner = await signUpWithApi(page);
  const title = `Private sketch ${owner.handle}`;
  const work = await insertWork({ ownerEmail: owner.email, title, description, visibility: "PRIVATE" });
  const stored = await uploadWorkPicture(page, work.id, owner.email);
  const path = `/${work.handle}/works/${work.id}`;

  const viewerContext = await personContext(browser, baseURL);
  const viewer = await viewerContext.newPage();
  const granted = await signUpWithApi(viewer);
  await grantWork(work.id, "view", granted.email);

  await viewer.goto(path);
  await expect(viewer.getByRole("heading", { level: 1, name: title })).toBeVisible();
  const picture = viewer.getByRole("img", { name: new RegExp(title) }).first();
  await expect(picture).toBeVisible();
  expect(await picture.getAttribute("src")).toMatch(/^\/api\/google\/storage\/object\/v1\/portfolio-work\/.+\?token=/);
  await expect
    .poll(() =>
      picture.evaluate((img) => (img as HTMLImageElement).complete && (img as HTMLImageElement).naturalWidth > 0),
    )
    .toBe(true);
  // A private work's visits are not counted, even for a reader it is granted to.
  await viewer.waitForLoadState("networkidle");
  expect(await visitsOf(work.id)).toBe(0);
  // A view grant reads; it does not edit.
  await expect(viewer.getByRole("link", { name: "Edit" })).toHaveCount(0);
  await expectAccessible(viewer);

  const strangerContext = await personContext(browser, baseURL);
  const stranger = await strangerContext.newPage();
  await signUpWithApi(stranger);
  const response = await stranger.goto(path);
  expect(response?.status()).toBe(404);
  await expect(stranger.getByText(title)).toHaveCount(0);
  const data = await stranger.request.get(`${path}.data`);
  expect(data.status()).toBe(404);
  expect(await data.text()).not.toContain(title);
  expect((await stranger.request.get(stored)).status()).toBe(404);
  expect(
    (
      await stranger.request.post("/api/google/storage/sign/read", {
        data: { url: stored },
        headers: { "sec-fetch-site": "same-origin" },
      })
    ).status(),
  ).toBe(403);

  // The owner gets Edit, to the work editor.
  await page.goto(path);
  await expect(page.getByRole("link", { name: "Edit" })).toHaveAttribute(
    "href",
    `/dashboard/portfolio/creator/${work.id}/edit`,
  );
  await Promise.all([viewerContext.close(), strangerContext.close()]);
});

test("a profile card's title links to the work's page; at 375 px in Japanese the page reads whole", async ({
  page,
  browser,
  baseURL,
}) => {
  const owner = await signUpWithApi(page);
  const title = `Pier at noon ${owner.handle}`;
  const work = await insertWork({ ownerEmail: owner.email, title, description, visibility: "PUBLIC" });
  await uploadWorkPicture(page, work.id, owner.email);

  const visitorContext = await personContext(browser, baseURL);
  const visitor = await visitorContext.newPage();
  await visitor.goto(`/${work.handle}`);
  await visitor.getByRole("link", { name: title }).click();
  await expect(visitor).toHaveURL(`${baseURL}/${work.handle}/works/${work.id}`);
  await expect(visitor.getByRole("heading", { level: 1, name: title })).toBeVisible();
  await visitorContext.close();

  const context = await personContext(browser, baseURL, { viewport: { width: 375, height: 812 } });
  await context.addCookies([{ name: "app-language", value: "ja", url: baseURL! }]);
  const small = await context.newPage();
  await small.goto(`/${work.handle}/works/${work.id}`);
  await expect(small.getByRole("heading", { level: 1, name: title })).toBeVisible();
  await expect(small.getByText("タグ", { exact: true })).toBeVisible();
  expect(await small.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
  await expectAccessible(small);
  await context.close();
});
