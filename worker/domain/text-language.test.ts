import { describe, expect, it } from "vitest";
import {
  detectTextLanguage,
  FOREIGN_LANGUAGES,
  isForeignLanguage,
  detectWrittenLanguage,
  needsTranslation,
  segmentForTranslation,
  translationKeepsSpans,
} from "./text-language";

describe("detectTextLanguage", () => {
  it("reads English and Japanese by their scripts", () => {
    expect(detectTextLanguage("Could you draw my character in a kimono?")).toBe("en");
    expect(detectTextLanguage("キャラクターを着物姿で描いていただけますか？")).toBe("ja");
    expect(detectTextLanguage("よろしくお願いします")).toBe("ja");
    expect(detectTextLanguage("了解")).toBe("ja");
  });

  it("judges a mixed text by what carries it: English names in Japanese, a kanji name in English", () => {
    expect(detectTextLanguage("Aliceさんのイラストをお願いします。Live2Dモデルも検討中です。")).toBe("ja");
    expect(detectTextLanguage("VTuberの立ち絵、Live2D対応でお願いします")).toBe("ja");
    expect(detectTextLanguage("Please draw my OC 桜 with her sword, full body, white background.")).toBe("en");
    expect(detectTextLanguage("Thanks! ありがとう")).toBe("ja");
  });

  it("does not count what a translation keeps: links, handles, codes and amounts", () => {
    expect(detectTextLanguage("参考です https://example.com/very/long/english/words/in/a/path")).toBe("ja");
    expect(detectTextLanguage("予算は¥30,000です")).toBe("ja");
    expect(detectTextLanguage("Budget $300, order ABCD2345")).toBe("en");
  });

  it("is null for a text with no letters: numbers, emoji, a link alone", () => {
    for (const text of ["", "   ", "12345", "👍🎉", "https://example.com/a", "¥10,000", "@alice123", "!!!"])
      expect(detectTextLanguage(text), text).toBeNull();
  });
});

describe("detectWrittenLanguage", () => {
  it("reads Hangul as Korean, and a Japanese text quoting a Korean word as Japanese", () => {
    expect(detectWrittenLanguage("안녕하세요! 캐릭터 일러스트 의뢰 가능할까요?")).toBe("ko");
    expect(detectWrittenLanguage("전신 일러스트, 배경 포함으로 부탁드립니다. 예산은 ¥30,000입니다.")).toBe("ko");
    expect(detectWrittenLanguage("韓国語の「사랑」という文字を背景に入れてほしいです")).toBe("ja");
  });

  it("reads any kana as Japanese, even among Chinese-looking ideographs", () => {
    expect(detectWrittenLanguage("ラフ確認しました。線画に進んでください。")).toBe("ja");
    expect(detectWrittenLanguage("了解です")).toBe("ja");
  });

  it("reads ideographs with Chinese-only forms as Chinese, in the script their forms are in", () => {
    expect(detectWrittenLanguage("你好，我想约一张立绘，可以商用吗？")).toBe("zh-Hans");
    expect(detectWrittenLanguage("草稿已经收到了，谢谢！线稿什么时候可以完成？")).toBe("zh-Hans");
    expect(detectWrittenLanguage("您好，請問這個價錢可以商用嗎？")).toBe("zh-Hant");
    expect(detectWrittenLanguage("草圖收到了，謝謝！線稿什麼時候可以完成？")).toBe("zh-Hant");
    // Traditional by the forms it shares with Japanese (謝), once 你 has said it is Chinese.
    expect(detectWrittenLanguage("謝謝你")).toBe("zh-Hant");
    expect(detectWrittenLanguage("谢谢你")).toBe("zh-Hans");
  });

  it("reads Chinese grammar (的, 了, 是) in ideographs both languages share as Chinese, simplified when undecidable", () => {
    expect(detectWrittenLanguage("我的角色是白色的")).toBe("zh-Hans");
    expect(detectWrittenLanguage("背景是白色的")).toBe("zh-Hans");
  });

  it("keeps an all-kanji Japanese note Japanese, the particles' Japanese compounds too", () => {
    for (const note of [
      "線画修正依頼",
      "来週納品予定",
      "国際郵便",
      "納品完了",
      "了解",
      "商用利用目的",
      "是非",
      "具体的内容確認",
    ])
      expect(detectWrittenLanguage(note), note).toBe("ja");
  });

  it("reads Latin letters as English unless another language's own words carry the text", () => {
    expect(detectWrittenLanguage("Gracias por tu pedido, el boceto está listo")).toBe("es");
    expect(detectWrittenLanguage("¿Puedes añadir un fondo? Quiero la ilustración para mi canal.")).toBe("es");
    expect(
      detectWrittenLanguage("Bonjour ! Je voudrais une illustration de mon personnage, c'est pour ma chaîne."),
    ).toBe("fr");
    expect(detectWrittenLanguage("Hallo, ich möchte bitte eine Illustration für meinen Kanal, mit Hintergrund.")).toBe(
      "de",
    );
    expect(detectWrittenLanguage("Olá! Obrigado pelo esboço, está muito bom. Você pode mudar a cor do cabelo?")).toBe(
      "pt",
    );
    expect(detectWrittenLanguage("Ciao! Vorrei un ritratto del mio personaggio, è per il mio canale. Grazie!")).toBe(
      "it",
    );
  });

  it("reads a short thanks or question by its own words, and tells neighbours apart", () => {
    const expected = {
      "Muchas gracias": "es",
      "Merci beaucoup !": "fr",
      "Vielen Dank!": "de",
      "Muito obrigado!": "pt",
      "Grazie mille!": "it",
      "Una pregunta: ¿puedo usarlo en YouTube?": "es",
      "Una domanda: posso usarlo su YouTube?": "it",
      "Uma pergunta: posso usar no YouTube?": "pt",
    };
    for (const [text, language] of Object.entries(expected)) expect(detectWrittenLanguage(text), text).toBe(language);
  });

  it("keeps short English English, and English that borrows a word or a name", () => {
    for (const text of [
      "Thanks!",
      "OK",
      "Gracias!",
      "Looks great, thank you so much",
      "My OC says ¡Hola! in her intro, please draw her with a piñata",
      "Can you draw her in a café, à la mode style?",
      "Pokémon fan art, la la la",
      "Reference: Müller's design sheet",
    ])
      expect(detectWrittenLanguage(text), text).toBe("en");
  });

  it("does not count kept spans, and is null without letters", () => {
    expect(detectWrittenLanguage("¥10,000 https://example.com/el/la/los/de/que/por")).toBeNull();
    // The English words of a link are not the writer's: this is Spanish.
    expect(detectWrittenLanguage("Gracias por todo https://example.com/the/and/you/your/thanks/please")).toBe("es");
    expect(detectWrittenLanguage("👍")).toBeNull();
  });
});

describe("detectTextLanguage of Chinese and Korean, Comet's own since issue 65", () => {
  it("reads Chinese as zh-Hans or zh-Hant by its forms, and Hangul as ko", () => {
    expect(detectTextLanguage("你好，我想约一张立绘，可以商用吗？")).toBe("zh-Hans");
    expect(detectTextLanguage("草稿已经收到了，谢谢！线稿什么时候可以完成？")).toBe("zh-Hans");
    expect(detectTextLanguage("您好，請問這個價錢可以商用嗎？")).toBe("zh-Hant");
    expect(detectTextLanguage("草圖收到了，謝謝！線稿什麼時候可以完成？")).toBe("zh-Hant");
    expect(detectTextLanguage("안녕하세요! 캐릭터 일러스트 의뢰 가능할까요?")).toBe("ko");
    expect(detectTextLanguage("전신 일러스트, 배경 포함으로 부탁드립니다. 예산은 ¥30,000입니다.")).toBe("ko");
  });

  it("sends them to every reader of another of the five languages, Simplified and Traditional to each other too", () => {
    const simplified = "你好，我想约一张立绘，可以商用吗？";
    const traditional = "您好，請問這個價錢可以商用嗎？";
    const korean = "안녕하세요! 캐릭터 일러스트 의뢰 가능할까요?";
    for (const reader of ["en", "ja", "zh-Hant", "ko"] as const)
      expect(needsTranslation(simplified, reader)).toBe(true);
    for (const reader of ["en", "ja", "zh-Hans", "ko"] as const)
      expect(needsTranslation(traditional, reader)).toBe(true);
    for (const reader of ["en", "ja", "zh-Hans", "zh-Hant"] as const)
      expect(needsTranslation(korean, reader)).toBe(true);
    expect(needsTranslation(simplified, "zh-Hans")).toBe(false);
    expect(needsTranslation(traditional, "zh-Hant")).toBe(false);
    expect(needsTranslation(korean, "ko")).toBe(false);
    // And a Chinese or Korean reader gets English and Japanese translated.
    expect(needsTranslation("Hello, thank you!", "zh-Hant")).toBe(true);
    expect(needsTranslation("ありがとうございます", "ko")).toBe(true);
  });

  it("keeps Chinese, Korean and Japanese out of the foreign languages", () => {
    expect(FOREIGN_LANGUAGES).toEqual(["es", "fr", "de", "pt", "it"]);
    for (const language of ["en", "ja", "zh-Hans", "zh-Hant", "ko"] as const)
      expect(isForeignLanguage(language), language).toBe(false);
  });
});

describe("detectTextLanguage of a language Comet does not translate", () => {
  it("is null, so the text is labelled and never sent (the Latin-script languages)", () => {
    expect(detectTextLanguage("Gracias por tu pedido, el boceto está listo")).toBeNull();
    expect(
      detectTextLanguage("Bonjour ! Je voudrais une illustration de mon personnage, c'est pour ma chaîne."),
    ).toBeNull();
    expect(needsTranslation("Gracias por tu pedido, el boceto está listo", "ja")).toBe(false);
    expect(needsTranslation("Gracias por tu pedido, el boceto está listo", "zh-Hans")).toBe(false);
  });
});

describe("segmentForTranslation", () => {
  const kept = (text: string) =>
    segmentForTranslation(text)
      .filter((segment) => segment.kind !== "text")
      .map((segment) => [segment.kind, segment.value]);

  it("gives the text back exactly when joined", () => {
    for (const text of [
      "See https://example.com/a?b=1, then ping @alice123 about ABCD2345 (¥10,000).",
      "予算は3万円、参考：https://x.test/「例」",
      "",
      "plain",
    ])
      expect(
        segmentForTranslation(text)
          .map((segment) => segment.value)
          .join(""),
      ).toBe(text);
  });

  it("keeps URLs, e-mails, @handles, order codes and amounts", () => {
    expect(kept("See https://example.com/a?b=1, then ping @alice123 about ABCD2345.")).toEqual([
      ["url", "https://example.com/a?b=1"],
      ["handle", "@alice123"],
      ["order-code", "ABCD2345"],
    ]);
    expect(kept("mail me at kate@example.com")).toEqual([["email", "kate@example.com"]]);
    expect(kept("予算は¥30,000です。追加は5,000円、または USD 25.50 / 30 dollars")).toEqual([
      ["amount", "¥30,000"],
      ["amount", "5,000円"],
      ["amount", "USD 25.50"],
      ["amount", "30 dollars"],
    ]);
    expect(kept("ラフ1万円、差分3千円、全身1.5万円、合計1万5千円。予算は￥１０，０００です")).toEqual([
      ["amount", "1万円"],
      ["amount", "3千円"],
      ["amount", "1.5万円"],
      ["amount", "1万5千円"],
      ["amount", "￥１０，０００"],
    ]);
    // The sentence's own full stop is not the amount's.
    expect(kept("It costs $30. Thanks")).toEqual([["amount", "$30"]]);
  });

  it("ends a URL at Japanese punctuation, and keeps an all-capitals word as text", () => {
    expect(kept("資料→https://x.test/ref、よろしく")).toEqual([["url", "https://x.test/ref"]]);
    expect(kept("PLEASE DRAWING NOW")).toEqual([]);
    expect(kept("an @ sign, a@b, email@")).toEqual([]);
  });
});

describe("translationKeepsSpans", () => {
  it("takes a translation that keeps every span, amounts in either notation", () => {
    expect(
      translationKeepsSpans(
        "予算は¥30,000です。参考：https://x.test/ref @alice123",
        "My budget is 30,000円. Reference: https://x.test/ref @alice123",
      ),
    ).toBe(true);
  });

  it("refuses one that drops or changes a span, or adds a link the original did not have", () => {
    expect(translationKeepsSpans("See https://x.test/ref", "参照してください")).toBe(false);
    expect(translationKeepsSpans("See https://x.test/ref", "https://x.test/other を参照")).toBe(false);
    expect(translationKeepsSpans("Thanks!", "ありがとう https://evil.test/")).toBe(false);
    expect(translationKeepsSpans("Order ABCD2345 please", "注文ABCD2346をお願いします")).toBe(false);
    expect(translationKeepsSpans("It costs ¥30,000", "3千円です")).toBe(false);
  });

  it("compares amounts by value: 万 and 千, full-width digits, either notation (the issue's 1万円)", () => {
    expect(translationKeepsSpans("ラフは1万円です", "The rough is 10,000 yen.")).toBe(true);
    expect(translationKeepsSpans("It costs ¥30,000", "3万円です")).toBe(true);
    expect(translationKeepsSpans("差分は3千円、全身は1.5万円", "Variants are ¥3,000; full body is 15,000 yen.")).toBe(
      true,
    );
    expect(translationKeepsSpans("予算は１０，０００円です", "My budget is ¥10,000.")).toBe(true);
    expect(translationKeepsSpans("Tip: $25.50", "チップ：25.50ドル")).toBe(true);
    expect(translationKeepsSpans("USD 25.5 でお願いします", "$25.50, please")).toBe(true);
  });

  it("refuses an amount whose value or currency changed, or one dropped", () => {
    expect(translationKeepsSpans("ラフは1万円です", "The rough is 1,000 yen.")).toBe(false);
    expect(translationKeepsSpans("ラフは1万円です", "The rough is $10,000.")).toBe(false);
    expect(translationKeepsSpans("$25.50", "25.05ドル")).toBe(false);
  });

  it("needs each amount as often as the original has it", () => {
    expect(translationKeepsSpans("ラフ5,000円、線画5,000円", "Rough ¥5,000, line art ¥5,000")).toBe(true);
    expect(translationKeepsSpans("ラフ5,000円、線画5,000円", "Rough and line art ¥5,000 each")).toBe(false);
    // An amount the writer spelled in words may come back in digits.
    expect(translationKeepsSpans("予算は三万円です", "My budget is ¥30,000.")).toBe(true);
  });
});
