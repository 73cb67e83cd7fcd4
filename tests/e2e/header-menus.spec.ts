import { expect, signUpWithApi, test } from "./fixtures";

/** The share modal, the notification menu and the display-currency menu, used as a visitor would. */

test("the share modal offers the profile's link to copy and to share elsewhere", async ({ page, context, baseURL }) => {
  await context.grantPermissions(["clipboard-read", "clipboard-write"], { origin: new URL(baseURL!).origin });
  await page.goto("/democreator");
  await page.getByRole("button", { name: "Share", exact: true }).click();
  const dialog = page.getByRole("dialog");
  await expect(dialog).toBeVisible();
  await expect(dialog.getByRole("link", { name: "Share on X" })).toHaveAttribute("href", /democreator/);
  await expect(dialog.getByRole("link", { name: "Share by mail" })).toHaveAttribute("href", /^mailto:/);

  await dialog.getByRole("button", { name: "Copy link" }).click();
  await expect(dialog.getByRole("button", { name: "Copied" })).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toMatch(/\/democreator$/);

  await page.keyboard.press("Escape");
  await expect(dialog).toBeHidden();
  await expect(page.getByRole("button", { name: "Share", exact: true })).toBeFocused();
});

test("the notification menu has two tabs, moved between with the arrow keys", async ({ page }) => {
  await signUpWithApi(page);
  await page.goto("/");
  await page.getByRole("button", { name: /^Notifications/ }).click();
  const notifications = page.getByRole("tab", { name: "Notifications" });
  const announcements = page.getByRole("tab", { name: "Announcements" });
  await expect(notifications).toHaveAttribute("aria-selected", "true");
  await expect(page.getByRole("tabpanel")).toContainText("None yet.");

  await notifications.focus();
  await page.keyboard.press("ArrowRight");
  await expect(announcements).toHaveAttribute("aria-selected", "true");
  await expect(announcements).toBeFocused();
  await expect(page.getByRole("tabpanel")).toContainText("None yet.");
  await page.keyboard.press("ArrowRight");
  await expect(notifications).toBeFocused();
  await page.keyboard.press("End");
  await expect(announcements).toHaveAttribute("aria-selected", "true");
});

test("the display-currency menu shows prices in US dollars, kept across pages, and back in yen", async ({ page }) => {
  await signUpWithApi(page);
  await page.goto("/democreator");
  await expect(page.getByText("¥5,000").first()).toBeVisible();

  await page.getByRole("button", { name: "Display currency: JPY" }).click();
  await page.getByRole("menuitemradio", { name: /US dollar/ }).click();
  await expect(page.getByText(/≈ \$\d/).first()).toBeVisible();
  await expect(page.getByRole("button", { name: "Display currency: USD" })).toBeVisible();

  await page.goto("/democreator");
  await expect(page.getByText(/≈ \$\d/).first()).toBeVisible();
  await page.getByRole("button", { name: "Display currency: USD" }).click();
  await page.getByRole("menuitemradio", { name: /Japanese yen/ }).click();
  await expect(page.getByText("¥5,000").first()).toBeVisible();
});

test("a header menu by keyboard: arrows open it on its first or last item and move through it, Escape returns focus, Tab and a click outside close it", async ({
  page,
}) => {
  await page.goto("/");
  await page.waitForLoadState("networkidle");
  const trigger = page.getByRole("button", { name: "Language: English" });
  const menu = page.getByRole("menu", { name: "Language: English" });
  const items = menu.getByRole("menuitemradio");

  await trigger.focus();
  await page.keyboard.press("ArrowDown");
  await expect(menu).toBeVisible();
  await expect(trigger).toHaveAttribute("aria-expanded", "true");
  // The five languages (decision 105), each named in itself.
  await expect(items).toHaveText(["English", "日本語", "简体中文", "繁體中文", "한국어"]);
  await expect(items.first()).toBeFocused();
  await page.keyboard.press("ArrowDown");
  await expect(items.nth(1)).toBeFocused();
  await page.keyboard.press("End");
  await expect(items.last()).toBeFocused();
  await page.keyboard.press("ArrowDown");
  await expect(items.first()).toBeFocused();
  await page.keyboard.press("ArrowUp");
  await expect(items.last()).toBeFocused();
  await page.keyboard.press("Home");
  await expect(items.first()).toBeFocused();

  await page.keyboard.press("Escape");
  await expect(menu).toBeHidden();
  await expect(trigger).toBeFocused();
  await expect(trigger).toHaveAttribute("aria-expanded", "false");

  await page.keyboard.press("ArrowUp");
  await expect(items.last()).toBeFocused();
  await page.keyboard.press("Tab");
  await expect(menu).toBeHidden();

  await trigger.click();
  await expect(items.first()).toBeFocused();
  await page.getByRole("main").click({ position: { x: 5, y: 5 } });
  await expect(menu).toBeHidden();
});
