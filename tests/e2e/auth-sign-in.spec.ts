import { DEMO, accountMenuButton, expect, expectAccessible, header, signIn, test } from "./fixtures";

test("a creator signs in with an e-mail code and logs out without leaving the page", async ({ page }) => {
  await page.goto("/explore/creators");
  await expectAccessible(page);

  await signIn(page, DEMO.creator);
  await expect(page).toHaveURL(/\/explore\/creators$/);
  await expectAccessible(page);

  await accountMenuButton(page).click();
  await expectAccessible(page);
  const reloaded = page.waitForEvent("load");
  await page.getByRole("menu").getByRole("menuitem", { name: "Log out" }).click();
  await reloaded;

  await expect(header(page).getByRole("button", { name: "Sign in", exact: true })).toBeVisible();
  await expect(accountMenuButton(page)).toHaveCount(0);
  await expect(page).toHaveURL(/\/explore\/creators$/);
  // The session is gone on the server too, not only in the page.
  await page.reload();
  await expect(header(page).getByRole("button", { name: "Sign in", exact: true })).toBeVisible();
  await expectAccessible(page);
});
