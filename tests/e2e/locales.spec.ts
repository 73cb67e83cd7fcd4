import type { Page } from "@playwright/test";
import { DEMO, expect, signInWithApi, test, visit } from "./fixtures";

// Issue 65 (decision 105): every page in every language Comet speaks, at 320 px, hydrated with the page's own texts
// (a language's messages load by area before the page runs: a text missing in the browser would be a hydration
// error, which the fixture fails), no raw message key, nothing wider than the screen, axe clean in both themes (the
// fixture's goto), and the public pages naming their language alternates.

const ADDED = [
  // What each language's pages must show: characters of its script.
  { locale: "zh-Hans", script: /\p{Script=Han}/u },
  { locale: "zh-Hant", script: /\p{Script=Han}/u },
  { locale: "ko", script: /\p{Script=Hangul}/u },
] as const;

const PUBLIC_PAGES = ["/", "/explore/creators", "/democreator", "/about", "/terms/clients"];
const SIGNED_IN_PAGES = [
  "/dashboard/setting/profile",
  "/dashboard/setting/profile/account",
  "/dashboard/commission/client/requests",
];

/** A message key as Paraglide names one (`orders_status_pending`), shown instead of its text. */
const RAW_KEY = /\b[a-z][a-z0-9]*(?:_[a-z0-9]+){2,}\b/;

async function expectWhole(page: Page, locale: string, script: RegExp) {
  await expect(page.locator("html")).toHaveAttribute("lang", locale);
  // biome-ignore lint/performance/useDomNodeTextContent: the text a reader sees, without the hidden elements textContent keeps
  const text = await page.locator("body").innerText();
  expect(text, `${page.url()}: characters of ${locale}`).toMatch(script);
  expect(text.match(RAW_KEY)?.[0] ?? null, `${page.url()}: a raw message key`).toBeNull();
  const widths = await page.evaluate(() => ({ page: document.documentElement.scrollWidth, screen: window.innerWidth }));
  expect(widths.page, `${page.url()} is wider than the screen`).toBeLessThanOrEqual(widths.screen);
}

test.use({ viewport: { width: 320, height: 720 } });

for (const { locale, script } of ADDED) {
  test(`${locale} at 320 px: the public pages whole, with their language alternates`, async ({ page }, testInfo) => {
    test.setTimeout(120_000);
    for (const path of PUBLIC_PAGES) {
      await visit(page, `${path}${path.includes("?") ? "&" : "?"}lang=${locale}`);
      await expectWhole(page, locale, script);
      const alternates = await page
        .locator('link[rel="alternate"][hreflang]')
        .evaluateAll((links) => links.map((link) => link.getAttribute("hreflang")));
      expect(alternates).toEqual(["en", "ja", "zh-Hans", "zh-Hant", "ko", "x-default"]);
      await page.screenshot({ path: testInfo.outputPath(`${locale}${path.replaceAll("/", "-") || "-home"}.png`) });
    }
  });

  test(`${locale} at 320 px: a signed-in client's pages whole`, async ({ page, context, baseURL }) => {
    test.setTimeout(120_000);
    await signInWithApi(page, DEMO.client);
    // Signing in sets the language cookie from the account's setting; this one is the menu's choice on this device,
    // without touching the shared demo account.
    await context.addCookies([{ name: "app-language", value: locale, url: baseURL! }]);
    for (const path of SIGNED_IN_PAGES) {
      await visit(page, path);
      await expectWhole(page, locale, script);
    }
  });
}
