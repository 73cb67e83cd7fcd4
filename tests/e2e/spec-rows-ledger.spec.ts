import type { Page } from "@playwright/test";
import { expect, signUpWithApi, test, visit } from "./fixtures";
import { insertOrder, setOrderSchedule } from "./order-fixtures";
import { newCreator, switchTo, switchToJapanese } from "./order-steps";

/**
 * Issue 67, the spec's ledger: rows that were built and that no test would have missed. Each asserts the spec's own
 * words, paths or numbers, in English and in Japanese where the row shows text: the sidebar's Settings children and
 * its "Join as a creator" (spec section 2, "Other routes"), the order's left panel's submitted time and estimated
 * start and delivery (section 4), the buyer's disabled "Awaiting creator approval" (section 4's table), and the twelve
 * active categories (section 3, "Commission category").
 */

const sidebar = (page: Page, name: string) => page.getByRole("navigation", { name });

/** The sidebar's links by their words, as [name, path] pairs, in the order they show. */
async function linksOf(page: Page, navName: string, names: string[]) {
  const nav = sidebar(page, navName);
  return Promise.all(
    names.map(async (name) => [name, await nav.getByRole("link", { name, exact: true }).getAttribute("href")]),
  );
}

const SETTINGS_CHILDREN = {
  en: { nav: "Dashboard", links: ["Account", "Notifications", "Payment"], join: "Join as a creator" },
  ja: { nav: "ダッシュボード", links: ["アカウント", "通知", "支払い方法"], join: "クリエイターになる" },
};
const SETTINGS_PATHS = [
  "/dashboard/setting/profile/account",
  "/dashboard/setting/profile/notification",
  "/dashboard/setting/profile/payment",
];

test("the sidebar's Settings has the children Account, Notifications and Payment, and a client has Join as a creator, in both languages", async ({
  page,
}) => {
  await signUpWithApi(page);
  for (const locale of ["en", "ja"] as const) {
    if (locale === "ja") await switchToJapanese(page);
    const words = SETTINGS_CHILDREN[locale];
    await visit(page, "/dashboard/setting/profile");
    expect(await linksOf(page, words.nav, words.links), locale).toEqual(
      words.links.map((name, i) => [name, SETTINGS_PATHS[i]]),
    );
    expect(await linksOf(page, words.nav, [words.join]), locale).toEqual([[words.join, "/dashboard/creator/home"]]);
  }

  // A creator has Payout where a client has "Join as a creator", and still the three Settings children.
  await newCreator(page);
  await visit(page, "/dashboard/setting/profile");
  await expect(sidebar(page, "Dashboard").getByRole("link", { name: "Join as a creator" })).toHaveCount(0);
  expect(await linksOf(page, "Dashboard", SETTINGS_CHILDREN.en.links)).toEqual(
    SETTINGS_CHILDREN.en.links.map((name, i) => [name, SETTINGS_PATHS[i]]),
  );
});

const SUBMITTED_AT = Date.UTC(2026, 0, 4, 12, 30);
const ESTIMATED_START = Date.UTC(2026, 1, 2, 12);
const ESTIMATED_DELIVERY = Date.UTC(2026, 2, 27, 12);

/** The left panel's words for one order, by language: spec section 9's date formats, Comet's clock in UTC. */
const PANEL_WORDS = {
  en: {
    submitted: /Submitted: January 4, 2026 12:30 UTC/,
    start: ["Estimated start", "February 2, 2026"],
    delivery: ["Estimated delivery", "March 27, 2026"],
    notSet: "Not set",
    waiting: "Awaiting creator approval",
  },
  ja: {
    submitted: /送信日時: 2026年01月04日 12:30 UTC/,
    start: ["開始予定日", "2026年02月02日"],
    delivery: ["納品予定日", "2026年03月27日"],
    notSet: "未設定",
    waiting: "クリエイターの承認待ち",
  },
};

test("the order's left panel shows the submitted time and the estimated start and delivery, and the buyer's disabled 'Awaiting creator approval', in both languages", async ({
  page,
}) => {
  const client = await signUpWithApi(page);
  const creator = await newCreator(page);
  const { id, code } = await insertOrder({
    sellerEmail: creator.email,
    buyerEmail: client.email,
    priceAmount: 12_000,
    title: `Ledger ${Date.now().toString(36)}`,
  });
  await setOrderSchedule(id, {
    submittedAt: SUBMITTED_AT,
    estimatedStart: ESTIMATED_START,
    estimatedDelivery: ESTIMATED_DELIVERY,
  });
  const panel = page.getByRole("article", { name: new RegExp(code) });
  /** A fact of the panel's list, by its label: its label and value as the page shows them, side by side. */
  const fact = ([label]: string[]) => panel.locator("dl > div").filter({ has: page.getByText(label, { exact: true }) });
  const reads = ([label, value]: string[]) => `${label}${value}`;

  await page.goto(`/dashboard/commission/managements?order=${code}`);
  await expect(panel).toContainText(PANEL_WORDS.en.submitted);
  await expect(fact(PANEL_WORDS.en.start)).toHaveText(reads(PANEL_WORDS.en.start));
  await expect(fact(PANEL_WORDS.en.delivery)).toHaveText(reads(PANEL_WORDS.en.delivery));
  // The creator decides; the client waits, with the spec's words on a disabled button.
  await expect(panel.getByRole("button", { name: PANEL_WORDS.en.waiting })).toHaveCount(0);

  await switchTo(page, client.email);
  for (const locale of ["en", "ja"] as const) {
    if (locale === "ja") await switchToJapanese(page);
    const words = PANEL_WORDS[locale];
    await page.goto(`/dashboard/commission/client/requests?order=${code}`);
    await expect(panel, locale).toContainText(words.submitted);
    await expect(fact(words.start), locale).toHaveText(reads(words.start));
    await expect(fact(words.delivery), locale).toHaveText(reads(words.delivery));
    await expect(panel.getByRole("button", { name: words.waiting, exact: true }), locale).toBeDisabled();
  }

  // An estimate the creator has not given reads "Not set" (未設定), not a date.
  await setOrderSchedule(id, { submittedAt: SUBMITTED_AT, estimatedStart: ESTIMATED_START, estimatedDelivery: null });
  await page.goto(`/dashboard/commission/client/requests?order=${code}`);
  await expect(fact(PANEL_WORDS.ja.delivery)).toHaveText(reads([PANEL_WORDS.ja.delivery[0], PANEL_WORDS.ja.notSet]));
});

/** Spec section 3, "Commission category": the active ones, in its order. */
const ACTIVE_CATEGORIES = [
  "character-illustration",
  "membership-subscriber-badge",
  "chat-sticker-stamp",
  "logo-graphic",
  "live2d-character",
  "live2d-character-rigging",
  "pngtuber-avatar",
  "illustration-animation",
  "op-ed-animation",
  "original-animation",
  "music-video",
  "video-on-demand-editing",
];

test("explore offers exactly the spec's twelve active categories, in its order, named in both languages", async ({
  page,
  baseURL,
}) => {
  const choices = async () =>
    page
      .locator("select[name=category] option")
      .evaluateAll((options) =>
        (options as HTMLOptionElement[]).filter((o) => o.value).map((o) => [o.value, o.textContent?.trim() ?? ""]),
      );
  await visit(page, "/explore/creators");
  const english = await choices();
  expect(english.map(([code]) => code)).toEqual(ACTIVE_CATEGORIES);
  expect(english[0][1]).toBe("Character illustration");

  await page.context().addCookies([{ name: "app-language", value: "ja", url: baseURL! }]);
  await visit(page, "/explore/creators");
  const japanese = await choices();
  expect(japanese.map(([code]) => code)).toEqual(ACTIVE_CATEGORIES);
  expect(japanese[0][1]).toBe("キャラクターイラスト");
  // Every one has a name of its own in each language, never its code.
  for (const [code, name] of [...english, ...japanese]) expect(name, code).not.toBe(code);
});
