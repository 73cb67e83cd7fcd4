import { expect, test, visit } from "./fixtures";

// The site's not-found page (site-layout.tsx's error boundary). Its body is a chunk loaded only when an error is shown
// (error-pages.tsx, decision 040): the server sends it in the document, and a client navigation to a missing page
// loads it then. Both keep the header and footer, and read in the page's language.

test("a missing page is a 404 document with its heading, the header and footer, and links that navigate in place", async ({
  page,
}) => {
  const response = await page.goto("/no-such-page/anywhere");
  expect(response?.status()).toBe(404);
  await page.waitForLoadState("networkidle");
  await expect(page.getByRole("heading", { level: 1, name: "Page not found" })).toBeVisible();
  await expect(page).toHaveTitle(/Page not found/);
  await expect(page.getByRole("banner")).toBeVisible();
  await expect(page.getByRole("contentinfo")).toBeVisible();

  // The page's links navigate in the app once it has loaded.
  await page.evaluate(() => Object.assign(window, { stillTheSameDocument: true }));
  await page.getByRole("link", { name: "Explore creators" }).click();
  await expect(page).toHaveURL(/\/explore\/creators$/);
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();

  expect(
    await page.evaluate(() => (window as unknown as { stillTheSameDocument?: boolean }).stillTheSameDocument),
  ).toBe(true);
});

test("a client navigation to a handle nobody has renders the not-found page in place, loading its body then", async ({
  page,
}) => {
  await visit(page, "/");
  await page.evaluate(() => Object.assign(window, { stillTheSameDocument: true }));
  // No page links to a missing handle; React Router's own router (what a <Link> calls) navigates there.
  await page.evaluate(() =>
    (
      window as unknown as { __reactRouterDataRouter: { navigate(to: string): Promise<void> } }
    ).__reactRouterDataRouter.navigate("/nosuchhandle404"),
  );
  await expect(page).toHaveURL(/\/nosuchhandle404$/);
  await expect(page.getByRole("heading", { level: 1, name: "Page not found" })).toBeVisible();
  await expect(page.getByRole("link", { name: "Back to home" })).toBeVisible();
  await expect(page.getByRole("contentinfo")).toBeVisible();
  expect(
    await page.evaluate(() => (window as unknown as { stillTheSameDocument?: boolean }).stillTheSameDocument),
  ).toBe(true);
});

test("the not-found page reads in Japanese on a Japanese page", async ({ page, context, baseURL }) => {
  await context.addCookies([{ name: "app-language", value: "ja", url: baseURL! }]);
  await visit(page, "/no-such-page/anywhere");
  await expect(page.getByRole("heading", { level: 1, name: "ページが見つかりません" })).toBeVisible();
  await expect(page.getByRole("link", { name: "ホームに戻る" })).toHaveAttribute("href", "/");
});
