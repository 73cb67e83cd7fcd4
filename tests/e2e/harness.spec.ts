import { expect, expectAccessible, test } from "./fixtures";

// The checks the other specs rely on must be able to fail: a harness that never fails proves nothing.
test.describe("the accessibility check itself", () => {
  test("fails on a violation, naming the rule and the theme", async ({ page }) => {
    await page.setContent(
      `<!doctype html><html lang="en"><head><title>t</title></head><body><main><input type="text"></main></body></html>`,
    );
    // A rule the theme cannot change runs in the page's theme only (decision 084).
    await expect(expectAccessible(page)).rejects.toThrow(/\[light\] critical label: Form elements must have labels/);
  });

  test("in the other theme, checks the names a theme can change", async ({ page }) => {
    await page.setContent(
      `<!doctype html><html lang="en"><head><title>t</title><style>html.dark .light-only{display:none}</style></head>` +
        `<body><main><button type="button"><span class="light-only">Switch</span></button></main></body></html>`,
    );
    await expect(expectAccessible(page)).rejects.toThrow(/^(?![\s\S]*\[light)[\s\S]*\[dark\] critical button-name/);
  });

  test("checks the other theme too, and leaves the page in the theme it found", async ({ page }) => {
    await page.setContent(
      `<!doctype html><html lang="en"><head><title>t</title><style>html.dark p{color:#222;background:#000}</style></head>` +
        `<body><main><p>Only dark is unreadable</p></main></body></html>`,
    );
    await expect(expectAccessible(page)).rejects.toThrow(/^(?![\s\S]*\[light)[\s\S]*\[dark\] serious color-contrast/);
    await expect(page.locator("html")).not.toHaveClass(/dark/);
  });

  test("passes a clean page", async ({ page }) => {
    await page.setContent(
      `<!doctype html><html lang="en"><head><title>t</title></head><body><main><h1>Fine</h1></main></body></html>`,
    );
    await expectAccessible(page);
  });
});
