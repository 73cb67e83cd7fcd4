// The mark under another party's text (use-text-reading.tsx, issue 62), rendered as the server renders it: Retry is
// offered only when it can succeed (a ticket to ask the door with), a text in a language Comet does not translate yet
// is shown as written in its own `lang` and labelled with that language in the reader's, and a page that does not ask
// says nothing of a translation on its way.
import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import type { Locale } from "#worker/domain/locales";
import type { TextReading } from "#worker/domain/text-reading";
import { withMessageLocale } from "#worker/messages/message-locale";
import { TranslatedText } from "./translated-text";

const render = (locale: Locale, text: string, reading: TextReading, ask = true) =>
  withMessageLocale(locale, "http://localhost", () =>
    renderToStaticMarkup(createElement(TranslatedText, { text, reading, ask })),
  );
const RETRY = /<button type="button"[^>]*>Retry<\/button>/;

describe("the mark under a text", () => {
  it("unavailable with a ticket: the original and a Retry", () => {
    const html = render("en", "ラフを確認しました。", { kind: "unavailable", from: "ja", ticket: "t" });
    expect(html).toContain('<p lang="ja">ラフを確認しました。</p>');
    expect(html).toContain("Translation unavailable");
    expect(html).toMatch(RETRY);
  });

  it("unavailable without a ticket (nothing the door can do): said, with no Retry", () => {
    const html = render("en", "ラフを確認しました。", { kind: "unavailable", from: "ja" });
    expect(html).toContain("Translation unavailable");
    expect(html).not.toContain("Retry");
  });

  it("unavailable with a ticket on a page that does not ask the door: no Retry", () => {
    const html = render("en", "ラフを確認しました。", { kind: "unavailable", from: "ja", ticket: "t" }, false);
    expect(html).not.toContain("Retry");
  });

  it("a foreign text: as written, in its language, labelled in English for an English reader", () => {
    const html = render("en", "캐릭터를 그려 주실 수 있나요?", { kind: "foreign", language: "ko" });
    expect(html).toContain('<p lang="ko">캐릭터를 그려 주실 수 있나요?</p>');
    expect(html).toContain("Written in Korean · not translated yet");
    expect(html).not.toContain("<button");
  });

  it("a foreign text labelled in Japanese for a Japanese reader", () => {
    const html = render("ja", "Merci beaucoup !", { kind: "foreign", language: "fr" });
    expect(html).toContain('lang="fr"');
    expect(html).toContain("フランス語で書かれています");
    const chinese = render("ja", "请帮我画角色。", { kind: "foreign", language: "zh-Hans" });
    expect(chinese).toContain('lang="zh-Hans"');
    expect(chinese).toContain("簡体中国語で書かれています");
  });

  it("pending: 'Translating…' on a page that asks, nothing on one that does not", () => {
    const reading: TextReading = { kind: "pending", from: "ja", ticket: "t" };
    expect(render("en", "ラフを確認しました。", reading)).toContain("Translating…");
    expect(render("en", "ラフを確認しました。", reading, false)).not.toContain("data-translation-marker");
  });
});
