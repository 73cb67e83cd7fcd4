import { expect, signUpWithApi, test } from "./fixtures";

/**
 * The dashboard's role redirects (app/routes/dashboard/guards.server.ts, spec section 6): signed-out visitors sign in
 * first, clients are offered to become creators on creator pages, and creators are sent from client pages to their
 * side's counterpart.
 */

test("a signed-out visitor is asked to sign in and sent back to the page", async ({ page }) => {
  for (const path of ["/dashboard/setting/profile", "/dashboard/creator/wallet", "/dashboard/billing"]) {
    await page.goto(path);
    await expect(page).toHaveURL(new RegExp(`/\\?auth=signin&next=${encodeURIComponent(path)}$`));
    await expect(page.getByRole("dialog")).toBeVisible();
  }
});

test("a client opening a creator page is offered to join as a creator, then gets there", async ({ page }) => {
  await signUpWithApi(page);
  for (const path of [
    "/dashboard/commission/managements",
    "/dashboard/creator/wallet",
    "/dashboard/history/sales",
    "/dashboard/commission/setting/form",
  ]) {
    await page.goto(path);
    await expect(page, path).toHaveURL(/\/dashboard\/creator\/home$/);
  }
  await expect(page.getByRole("heading", { name: "Join as a creator", level: 1 })).toBeVisible();
  // Client pages open as they are.
  await page.goto("/dashboard/billing");
  await expect(page).toHaveURL(/\/dashboard\/billing$/);

  await page.goto("/dashboard/creator/home");
  await page.getByRole("button", { name: "Become a creator" }).click();
  await expect(page).toHaveURL(/\/dashboard\/commission\/setting\/form$/);
  await page.goto("/dashboard/commission/managements");
  await expect(page).toHaveURL(/\/dashboard\/commission\/managements$/);
});

test("a creator opening a client page goes to its creator counterpart", async ({ page }) => {
  await signUpWithApi(page);
  await page.goto("/dashboard/creator/home");
  await page.getByRole("button", { name: "Become a creator" }).click();
  await expect(page).toHaveURL(/\/dashboard\/commission\/setting\/form$/);

  await page.goto("/dashboard/billing");
  await expect(page).toHaveURL(/\/dashboard\/history\/billing$/);
  await page.goto("/dashboard/portfolio/client");
  await expect(page).toHaveURL(/\/dashboard\/portfolio\/creator$/);
});
