import type { Page } from "@playwright/test";
import { expect, expectAccessible, signUpWithApi, tabTo, test, visit } from "./fixtures";

// General commission settings: open/closed as the public profile shows it, the default currency of a new form
// from the template and of a new service, the default terms a new service starts with; in English and Japanese,
// with the keyboard, at 375px, and without JavaScript.

const GENERAL = "/dashboard/commission/setting/form/general";

async function joinAsCreator(page: Page) {
  const user = await signUpWithApi(page);
  await visit(page, "/dashboard/creator/home");
  await page.getByRole("button", { name: "Become a creator" }).click();
  await expect(page).toHaveURL(/\/dashboard\/commission\/setting\/form$/);
  return user;
}

const saved = (page: Page) => page.getByRole("status").filter({ hasText: "Saved." });

test("a creator opens for commissions, sets a default currency and terms, and new forms and services use them", async ({
  page,
}) => {
  test.setTimeout(120_000);
  const user = await joinAsCreator(page);
  const terms = `Two revisions included. ${user.handle}`;

  await test.step("the page, with the keyboard", async () => {
    await visit(page, GENERAL);
    await expect(page.getByRole("heading", { level: 1, name: "General settings" })).toBeVisible();
    await expect(page.getByRole("radio", { name: "Closed for commissions" })).toBeChecked();
    await expect(page.getByLabel("Default currency")).toHaveValue("JPY");
    await expectAccessible(page);
    const closed = page.getByRole("radio", { name: "Closed for commissions" });
    await tabTo(page, closed);
    await page.keyboard.press("ArrowLeft");
    await expect(page.getByRole("radio", { name: "Open for commissions" })).toBeChecked();
    await tabTo(page, page.getByLabel("Default currency"));
    await page.getByLabel("Default currency").selectOption("USD");
    await page.getByLabel("Default terms").fill(terms);
    const save = page.getByRole("button", { name: "Save", exact: true });
    await tabTo(page, save);
    await page.keyboard.press("Enter");
    await expect(saved(page)).toBeVisible();
    await expectAccessible(page);
    await visit(page, GENERAL);
    await expect(page.getByRole("radio", { name: "Open for commissions" })).toBeChecked();
    await expect(page.getByLabel("Default currency")).toHaveValue("USD");
    await expect(page.getByLabel("Default terms")).toHaveValue(terms);
  });

  await test.step("the public profile shows Open", async () => {
    await visit(page, `/${user.handle}`);
    await expect(page.getByText("Open for commissions", { exact: true })).toBeVisible();
  });

  await test.step("a new form from the template starts in USD", async () => {
    await visit(page, "/dashboard/commission/setting/form/form/new");
    await page.getByRole("button", { name: "Create from the template" }).click();
    await expect(page).toHaveURL(/formId=/);
    await page.waitForLoadState("networkidle");
    await expect(page.getByLabel("Currency", { exact: true })).toHaveValue("USD");
  });

  await test.step("a new service starts in USD with the default terms", async () => {
    await visit(page, "/dashboard/commission/setting/service/new");
    await expect(page.getByLabel("Currency", { exact: true })).toHaveValue("USD");
    await expect(page.getByLabel("Terms", { exact: true })).toHaveValue(terms);
    await expectAccessible(page);
  });

  await test.step("closing shows Closed on the public profile", async () => {
    await visit(page, GENERAL);
    await page.getByRole("radio", { name: "Closed for commissions" }).check();
    await page.getByRole("button", { name: "Save", exact: true }).click();
    await expect(saved(page)).toBeVisible();
    await visit(page, `/${user.handle}`);
    await expect(page.getByText("Closed for commissions", { exact: true })).toBeVisible();
    await expect(page.getByText("Open for commissions", { exact: true })).toHaveCount(0);
  });

  await test.step("375px wide, both themes", async () => {
    await page.setViewportSize({ width: 375, height: 800 });
    await visit(page, GENERAL);
    await expect(page.getByRole("heading", { level: 1, name: "General settings" })).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    await expectAccessible(page);
  });
});

test("bad input shows the message in Japanese, keeps what was typed and changes nothing", async ({
  page,
  context,
  baseURL,
}) => {
  await joinAsCreator(page);
  await context.addCookies([{ name: "app-language", value: "ja", url: baseURL! }]);
  await visit(page, GENERAL);
  await expect(page.getByRole("heading", { level: 1, name: "全般設定" })).toBeVisible();
  await page.getByRole("radio", { name: "依頼受付中" }).check();
  // The browser stops typing at the limit; a post that gets past it (an old browser, a script) is refused.
  const terms = page.getByLabel("デフォルトの利用規約");
  await terms.evaluate((el) => el.removeAttribute("maxlength"));
  await terms.fill("x".repeat(10_001));
  await page.getByRole("button", { name: "保存", exact: true }).click();
  await expect(page.getByText("規約は10000文字以内で入力してください。")).toBeVisible();
  await expect(page.getByRole("alert").filter({ hasText: "保存されませんでした" })).toBeVisible();
  await expect(page.getByRole("radio", { name: "依頼受付中" })).toBeChecked();
  await expect(terms).toHaveValue("x".repeat(10_001));
  await expectAccessible(page);
  await visit(page, GENERAL);
  await expect(page.getByRole("radio", { name: "依頼受付停止中" })).toBeChecked();
  await expect(page.getByLabel("デフォルトの利用規約")).toHaveValue("");
});

test("the page works without JavaScript", async ({ page, browser, baseURL }) => {
  await joinAsCreator(page);
  const noJs = await browser.newContext({
    baseURL,
    javaScriptEnabled: false,
    storageState: await page.context().storageState(),
  });
  try {
    const plain = await noJs.newPage();
    await plain.goto(GENERAL);
    await plain.getByRole("radio", { name: "Open for commissions" }).check();
    await plain.getByLabel("Default currency").selectOption("USD");
    await plain.getByRole("button", { name: "Save", exact: true }).click();
    await expect(saved(plain)).toBeVisible();
    await expect(plain.getByRole("radio", { name: "Open for commissions" })).toBeChecked();
    await expect(plain.getByLabel("Default currency")).toHaveValue("USD");
    // The page an action renders is a document like any other: it has the footer's markup (decision 039).
    await expect(plain.getByRole("contentinfo")).toContainText("Comet makes it easy to commission Japanese artists.");
  } finally {
    await noJs.close();
  }
});

test("a non-creator is sent to Join as a creator", async ({ page }) => {
  await signUpWithApi(page);
  await page.goto(GENERAL);
  await expect(page).toHaveURL(/\/dashboard\/creator\/home$/);
  await expect(page.getByRole("heading", { level: 1, name: "Join as a creator" })).toBeVisible();
});
