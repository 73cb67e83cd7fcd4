import type { Page } from "@playwright/test";
import { expect, expectAccessible, signUpWithApi, test } from "./fixtures";
import { message } from "./messages";
import { insertTemplateForm } from "./order-fixtures";
import { newCreator, pageInNewContext, saveCard, switchToJapanese } from "./order-steps";
import { pngBytes } from "./png";

/**
 * Across the language wall (issue 46): a client who reads English and a creator who reads Japanese go from the request
 * to completion, each in their own interface language. Each reads what the other wrote (the form's questions, the
 * request's answer, the chat)
 * in their own language, marked as translated, opens the original and goes back, and previews a translation before
 * sending. The translator is the project's stand-in (emulators/translator), whose phrase book holds the sentences
 * used here, so what each side reads is known.
 */
const MANAGEMENTS = "/dashboard/commission/managements";
const REQUESTS = "/dashboard/commission/client/requests";

const ANSWER = { en: "Could you draw my character?", ja: "私のキャラクターを描いていただけますか？" };
const GREETING = { ja: "ご依頼ありがとうございます！", en: "Thank you for your request!" };
const ASK = { en: "Could you make the hair a little longer?", ja: "髪をもう少し長くしていただけますか？" };
const REPLY = { ja: "承知しました。", en: "Understood." };

const t = (locale: "en" | "ja", key: string, language?: string) =>
  message("translation", locale, key).replace("{language}", language ?? "");
const chat = (page: Page) => page.getByRole("region", { name: /^(Messages|メッセージ)$/ });
const chatLog = (page: Page) => chat(page).getByRole("log");
const chatInput = (page: Page) => chat(page).getByRole("textbox");
const order = (page: Page) => page.getByRole("article");

async function say(page: Page, text: string) {
  await chatInput(page).fill(text);
  await chatInput(page).press("Enter");
  await expect(chatInput(page)).toHaveValue("");
}

test("an English-reading client and a Japanese-reading creator finish a commission, each reading the other in their own language", async ({
  page,
  browser,
  baseURL,
}, testInfo) => {
  test.setTimeout(300_000);
  const client = page;
  const creatorPage = await pageInNewContext(browser, baseURL!, `203.0.113.${60 + testInfo.repeatEachIndex}`);

  // The creator, in Japanese, with a form made from the template in Japanese.
  const creator = await newCreator(creatorPage);
  await switchToJapanese(creatorPage);
  const title = `キャラクターイラスト ${Date.now().toString(36)}`;
  const form = await insertTemplateForm({ sellerEmail: creator.email, title, locale: "ja", priceAmount: 12_000 });

  // The client, in English, answers in English and previews what the creator will read before sending.
  await signUpWithApi(client);
  await saveCard(client, "4242 4242 4242 4242");
  await expect(client.getByText("Visa ending in 4242")).toBeVisible();
  // The creator's questions, written in Japanese, read in English.
  await client.goto(`/cf/${form.code}`);
  const details = client.getByRole("textbox", { name: /Commission details/ });
  await expect(details).toBeVisible();
  await expect(client.getByText(t("en", "translation_translated_from", "Japanese")).first()).toBeVisible();
  await details.fill(ANSWER.en);
  await client.getByRole("button", { name: "Preview translation" }).first().click();
  const preview = client.locator("[data-translation-preview]").first();
  await expect(preview).toContainText(t("en", "translation_preview_heading", "Japanese"));
  await expect(preview).toContainText(ANSWER.ja);
  await expectAccessible(client);
  await client
    .locator('input[type="file"]')
    .first()
    .setInputFiles({ name: "reference.png", mimeType: "image/png", buffer: pngBytes() });
  // Sent only once the file shows as attached (its Remove button), its progress bar gone: a request sent while it is
  // uploading is refused ("Your files are still uploading"), as CI at load 10-14 found when it did not wait.
  await expect(client.getByRole("button", { name: "Remove reference.png" })).toBeVisible();
  await expect(client.getByRole("progressbar", { name: "reference.png" })).toHaveCount(0);
  // Each required choice (usage, publication rules): its first option.
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
    .getByRole("link", { name: new RegExp(title.split(" ")[1]) })
    .first()
    .click();
  await expect(client).toHaveURL(/order=/);
  const code = new URL(client.url()).searchParams.get("order")!;

  // The creator reads the answer in Japanese, marked; the original is one click away, and back.
  await creatorPage.goto(`${MANAGEMENTS}?order=${code}`);
  const answer = order(creatorPage).getByText(ANSWER.ja);
  await expect(answer).toBeVisible();
  await expect(
    order(creatorPage)
      .getByText(t("ja", "translation_translated_from", "英語"))
      .first(),
  ).toBeVisible();
  await order(creatorPage)
    .getByRole("button", { name: t("ja", "translation_show_original") })
    .first()
    .click();
  await expect(order(creatorPage).getByText(ANSWER.en)).toBeVisible();
  await expect(order(creatorPage).getByText(ANSWER.ja)).toHaveCount(0);
  await order(creatorPage)
    .getByRole("button", { name: t("ja", "translation_show_translation") })
    .first()
    .click();
  await expect(order(creatorPage).getByText(ANSWER.ja)).toBeVisible();
  await expectAccessible(creatorPage);
  // A form's order is priced by its creator before approval.
  const ja = (key: string) => message("orders", "ja", key);
  await creatorPage.getByRole("tab", { name: ja("orders_tab_settings") }).click();
  const price = creatorPage.getByRole("region", { name: ja("orders_price_heading"), exact: true });
  await price.getByRole("button", { name: ja("orders_edit") }).click();
  await price.getByLabel(ja("orders_price_label").replace("{currency}", "JPY")).fill("15000");
  await price.getByRole("button", { name: ja("orders_save") }).click();
  await expect(price.getByText("¥15,000")).toBeVisible();
  await creatorPage.getByRole("button", { name: ja("orders_approve") }).click();

  // The chat, live: the creator writes in Japanese, the client reads English, marked, and opens the original.
  await client.goto(`${REQUESTS}?order=${code}`);
  await expect(chatInput(client)).toBeEnabled();
  await say(creatorPage, GREETING.ja);
  await expect(chatLog(client).getByText(GREETING.en)).toBeVisible();
  await expect(chatLog(client).getByText(t("en", "translation_translated_from", "Japanese"))).toBeVisible();
  await chatLog(client).getByRole("button", { name: "Show original" }).click();
  await expect(chatLog(client).getByText(GREETING.ja)).toBeVisible();
  await chatLog(client).getByRole("button", { name: "Show translation" }).click();
  await expect(chatLog(client).getByText(GREETING.en)).toBeVisible();

  // The client previews the reply in Japanese before sending it; the creator reads it in Japanese.
  await chatInput(client).fill(ASK.en);
  await chat(client).getByRole("button", { name: "Preview translation" }).click();
  await expect(chat(client).locator("[data-translation-preview]")).toContainText(ASK.ja);
  await chatInput(client).press("Enter");
  await expect(chatInput(client)).toHaveValue("");
  await expect(chatLog(creatorPage).getByText(ASK.ja)).toBeVisible();
  await expect(
    chatLog(creatorPage)
      .getByText(t("ja", "translation_translated_from", "英語"))
      .first(),
  ).toBeVisible();
  // The writer sees what the other read, on request.
  await chatLog(client).getByRole("button", { name: "Show translation" }).last().click();
  await expect(chatLog(client).locator("[data-sent-translation]").last()).toContainText(ASK.ja);
  await expectAccessible(client);

  // After a reload (the catch-up from the room's storage), the translations are still there.
  await say(creatorPage, REPLY.ja);
  await expect(chatLog(client).getByText(REPLY.en)).toBeVisible();
  await client.reload();
  await expect(chatLog(client).getByText(GREETING.en)).toBeVisible();
  await expect(chatLog(client).getByText(REPLY.en)).toBeVisible();

  // Pay, deliver, complete: the order ends as every order does.
  await client.getByRole("tab", { name: "Payment" }).click();
  await client.getByRole("button", { name: "Pay", exact: true }).click();
  await expect(client.getByRole("button", { name: "Awaiting creator delivery" })).toBeVisible();
  await creatorPage.goto(`${MANAGEMENTS}?order=${code}`);
  await creatorPage.getByRole("tab", { name: message("orders", "ja", "orders_tab_delivery") }).click();
  await creatorPage
    .getByLabel(message("orders", "ja", "orders_deliverables_upload"))
    .setInputFiles({ name: "final.png", mimeType: "image/png", buffer: pngBytes() });
  await creatorPage.getByRole("button", { name: message("orders", "ja", "orders_deliver") }).click();
  // Complete asks what it releases first (issue 75).
  creatorPage.once("dialog", (dialog) => void dialog.accept());
  await creatorPage.getByRole("button", { name: message("orders", "ja", "orders_complete") }).click();
  // The completion has landed before the client opens the order (their page shows it as it is when it loads).
  await expect(creatorPage.getByTestId("next-step")).toContainText(message("orders", "ja", "orders_step_completed"));
  await client.goto(`${REQUESTS}?order=${code}`);
  await expect(client.getByTestId("next-step")).toContainText("Commission was successfully completed.");
  await expect(chatLog(client).getByText(GREETING.en)).toBeVisible();
  await expectAccessible(client);
  await creatorPage.context().close();
});
