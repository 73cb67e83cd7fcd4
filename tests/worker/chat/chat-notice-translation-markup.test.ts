// Issue 46: a system message quoting a stage title, on the chat panel, rendered as the server renders it in each
// interface language. The creator wrote the title: the client reads it in their language (until the translation door
// answers, the original in its own language, "Translating…"), the creator as written; the notice's sentence is always
// the reader's page's, and only the title carries `lang`.
import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { ChatMessageItem } from "#app/components/chat/chat-message-item";
import { noticeTitleReading, noticeWords } from "#app/components/chat/chat-notice";
import type { ChatMessageView, ChatSide, ChatSystemNotice } from "#worker/chat/domain/chat-protocol";
import type { Locale } from "#worker/domain/locales";
import { withMessageLocale } from "#worker/messages/message-locale";

const JAPANESE_TITLE = "ラフスケッチ";
const ENGLISH_TITLE = "Rough sketch";

const system = (notice: ChatSystemNotice): ChatMessageView => ({
  id: "n1",
  seq: 3,
  roomId: "room",
  clientMessageId: "order:3",
  sender: null,
  notice,
  messageTexts: [],
  untranslated: [],
  messageMedias: [],
  createdAt: Date.UTC(2026, 10, 26, 12),
});
const previewed = (title: string) => system({ key: "stage_previewed", stage: { index: 0, title } });

const render = (locale: Locale, view: ChatMessageView, viewerSide?: ChatSide) =>
  withMessageLocale(locale, "http://localhost", () =>
    renderToStaticMarkup(
      createElement(ChatMessageItem, {
        message: view,
        mine: false,
        locale,
        time: new Intl.DateTimeFormat(locale, { timeZone: "UTC" }),
        onRetryTranslation: () => {},
        viewerSide,
      }),
    ),
  );

describe("a system message quoting a stage title, on the panel", () => {
  it("the client reading English: the sentence in English, the Japanese title in its language, 'Translating…'", () => {
    const html = render("en", previewed(JAPANESE_TITLE), "buyer");
    expect(html).toContain(
      `Preview for Stage 1 (<span lang="ja" data-notice-title="true">${JAPANESE_TITLE}</span>) posted`,
    );
    expect(html).toContain("data-translation-marker");
    expect(html).toContain("Translating…");
  });

  it("the client reading Japanese an English title: the sentence in Japanese, the mark in Japanese", () => {
    const html = render("ja", previewed(ENGLISH_TITLE), "buyer");
    expect(html).toContain(
      `ステージ1（<span lang="en" data-notice-title="true">${ENGLISH_TITLE}</span>）のプレビューが投稿されました`,
    );
    expect(html).toContain("翻訳中");
  });

  it("the creator reads their own title as written, unmarked (its language still said)", () => {
    const html = render("en", previewed(JAPANESE_TITLE), "seller");
    expect(html).toContain(`<span lang="ja" data-notice-title="true">${JAPANESE_TITLE}</span>`);
    expect(html).not.toContain("data-translation-marker");
    // A panel that does not say whose it is reads titles as written too: never a translation nobody needs.
    expect(render("en", previewed(JAPANESE_TITLE))).not.toContain("data-translation-marker");
  });

  it("a title in the client's own language, or with no letters, is shown as written with no lang and no mark", () => {
    for (const [locale, title] of [
      ["en", ENGLISH_TITLE],
      ["ja", JAPANESE_TITLE],
      ["en", "2 / 3"],
    ] as const) {
      const html = render(locale, previewed(title), "buyer");
      expect(html).toContain(`<span data-notice-title="true">${title}</span>`);
      expect(html).not.toContain("data-translation-marker");
    }
  });

  it("every stage notice quotes the title the same way; a notice without a title is one line as before", () => {
    for (const key of [
      "stage_revision_requested",
      "stage_revision_granted",
      "stage_approved",
      "stage_auto_approved",
    ] as const) {
      const html = render("en", system({ key, stage: { index: 1, title: JAPANESE_TITLE } }), "buyer");
      expect(html).toContain(`Stage 2 (<span lang="ja" data-notice-title="true">${JAPANESE_TITLE}</span>)`);
      expect(html).toContain("Translating…");
    }
    const updated = render("en", system({ key: "stages_updated" }), "buyer");
    expect(updated).toContain('<p class="font-medium">The milestones were changed</p>');
    expect(updated).not.toContain("data-notice-title");
    const canceled = render(
      "en",
      system({ key: "staged_order_canceled", money: { currency: "JPY", refunded: 7_000, kept: 3_000 } }),
      "buyer",
    );
    expect(canceled).toContain("Order canceled: ¥7,000 refunded, ¥3,000 kept for approved stages");
    expect(canceled).not.toContain("data-translation-marker");
  });
});

describe("the notice's words and its title's reading", () => {
  it("the sentence is cut around the title only: joined back, it is the whole sentence", () => {
    const words = withMessageLocale("ja", "http://localhost", () =>
      noticeWords({ key: "stage_approved", stage: { index: 0, title: JAPANESE_TITLE } }, "ja"),
    );
    expect(words).toEqual({ before: "ステージ1（", title: JAPANESE_TITLE, after: "）が承認されました" });
  });

  it("only the buyer needs a translation, and only across languages; it is pending until the door answers", () => {
    expect(noticeTitleReading(JAPANESE_TITLE, "buyer", "en")).toEqual({
      reading: { kind: "pending", from: "ja" },
      writtenIn: "ja",
    });
    expect(noticeTitleReading(JAPANESE_TITLE, "seller", "en")).toEqual({
      reading: { kind: "original" },
      writtenIn: "ja",
    });
    expect(noticeTitleReading(JAPANESE_TITLE, "buyer", "ja")).toEqual({
      reading: { kind: "original" },
      writtenIn: undefined,
    });
  });
});
