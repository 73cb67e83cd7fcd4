import type { Locator, Page } from "@playwright/test";
import {
  DEMO,
  accountMenuButton,
  authDialog,
  expect,
  expectAccessible,
  header,
  readLatestCode,
  tabTo,
  test,
} from "./fixtures";

/** Walks focus around the open dialog in both directions and checks it never leaves. */
async function expectFocusTrapped(page: Page, dialog: Locator) {
  const focusables = await dialog.evaluate(
    (root) =>
      root.querySelectorAll(
        'a[href], button:not([disabled]), input:not([disabled]), select, textarea, [tabindex]:not([tabindex="-1"])',
      ).length,
  );
  for (const key of ["Tab", "Shift+Tab"]) {
    for (let i = 0; i < focusables + 2; i++) {
      await page.keyboard.press(key);
      const inside = await dialog.evaluate(
        (root) => root.contains(document.activeElement) && document.activeElement !== root,
      );
      expect(inside, `focus stays in the dialog after ${i + 1} × ${key}`).toBe(true);
    }
  }
}

async function openWithKeyboard(page: Page, name: "Sign in" | "Sign up") {
  const trigger = header(page).getByRole("button", { name, exact: true });
  await tabTo(page, trigger);
  await page.keyboard.press("Enter");
  const dialog = authDialog(page);
  await expect(dialog).toBeVisible();
  await expect
    .poll(() => dialog.evaluate((root) => root.contains(document.activeElement)), {
      message: "focus moves into the dialog",
    })
    .toBe(true);
  return { dialog, trigger };
}

test("the sign-up dialog keeps focus inside, and Escape closes it", async ({ page }) => {
  await page.goto("/");
  const { dialog, trigger } = await openWithKeyboard(page, "Sign up");
  await expectAccessible(page);
  await expectFocusTrapped(page, dialog);

  await tabTo(page, dialog.getByLabel("Handle", { exact: true }));
  await page.keyboard.type("keyboarduser");
  await expect(dialog.getByLabel("Handle", { exact: true })).toHaveValue("keyboarduser");

  await page.keyboard.press("Escape");
  await expect(dialog).toHaveCount(0);
  await expect(trigger, "focus returns to the button that opened the dialog").toBeFocused();
});

test("a client signs in with the keyboard only", async ({ page }) => {
  await page.goto("/");
  const { dialog } = await openWithKeyboard(page, "Sign in");
  await expectFocusTrapped(page, dialog);

  await tabTo(page, dialog.getByLabel("E-mail", { exact: true }));
  await page.keyboard.type(DEMO.client);
  await tabTo(page, dialog.getByRole("button", { name: "Send code" }));
  await page.keyboard.press("Enter");

  const codeField = dialog.getByLabel("Code", { exact: true });
  await expect(codeField).toBeVisible();
  await expectAccessible(page);
  await expectFocusTrapped(page, dialog);
  const code = await readLatestCode(page, DEMO.client);
  await tabTo(page, codeField);
  await page.keyboard.type(code);
  // The signed-in page loads in full; on a loaded machine (CI i50a) that took longer than 20 s.
  const reloaded = page.waitForEvent("load", { timeout: 45_000 });
  await page.keyboard.press("Enter");
  await reloaded;
  await expect(accountMenuButton(page)).toBeVisible();
  await expectAccessible(page);
});

test("Escape closes the sign-in dialog and returns focus", async ({ page }) => {
  await page.goto("/");
  const { dialog, trigger } = await openWithKeyboard(page, "Sign in");
  await page.keyboard.press("Escape");
  await expect(dialog).toHaveCount(0);
  await expect(trigger).toBeFocused();
  await expectAccessible(page);
});
