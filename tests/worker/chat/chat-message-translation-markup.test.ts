// Issue 46: what the chat panel shows of a message across the language wall, rendered as the server renders it in
// each interface language: the other party's message in the reader's language with its mark and the original one
// click away, "Translating…" while it is on its way, "Translation unavailable · Retry" when it failed; the writer's
// own message as written, with "Show translation" only once one exists.
import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { ChatMessageItem } from "#app/components/chat/chat-message-item";
import type { ChatMessageView } from "#worker/chat/domain/chat-protocol";
import type { Locale } from "#worker/domain/locales";
import { withMessageLocale } from "#worker/messages/message-locale";

const original = { text: "ラフを確認しました。", languageCode: "ja", isOriginal: true };
const english = { text: "I checked the rough sketch.", languageCode: "en", isOriginal: false };

const message = (texts: ChatMessageView["messageTexts"], untranslated: string[] = []): ChatMessageView => ({
  id: "m1",
  seq: 1,
  roomId: "room",
  clientMessageId: null,
  sender: { userAccountId: "seller", side: "seller", name: "Aoi", avatarUrl: null },
  notice: null,
  messageTexts: texts,
  untranslated,
  messageMedias: [],
  createdAt: Date.UTC(2026, 10, 26, 12),
});

const render = (locale: Locale, view: ChatMessageView, mine: boolean) =>
  withMessageLocale(locale, "http://localhost", () =>
    renderToStaticMarkup(
      createElement(ChatMessageItem, {
        message: view,
        mine,
        locale,
        time: new Intl.DateTimeFormat(locale, { timeZone: "UTC" }),
        onRetryTranslation: () => {},
      }),
    ),
  );

describe("a chat message across the language wall, on the panel", () => {
  it("the other party's message reads in the viewer's language, marked, with the original one click away", () => {
    const html = render("en", message([original, english]), false);
    expect(html).toContain('lang="en"');
    expect(html).toContain("I checked the rough sketch.");
    expect(html).not.toContain("ラフを確認しました。");
    expect(html).toContain("Translated from Japanese");
    expect(html).toMatch(/<button type="button"[^>]*>Show original<\/button>/);
  });

  it("while its translation is on its way: the original, in its language, 'Translating…'", () => {
    const html = render("en", message([original]), false);
    expect(html).toContain('lang="ja"');
    expect(html).toContain("ラフを確認しました。");
    expect(html).toContain("Translating…");
  });

  it("when the translator failed: the original with 'Translation unavailable · Retry' (a button)", () => {
    const html = render("en", message([original], ["en"]), false);
    expect(html).toContain("ラフを確認しました。");
    expect(html).toContain("Translation unavailable");
    expect(html).toMatch(/<button type="button"[^>]*>Retry<\/button>/);
  });

  it("a message in the viewer's own language is shown as written, unmarked", () => {
    const html = render("ja", message([original, english]), false);
    expect(html).toContain("ラフを確認しました。");
    expect(html).not.toContain("data-translation-marker");
  });

  it("the writer's own message: as written, 'Show translation' only once one exists (in Japanese on a Japanese page)", () => {
    const withOne = render("ja", message([original, english]), true);
    expect(withOne).toContain("ラフを確認しました。");
    expect(withOne).not.toContain("I checked the rough sketch.");
    expect(withOne).toMatch(/<button type="button" aria-expanded="false"[^>]*>翻訳を表示<\/button>/);
    expect(render("ja", message([original]), true)).not.toContain("翻訳を表示");
  });
});
