// Issue 33's invite link as a user meets it (decision 053): on the account settings page, in English and Japanese,
// with a copy button; followed by a signed-out visitor, it opens the sign-up modal. What the link records and the
// inviter's notice are tested in tests/worker/accounts/invitations.test.ts.
import { authDialog, expect, expectAccessible, signUpWithApi, test } from "./fixtures";

const ACCOUNT = "/dashboard/setting/profile/account";

test("a user copies their invite link, and a signed-out visitor following it is asked to sign up", async ({
  page,
  browser,
  baseURL,
}) => {
  await page.context().grantPermissions(["clipboard-read", "clipboard-write"]);
  await signUpWithApi(page);
  await page.goto(ACCOUNT);
  await expect(page.getByRole("heading", { name: "Invite someone" })).toBeVisible();
  const field = page.getByLabel("Your invite link");
  const link = await field.inputValue();
  expect(link).toMatch(/\/invite\/[a-z2-9]{12}$/);
  await expectAccessible(page);

  await page.getByRole("button", { name: "Copy link" }).click();
  await expect(page.getByRole("button", { name: "Copied" })).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(link);
  // The same link on every visit.
  await page.reload();
  await expect(page.getByLabel("Your invite link")).toHaveValue(link);

  const visitor = await browser.newContext({ baseURL });
  const visitorPage = await visitor.newPage();
  await visitorPage.goto(new URL(link).pathname);
  await expect(visitorPage).toHaveURL(/\/\?auth=signup$/);
  await expect(authDialog(visitorPage).getByLabel("Handle", { exact: true })).toBeVisible();
  expect((await visitor.cookies()).some((cookie) => cookie.name === "comet_invite" && cookie.httpOnly)).toBe(true);
  await visitor.close();
});

test("the invite section speaks Japanese", async ({ page, baseURL }) => {
  await signUpWithApi(page);
  // After the sign-up, which sets the account's language (English) in this browser.
  await page.context().addCookies([{ name: "app-language", value: "ja", url: baseURL! }]);
  await page.goto(ACCOUNT);
  await expect(page.getByRole("heading", { name: "招待する" })).toBeVisible();
  await expect(page.getByLabel("あなたの招待リンク")).toHaveValue(/\/invite\/[a-z2-9]{12}$/);
  await expect(page.getByRole("button", { name: "リンクをコピー" })).toBeVisible();
});
