import { expect, expectAccessible, signUpWithApi, test } from "./fixtures";

for (const width of [320, 375]) {
  test(`nothing scrolls sideways at ${width}px, signed out and signed in`, async ({ page }) => {
    await page.setViewportSize({ width, height: 700 });
    const overflow = () =>
      page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    await page.goto("/");
    expect(await overflow()).toBeLessThanOrEqual(0);
    await signUpWithApi(page);
    for (const path of ["/", "/dashboard/setting/profile", "/explore/creators"]) {
      await page.goto(path);
      expect(await overflow(), path).toBeLessThanOrEqual(0);
    }
    await expectAccessible(page);
  });
}
