import { expect, expectAccessible, test } from "./fixtures";

// The checks the other specs rely on must be able to fail: a harness that never fails proves nothing.
test.describe("the accessibility check itself", () => {
  test("fails on a violation, naming the rule and the themes", async ({ page }) => {
    await page.setContent(
      `<!doctype html><html lang="en"><head><title>t</title></head><body><main><input type="text"></main></body></html>`,
    );
    await expect(expectAccessible(page)).rejects.toThrow(
      /\[light, dark\] critical label: Form elements must have labels/,
    );
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
