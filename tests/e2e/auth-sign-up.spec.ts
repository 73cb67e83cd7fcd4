import {
  accountMenuButton,
  authDialog,
  expect,
  expectAccessible,
  freshUser,
  header,
  readLatestCode,
  submitField,
  test,
} from "./fixtures";

test("a visitor signs up with an e-mail code, fills the profile and ends up signed in", async ({ page }) => {
  const user = freshUser();
  await page.goto("/");
  await expectAccessible(page);

  await header(page).getByRole("button", { name: "Sign up", exact: true }).click();
  const dialog = authDialog(page);
  await expect(dialog).toBeVisible();
  await dialog.getByLabel("Handle", { exact: true }).fill(user.handle);
  await dialog.getByLabel("E-mail", { exact: true }).fill(user.email);
  await expectAccessible(page);
  await dialog.getByRole("button", { name: "Send code" }).click();

  // The code arrives in the (dev) mailbox, read in a second tab as a person would.
  const codeField = dialog.getByLabel("Code", { exact: true });
  await expect(codeField).toBeVisible();
  await expectAccessible(page);
  await codeField.fill(await readLatestCode(page, user.email));
  await submitField(codeField);

  const name = dialog.getByLabel("Name", { exact: true });
  await expect(name).toBeVisible();
  await name.fill("E2E Tester");
  await dialog.getByLabel("Birthday", { exact: true }).fill("2000-01-31");
  await expectAccessible(page);

  // The complete step reloads the page after about a second.
  const reloaded = page.waitForEvent("load", { timeout: 20_000 });
  await dialog.getByRole("button", { name: "Save", exact: true }).click();
  await reloaded;
  // Spec section 2: a sign-up lands on /?signup, which pushes /onboarding.
  await expect(page).toHaveURL(/\/onboarding$/);
  await expect(accountMenuButton(page)).toBeVisible();
  await expect(header(page).getByRole("button", { name: "Sign up", exact: true })).toHaveCount(0);
  await expectAccessible(page);

  // The new account's public profile exists at its handle.
  await accountMenuButton(page).click();
  await expect(
    page.getByRole("menu").getByRole("menuitem", { name: new RegExp(`/${user.handle}\\b`) }),
  ).toHaveAttribute("href", `/${user.handle}`);
});
