import type { Page } from "@playwright/test";
import { DEMO, expect, signIn, test, visit } from "./fixtures";
import { message } from "./messages";

// Issue 33: every guideline and legal link of the footer opens a page of the app (not another host), in the page's
// language, with its title and a visible draft notice; the social link is absent while SOCIAL_URL is unset (the test
// build's wrangler.toml); a banned user can still read the pages. The texts themselves: tests/worker/catalog/legal-pages.test.ts.

const PAGES = [
  { nav: "guides", label: "footer_about", path: "/about", en: "What is Comet?", ja: "Cometとは" },
  {
    nav: "guides",
    label: "footer_creator_guidelines",
    path: "/guidelines/creators",
    en: "Creator guidelines",
    ja: "クリエイター向けガイドライン",
  },
  {
    nav: "guides",
    label: "footer_client_guidelines",
    path: "/guidelines/clients",
    en: "Client guidelines",
    ja: "依頼者向けガイドライン",
  },
  {
    nav: "legal",
    label: "footer_terms_creators",
    path: "/terms/creators",
    en: "Terms of service for creators",
    ja: "クリエイター向け利用規約",
  },
  {
    nav: "legal",
    label: "footer_terms_clients",
    path: "/terms/clients",
    en: "Terms of service for clients",
    ja: "依頼者向け利用規約",
  },
  { nav: "legal", label: "footer_privacy", path: "/privacy", en: "Privacy policy", ja: "プライバシーポリシー" },
  {
    nav: "legal",
    label: "footer_transactions_creators",
    path: "/legal/commercial-transactions/creators",
    en: "Notice under the Act on Specified Commercial Transactions (for creators)",
    ja: "特定商取引法に基づく表記（クリエイター向け）",
  },
  {
    nav: "legal",
    label: "footer_transactions_clients",
    path: "/legal/commercial-transactions/clients",
    en: "Notice under the Act on Specified Commercial Transactions (for clients)",
    ja: "特定商取引法に基づく表記（依頼者向け）",
  },
] as const;

const NAV = { guides: "footer_heading_guides", legal: "footer_heading_legal" } as const;

async function expectLegalPage(page: Page, locale: "en" | "ja", title: string) {
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(title);
  const draft = page.getByRole("main").getByRole("note", { name: message("legal", locale, "legal_draft_label") });
  await expect(draft).toBeVisible();
  await expect(draft).toContainText(message("legal", locale, "legal_draft_body"));
}

for (const locale of ["en", "ja"] as const) {
  test(`every guideline and legal link of the footer opens its page, in ${locale}`, async ({
    page,
    context,
    baseURL,
  }) => {
    // Sixteen page loads, each checked for accessibility in both themes.
    test.setTimeout(180_000);
    if (locale === "ja") await context.addCookies([{ name: "app-language", value: "ja", url: baseURL! }]);
    await visit(page, "/");
    const footer = page.getByRole("contentinfo");
    for (const legal of PAGES) {
      const link = footer
        .getByRole("navigation", { name: message("layout", locale, NAV[legal.nav]) })
        .getByRole("link", { name: message("layout", locale, legal.label) });
      await expect(link).toHaveAttribute("href", legal.path);
      // In place, as the footer's other links into the app (a client navigation loads the page's data).
      await link.click();
      await expect(page).toHaveURL(new URL(legal.path, baseURL).href);
      await expectLegalPage(page, locale, legal[locale]);
    }
    // And each as a document of its own, answered 200 (page.goto checks it for accessibility in both themes).
    for (const legal of PAGES) {
      const response = await page.goto(legal.path);
      expect(response?.status(), legal.path).toBe(200);
      await expect(page.locator("html")).toHaveAttribute("lang", locale);
      await expect(page).toHaveTitle(new RegExp(legal[locale].replace(/[()（）?]/g, ".")));
      await expectLegalPage(page, locale, legal[locale]);
    }
  });
}

test("the footer shows no social link while SOCIAL_URL is unset, and links to no other host", async ({ page }) => {
  await visit(page, "/");
  const footer = page.getByRole("contentinfo");
  await expect(footer.getByRole("link", { name: "What is Comet?" })).toBeVisible();
  await expect(footer.getByRole("link", { name: /Comet on X|Follow Comet/ })).toHaveCount(0);
  const hrefs = await footer
    .getByRole("link")
    .evaluateAll((links) => links.map((link) => (link as HTMLAnchorElement).href));
  expect(hrefs.filter((href) => new URL(href).origin !== new URL(page.url()).origin)).toEqual([]);
});

test("the commercial transactions notice marks what the operator must fill in, and the contents link to sections", async ({
  page,
  context,
  baseURL,
}) => {
  await context.addCookies([{ name: "app-language", value: "ja", url: baseURL! }]);
  await visit(page, "/legal/commercial-transactions/clients");
  const main = page.getByRole("main");
  for (const item of [
    "販売業者",
    "運営統括責任者",
    "所在地",
    "電話番号",
    "メールアドレス",
    "販売価格",
    "商品代金以外の必要料金",
    "支払方法",
    "支払時期",
    "引渡時期",
    "返品・キャンセル",
  ]) {
    await expect(main.getByRole("term").filter({ hasText: new RegExp(`^${item}$`) }), item).toBeVisible();
  }
  await expect(main.locator("mark").first()).toContainText("【");
  await expect(main).toContainText("請求があれば遅滞なく開示いたします");

  await visit(page, "/terms/clients");
  await page
    .getByRole("navigation", { name: "目次" })
    .getByRole("link", { name: "第7条（キャンセル及び返金）" })
    .click();
  await expect(page).toHaveURL(/\/terms\/clients#cancellations-and-refunds$/);
  await expect(page.getByRole("heading", { name: "第7条（キャンセル及び返金）" })).toBeInViewport();
});

test("a page reads on a small screen without sideways scrolling", async ({ page }) => {
  await page.setViewportSize({ width: 320, height: 700 });
  for (const path of ["/legal/commercial-transactions/clients", "/terms/creators"]) {
    await visit(page, path);
    const overflow = await page.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    );
    expect(overflow, path).toBeLessThanOrEqual(0);
  }
});

test("a banned user can still read the terms and policies from the ban page", async ({ page }) => {
  await page.goto("/");
  await signIn(page, DEMO.banned, { expectSignedIn: false });
  await expect(page).toHaveURL(/\/ban$/);
  await page.getByRole("contentinfo").getByRole("link", { name: "Terms of service for clients" }).click();
  await expect(page).toHaveURL(/\/terms\/clients$/);
  await expectLegalPage(page, "en", "Terms of service for clients");
  // The minimal header and footer, as on the ban page: nothing that would only bounce back to /ban.
  await expect(page.getByRole("contentinfo").getByRole("navigation", { name: "Account" })).toBeHidden();
  await page.goto("/privacy");
  await expect(page).toHaveURL(/\/privacy$/);
  await expectLegalPage(page, "en", "Privacy policy");
  await page.goto("/explore/creators");
  await expect(page).toHaveURL(/\/ban$/);
});
