import { DEMO, accountMenuButton, authDialog, expect, expectAccessible, readLatestCode, submitField, test } from "./fixtures";

test("a signed-out visitor opening a dashboard page signs in and comes back to it", async ({ page }) => {
  await page.goto("/dashboard/setting/profile/account");
  await expect(page).toHaveURL(/\/\?auth=signin&next=%2Fdashboard%2Fsetting%2Fprofile%2Faccount$/);
  const dialog = authDialog(page);
  await expect(dialog).toBeVisible();
  await expectAccessible(page);

  await dialog.getByLabel("E-mail", { exact: true }).fill(DEMO.client);
  await dialog.getByRole("button", { name: "Send code" }).click();
  const codeField = dialog.getByLabel("Code", { exact: true });
  await codeField.fill(await readLatestCode(page, DEMO.client));
  await submitField(codeField);

  await expect(page).toHaveURL(/\/dashboard\/setting\/profile\/account$/, { timeout: 15_000 });
  await expect(accountMenuButton(page)).toBeVisible();
});

test("a next parameter pointing to another site is ignored", async ({ page, baseURL }) => {
  await page.goto("/?auth=signin&next=//evil.example/phish");
  const dialog = authDialog(page);
  await dialog.getByLabel("E-mail", { exact: true }).fill(DEMO.admin);
  await dialog.getByRole("button", { name: "Send code" }).click();
  const codeField = dialog.getByLabel("Code", { exact: true });
  await codeField.fill(await readLatestCode(page, DEMO.admin));
  const reloaded = page.waitForEvent("load", { timeout: 15_000 });
  await submitField(codeField);
  await reloaded;
  expect(new URL(page.url()).origin).toBe(new URL(baseURL!).origin);
  await expect(accountMenuButton(page)).toBeVisible();
});
