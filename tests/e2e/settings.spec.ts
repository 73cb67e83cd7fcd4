import { expect, expectAccessible, signUpWithApi, test } from "./fixtures";

test("profile settings keep what the user typed after an error, then save", async ({ page }) => {
  const user = await signUpWithApi(page);
  await page.goto("/dashboard/setting/profile");
  await expectAccessible(page);

  await page.getByLabel("Name").fill("Emily C");
  await page.getByLabel("Handle").fill("bad handle!");
  await page.getByLabel("Bio").fill("Commissioning character art for my stream.");
  await page.getByRole("button", { name: "Save" }).click();

  await expect(page.getByText("The input must contain only alphanumeric characters").first()).toBeVisible();
  await expect(page.getByLabel("Handle")).toHaveValue("bad handle!");
  await expect(page.getByLabel("Name")).toHaveValue("Emily C");
  await expect(page.getByLabel("Bio")).toHaveValue("Commissioning character art for my stream.");
  await expectAccessible(page);

  await page.getByLabel("Handle").fill(user.handle);
  await page.getByRole("button", { name: "Save" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Saved." })).toBeVisible();
  await page.reload();
  await expect(page.getByLabel("Name")).toHaveValue("Emily C");
});

test("a new user joins as a creator and gets the creator side of the dashboard", async ({ page }) => {
  await signUpWithApi(page);
  await page.goto("/dashboard/commission/managements");
  await expect(page).toHaveURL(/\/dashboard\/creator\/home$/);
  await expectAccessible(page);
  await page.getByRole("button", { name: "Become a creator" }).click();
  await expect(page).toHaveURL(/\/dashboard\/commission\/setting\/form$/);
  await page.goto("/dashboard/commission/managements");
  await expect(page).toHaveURL(/\/dashboard\/commission\/managements$/);
  await expectAccessible(page);
});

test("a Japanese-speaking user gets the validation message in Japanese", async ({ page, context, baseURL }) => {
  await signUpWithApi(page);
  await context.addCookies([{ name: "app-language", value: "ja", url: baseURL! }]);
  await page.goto("/dashboard/setting/profile");
  await expect(page.locator("html")).toHaveAttribute("lang", "ja");
  await page.locator('input[name="handle"]').fill("ab");
  await page.locator('form button[type="submit"]').click();
  await expect(page.getByText("4文字以上で入力してください").first()).toBeVisible();
  await expect(page.locator('input[name="handle"]')).toHaveValue("ab");
  await expectAccessible(page);
});
