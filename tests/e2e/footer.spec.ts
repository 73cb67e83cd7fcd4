import { expect, expectAccessible, signUpWithApi, test, visit } from "./fixtures";

// The footer is the server's markup, kept by the browser (decision 039): these check that it reads in the page's
// language, that its in-app links navigate without a reload, and that it survives client navigations.

test("the footer's app links navigate in place, and the footer stays through client navigations", async ({ page }) => {
  await signUpWithApi(page);
  await visit(page, "/explore/creators");
  const footer = page.getByRole("contentinfo");
  await expect(footer).toContainText("Comet makes it easy to commission Japanese artists.");
  // The guideline and legal pages are pages of the app, in the reader's language (issue 33, legal-pages.spec.ts).
  await expect(
    footer.getByRole("navigation", { name: "Guides" }).getByRole("link", { name: "What is Comet?" }),
  ).toHaveAttribute("href", "/about");
  await page.evaluate(() => Object.assign(window, { stillTheSameDocument: true }));

  await footer.getByRole("link", { name: "Account settings" }).click();
  await expect(page).toHaveURL(/\/dashboard\/setting\/profile\/account$/);
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  await expect(footer.getByRole("link", { name: "Profile settings" })).toBeVisible();
  await footer.getByRole("link", { name: "Profile settings" }).click();
  await expect(page).toHaveURL(/\/dashboard\/setting\/profile$/);
  await page.goBack();
  await expect(page).toHaveURL(/\/dashboard\/setting\/profile\/account$/);
  await expect(footer).toContainText(`© ${new Date().getFullYear()} Comet`);
  expect(
    await page.evaluate(() => (window as unknown as { stillTheSameDocument?: boolean }).stillTheSameDocument),
  ).toBe(true);
  await expectAccessible(page);
});

test("the footer is in Japanese on a Japanese page", async ({ page, context, baseURL }) => {
  await context.addCookies([{ name: "app-language", value: "ja", url: baseURL! }]);
  await visit(page, "/");
  const footer = page.getByRole("contentinfo");
  await expect(footer).toContainText("フォームひとつで、コミッションの依頼を気軽に募集できるサービスです。");
  await expect(footer.getByRole("link", { name: "Cometとは" })).toHaveAttribute("href", "/about");
  await expect(footer.getByRole("navigation", { name: "アカウント" })).toBeVisible();
});
