import type { Page } from "@playwright/test";
import { DEMO, accountMenuButton, expect, expectAccessible, signInWithApi, signUpWithApi, test } from "./fixtures";

/** Signs in (through the API: this spec is about the menu, not the sign-in), opens the avatar menu, returns it. */
async function openAccountMenu(page: Page, email: string | "new client") {
  // A client is a new account of the test's own, so no spec spends the demo client's sign-in codes.
  if (email === "new client") await signUpWithApi(page);
  else await signInWithApi(page, email);
  await page.goto("/");
  await accountMenuButton(page).click();
  const menu = page.getByRole("menu");
  await expect(menu).toBeVisible();
  await expectAccessible(page);
  return {
    item: (name: string) => menu.getByRole("menuitem", { name, exact: true }),
    menu,
  };
}

test.describe("on a wide screen", () => {
  test("a creator sees the creator side of the avatar menu", async ({ page }) => {
    const { item } = await openAccountMenu(page, DEMO.creator);
    for (const name of ["Settings", "Managements", "Form", "Payout"]) await expect(item(name)).toBeVisible();
    await expect(item("Portfolio")).toHaveAttribute("href", "/dashboard/portfolio/creator");
    for (const name of ["Join as a creator", "Sent requests", "Sales"]) await expect(item(name)).toHaveCount(0);
  });

  test("an admin sees the creator side too", async ({ page }) => {
    const { item } = await openAccountMenu(page, DEMO.admin);
    for (const name of ["Managements", "Form", "Payout"]) await expect(item(name)).toBeVisible();
    await expect(item("Join as a creator")).toHaveCount(0);
  });

  test("a client sees the client side of the avatar menu", async ({ page }) => {
    const { item } = await openAccountMenu(page, "new client");
    for (const name of ["Settings", "Sent requests"]) await expect(item(name)).toBeVisible();
    await expect(item("Portfolio")).toHaveAttribute("href", "/dashboard/portfolio/client");
    for (const name of ["Managements", "Form", "Payout", "Billing", "Join as a creator"])
      await expect(item(name)).toHaveCount(0);
  });
});

test.describe("at 375px", () => {
  test.use({ viewport: { width: 375, height: 812 } });

  test("a creator also sees Sales, billing history and Sent requests", async ({ page }) => {
    const { item, menu } = await openAccountMenu(page, DEMO.creator);
    for (const name of ["Managements", "Sales", "Sent requests"]) await expect(item(name)).toBeVisible();
    await expect(menu.getByRole("menuitem", { name: /^Billing/ })).toHaveAttribute(
      "href",
      "/dashboard/history/billing",
    );
    await expect(item("Join as a creator")).toHaveCount(0);
  });

  test("a client also sees Billing and Join as a creator", async ({ page }) => {
    const { item } = await openAccountMenu(page, "new client");
    for (const name of ["Sent requests", "Billing", "Join as a creator"]) await expect(item(name)).toBeVisible();
    await expect(item("Managements")).toHaveCount(0);
  });
});
