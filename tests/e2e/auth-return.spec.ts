import {
  DEMO,
  accountMenuButton,
  authDialog,
  expect,
  expectAccessible,
  readLatestCode,
  submitField,
  test,
} from "./fixtures";

test("a signed-out visitor opening a dashboard page signs in and comes back to it", async ({ page }) => {
  await page.goto("/dashboard/setting/profile/account");
  await expect(page).toHaveURL(/\/\?auth=signin&next=%2Fdashboard%2Fsetting%2Fprofile%2Faccount$/);
  const dialog = authDialog(page);
  await expect(dialog).toBeVisible();
  await expectAccessible(page);

  await dialog.getByLabel("E-mail", { exact: true }).fill(DEMO.client);
  await dialog.getByRole("button", { name: "Send code" }).click();
  const codeField = dialog.getByLabel("Code", { exact: true });
  // The code step shows once the send was answered: only then is the mailbox's newest code this one.
  await expect(codeField).toBeVisible();
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
  await expect(codeField).toBeVisible();
  await codeField.fill(await readLatestCode(page, DEMO.admin));
  const reloaded = page.waitForEvent("load", { timeout: 20_000 });
  await submitField(codeField);
  await reloaded;
  expect(new URL(page.url()).origin).toBe(new URL(baseURL!).origin);
  await expect(accountMenuButton(page)).toBeVisible();
});

// A `next` that looks like a path but that the browser reads as another host once it drops tabs and newlines
// (decision 009). evil.example is answered locally, so a wrong redirect lands somewhere the test can see.
for (const next of ["/%09/evil.example/", "/%0A/evil.example/"]) {
  test(`signing in with next=${next} stays on this site`, async ({ page, baseURL }) => {
    await page.route(
      (url) => url.hostname === "evil.example",
      (route) => route.fulfill({ status: 200, contentType: "text/html", body: "<!doctype html><title>evil</title>" }),
    );
    await page.goto(`/?auth=signin&next=${next}`);
    const dialog = authDialog(page);
    await dialog.getByLabel("E-mail", { exact: true }).fill(DEMO.client);
    await dialog.getByRole("button", { name: "Send code" }).click();
    const codeField = dialog.getByLabel("Code", { exact: true });
    // The code step shows once the send was answered: only then is the mailbox's newest code this one.
    await expect(codeField).toBeVisible();
    await codeField.fill(await readLatestCode(page, DEMO.client));
    const reloaded = page.waitForEvent("load", { timeout: 20_000 });
    await submitField(codeField);
    await reloaded;
    expect(new URL(page.url()).origin).toBe(new URL(baseURL!).origin);
    await expect(accountMenuButton(page)).toBeVisible();
  });
}
