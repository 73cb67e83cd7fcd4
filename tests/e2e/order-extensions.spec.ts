import { expect, expectAccessible, signUpWithApi, test, visit } from "./fixtures";
import { message } from "./messages";
import { insertOrder, setOrderState } from "./order-fixtures";
import { newCreator, pageInNewContext, switchToJapanese } from "./order-steps";

/**
 * A delivery date moved by agreement on the order page (issue 50, decision 090): on a paid order the Japanese-reading
 * creator asks for two more days with a reason (a blank reason is refused on its field first, the date kept); the
 * English-reading client reads the request with the reason in English and accepts it; both see the new date with the
 * original beside it, and the chat's system lines. The reason is in the translator stand-in's phrase book.
 */
const REASON = { ja: "申し訳ありません、納品が少し遅れます。", en: "I'm sorry, the delivery will be a little late." };
const MANAGEMENTS = "/dashboard/commission/managements";
const REQUESTS = "/dashboard/commission/client/requests";
const DAY = 86_400_000;
const ja = (key: string) => message("extensions", "ja", key);

/** A date and time as the pages show it (worker/domain/dates.ts): "December 9, 2026 23:59 UTC", "2026年12月09日 23:59 UTC". */
function formatDateTime(at: number, locale: "en" | "ja") {
  const d = new Date(at);
  const pad = (n: number) => String(n).padStart(2, "0");
  const date =
    locale === "ja"
      ? `${d.getUTCFullYear()}年${pad(d.getUTCMonth() + 1)}月${pad(d.getUTCDate())}日`
      : new Intl.DateTimeFormat("en-US", { month: "long", day: "numeric", year: "numeric", timeZone: "UTC" }).format(d);
  const time = new Intl.DateTimeFormat(locale === "ja" ? "ja-JP" : "en-US", {
    hour: "2-digit",
    minute: "2-digit",
    timeZone: "UTC",
    hour12: false,
  }).format(d);
  return `${date} ${time} UTC`;
}

test("the creator asks for two more days in Japanese, the client reads the reason in English and accepts", async ({
  page,
  browser,
  baseURL,
}, testInfo) => {
  test.setTimeout(180_000);
  const client = page;
  const creatorPage = await pageInNewContext(browser, baseURL!, `203.0.113.${230 + testInfo.repeatEachIndex}`);
  const creator = await newCreator(creatorPage);
  await switchToJapanese(creatorPage);
  const buyer = await signUpWithApi(client);
  const order = await insertOrder({
    sellerEmail: creator.email,
    buyerEmail: buyer.email,
    priceAmount: 10_000,
    title: `Extension mascot ${Date.now().toString(36)}`,
  });
  const now = Date.now();
  const deadline = now + 10 * DAY;
  await setOrderState(order.id, {
    progress: "APPROVED",
    payment: "COMPLETED",
    approvedAt: now - DAY,
    deliveryDeadline: deadline,
  });
  // Two days later, at the end of that day in UTC (how the form reads a chosen day).
  const newDay = new Date(deadline + 2 * DAY).toISOString().slice(0, 10);
  const newDeadline = Date.parse(`${newDay}T23:59:00Z`);

  // The creator, in Japanese: "Ask for more time", folded under the summary.
  await visit(creatorPage, `${MANAGEMENTS}?order=${order.code}`);
  const ask = creatorPage.getByTestId("extension-ask");
  await ask.locator("summary", { hasText: ja("extensions_ask_toggle") }).click();
  await expect(ask.getByRole("heading", { name: ja("extensions_ask_heading") })).toBeVisible();
  const date = ask.getByLabel(ja("extensions_date_label"), { exact: true });
  await date.fill(newDay);
  const reason = ask.getByRole("textbox", { name: ja("extensions_reason_label") });
  await reason.fill("   ");
  await ask.getByRole("button", { name: ja("extensions_ask_submit") }).click();
  await expect(ask.getByText("延長が必要な理由を1〜1000文字で入力してください。")).toBeVisible();
  await expect(reason).toHaveAttribute("aria-invalid", "true");
  // What was typed stays.
  await expect(date).toHaveValue(newDay);
  await expect(reason).toHaveValue("   ");
  await reason.fill(REASON.ja);
  // The counter as seen (its twin is the words a screen reader hears).
  await expect(ask.getByText(`${REASON.ja.length} / 1,000文字`).first()).toBeVisible();
  await expectAccessible(creatorPage);
  await ask.getByRole("button", { name: ja("extensions_ask_submit") }).click();
  // The request waits: the form goes, the note says until when.
  const waiting = creatorPage.getByTestId("order-extension");
  await expect(waiting.getByText(/依頼者の回答を待っています/)).toBeVisible();
  await expect(waiting.getByText(formatDateTime(newDeadline, "ja"), { exact: false })).toBeVisible();
  await expect(creatorPage.getByTestId("extension-ask")).toHaveCount(0);
  await expectAccessible(creatorPage);

  // The client, in English: the request, its reason read in English, the chat's line; then on a phone's width.
  const desktop = client.viewportSize()!;
  await visit(client, `${REQUESTS}?order=${order.code}`);
  const pending = client.getByTestId("extension-pending");
  await expect(pending.getByRole("heading", { name: "The creator asks for more time" })).toBeVisible();
  await expect(pending.getByText(formatDateTime(newDeadline, "en"))).toBeVisible();
  await expect(pending.getByText(REASON.en)).toBeVisible({ timeout: 15_000 });
  await expect(
    client.getByRole("log", { name: "Messages" }).getByText(/The creator asks to move the delivery date to/),
  ).toBeVisible();
  await client.setViewportSize({ width: 375, height: 812 });
  await expect(pending.getByText(REASON.en)).toBeVisible();
  expect(await client.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
  await expectAccessible(client);
  await client.setViewportSize(desktop);
  await pending.getByRole("button", { name: "Accept new date" }).click();

  // Both see the new date with the original beside it, and the chat's line.
  const moved = `${formatDateTime(newDeadline, "en")} (originally ${formatDateTime(deadline, "en")})`;
  await expect(client.getByTestId("next-step")).toContainText(moved);
  await expect(client.getByTestId("extension-pending")).toHaveCount(0);
  await expect(
    client.getByRole("log", { name: "Messages" }).getByText(/The client agreed: the delivery date is now/),
  ).toBeVisible();
  await expectAccessible(client);

  await visit(creatorPage, `${MANAGEMENTS}?order=${order.code}`);
  await expect(creatorPage.getByTestId("next-step")).toContainText(
    `${formatDateTime(newDeadline, "ja")}（当初は${formatDateTime(deadline, "ja")}）`,
  );
  const agreed = message("chat", "ja", "chat_notice_extension_accepted").split("{date}")[0]!;
  await expect(creatorPage.getByRole("log", { name: "メッセージ" }).getByText(agreed, { exact: false })).toBeVisible();
  // A new request may be asked for again.
  await expect(creatorPage.getByTestId("extension-ask")).toBeVisible();
  await expectAccessible(creatorPage);
  await creatorPage.context().close();
});
