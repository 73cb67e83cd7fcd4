import { mkdirSync } from "node:fs";
import type { Browser, Page, TestInfo } from "@playwright/test";
import { authDialog, expect, expectAccessible, freshUser, header, readLatestCode, submitField, test } from "./fixtures";
import { message } from "./messages";
import { insertTemplateForm } from "./order-fixtures";
import { newCreator, pageInNewContext, switchToJapanese } from "./order-steps";
import { pngBytes } from "./png";
import { languageNameIn, messageIn, type SpecLocale } from "./support/locale-messages";

/**
 * Comet in the languages of its clients (issue 65): a client whose browser asks for Traditional Chinese (zh-TW), and
 * one whose browser asks for Korean (ko-KR, on a 375 px phone), each sign up and read the site in their language, read
 * a Japanese demo creator's profile translated (the original one click away), send a request to a Japanese-reading
 * creator written in their own language, and chat with them. The creator reads the request and the chat in Japanese.
 * Every page the client visits is also laid out at 320 px: nothing may scroll sideways, and a screenshot of each is
 * kept under test-results/languages/ for a person to look at. axe runs on every page through the fixture's page.goto,
 * and at the states goto cannot see (a preview open, a chat with translations).
 *
 * The translator is the project's stand-in (emulators/translator), whose phrase book holds every sentence used here
 * (phrasebook.ts for the commission's, demo-phrases-cjk.ts for the demo creator's bio), so what each side reads is known.
 */
const MANAGEMENTS = "/dashboard/commission/managements";
const REQUESTS = "/dashboard/commission/client/requests";
const SHOTS = "test-results/languages";

/** A Japanese demo creator, read-only here (decision 019): seeded with a bio written in Japanese. */
const DEMO_JA_CREATOR = "sakuramochi";
const BIO_JA = "京都在住のイラストレーター。パステルカラーで女の子とお菓子と桜を描くのが好きです。";

interface Client {
  /** Comet's locale for this client. */
  locale: "zh-Hant" | "ko";
  /** What the browser asks for (Playwright's `locale`, sent as Accept-Language). */
  browserLocale: string;
  width: number;
  name: string;
  /** The creator's bio in this language (demo-phrases-cjk.ts). */
  bio: string;
  /** The request's answer, the creator's greeting and the client's question, each in this language. */
  answer: string;
  greeting: string;
  ask: string;
}

/** The sentences in Japanese, as the creator writes and reads them (phrasebook.ts). */
const JA = {
  answer: "私のキャラクターを描いていただけますか？",
  greeting: "ご依頼ありがとうございます！",
  ask: "髪をもう少し長くしていただけますか？",
};

const TAIPEI: Client = {
  locale: "zh-Hant",
  browserLocale: "zh-TW",
  width: 1280,
  name: "林小雨",
  bio: "來自京都的插畫家，擅長柔和的粉彩色調。最喜歡畫活潑的女孩、甜點和櫻花。",
  answer: "可以請您畫我的角色嗎？",
  greeting: "感謝您的委託！",
  ask: "頭髮可以再畫長一點嗎？",
};

const SEOUL: Client = {
  locale: "ko",
  browserLocale: "ko-KR",
  width: 375,
  name: "김하늘",
  bio: "교토에 사는 일러스트레이터예요. 부드러운 파스텔 톤으로 밝은 소녀, 디저트, 벚꽃을 그리는 걸 좋아해요.",
  answer: "제 캐릭터를 그려 주실 수 있나요?",
  greeting: "의뢰해 주셔서 감사합니다!",
  ask: "머리를 조금 더 길게 해 주실 수 있나요?",
};

/** The language menu's own name for each language (worker/domain/locales.ts NATIVE_LANGUAGE_NAMES). */
const NATIVE_NAMES = { "zh-Hant": "繁體中文", ko: "한국어" } as const;

const chat = (page: Page, locale: SpecLocale) =>
  page.getByRole("region", { name: messageIn("chat", locale, "chat_panel_label"), exact: true });
const chatLog = (page: Page, locale: SpecLocale) => chat(page, locale).getByRole("log");
const chatInput = (page: Page, locale: SpecLocale) => chat(page, locale).getByRole("textbox");
const order = (page: Page) => page.getByRole("article");
/** "Translated from {language}" in the reader's language, the language named as the app names it. */
const translatedFrom = (reader: SpecLocale, from: SpecLocale) =>
  messageIn("translation", reader, "translation_translated_from", { language: languageNameIn(from, reader) });

/**
 * The page as it is, at 320 px (after `prepare`, for what only shows there: the chat behind its toggle): nothing wider
 * than the window (the root's scrollWidth), and screenshots kept as test-results/languages/{locale}-{name}.png (the
 * whole page) and {locale}-{name}-screen.png (the screen as it stands, at full size). The viewport goes back to the client's own
 * width after.
 */
async function at320(page: Page, client: Client, name: string, prepare?: () => Promise<void>) {
  await test.step(`${name} at 320 px in ${client.locale}`, async () => {
    await page.setViewportSize({ width: 320, height: 740 });
    await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
    await prepare?.();
    const width = await page.evaluate(() => document.documentElement.scrollWidth);
    mkdirSync(SHOTS, { recursive: true });
    await page.screenshot({ path: `${SHOTS}/${client.locale}-${name}.png`, fullPage: true });
    await page.screenshot({ path: `${SHOTS}/${client.locale}-${name}-screen.png` });
    expect(
      width,
      `${new URL(page.url()).pathname} in ${client.locale} is ${width} px wide at 320 px`,
    ).toBeLessThanOrEqual(320);
    await page.setViewportSize({ width: client.width, height: client.width >= 1280 ? 720 : 740 });
  });
}

/** Sign-up through the header's button and the dialog, every label in the client's language. */
async function signUp(page: Page, client: Client) {
  const l = client.locale;
  const user = freshUser();
  await header(page)
    .getByRole("button", { name: messageIn("layout", l, "header_sign_up"), exact: true })
    .click();
  const dialog = authDialog(page);
  await expect(dialog).toBeVisible();
  await dialog.getByLabel(messageIn("auth", l, "auth_handle_label"), { exact: true }).fill(user.handle);
  await dialog.getByLabel(messageIn("auth", l, "auth_email_label"), { exact: true }).fill(user.email);
  await dialog.getByRole("button", { name: messageIn("auth", l, "auth_send_code") }).click();
  const codeField = dialog.getByLabel(messageIn("auth", l, "auth_code_label"), { exact: true });
  await expect(codeField).toBeVisible();
  await expectAccessible(page);
  await codeField.fill(await readLatestCode(page, user.email));
  await submitField(codeField);
  const name = dialog.getByLabel(messageIn("auth", l, "auth_name_label"), { exact: true });
  await expect(name).toBeVisible();
  await name.fill(client.name);
  await dialog.getByLabel(messageIn("auth", l, "auth_birthday_label"), { exact: true }).fill("2000-01-31");
  const reloaded = page.waitForEvent("load", { timeout: 20_000 });
  await dialog.getByRole("button", { name: messageIn("auth", l, "auth_save"), exact: true }).click();
  await reloaded;
  await expect(page).toHaveURL(/\/onboarding$/);
  await expect(header(page).getByRole("button", { name: messageIn("layout", l, "menu_account_label") })).toBeVisible();
  return user;
}

/** A card saved in the Stripe emulator's form, every label in the client's language. */
async function saveCard(page: Page, client: Client) {
  const l = client.locale;
  await page.goto("/dashboard/setting/profile/payment");
  await page.getByRole("button", { name: messageIn("payments", l, "payments_add_card") }).click();
  await page.getByLabel(messageIn("payments", l, "payments_card_number")).fill("4242 4242 4242 4242");
  await page.getByLabel(messageIn("payments", l, "payments_card_expiry")).fill("12 / 34");
  await page.getByLabel(messageIn("payments", l, "payments_card_cvc")).fill("123");
  await page.getByRole("button", { name: messageIn("payments", l, "payments_save_card") }).click();
  await expect(
    page.getByText(messageIn("payments", l, "payments_card_label", { brand: "Visa", last4: "4242" })),
  ).toBeVisible();
}

/** On phones the chat sits behind its toggle (order-chat.tsx, below `xl`): opened if it is closed. */
async function openChat(page: Page, locale: SpecLocale) {
  const toggle = page.getByRole("button", { name: new RegExp(`^${messageIn("chat", locale, "chat_toggle")}`) });
  if ((await toggle.isVisible()) && (await toggle.getAttribute("aria-expanded")) === "false") await toggle.click();
  await expect(chat(page, locale)).toBeVisible();
}

async function say(page: Page, locale: SpecLocale, text: string) {
  await chatInput(page, locale).fill(text);
  await chatInput(page, locale).press("Enter");
  await expect(chatInput(page, locale)).toHaveValue("");
}

async function walk(page: Page, browser: Browser, baseURL: string, client: Client, creatorIp: string) {
  const l = client.locale;
  const ui = (namespace: string, key: string, values?: Record<string, string>) => messageIn(namespace, l, key, values);
  const ja = (namespace: string, key: string) => message(namespace, "ja", key);

  // Signed out, the browser's language decides: the page is in the client's language, and says so.
  await page.goto("/");
  await expect(page.locator("html")).toHaveAttribute("lang", l);
  await expect(header(page).getByRole("button", { name: ui("layout", "header_sign_up"), exact: true })).toBeVisible();
  await expect(
    header(page).getByRole("button", { name: ui("layout", "header_language_label", { language: NATIVE_NAMES[l] }) }),
  ).toBeVisible();
  await at320(page, client, "home");

  // Sign-up in the client's language: the account keeps it (its language is the browser's).
  await signUp(page, client);
  await expect(page.locator("html")).toHaveAttribute("lang", l);
  await expect(header(page).getByRole("button", { name: ui("layout", "menu_account_label") })).toBeVisible();
  await at320(page, client, "onboarding");
  await saveCard(page, client);
  await at320(page, client, "payment-settings");

  // The creator, in Japanese, with a form made from the template in Japanese.
  const creatorPage = await pageInNewContext(browser, baseURL, creatorIp);
  const creator = await newCreator(creatorPage);
  await switchToJapanese(creatorPage);
  const id = Date.now().toString(36);
  const title = `キャラクターイラスト ${id}`;
  const form = await insertTemplateForm({ sellerEmail: creator.email, title, locale: "ja", priceAmount: 12_000 });

  // A Japanese demo creator's profile: the interface in the client's language, the bio translated and marked, its
  // Japanese original one click away, and back.
  await test.step("a Japanese creator's profile", async () => {
    await page.goto(`/${DEMO_JA_CREATOR}`);
    await expect(page.locator("html")).toHaveAttribute("lang", l);
    await expect(
      page.getByRole("heading", { name: ui("catalog", "catalog_profile_portfolio"), exact: true }),
    ).toBeVisible();
    const main = page.getByRole("main");
    await expect(main.getByText(client.bio)).toBeVisible({ timeout: 30_000 });
    await expect(main.getByText(translatedFrom(l, "ja")).first()).toBeVisible();
    await main
      .getByRole("button", { name: ui("translation", "translation_show_original") })
      .first()
      .click();
    await expect(main.getByText(BIO_JA)).toBeVisible();
    await expect(main.getByText(client.bio)).toHaveCount(0);
    await main
      .getByRole("button", { name: ui("translation", "translation_show_translation") })
      .first()
      .click();
    await expect(main.getByText(client.bio)).toBeVisible();
    await expectAccessible(page);
    await at320(page, client, "profile");
  });

  // The creator's form: its Japanese questions read in the client's language; the answer written in it, previewed as
  // the creator will read it (Japanese) before sending.
  await page.goto(`/cf/${form.code}`);
  const detailsTitle = { "zh-Hant": "委託內容", ko: "의뢰 내용" }[l];
  const details = page.getByRole("textbox", { name: new RegExp(detailsTitle) });
  await expect(details).toBeVisible();
  await expect(page.getByText(translatedFrom(l, "ja")).first()).toBeVisible();
  await details.fill(client.answer);
  await at320(page, client, "request-form");
  await test.step("the answer previewed in Japanese", async () => {
    await page
      .getByRole("button", { name: ui("translation", "translation_preview") })
      .first()
      .click();
    const preview = page.locator("[data-translation-preview]").first();
    await expect(preview).toContainText(
      ui("translation", "translation_preview_heading", { language: languageNameIn("ja", l) }),
    );
    await expect(preview).toContainText(JA.answer);
    await expectAccessible(page);
  });
  await page
    .locator('input[type="file"]')
    .first()
    .setInputFiles({ name: "reference.png", mimeType: "image/png", buffer: pngBytes() });
  // Sent only once the file shows as attached (its Remove button), its progress bar gone (as translation-walk waits).
  await expect(
    page.getByRole("button", { name: ui("requests", "requests_remove_file", { name: "reference.png" }) }),
  ).toBeVisible();
  await expect(page.getByRole("progressbar", { name: "reference.png" })).toHaveCount(0);
  // Each required choice (usage, publication rules): its first option.
  for (const group of await page
    .getByRole("group")
    .filter({ has: page.getByRole("radio") })
    .all())
    await group.getByRole("radio").first().check();
  for (const box of await page.getByRole("checkbox").all()) await box.check();
  await page.getByRole("button", { name: ui("requests", "requests_send") }).click();
  await expect(page.getByRole("heading", { name: ui("requests", "requests_done_title") })).toBeVisible();
  await at320(page, client, "request-sent");
  await page.goto(REQUESTS);
  await page
    .getByRole("link", { name: new RegExp(id) })
    .first()
    .click();
  await expect(page).toHaveURL(/order=/);
  const code = new URL(page.url()).searchParams.get("order")!;

  // The creator reads the answer in Japanese, marked as translated from the client's language; the original is one
  // click away, and back.
  await creatorPage.goto(`${MANAGEMENTS}?order=${code}`);
  await expect(order(creatorPage).getByText(JA.answer)).toBeVisible();
  await expect(order(creatorPage).getByText(translatedFrom("ja", l)).first()).toBeVisible();
  await order(creatorPage)
    .getByRole("button", { name: ja("translation", "translation_show_original") })
    .first()
    .click();
  await expect(order(creatorPage).getByText(client.answer)).toBeVisible();
  await expect(order(creatorPage).getByText(JA.answer)).toHaveCount(0);
  await order(creatorPage)
    .getByRole("button", { name: ja("translation", "translation_show_translation") })
    .first()
    .click();
  await expect(order(creatorPage).getByText(JA.answer)).toBeVisible();
  await expectAccessible(creatorPage);
  // A form's order is priced by its creator before approval.
  await creatorPage.getByRole("tab", { name: ja("orders", "orders_tab_settings") }).click();
  const price = creatorPage.getByRole("region", { name: ja("orders", "orders_price_heading"), exact: true });
  await price.getByRole("button", { name: ja("orders", "orders_edit") }).click();
  await price.getByLabel(ja("orders", "orders_price_label").replace("{currency}", "JPY")).fill("15000");
  await price.getByRole("button", { name: ja("orders", "orders_save") }).click();
  await expect(price.getByText("¥15,000")).toBeVisible();
  await creatorPage.getByRole("button", { name: ja("orders", "orders_approve") }).click();

  // The chat, live: the creator writes in Japanese, the client reads it in their language, marked, and opens the
  // original.
  await page.goto(`${REQUESTS}?order=${code}`);
  await expect(page.locator("html")).toHaveAttribute("lang", l);
  await openChat(page, l);
  await expect(chatInput(page, l)).toBeEnabled();
  // The creator's browser is as wide as the client's (a context takes the test's viewport): on a phone, its chat too
  // sits behind the toggle.
  await openChat(creatorPage, "ja");
  await say(creatorPage, "ja", JA.greeting);
  await expect(chatLog(page, l).getByText(client.greeting)).toBeVisible();
  await expect(chatLog(page, l).getByText(translatedFrom(l, "ja"))).toBeVisible();
  await chatLog(page, l)
    .getByRole("button", { name: ui("translation", "translation_show_original") })
    .click();
  await expect(chatLog(page, l).getByText(JA.greeting)).toBeVisible();
  await chatLog(page, l)
    .getByRole("button", { name: ui("translation", "translation_show_translation") })
    .click();
  await expect(chatLog(page, l).getByText(client.greeting)).toBeVisible();

  // The client writes in their language, previews the Japanese, sends; the creator reads it in Japanese, marked, with
  // the original one click away.
  await chatInput(page, l).fill(client.ask);
  await test.step("the chat message previewed in Japanese", async () => {
    await chat(page, l)
      .getByRole("button", { name: ui("translation", "translation_preview") })
      .click();
    await expect(chat(page, l).locator("[data-translation-preview]")).toContainText(JA.ask);
  });
  await chatInput(page, l).press("Enter");
  await expect(chatInput(page, l)).toHaveValue("");
  await expect(chatLog(creatorPage, "ja").getByText(JA.ask)).toBeVisible();
  await expect(chatLog(creatorPage, "ja").getByText(translatedFrom("ja", l)).last()).toBeVisible();
  await chatLog(creatorPage, "ja")
    .getByRole("button", { name: ja("translation", "translation_show_original") })
    .last()
    .click();
  await expect(chatLog(creatorPage, "ja").getByText(client.ask)).toBeVisible();
  await chatLog(creatorPage, "ja")
    .getByRole("button", { name: ja("translation", "translation_show_translation") })
    .last()
    .click();
  await expect(chatLog(creatorPage, "ja").getByText(JA.ask)).toBeVisible();
  await expectAccessible(creatorPage);
  await expectAccessible(page);
  await at320(page, client, "order-chat", async () => {
    await openChat(page, l);
    await chat(page, l).scrollIntoViewIfNeeded();
  });
  await creatorPage.context().close();
}

const creatorIp = (testInfo: TestInfo, n: number) => `192.0.2.${10 + 2 * testInfo.repeatEachIndex + n}`;

test.describe("a client in Taipei (zh-TW)", () => {
  test.use({ locale: TAIPEI.browserLocale });

  test("signs up, reads a Japanese creator in Traditional Chinese, requests and chats in Chinese; the creator reads Japanese", async ({
    page,
    browser,
    baseURL,
  }, testInfo) => {
    test.setTimeout(300_000);
    await walk(page, browser, baseURL!, TAIPEI, creatorIp(testInfo, 0));
  });
});

test.describe("a client in Seoul (ko-KR) on a 375 px phone", () => {
  test.use({ locale: SEOUL.browserLocale, viewport: { width: SEOUL.width, height: 740 } });

  test("signs up, reads a Japanese creator in Korean, requests and chats in Korean; the creator reads Japanese", async ({
    page,
    browser,
    baseURL,
  }, testInfo) => {
    test.setTimeout(300_000);
    await walk(page, browser, baseURL!, SEOUL, creatorIp(testInfo, 1));
  });
});
