import { expect, expectAccessible, header, test } from "./fixtures";
import { message } from "./messages";

test("the language menu switches the page to Japanese and back", async ({ page }) => {
  await page.goto("/");
  await expect(page.locator("html")).toHaveAttribute("lang", "en");
  await expectAccessible(page);

  // The trigger's name carries the current language, whose name reads the same in both languages.
  await header(page)
    .getByRole("button", { name: /English/ })
    .click();
  await expectAccessible(page);
  let reloaded = page.waitForEvent("load");
  await page.getByRole("menuitemradio", { name: "日本語" }).click();
  await reloaded;

  await expect(page.locator("html")).toHaveAttribute("lang", "ja");
  await expect(
    header(page).getByRole("button", { name: message("layout", "ja", "header_sign_in"), exact: true }),
  ).toBeVisible();
  await expect(header(page).getByRole("button", { name: "Sign in", exact: true })).toHaveCount(0);
  await expectAccessible(page);

  await header(page)
    .getByRole("button", { name: /日本語/ })
    .click();
  reloaded = page.waitForEvent("load");
  await page.getByRole("menuitemradio", { name: "English" }).click();
  await reloaded;
  await expect(page.locator("html")).toHaveAttribute("lang", "en");
  await expect(header(page).getByRole("button", { name: "Sign in", exact: true })).toBeVisible();
});

test("the browser keeps the language the server rendered: a stale stored choice neither mismatches the page nor sets a cookie", async ({
  page,
  context,
}) => {
  // A choice left in localStorage (its cookie since cleared) once made the browser's messages Japanese on a page the
  // server rendered in English, from Accept-Language: a hydration mismatch, which the fixture fails on.
  await page.goto("/");
  await page.evaluate(() => localStorage.setItem("app-language", "ja"));
  await context.clearCookies({ name: "app-language" });
  await page.reload();
  await expect(page.locator("html")).toHaveAttribute("lang", "en");
  await header(page)
    .getByRole("button", { name: /English/ })
    .click();
  await expect(page.getByRole("menuitemradio", { name: "English" })).toBeChecked();
  await expect(header(page).getByRole("button", { name: "Sign in", exact: true })).toBeVisible();
  expect((await context.cookies()).filter((cookie) => cookie.name === "app-language")).toEqual([]);
});

test("the theme toggle switches to dark, and the server renders dark on the next visit", async ({ page, request }) => {
  await page.goto("/");
  const html = page.locator("html");
  await expect(html).not.toHaveClass(/\bdark\b/);

  await header(page).getByRole("button", { name: /dark/i }).click();
  await expect(html).toHaveClass(/\bdark\b/);
  await expect(header(page).getByRole("button", { name: /light/i })).toBeVisible();
  await expectAccessible(page);

  await page.reload();
  await expect(html).toHaveClass(/\bdark\b/);
  await expectAccessible(page);

  // No flash: the class is in the server's HTML, before any script runs.
  const dark = await (await request.get("/", { headers: { cookie: "theme=dark" } })).text();
  expect(dark.match(/<html\b[^>]*>/)?.[0]).toMatch(/\bclass="dark"/);
  const light = await (await request.get("/", { headers: { cookie: "theme=light" } })).text();
  expect(light.match(/<html\b[^>]*>/)?.[0]).not.toMatch(/\bclass="[^"]*\bdark\b/);

  await header(page).getByRole("button", { name: /light/i }).click();
  await expect(html).not.toHaveClass(/\bdark\b/);
  await page.reload();
  await expect(html).not.toHaveClass(/\bdark\b/);
});
