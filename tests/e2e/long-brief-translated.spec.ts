import type { Locator } from "@playwright/test";
import { expect, hydrated, signUpWithApi, test } from "./fixtures";
import { message } from "./messages";
import { insertTemplateForm } from "./order-fixtures";
import { newCreator, pageInNewContext, saveCard, switchToJapanese } from "./order-steps";
import { pngBytes } from "./png";

/**
 * A long brief across the language wall (issue 62): a client who reads English sends a request whose text answers
 * total 6,000 characters (the form's limit of 5,000 in one, several paragraphs, and 1,000 in another) to a creator who
 * reads Japanese. The creator reads the whole brief in Japanese, marked as translated, and "Show original" gives back
 * the 5,000 characters exactly as written: a text longer than one translator call is cut, translated and joined as
 * written, never "unavailable".
 *
 * The translator is the stand-in (emulators/translator): it translates the sentences in its phrase book and keeps any
 * other behind 〔仮訳〕, line by line, so what the creator reads is known sentence by sentence. Each paragraph here is a
 * line of phrase-book sentences whose Japanese ends in 。？！ (Japanese runs them on without a space), and the first ends
 * with one sentence the book does not have.
 */
const MANAGEMENTS = "/dashboard/commission/managements";
const REQUESTS = "/dashboard/commission/client/requests";

/** Phrase-book sentences (emulators/translator/phrasebook.ts) with the stand-in's Japanese for each. */
const SENTENCES: readonly (readonly [string, string])[] = [
  ["Nice to meet you.", "はじめまして。"],
  ["Could you draw my character?", "私のキャラクターを描いていただけますか？"],
  ["Could you make the hair a little longer?", "髪をもう少し長くしていただけますか？"],
  ["Could you make the colours brighter?", "色をもう少し明るくしていただけますか？"],
  ["Could you change the expression to a smile?", "表情を笑顔に変えていただけますか？"],
  ["Could you make the background transparent?", "背景を透過にしていただけますか？"],
  ["Is commercial use OK?", "商用利用は可能ですか？"],
  ["Can I use it on my stream?", "配信で使ってもいいですか？"],
  ["Can I post it on social media?", "SNSに投稿してもいいですか？"],
  ["Thank you for accepting my request!", "依頼を受けていただきありがとうございます！"],
  ["Please let me know if anything is unclear.", "不明な点があれば教えてください。"],
  ["I look forward to working with you.", "どうぞよろしくお願いいたします。"],
  ["Thank you very much.", "本当にありがとうございます。"],
  ["No problem.", "問題ありません。"],
];
/** Sentences the phrase book does not have, one an answer: the stand-in keeps each as written behind its marker. */
const UNKNOWN = {
  long: "The ribbon on her tail is pale blue and always tied in a bow.",
  short: "Her left eye is green and her right eye is gold.",
};
const SENTENCES_PER_PARAGRAPH = 9;

/**
 * An English brief of exactly `length` characters in paragraphs of phrase-book sentences (the first ending with
 * `unknown`), with the stand-in's Japanese of it. What the sentences leave short of `length` is made up with blank lines
 * after the first paragraph, which a translation keeps as written.
 */
function brief(length: number, unknown: string): { en: string; ja: string } {
  const first = SENTENCES.slice(0, SENTENCES_PER_PARAGRAPH);
  const paragraphs: (readonly [string, string])[][] = [[...first, [unknown, `〔仮訳〕${unknown}`]]];
  const size = (candidate: (readonly [string, string])[][]) =>
    candidate.reduce((total, paragraph) => total + paragraph.map(([en]) => en).join(" ").length, 0) +
    2 * (candidate.length - 1);
  // Sentence after sentence, round the book, until none fits any more.
  for (let next = 0, unfit = 0; unfit < SENTENCES.length; next++) {
    const sentence = SENTENCES[next % SENTENCES.length]!;
    const last = paragraphs[paragraphs.length - 1]!;
    const candidate =
      last.length >= SENTENCES_PER_PARAGRAPH
        ? [...paragraphs, [sentence]]
        : [...paragraphs.slice(0, -1), [...last, sentence]];
    if (size(candidate) > length) {
      unfit++;
      continue;
    }
    unfit = 0;
    paragraphs.splice(0, paragraphs.length, ...candidate);
  }
  const padding = "\n".repeat(length - size(paragraphs));
  const join = (lines: string[]) =>
    lines[0] +
    padding +
    lines
      .slice(1)
      .map((line) => `\n\n${line}`)
      .join("");
  const text = {
    en: join(paragraphs.map((paragraph) => paragraph.map(([en]) => en).join(" "))),
    ja: join(paragraphs.map((paragraph) => paragraph.map(([, ja]) => ja).join(""))),
  };
  if (text.en.length !== length || padding.length > 20) throw new Error(`brief: ${text.en.length} characters`);
  return text;
}

const LONG = brief(5_000, UNKNOWN.long);
const SHORT = brief(1_000, UNKNOWN.short);

const ja = (namespace: string, key: string) => message(namespace, "ja", key);
const TRANSLATED_FROM_ENGLISH = ja("translation", "translation_translated_from").replace("{language}", "英語");

/** The paragraph showing an answer translated (told apart by its unknown sentence), and the mark right under it. */
function answerShown(scope: Locator, unknown: string) {
  const text = scope.locator('p[lang="ja"]').filter({ hasText: `〔仮訳〕${unknown}` });
  return { text, mark: text.locator("xpath=following-sibling::*[@data-translation-marker][1]") };
}

test("a 6,000-character brief in English reaches a Japanese-reading creator translated whole, the original a click away", async ({
  page,
  browser,
  baseURL,
}, testInfo) => {
  test.setTimeout(240_000);
  expect(LONG.en.split("\n\n").length).toBeGreaterThan(3);
  const client = page;
  const creatorPage = await pageInNewContext(browser, baseURL!, `203.0.113.${90 + testInfo.repeatEachIndex}`);

  // The creator, in Japanese, with the template's form in Japanese.
  const creator = await newCreator(creatorPage);
  await switchToJapanese(creatorPage);
  const title = `長文の依頼 ${Date.now().toString(36)}`;
  const form = await insertTemplateForm({ sellerEmail: creator.email, title, locale: "ja", priceAmount: 12_000 });

  // The client, in English, answers the form's two long-text questions with the long brief and the short one.
  await signUpWithApi(client);
  await saveCard(client, "4242 4242 4242 4242");
  await expect(client.getByText("Visa ending in 4242")).toBeVisible();
  await client.goto(`/cf/${form.code}`);
  // What is typed or chosen before the page is interactive is kept (typed-before-hydration.spec.ts); this walk is
  // about the brief's translation, so it answers the form once the page is.
  await hydrated(client);
  await expect(client.getByRole("textbox", { name: /Commission details/ })).toBeVisible();
  const answers = client.locator("textarea");
  await expect(answers).toHaveCount(2);
  await answers.nth(0).fill(LONG.en);
  await answers.nth(1).fill(SHORT.en);
  // The form keeps every character (its limit is 5,000 an answer).
  await expect(answers.nth(0)).toHaveValue(LONG.en);
  await expect(answers.nth(1)).toHaveValue(SHORT.en);
  await client
    .locator('input[type="file"]')
    .first()
    .setInputFiles({ name: "reference.png", mimeType: "image/png", buffer: pngBytes() });
  await expect(client.getByRole("button", { name: "Remove reference.png" })).toBeVisible();
  await expect(client.getByRole("progressbar", { name: "reference.png" })).toHaveCount(0);
  for (const group of await client
    .getByRole("group")
    .filter({ has: client.getByRole("radio") })
    .all())
    await group.getByRole("radio").first().check();
  for (const box of await client.getByRole("checkbox").all()) await box.check();
  await client.getByRole("button", { name: "Send request" }).click();
  await expect(client.getByRole("heading", { name: "Thank you for your request!" })).toBeVisible();
  await client.goto(REQUESTS);
  await client
    .getByRole("link", { name: new RegExp(title.split(" ")[1]!) })
    .first()
    .click();
  await expect(client).toHaveURL(/order=/);
  const code = new URL(client.url()).searchParams.get("order")!;

  // The creator reads both answers whole in Japanese, each marked as translated from English.
  await creatorPage.goto(`${MANAGEMENTS}?order=${code}`);
  const order = creatorPage.getByRole("article");
  const long = answerShown(order, UNKNOWN.long);
  const short = answerShown(order, UNKNOWN.short);
  // Translated after the request was written, or asked for by the page with its ticket: either way it fills in.
  await expect(long.text).toBeVisible({ timeout: 60_000 });
  await expect(short.text).toBeVisible({ timeout: 60_000 });
  expect(await long.text.textContent()).toBe(LONG.ja);
  expect(await short.text.textContent()).toBe(SHORT.ja);
  await expect(long.text).toHaveAttribute("lang", "ja");
  await expect(long.mark).toContainText(TRANSLATED_FROM_ENGLISH);
  await expect(short.mark).toContainText(TRANSLATED_FROM_ENGLISH);
  await expect(order.getByText(ja("translation", "translation_unavailable"))).toHaveCount(0);

  // "Show original": the 5,000 characters exactly as the client wrote them, in English; and back.
  await long.mark.getByRole("button", { name: ja("translation", "translation_show_original") }).click();
  const original = order.locator('p[lang="en"]').filter({ hasText: UNKNOWN.long });
  await expect(original).toBeVisible();
  expect(await original.textContent()).toBe(LONG.en);
  expect((await original.textContent())!.length).toBe(5_000);
  await original
    .locator("xpath=following-sibling::*[@data-translation-marker][1]")
    .getByRole("button", { name: ja("translation", "translation_show_translation") })
    .click();
  await expect(long.text).toBeVisible();
  expect(await long.text.textContent()).toBe(LONG.ja);
  await creatorPage.context().close();
});
