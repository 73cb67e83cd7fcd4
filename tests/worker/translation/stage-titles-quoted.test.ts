// Issue 46: a stage title the creator wrote, read by the client in the client's language where it is quoted: in the
// chat's system notices (the panel asks the translation door, which finds the translation made when the stages were
// set) and in the billing history (read from stored translations in the page's one look-up, marked). The creator reads
// their own titles as written, everywhere. Against the translator's stand-in, shared with other test files running at
// once: each test's texts carry its own tag, its faults are scoped to the tag, and only calls carrying it are counted.
import { env } from "cloudflare:workers";
import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { createRoutesStub } from "react-router";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { ChatMessageItem } from "#app/components/chat/chat-message-item";
import { BillingHistory } from "#app/components/history/billing-history";
import { billingTexts, tableTexts } from "#app/loaders/history/table-texts.server";
import type { ChatMessagePage, ChatMessageView, ChatSide } from "#worker/chat/domain/chat-protocol";
import type { Locale } from "#worker/domain/locales";
import { stagesOfPlan } from "#worker/orders/domain/order-stages";
import type { TextReading } from "#worker/domain/text-reading";
import { withMessageLocale } from "#worker/messages/message-locale";
import { listPayments, listSales } from "#worker/orders/services/order-history";
import { translateForOtherReaders, translationBudgetOf, translationKeyOf } from "#worker/services/translations";
import { issueTranslationTicket } from "#worker/services/translation-tickets";
import { translatorFor } from "#worker/translation/translator";
import { uid } from "../support/auth-helpers";
import { chatOrder, list } from "../support/chat-fixtures";
import { call, db } from "../support/helpers";
import { insertSnapshot } from "../support/order-snapshot-fixtures";
import { insertOrderIn, newParty } from "../support/order-states";
import { setStandInFault, standInCallsWith, textCode } from "#tests/worker/support/translator-standin";
import { intoEachOther } from "./standin-targets";
import { orderStub } from "#worker/orders/order-stub";

let tag = "";
const faults = (body: Omit<Parameters<typeof setStandInFault>[0], "match">) => setStandInFault({ ...body, match: tag });
const calls = () => standInCallsWith([tag]);

beforeEach(() => {
  tag = `[${textCode()}]`;
});
afterEach(async () => {
  await faults({ mode: "ok" });
});

/** What the order page's setStages leaves in its waitUntil (order-translations.ts), awaited here: the creator's share. */
const translatedAsSet = (titles: string[], writerAccountId: string) =>
  translateForOtherReaders(db(), translatorFor(env), translationBudgetOf(env), {
    texts: titles,
    writerAccountId,
    now: Date.now(),
  });

/**
 * The translation door, as the chat panel asks it for a `pending` title (use-text-reading.tsx), as `cookie`, with the
 * ticket the loader gave the title (issue 62).
 */
async function door(cookie: string, text: string, target: Locale): Promise<TextReading> {
  const key = await translationKeyOf(text, target);
  const ticket = key === null ? undefined : await issueTranslationTicket(key, target, Date.now());
  const response = await call("/api/features/translation/read", {
    method: "POST",
    cookie,
    json: { text, target, ticket },
  });
  expect(response.status).toBe(200);
  return (await response.json<{ reading: TextReading }>()).reading;
}

const spentBy = (userAccountId: string) =>
  env.DB.prepare("SELECT characters FROM translation_usage WHERE day = ? AND scope = ?")
    .bind(new Date().toISOString().slice(0, 10), `writer:${userAccountId}`)
    .first<{ characters: number }>()
    .then((row) => row?.characters ?? 0);

// ───────────────────────── the chat's system notices ─────────────────────────

/** A paid order in two stages titled in Japanese by its creator, its chat room open, and its first stage previewed. */
async function previewedOrder() {
  const order = await chatOrder({ progress: "APPROVED", payment: "COMPLETED", chat: "OPENED" });
  const titles = [`ラフスケッチ ${tag}`, `仕上げと背景 ${tag}`];
  await env.DB.prepare("UPDATE commission_orders SET stages = ?, paid_at = ? WHERE id = ?")
    .bind(
      JSON.stringify(
        stagesOfPlan([
          { title: titles[0]!, sharePercent: 40, includedRevisions: 1 },
          { title: titles[1]!, sharePercent: 60, includedRevisions: 0 },
        ]),
      ),
      Date.now(),
      order.id,
    )
    .run();
  return { ...order, titles };
}
async function previewStage(order: Awaited<ReturnType<typeof previewedOrder>>) {
  const stub = orderStub(env.ORDER, order.id);
  const result = await stub.act(
    { type: "submitPreview", stage: 0 },
    { commissionAccountId: order.seller.commissionAccountId },
  );
  expect(result.status).toBe("done");
}
async function noticeAs(cookie: string, roomId: string): Promise<ChatMessageView> {
  const response = await list(cookie, roomId);
  expect(response.status).toBe(200);
  const notices = (await response.json<ChatMessagePage>()).messages.filter((message) => message.notice);
  expect(notices).toHaveLength(1);
  return notices[0]!;
}
const panel = (locale: Locale, message: ChatMessageView, viewerSide: ChatSide) =>
  withMessageLocale(locale, "http://localhost", () =>
    renderToStaticMarkup(
      createElement(ChatMessageItem, {
        message,
        mine: false,
        locale,
        time: new Intl.DateTimeFormat(locale, { timeZone: "UTC" }),
        onRetryTranslation: () => {},
        viewerSide,
      }),
    ),
  );

describe("a chat notice quoting a stage title", () => {
  it("the client reads the creator's title in English through the door, from the translation made when it was set", async () => {
    const order = await previewedOrder();
    await translatedAsSet(order.titles, order.seller.userAccountId);
    // Each title into each other language, once, the client's English first.
    const asSet = intoEachOther(order.titles, "ja");
    expect((await calls()).map((c) => [c.text, c.target_lang])).toEqual(asSet);
    await previewStage(order);

    // The room quotes the title as written, for both parties.
    const notice = await noticeAs(order.buyer.cookie, order.roomId);
    expect(notice.notice).toEqual({ key: "stage_previewed", stage: { index: 0, title: order.titles[0] } });

    // The client's panel shows the English sentence, the title as written until the door answers, "Translating…".
    const forClient = panel("en", notice, "buyer");
    expect(forClient).toContain(
      `Preview for Stage 1 (<span lang="ja" data-notice-title="true">${order.titles[0]}</span>)`,
    );
    expect(forClient).toContain("Translating…");
    // The door finds the translation stored: no call, nothing spent by the client.
    const reading = await door(order.buyer.cookie, order.titles[0]!, "en");
    expect(reading).toMatchObject({ kind: "translated", from: "ja" });
    expect(reading.kind === "translated" && reading.text).not.toBe(order.titles[0]);
    // The door found it stored: no call more.
    expect(await calls()).toHaveLength(asSet.length);
    expect(await spentBy(order.buyer.userAccountId)).toBe(0);

    // The creator's panel, even in English: their own title, as written, unmarked, nothing asked.
    const forCreator = panel("en", await noticeAs(order.seller.cookie, order.roomId), "seller");
    expect(forCreator).toContain(`<span lang="ja" data-notice-title="true">${order.titles[0]}</span>`);
    expect(forCreator).not.toContain("data-translation-marker");
    // The client reading Japanese: as written too.
    expect(panel("ja", notice, "buyer")).not.toContain("data-translation-marker");
  });

  it("with no translation stored and the translator failing, the notice is posted as ever, and the door's retry is the client's", async () => {
    const order = await previewedOrder();
    await faults({ mode: "fail" });
    await previewStage(order);
    const notice = await noticeAs(order.buyer.cookie, order.roomId);
    expect(notice.notice?.stage?.title).toBe(order.titles[0]);
    expect(await calls()).toEqual([]);

    // The panel's ask: unavailable (the original stays, with "Translation unavailable · Retry"), never an error.
    expect(await door(order.buyer.cookie, order.titles[0]!, "en")).toMatchObject({ kind: "unavailable", from: "ja" });
    await faults({ mode: "ok" });
    const sellerBefore = await spentBy(order.seller.userAccountId);
    expect(await door(order.buyer.cookie, order.titles[0]!, "en")).toMatchObject({ kind: "translated", from: "ja" });
    // The retry was the reader's: their share paid, not the creator's.
    expect(await spentBy(order.buyer.userAccountId)).toBeGreaterThan(0);
    expect(await spentBy(order.seller.userAccountId)).toBe(sellerBefore);
  });
});

// ───────────────────────── the histories ─────────────────────────

async function paidStagedOrder() {
  const [seller, buyer] = await Promise.all([newParty(), newParty()]);
  const order = await insertOrderIn("PAID", seller, buyer);
  const title = `うちの子の立ち絵 ${tag}`;
  const stageTitles = [`ラフスケッチ ${tag}`, `Colour flats ${tag}`, `仕上げと背景 ${tag}`];
  await insertSnapshot(order.id, { serviceTitle: title });
  const now = Date.now();
  await env.DB.batch([
    env.DB.prepare("UPDATE commission_orders SET stages = ? WHERE id = ?").bind(
      JSON.stringify(
        stagesOfPlan(
          stageTitles.map((stageTitle, i) => ({
            title: stageTitle,
            sharePercent: [30, 30, 40][i]!,
            includedRevisions: 1,
          })),
        ),
      ),
      order.id,
    ),
    env.DB.prepare(
      `INSERT INTO payment_transactions (id, order_id, buyer_id, transaction_status, idempotency_key, amount, currency_id, paid_at, created_at, updated_at)
       VALUES (?, ?, ?, 'COMPLETED', ?, 10000, (SELECT id FROM currencies WHERE code = 'JPY'), ?, ?, ?)`,
    ).bind(crypto.randomUUID(), order.id, buyer.commissionAccountId, `test-${uid()}`, now, now, now),
  ]);
  const input = (userAccountId: string, locale: Locale) => ({
    userAccountId,
    page: 1,
    locale,
    displayCurrencyCode: "JPY",
  });
  const billing = async (locale: Locale) =>
    (await listPayments(db(), input(buyer.userAccountId, locale))).items.find((item) => item.code === order.code)!;
  const sales = async (locale: Locale) =>
    (await listSales(db(), input(seller.userAccountId, locale))).items.find((item) => item.code === order.code)!;
  return { order, seller, buyer, title, stageTitles, billing, sales };
}

describe("stage titles in the histories", () => {
  it("the client's billing history reads them from stored translations only, marked; the creator's sales as written", async () => {
    const { seller, title, stageTitles, billing, sales } = await paidStagedOrder();
    const kinds = (readings: { titleReading: TextReading }[]) => readings.map((r) => r.titleReading.kind);

    // Nothing stored yet: the Japanese titles are pending (shown as written), the English one is the reader's own;
    // the history asked no translator.
    const before = await billing("en");
    expect(before.stages.map((stage) => stage.title)).toEqual(stageTitles);
    expect(kinds(before.stages)).toEqual(["pending", "original", "pending"]);
    expect(before.titleReading).toEqual({ kind: "pending", from: "ja", ticket: expect.any(String) });
    expect(await calls()).toEqual([]);

    // Once the stages' background translation has run (as on the order page), the history finds them stored.
    await translatedAsSet(stageTitles, seller.userAccountId);
    const made = await calls();
    // Each title into each language it is not written in, once: the Japanese ones into English first, the English one
    // into Japanese first.
    expect(made.map((c) => [c.text, c.target_lang])).toEqual([
      ...intoEachOther([stageTitles[0]!], "ja"),
      ...intoEachOther([stageTitles[1]!], "en"),
      ...intoEachOther([stageTitles[2]!], "ja"),
    ]);
    const after = await billing("en");
    expect(kinds(after.stages)).toEqual(["translated", "original", "translated"]);
    expect(after.stages[0]!.titleReading).toMatchObject({ kind: "translated", from: "ja" });
    expect(after.stages.map((stage) => stage.title)).toEqual(stageTitles);
    // The order's own title was never translated: still pending, and the view asked nobody.
    expect(after.titleReading.kind).toBe("pending");
    // A client reading Japanese reads the English stage translated, the Japanese ones as written.
    expect(kinds((await billing("ja")).stages)).toEqual(["original", "translated", "original"]);
    expect(await calls()).toHaveLength(made.length);

    // The creator's sales: their own titles, as written, in either language.
    for (const locale of ["en", "ja"] as const) {
      const sale = await sales(locale);
      expect(kinds(sale.stages)).toEqual(["original", "original", "original"]);
      expect(sale.titleReading.kind).toBe("original");
    }
    expect(await calls()).toHaveLength(made.length);

    // Rendered as the billing page renders it: each translated stage title in English (lang), marked in plain text.
    const html = withMessageLocale("en", "http://localhost", () => {
      const texts = tableTexts();
      const words = billingTexts();
      const Page = createRoutesStub([
        {
          path: "/",
          Component: () =>
            createElement(BillingHistory, { items: [after], page: 1, hasMore: false, texts, billing: words }),
        },
      ]);
      return renderToStaticMarkup(createElement(Page, { initialEntries: ["/"] }));
    });
    const english = (i: number) => {
      const reading = after.stages[i]!.titleReading;
      return reading.kind === "translated" ? reading.text : "";
    };
    const escaped = (text: string) => text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");
    expect(html).toContain(`1. <span lang="en">${escaped(english(0))}</span>`);
    expect(html).toContain(`3. <span lang="en">${escaped(english(2))}</span>`);
    // (The stand-in quotes a phrase it does not know inside its visibly marked answer; the title shown is that answer.)
    expect(html).not.toContain(`1. ${stageTitles[0]}`);
    expect(html).toContain(`2. ${stageTitles[1]}`);
    expect(html.match(/data-translation-marker/g)).toHaveLength(2);
    expect(html).toContain("(Translated from Japanese)");
    // The order's title, pending, is shown as written.
    expect(html).toContain(title);
  });
});
