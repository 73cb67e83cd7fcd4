// The mark under another party's text (use-text-reading.tsx, issue 62), rendered as the server renders it: Retry is
// offered only when it can succeed (a ticket to ask the door with), a text in a language Comet does not translate yet
// is shown as written in its own `lang` and labelled with that language in the reader's, a text in any of Comet's five
// languages (Korean and Chinese since issue 65) is translated and marked with its language named in the reader's, and a
// page that does not ask says nothing of a translation on its way.
import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import type { Locale } from "#worker/domain/locales";
import { detectTextLanguage, detectWrittenLanguage } from "#worker/domain/text-language";
import type { TextReading } from "#worker/domain/text-reading";
import { withMessageLocale } from "#worker/messages/message-locale";
import { TranslatedText } from "./translated-text";
import { languageName } from "./use-text-reading";

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
    const html = render("en", "Können Sie meine Figur zeichnen?", { kind: "foreign", language: "de" });
    expect(html).toContain('<p lang="de">Können Sie meine Figur zeichnen?</p>');
    expect(html).toContain("Written in German · not translated yet");
    expect(html).not.toContain("<button");
  });

  it("a foreign text labelled in Japanese for a Japanese reader", () => {
    const html = render("ja", "Merci beaucoup !", { kind: "foreign", language: "fr" });
    expect(html).toContain('lang="fr"');
    expect(html).toContain("フランス語で書かれています");
    const german = render("ja", "Können Sie meine Figur zeichnen?", { kind: "foreign", language: "de" });
    expect(german).toContain('lang="de"');
    expect(german).toContain("ドイツ語で書かれています");
  });

  it("Korean and Chinese are Comet's own: read as ko and zh-Hant, translated and marked as Japanese is", () => {
    const cases = [
      { text: "ラフを確認しました。", from: "ja", name: "Japanese" },
      { text: "캐릭터를 그려 주실 수 있나요?", from: "ko", name: "Korean" },
      { text: "請幫我畫角色，謝謝。", from: "zh-Hant", name: "Traditional Chinese" },
    ] as const;
    for (const { text, from, name } of cases) {
      expect(detectWrittenLanguage(text)).toBe(from);
      expect(detectTextLanguage(text)).toBe(from);
      const html = render("en", text, { kind: "translated", from, text: "Could you draw my character?" });
      expect(html).toContain('<p lang="en">Could you draw my character?</p>');
      expect(html).toContain(`Translated from ${name} · `);
      expect(html).toMatch(/<button type="button"[^>]*>Show original<\/button>/);
      expect(html).not.toContain("not translated yet");
      // Before its translation is stored: the original in its own `lang`, and the door asked, as for Japanese.
      const waiting = render("en", text, { kind: "pending", from, ticket: "t" });
      expect(waiting).toContain(`<p lang="${from}">${text}</p>`);
      expect(waiting).toContain("Translating…");
    }
  });

  it("names each of the five languages in the reader's own", () => {
    const korean: TextReading = { kind: "translated", from: "ko", text: "キャラクターを描いていただけますか？" };
    expect(render("ja", "캐릭터를 그려 주실 수 있나요?", korean)).toContain("韓国語から翻訳");
    const simplified: TextReading = { kind: "translated", from: "zh-Hans", text: "請幫我畫角色。" };
    expect(render("zh-Hant", "请帮我画角色。", simplified)).toContain("翻譯自簡體中文");
    const traditional: TextReading = { kind: "translated", from: "zh-Hant", text: "请帮我画角色。" };
    expect(render("zh-Hans", "請幫我畫角色。", traditional)).toContain("译自繁体中文");
    const japanese: TextReading = { kind: "translated", from: "ja", text: "러프를 확인했어요." };
    expect(render("ko", "ラフを確認しました。", japanese)).toContain("일본어에서 번역됨");
    expect(languageName("zh-Hans", "ko")).toBe("중국어(간체)");
    expect(languageName("zh-Hant", "ja")).toBe("繁体中国語");
    expect(languageName("en", "zh-Hant")).toBe("英文");
  });

  it("pending: 'Translating…' on a page that asks, nothing on one that does not", () => {
    const reading: TextReading = { kind: "pending", from: "ja", ticket: "t" };
    expect(render("en", "ラフを確認しました。", reading)).toContain("Translating…");
    expect(render("en", "ラフを確認しました。", reading, false)).not.toContain("data-translation-marker");
  });
});
