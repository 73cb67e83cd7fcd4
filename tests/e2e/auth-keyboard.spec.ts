import type { Locator, Page } from "@playwright/test";
import {
  accountMenuButton,
  authDialog,
  expect,
  expectAccessible,
  header,
  readLatestCode,
  signUpWithApi,
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

test("a client signs in with the keyboard only", async ({ page, browser, baseURL }) => {
  // An account of its own, made in another browser: the walks that sign in as the demo client at the same time read
  // the newest code sent to it, which could be this walk's or theirs (CI i50a, i50b: "That code is not valid").
  const elsewhere = await browser.newContext({ baseURL });
  const client = await signUpWithApi(await elsewhere.newPage());
  await elsewhere.close();
  await page.goto("/");
  const { dialog } = await openWithKeyboard(page, "Sign in");
  await expectFocusTrapped(page, dialog);

  await tabTo(page, dialog.getByLabel("E-mail", { exact: true }));
  await page.keyboard.type(client.email);
  await tabTo(page, dialog.getByRole("button", { name: "Send code" }));
  await page.keyboard.press("Enter");

  const codeField = dialog.getByLabel("Code", { exact: true });
  await expect(codeField).toBeVisible();
  await expectAccessible(page);
  await expectFocusTrapped(page, dialog);
  const code = await readLatestCode(page, client.email);
  await tabTo(page, codeField);
  await page.keyboard.type(code);
  const reloaded = page.waitForEvent("load", { timeout: 20_000 });
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
