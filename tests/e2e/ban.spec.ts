import { DEMO, expect, expectAccessible, signIn, test } from "./fixtures";

const PAGES = [
  "/",
  "/explore/creators",
  "/dashboard/setting/profile",
  "/dashboard/commission/client/requests",
  "/creator",
  "/cf/demo",
];

test("a banned user is sent to /ban from every page", async ({ page }) => {
  await page.goto("/");
  await signIn(page, DEMO.banned, { expectSignedIn: false });
  await expect(page).toHaveURL(/\/ban$/);
  // The ban page's footer is minimal: no links into the account the user can no longer use.
  const footer = page.getByRole("contentinfo");
  await expect(footer.getByRole("navigation", { name: "Guides" })).toBeVisible();
  await expect(footer.getByRole("navigation", { name: "Account" })).toBeHidden();
  await expectAccessible(page);

  for (const path of PAGES) {
    await page.goto(path);
    await expect(page, `${path} redirects to /ban`).toHaveURL(/\/ban$/);
  }
  // Every visit above landed on /ban, checked once here; its API calls are refused as well.
  const api = await page.request.post("/api/account/currency", { data: { currencyCode: "USD" } });
  expect(api.status()).toBe(403);
});
