// Issue 46, decision 078: a chat message is delivered at once in its original, and its translation into the other
// party's language follows over the same socket; it is kept with the message in the ChatRoom object and in D1's copy,
// the catch-up and a room reloaded from D1 carry it, and a translator that fails, is slow or is over budget leaves the
// message delivered with its original and "unavailable", which a retry (paid by the reader) mends. Against the
// translator's stand-in, shared with other test files running at once: each test's texts carry its own tag, its
// faults are scoped to that tag, and it counts only the calls that carry it.
import { env } from "cloudflare:workers";
import { evictDurableObject, runInDurableObject } from "cloudflare:test";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { chatOrder, list, openSocket, sent } from "../support/chat-fixtures";
import { call } from "../support/helpers";
import { chatRoomStub } from "#worker/chat/services/chat-rooms";
import type { ChatMessagePage, ChatMessageView, ChatServerFrame } from "#worker/chat/domain/chat-protocol";
import { setStandInFault, standInCallsWith, textCode } from "#tests/worker/support/translator-standin";

let tag = "";
let code = "";
const faults = (body: Omit<Parameters<typeof setStandInFault>[0], "match">) =>
  setStandInFault({ ...body, match: code });
const calls = () => standInCallsWith([code]);

beforeEach(() => {
  code = textCode();
  tag = `[${code}]`;
});
afterEach(async () => {
  await faults({ mode: "ok" });
});

const sendFrame = (text: string, clientMessageId: string = crypto.randomUUID()) => ({
  type: "send",
  clientMessageId,
  messageText: { text, languageCode: "en" },
  messageMedias: [],
});

/** An order whose buyer reads Japanese (their account's interface language) and whose seller reads English. */
async function bilingualOrder() {
  const order = await chatOrder();
  await env.DB.prepare("UPDATE user_accounts SET display_language_code = 'ja' WHERE id = ?")
    .bind(order.buyer.userAccountId)
    .run();
  return order;
}

const japanese = (message: Pick<ChatMessageView, "messageTexts">) =>
  message.messageTexts.find((row) => !row.isOriginal && row.languageCode === "ja");
const translationOf = (seq: number) => (f: Extract<ChatServerFrame, { type: "translation" }>) => f.seq === seq;

async function until<T>(read: () => Promise<T>, done: (value: T) => boolean, what: string): Promise<T> {
  for (let tries = 0; tries < 200; tries++) {
    const value = await read();
    if (done(value)) return value;
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  throw new Error(`never: ${what}`);
}

const d1Translations = (messageId: string) =>
  env.DB.prepare("SELECT translations FROM chat_messages WHERE id = ?")
    .bind(messageId)
    .first<{ translations: string | null }>()
    .then((row) => row?.translations ?? null);

const page = async (cookie: string, roomId: string, query = "") =>
  (await list(cookie, roomId, query)).json<ChatMessagePage>();

describe("a chat message across the language wall", () => {
  it("is delivered at once in its original; its translation follows over the socket to everyone, stored with it and in D1", async () => {
    const order = await bilingualOrder();
    const seller = await openSocket(order.roomId, order.seller.cookie);
    const buyer = await openSocket(order.roomId, order.buyer.cookie, { "accept-language": "ja" });
    await Promise.all([seller.next("hello"), buyer.next("hello")]);
    const text = `Thank you for your request! ${tag}`;
    seller.send(sendFrame(text));
    const delivered = (await buyer.next("message")).message;
    // Delivered as written: the original alone, in its detected language.
    expect(delivered.messageTexts).toEqual([{ text, languageCode: "en", isOriginal: true }]);
    expect(delivered.untranslated).toEqual([]);
    const [atBuyer, atSeller] = await Promise.all([
      buyer.next("translation", translationOf(delivered.seq)),
      seller.next("translation", translationOf(delivered.seq)),
    ]);
    expect(atBuyer).toEqual(atSeller);
    expect(atBuyer.messageTexts[0]).toEqual({ text, languageCode: "en", isOriginal: true });
    const translated = japanese(atBuyer);
    expect(translated?.text).toBeTruthy();
    expect(translated?.text).not.toBe(text);
    expect(await calls()).toHaveLength(1);

    // The same text again is no second call to the translator: it is stored by its content.
    seller.send(sendFrame(text));
    const again = await buyer.next("translation", translationOf(delivered.seq + 1));
    expect(japanese(again)?.text).toBe(translated?.text);
    expect(await calls()).toHaveLength(1);

    // D1's copy gets it, beside the original it never replaces.
    const stored = await until(() => d1Translations(delivered.id), Boolean, "the translation in D1");
    expect(JSON.parse(stored!)).toEqual({ texts: { ja: translated?.text }, untranslated: [] });
    const original = await env.DB.prepare(
      "SELECT text FROM localized_texts WHERE entity_type = 'chat_message' AND entity_id = ? AND field = 'text'",
    )
      .bind(delivered.id)
      .first<{ text: string }>();
    expect(original?.text).toBe(text);
    seller.close();
    buyer.close();
  });

  it("the catch-up after a reconnect carries the translation of a message sent while the reader was away", async () => {
    const order = await bilingualOrder();
    const buyer = await openSocket(order.roomId, order.buyer.cookie, { "accept-language": "ja" });
    const hello = await buyer.next("hello");
    buyer.close();
    // Sent over HTTP while the buyer is away: translated into their interface language all the same.
    const message = await sent(order.seller.cookie, order.roomId, { text: `Here is the first sketch. ${tag}` });
    expect(message.messageTexts).toHaveLength(1);
    const caughtUp = await until(
      () => page(order.buyer.cookie, order.roomId, `&after=${hello.lastSeq}`),
      (p) => p.messages.some((m) => japanese(m)),
      "the catch-up with its translation",
    );
    expect(caughtUp.messages[0]).toMatchObject({ id: message.id, untranslated: [] });
    expect(caughtUp.messages[0].messageTexts[0]).toMatchObject({
      text: message.messageTexts[0].text,
      isOriginal: true,
    });
    // And the history too.
    expect(japanese((await page(order.buyer.cookie, order.roomId)).messages[0])).toEqual(
      japanese(caughtUp.messages[0]),
    );
  });

  it("a room reloaded from D1 (its object's storage gone) keeps its messages' translations", async () => {
    const order = await bilingualOrder();
    const message = await sent(order.seller.cookie, order.roomId, { text: `The colours are ready. ${tag}` });
    const stored = await until(() => d1Translations(message.id), Boolean, "the translation in D1");
    const stub = chatRoomStub(env, order.roomId);
    await runInDurableObject(stub, async (_instance, state) => {
      await state.storage.deleteAll();
    });
    await evictDurableObject(stub);
    const reloaded = (await page(order.buyer.cookie, order.roomId)).messages;
    expect(reloaded.map((m) => m.id)).toEqual([message.id]);
    expect(japanese(reloaded[0])?.text).toBe(JSON.parse(stored!).texts.ja);
    expect(await calls()).toHaveLength(1);
  });

  it("a translator that fails leaves the message delivered with its original and 'unavailable'; a retry, paid by the reader, translates it", async () => {
    const order = await bilingualOrder();
    await faults({ mode: "fail", times: 10 });
    const buyer = await openSocket(order.roomId, order.buyer.cookie, { "accept-language": "ja" });
    await buyer.next("hello");
    const text = `Could you check the pose? ${tag}`;
    const message = await sent(order.seller.cookie, order.roomId, { text });
    const delivered = (await buyer.next("message")).message;
    expect(delivered).toMatchObject({ id: message.id, messageTexts: [{ text, isOriginal: true }] });
    const failed = await buyer.next("translation", translationOf(delivered.seq));
    expect(failed).toMatchObject({ messageTexts: [{ text, isOriginal: true }], untranslated: ["ja"] });
    // The catch-up says so too (the page shows the retry).
    expect((await page(order.buyer.cookie, order.roomId)).messages[0].untranslated).toEqual(["ja"]);

    await faults({ mode: "ok" });
    const day = new Date().toISOString().slice(0, 10);
    const spent = (account: string) =>
      env.DB.prepare("SELECT characters FROM translation_usage WHERE day = ? AND scope = ?")
        .bind(day, `writer:${account}`)
        .first<{ characters: number }>()
        .then((row) => row?.characters ?? 0);
    const sellerBefore = await spent(order.seller.userAccountId);
    buyer.send({ type: "translate", seq: delivered.seq });
    const mended = await buyer.next("translation", (f) => f.seq === delivered.seq && f.untranslated.length === 0);
    expect(japanese(mended)?.text).toBeTruthy();
    // The retry was the reader's: their share paid, not the writer's.
    expect(await spent(order.buyer.userAccountId)).toBeGreaterThan(0);
    expect(await spent(order.seller.userAccountId)).toBe(sellerBefore);
    // Asking again for a translation that exists answers it to the asker, calling nobody.
    const before = (await calls()).length;
    buyer.send({ type: "translate", seq: delivered.seq });
    await until(
      async () => buyer.frames.filter((f) => f.type === "translation" && f.seq === delivered.seq).length,
      (n) => n >= 3,
      "the stored translation answered",
    );
    expect(await calls()).toHaveLength(before);
    buyer.close();
  });

  it("the retry over HTTP (the page's socket down) translates into the caller's language, for a party only", async () => {
    const order = await bilingualOrder();
    await faults({ mode: "refuse", times: 10 });
    const text = `The deadline is next Friday. ${tag}`;
    const message = await sent(order.seller.cookie, order.roomId, { text });
    await until(
      async () => (await page(order.buyer.cookie, order.roomId)).messages[0].untranslated,
      (untranslated) => untranslated.includes("ja"),
      "the failure kept with the message",
    );
    await faults({ mode: "ok" });
    const retry = (cookie: string) =>
      call("/api/features/chat/message/translate", {
        method: "POST",
        cookie,
        headers: { "accept-language": "ja" },
        json: { chatRoomId: order.roomId, seq: message.seq },
      });
    expect((await retry(order.stranger.cookie)).status).toBe(404);
    // The writer asking for their own message changes nothing and calls nobody.
    const own = await (await retry(order.seller.cookie)).json<{ untranslated: string[] }>();
    expect(own.untranslated).toEqual(["ja"]);
    const before = (await calls()).length;
    const mended = await retry(order.buyer.cookie);
    expect(mended.status).toBe(200);
    const body = await mended.json<Pick<ChatMessageView, "messageTexts" | "untranslated">>();
    expect(body.untranslated).toEqual([]);
    expect(japanese(body)?.text).toBeTruthy();
    expect(await calls()).toHaveLength(before + 1);
    expect(japanese((await page(order.buyer.cookie, order.roomId)).messages[0])).toEqual(japanese(body));
  });

  it("a slow translator delays nothing: the message arrives first, its translation after", async () => {
    const order = await bilingualOrder();
    await faults({ mode: "slow", delayMs: 1_500, times: 1 });
    const buyer = await openSocket(order.roomId, order.buyer.cookie, { "accept-language": "ja" });
    await buyer.next("hello");
    const started = Date.now();
    const message = await sent(order.seller.cookie, order.roomId, { text: `I will send it tomorrow. ${tag}` });
    await buyer.next("message");
    expect(Date.now() - started).toBeLessThan(1_500);
    expect(buyer.frames.some((f) => f.type === "translation")).toBe(false);
    const translation = await buyer.next("translation", translationOf(message.seq));
    expect(Date.now() - started).toBeGreaterThanOrEqual(1_500);
    expect(japanese(translation)).toBeTruthy();
    buyer.close();
  });

  it("a writer over their budget share: the message is delivered, its translation 'unavailable', no call made", async () => {
    const order = await bilingualOrder();
    const day = new Date().toISOString().slice(0, 10);
    await env.DB.prepare("INSERT INTO translation_usage (day, scope, characters) VALUES (?, ?, ?)")
      .bind(day, `writer:${order.seller.userAccountId}`, 20_000)
      .run();
    const buyer = await openSocket(order.roomId, order.buyer.cookie, { "accept-language": "ja" });
    await buyer.next("hello");
    const message = await sent(order.seller.cookie, order.roomId, { text: `Please confirm the size. ${tag}` });
    expect((await buyer.next("message")).message.id).toBe(message.id);
    expect((await buyer.next("translation", translationOf(message.seq))).untranslated).toEqual(["ja"]);
    expect(await calls()).toHaveLength(0);
    buyer.close();
  });

  it("a message in the reader's own language, or with no letters (a link, an emoji), is not translated", async () => {
    const order = await bilingualOrder();
    const seller = await openSocket(order.roomId, order.seller.cookie);
    await seller.next("hello");
    // The buyer reads Japanese and writes it; the seller reads English: the seller's English page gets a translation,
    // but a Japanese message to a Japanese reader is never sent to the translator.
    await env.DB.prepare("UPDATE user_accounts SET display_language_code = 'ja' WHERE id = ?")
      .bind(order.seller.userAccountId)
      .run();
    seller.close();
    const same = await sent(order.buyer.cookie, order.roomId, { text: `よろしくお願いします。${tag}` });
    expect(same.messageTexts).toEqual([{ text: `よろしくお願いします。${tag}`, languageCode: "ja", isOriginal: true }]);
    const link = await sent(order.seller.cookie, order.roomId, { text: `https://example.com/${code} 👍` });
    expect(link.messageTexts[0]).toMatchObject({ isOriginal: true });
    // Long enough for a translation to have been made, were one to be.
    await sent(order.seller.cookie, order.roomId, { text: "🎨" });
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(await calls()).toHaveLength(0);
    const messages = (await page(order.buyer.cookie, order.roomId)).messages;
    expect(messages.map((m) => [m.messageTexts.length, m.untranslated])).toEqual([
      [1, []],
      [1, []],
      [1, []],
    ]);
  });
});
