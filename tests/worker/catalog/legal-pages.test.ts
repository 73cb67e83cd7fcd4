// Issue 33: the footer's guideline and legal pages are pages of the app in en and ja, each with a visible draft
// notice, and the footer's social link comes from SOCIAL_URL and is absent when that is unset. The page loader is
// called as React Router calls it (commission-settings.test.ts); the browser side is tests/e2e/legal-pages.spec.ts.
import { env } from "cloudflare:workers";
import { RouterContextProvider } from "react-router";
import { describe, expect, it } from "vitest";
import { siteFooterMarkup, socialLinkOf } from "#app/components/layout/site-footer-markup.server";
import { legalPageView } from "#app/components/legal/legal-markup.server";
import { LEGAL_DOCUMENTS } from "#app/content/legal/documents";
import { requestContext } from "#app/lib/request-context";
import * as legalPage from "#app/routes/legal-page";
import enLegal from "#messages/legal/en.json";
import jaLegal from "#messages/legal/ja.json";
import koLegal from "#messages/legal/ko.json";
import zhHansLegal from "#messages/legal/zh-Hans.json";
import zhHantLegal from "#messages/legal/zh-Hant.json";
import { LOCALES, type Locale } from "#worker/domain/locales";
import { LEGAL_PAGES, legalPageAt } from "#worker/domain/legal-pages";
import { withMessageLocale } from "#worker/messages/message-locale";
import { call, db, signUp } from "../support/helpers";
import { freshUser } from "../support/auth-helpers";

const MESSAGES: Record<Locale, typeof enLegal> = {
  en: enLegal,
  ja: jaLegal,
  "zh-Hans": zhHansLegal,
  "zh-Hant": zhHantLegal,
  ko: koLegal,
};
const DRAFT = (locale: Locale) => MESSAGES[locale].legal_draft_label;

function contextFor(locale: Locale, path: string, documentOnly: Map<string, unknown> | null) {
  const context = new RouterContextProvider();
  context.set(requestContext, {
    env,
    url: new URL(`http://localhost${path}`),
    executionCtx: {} as ExecutionContext,
    db: db(),
    user: null,
    sessionToken: undefined,
    locale,
    documentOnly,
  });
  return context;
}

async function load(locale: Locale, path: string, documentOnly: Map<string, unknown> | null = null) {
  const args = {
    request: new Request(`http://localhost${path}`),
    context: contextFor(locale, path, documentOnly),
    params: {},
  } as never;
  return withMessageLocale(locale, "http://localhost", () => legalPage.loader(args));
}

/** The text of some markup, without tags. */
const textOf = (html: string) =>
  html
    .replace(/<!--.*?-->/g, "")
    .replace(/<[^>]+>/g, " ")
    .replace(/&amp;/g, "&")
    .replace(/\s+/g, " ")
    .trim();

describe("guideline and legal pages", () => {
  const cases = LEGAL_PAGES.flatMap((page) => LOCALES.map((locale) => [page.path, locale, page] as const));

  it.each(cases)("/%s in %s: its title, the draft notice, and a real text", async (path, locale, page) => {
    const view = await load(locale, `/${path}`);
    const document = LEGAL_DOCUMENTS[locale][page.slug];
    expect(view.slug).toBe(page.slug);
    expect(view.title).toBe(document.title);
    const html = view.html!;
    expect(html).toContain(`<h1>${document.title}</h1>`);
    expect(html).toMatch(
      new RegExp(
        `<div class="legal-draft" role="note" aria-label="${DRAFT(locale)}"><p><strong>${DRAFT(locale)}</strong>`,
      ),
    );
    // In a language the texts were translated into, the notice says so and names the Japanese text as the one that
    // governs (decision 105); the texts' own languages say nothing of it.
    const translationNote = MESSAGES[locale].legal_translation_body;
    if (locale === "en" || locale === "ja") expect(html).not.toContain(translationNote);
    else expect(html).toContain(`<p>${translationNote}</p></div>`);
    // A text a lawyer starts from, not a stub: a few hundred words (characters in Japanese) at the least.
    expect(textOf(html).length, `${locale} /${path}`).toBeGreaterThan(600);
    for (const section of document.sections) expect(html).toContain(`<h2 id="${section.id}">`);
  });

  it("each page has the same sections, in the same order, in every language, and every in-page link lands on one", () => {
    for (const page of LEGAL_PAGES) {
      const ids = (locale: Locale) => LEGAL_DOCUMENTS[locale][page.slug].sections.map((section) => section.id);
      for (const locale of LOCALES) expect(ids(locale), `${page.slug} in ${locale}`).toEqual(ids("en"));
    }
    const views = LOCALES.flatMap((locale) => LEGAL_PAGES.map((page) => load(locale, `/${page.path}`)));
    return Promise.all(views).then((loaded) => {
      const idsByPath = new Map(
        LEGAL_PAGES.map((page) => [`/${page.path}`, new Set(LEGAL_DOCUMENTS.en[page.slug].sections.map((s) => s.id))]),
      );
      for (const view of loaded) {
        for (const [, href] of view.html!.matchAll(/<a href="([^"]+)"/g)) {
          if (/^https:\/\//.test(href)) continue;
          const [path, hash] = href.split("#");
          const ids =
            path === ""
              ? idsByPath.get(`/${LEGAL_PAGES.find((p) => p.slug === view.slug)!.path}`)
              : idsByPath.get(path);
          expect(ids, `${view.slug}: ${href} is a legal page`).toBeDefined();
          if (hash) expect(ids!.has(hash), `${view.slug}: ${href}`).toBe(true);
        }
      }
    });
  });

  it.each(["ja", "zh-Hans", "zh-Hant"] as const)(
    "the %s texts have no stray spaces between words written without them (a JSX line break would add one)",
    async (locale) => {
      for (const page of LEGAL_PAGES) {
        // Tags go without a trace here (a space between two elements is not in the text), and so does the draft
        // notice, whose label and sentence a space separates on purpose.
        const html = (await load(locale, `/${page.path}`)).html!.replace(/<div class="legal-draft"[\s\S]*?<\/div>/, "");
        const text = html.replace(/<[^>]+>/g, "");
        expect(
          text.match(/[\u3000-\u30ff\u4e00-\u9fff\uff01-\uff5e] [\u3000-\u30ff\u4e00-\u9fff\uff01-\uff5e]/g) ?? [],
          page.path,
        ).toEqual([]);
      }
    },
  );

  it("the Act on Specified Commercial Transactions notices list the required items, with the operator's to fill", async () => {
    const required = [
      "販売業者",
      "運営統括責任者",
      "所在地",
      "電話番号",
      "メールアドレス",
      "販売価格",
      "商品代金以外の必要料金",
      "支払方法",
      "支払時期",
      "返品・キャンセル",
    ];
    for (const path of ["/legal/commercial-transactions/clients", "/legal/commercial-transactions/creators"]) {
      const ja = (await load("ja", path)).html!;
      for (const item of required.filter((item) => path.endsWith("clients") || item !== "返品・キャンセル"))
        expect(ja, `${path}: ${item}`).toContain(`<dt>${item}</dt>`);
      expect(ja).toContain("請求があれば遅滞なく開示いたします");
      expect(ja).toContain('<mark class="legal-fill">【');
      const en = (await load("en", path)).html!;
      expect(en).toContain("(販売業者)");
      expect(en).toContain('<mark class="legal-fill">[');
    }
  });

  it("quotes the fee and the deadlines the orders keep", async () => {
    const terms = textOf((await load("en", "/terms/creators")).html!);
    expect(terms).toContain("10.36% of your earnings");
    expect(terms).toContain(
      "on an order totalling ¥121,396: the consumption tax included is ¥11,036, your earnings are ¥100,000, our fee is ¥10,360, and you are paid ¥111,036",
    );
    const clientTerms = textOf((await load("ja", "/terms/clients")).html!);
    expect(clientTerms).toContain("クリエイターの承認から7日以内");
    expect(clientTerms).toContain("支払いから30日後");
  });

  it("quotes the fee the fee table holds today, not a copy: another rate gives other figures", () => {
    const terms = legalPageView("creator-terms", "en", [1500]).html;
    expect(terms).toContain("15% of your earnings");
    expect(terms).not.toMatch(/10\.36|⟦fee:/);
    expect(legalPageView("creator-terms", "en", [1036]).html).toContain("10.36% of your earnings");
  });

  it("a page document keeps its markup out of the hydration data", async () => {
    const store = new Map<string, unknown>();
    const view = await load("en", "/privacy", store);
    expect(view.html).toBeNull();
    expect([...store.values()]).toEqual([expect.stringContaining("<h1>Privacy policy</h1>")]);
  });

  it("the path match is React Router's: any case, a trailing slash, a client navigation's .data", () => {
    expect(legalPageAt("/Terms/Clients/")?.slug).toBe("client-terms");
    expect(legalPageAt("/terms/clients.data")?.slug).toBe("client-terms");
    expect(legalPageAt("/terms")).toBeUndefined();
    expect(legalPageAt("/terms/clients/x")).toBeUndefined();
  });
});

describe("the footer", () => {
  const footer = (locale: Locale, social?: string) =>
    withMessageLocale(locale, "http://localhost", () => siteFooterMarkup(locale, 2026, social));

  it("links every guideline and legal page in the app, in every language", () => {
    for (const locale of LOCALES) {
      const html = footer(locale);
      for (const page of LEGAL_PAGES) expect(html, `${locale} ${page.path}`).toContain(`href="/${page.path}"`);
      expect(html).not.toContain("comet.example");
    }
  });

  it("shows no social link when SOCIAL_URL is unset, empty or not an https address", () => {
    for (const setting of [undefined, "", "  ", "x.com/comet", "http://x.com/comet", "javascript:alert(1)"]) {
      expect(socialLinkOf(setting), String(setting)).toBeNull();
      expect(footer("en", setting)).not.toMatch(/href="(?:https?|javascript):/);
    }
    expect(env.SOCIAL_URL ?? "", "wrangler.toml leaves it unset in development").toBe("");
  });

  it("shows the configured social link, as X's when it is an X account", () => {
    const onX = footer("en", "https://x.com/comet_app");
    expect(onX).toContain('href="https://x.com/comet_app"');
    expect(onX).toContain("Comet on X");
    expect(footer("ja", "https://twitter.com/comet_app")).toContain("CometのX（旧Twitter）");
    const elsewhere = footer("en", "https://bsky.app/profile/comet.example");
    expect(elsewhere).toContain('href="https://bsky.app/profile/comet.example"');
    expect(elsewhere).toContain("Follow Comet");
    expect(elsewhere).not.toContain("Comet on X");
  });
});

describe("a banned user", () => {
  it("may still open the guideline and legal pages, and nothing else", async () => {
    const user = freshUser();
    const cookie = await signUp(user.handle, user.email);
    await env.DB.prepare(
      "insert into user_account_roles (user_account_id, role_code) select id, 'ban' from user_accounts where email = ?",
    )
      .bind(user.email)
      .run();
    // Without the React Router build, a page the ban lets through is this Worker's 404; one it stops is a redirect.
    // React Router's route manifest too: the browser asks it before following a footer link to a route it has not seen.
    const letThrough = [
      ...LEGAL_PAGES.flatMap((page) => [`/${page.path}`, `/${page.path}.data`]),
      "/ban.data",
      "/__manifest?paths=%2Fterms%2Fclients",
    ];
    for (const path of letThrough) {
      const response = await call(path, { cookie, redirect: "manual" });
      expect(response.status, path).toBe(404);
    }
    for (const path of ["/explore/creators", "/terms", "/legal/commercial-transactions", "/privacy/x"]) {
      const response = await call(path, { cookie, redirect: "manual" });
      expect(response.status, path).toBe(302);
      expect(response.headers.get("location")).toBe("/ban");
    }
  });
});
