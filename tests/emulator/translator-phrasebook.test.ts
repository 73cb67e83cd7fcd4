// The translator stand-in's translation (emulators/translator/translate.ts): the phrase book every way between Comet's
// five languages, whole texts and sentence by sentence; the marker on every sentence it does not have; URLs, handles, addresses, order codes and
// amounts kept exactly; the same answer every time; and every text of the demo seed read without a marker. The HTTP
// contract is tests/emulator/translator-standin.test.ts.
import { describe, expect, it } from "vitest";
import { demoPhrases } from "#emulators/translator/demo-phrases.ts";
import { PHRASE_BOOK } from "#emulators/translator/phrasebook.ts";
import {
  STANDIN_LANGUAGES,
  STANDIN_MARKER,
  type StandInLanguage,
  standInTranslate,
  standInTranslateChinese,
} from "#emulators/translator/translate.ts";
import { generateSeed } from "#scripts/seed/core.mjs";
import { DEMO_CHAT } from "#scripts/seed/orders.mjs";

const toJa = (text: string) => standInTranslate(text, "en", "ja");
const toEn = (text: string) => standInTranslate(text, "ja", "en");
const marked = (text: string) => Object.values(STANDIN_MARKER).some((marker) => text.includes(marker));

describe("the phrase book, both ways", () => {
  it.each([
    ["Thank you!", "ありがとうございます！"],
    ["Could you send me a reference?", "参考資料を送っていただけますか？"],
    ["Here is the rough sketch.", "ラフをお送りします。"],
    ["I have delivered the files.", "ファイルを納品しました。"],
    ["Thank you for your payment.", "お支払いありがとうございます。"],
    ["When can you deliver?", "いつ頃納品できますか？"],
  ])("%s ↔ %s", (en, ja) => {
    expect(toJa(en)).toBe(ja);
    expect(toEn(ja)).toBe(en);
  });

  it("the demo chat reads naturally both ways", () => {
    for (const [, line] of DEMO_CHAT) {
      expect(toJa(line.en)).toBe(line.ja);
      expect(toEn(line.ja)).toBe(line.en);
    }
  });

  it("looks past case, width, spacing and the closing punctuation", () => {
    expect(toJa("thank you")).toBe("ありがとうございます！");
    expect(toJa("  THANK   YOU!!  ")).toBe("  ありがとうございます！  ");
    expect(toEn("ありがとうございます!")).toBe("Thank you!");
    expect(toEn("いかがでしょうか?")).toBe("What do you think?");
  });

  it("a text the book does not have whole is taken sentence by sentence, and line by line", () => {
    expect(toJa("Thank you! Here is the rough sketch. What do you think?")).toBe(
      "ありがとうございます！ラフをお送りします。いかがでしょうか？",
    );
    expect(toEn("ありがとうございます！ラフをお送りします。いかがでしょうか？")).toBe(
      "Thank you! Here is the rough sketch. What do you think?",
    );
    expect(toJa("Hello!\n\nHere is the line art.\r\nBest regards.")).toBe(
      "こんにちは！\n\n線画をお送りします。\r\nよろしくお願いします。",
    );
  });

  it("every phrase has the same slots on every side, and a first phrase wins a shared side", () => {
    const slots = (text: string) => [...text.matchAll(/\{([a-z]+\d*)\}/g)].map((match) => match[1]).sort();
    for (const phrase of PHRASE_BOOK)
      for (const language of STANDIN_LANGUAGES) expect(slots(phrase[language]), phrase.en).toEqual(slots(phrase.en));
    // "Hello!" and "Hi!" are both こんにちは！; Japanese reads back as the first.
    expect(toJa("Hi!")).toBe("こんにちは！");
    expect(toEn("こんにちは！")).toBe("Hello!");
  });
});

describe("Chinese, in either script, and Korean (issue 65)", () => {
  const say = (text: string, from: StandInLanguage, to: StandInLanguage) => standInTranslate(text, from, to);

  it.each([
    ["Thank you!", "谢谢！", "謝謝！", "감사합니다!"],
    [
      "Could you send me a reference?",
      "可以发一下参考资料吗？",
      "可以傳參考資料給我嗎？",
      "참고 자료를 보내 주실 수 있나요?",
    ],
    ["Here is the rough sketch.", "这是草稿。", "這是草稿。", "러프 보내 드려요."],
    ["I have delivered the files.", "文件已交付。", "檔案已交付。", "파일을 납품했어요."],
    ["When can you deliver?", "大概什么时候可以交付？", "大概什麼時候可以交付？", "언제쯤 납품 가능하세요?"],
  ])("%s ↔ %s ↔ %s ↔ %s", (en, zhHans, zhHant, ko) => {
    const sides: Record<string, string> = { en, "zh-Hans": zhHans, "zh-Hant": zhHant, ko };
    for (const [from, text] of Object.entries(sides))
      for (const [to, expected] of Object.entries(sides))
        expect(say(text, from as StandInLanguage, to as StandInLanguage), `${from} → ${to}`).toBe(expected);
    expect(say(en, "en", "ja")).toBe(say(zhHant, "zh-Hant", "ja"));
  });

  it("Traditional is written as in Taiwan, not Simplified converted: 檔案, 傳, 帳號", () => {
    expect(say("The files are attached.", "en", "zh-Hant")).toBe("檔案已附上。");
    expect(say("The files are attached.", "en", "zh-Hans")).toBe("文件已附上。");
    expect(say("My account is @sakuramochi.", "en", "zh-Hant")).toBe("我的帳號是@sakuramochi。");
    expect(say("My account is @sakuramochi.", "en", "zh-Hans")).toBe("我的账号是@sakuramochi。");
  });

  it("sentence by sentence: Chinese runs on after 。！？, Korean puts a space, as English does", () => {
    expect(say("Thank you! Here is the rough sketch. What do you think?", "en", "zh-Hans")).toBe(
      "谢谢！这是草稿。您觉得怎么样？",
    );
    expect(say("ありがとうございます！ラフをお送りします。いかがでしょうか？", "ja", "ko")).toBe(
      "감사합니다! 러프 보내 드려요. 어떠세요?",
    );
    expect(say("감사합니다! 러프 보내 드려요. 어떠세요?", "ko", "zh-Hant")).toBe("謝謝！這是草稿。您覺得如何？");
  });

  it("keeps slots' spans exactly, and marks what it does not have in the target's own words", () => {
    expect(say("The price is ¥12,000.", "en", "ko")).toBe("가격은 ¥12,000입니다.");
    expect(say("价格是¥12,000。", "zh-Hans", "en")).toBe("The price is ¥12,000.");
    expect(say("Here is my reference: https://example.com/a.png", "en", "zh-Hant")).toBe(
      "這是我的參考資料：https://example.com/a.png",
    );
    expect(say("Could you add a dragon?", "en", "zh-Hans")).toBe("〔暂译〕Could you add a dragon?");
    expect(say("Could you add a dragon?", "en", "zh-Hant")).toBe("〔暫譯〕Could you add a dragon?");
    expect(say("Could you add a dragon?", "en", "ko")).toBe("[임시 번역] Could you add a dragon?");
    expect(say("可以加一条龙吗？", "zh-Hans", "en")).toBe("[stand-in] 可以加一条龙吗？");
    expect(say("용을 추가해 주실 수 있나요?", "ko", "ja")).toBe("〔仮訳〕용을 추가해 주실 수 있나요?");
  });

  it("m2m100's one Chinese: either script read, whichever the book knows better", () => {
    expect(standInTranslateChinese("檔案已附上。", "en")).toBe("The files are attached.");
    expect(standInTranslateChinese("文件已附上。", "en")).toBe("The files are attached.");
    expect(standInTranslateChinese("谢谢！这是草稿。", "ja")).toBe("ありがとうございます！ラフをお送りします。");
  });

  it("every commission phrase reads in every language, and back to the first phrase of its side", () => {
    for (const phrase of PHRASE_BOOK.slice(0, PHRASE_BOOK.length - demoPhrases().length))
      for (const from of STANDIN_LANGUAGES)
        for (const to of STANDIN_LANGUAGES) {
          const out = say(phrase[from], from, to);
          expect(marked(out), `${from} → ${to}: ${phrase[from]}`).toBe(false);
        }
  });
});

describe("what the book does not have", () => {
  it("is kept as written behind the marker, sentence by sentence", () => {
    expect(STANDIN_MARKER).toEqual({
      en: "[stand-in] ",
      ja: "〔仮訳〕",
      "zh-Hans": "〔暂译〕",
      "zh-Hant": "〔暫譯〕",
      ko: "[임시 번역] ",
    });
    expect(toJa("Could you add a dragon?")).toBe("〔仮訳〕Could you add a dragon?");
    expect(toEn("ドラゴンを追加できますか？")).toBe("[stand-in] ドラゴンを追加できますか？");
    expect(toJa("Thank you! Could you add a dragon? I love it!")).toBe(
      "ありがとうございます！〔仮訳〕Could you add a dragon? すごく気に入りました！",
    );
    expect(toEn("ありがとうございます！ドラゴンを追加できますか？")).toBe(
      "Thank you! [stand-in] ドラゴンを追加できますか？",
    );
  });

  it("nothing to translate (no letter of the source language) is kept as it is, unmarked", () => {
    for (const text of ["https://example.com/ref.png", "@sakuramochi", "¥5,000", "🎉🎉", "12/24", "!!"])
      expect(toJa(text)).toBe(text);
    expect(toEn("OK!")).toBe("OK!");
    expect(toJa("ありがとう")).toBe("ありがとう");
  });
});

describe("kept exactly as written", () => {
  const spans = [
    "https://example.com/refs/Mochi.PNG?size=large#top",
    "https://x.com/sakura_mochi",
    "@sakuramochi",
    "client@demo.comet.local",
    "K7MX3QPA",
    "¥12,000",
    "$25.50",
    "30,000円",
    "USD 40",
  ];

  it("in sentences the book does not have", () => {
    const text = `Please look at ${spans[0]} and ${spans[1]}. Ask ${spans[2]} or ${spans[3]} about order ${spans[4]}. It is ${spans[5]}, ${spans[6]}, ${spans[7]} or ${spans[8]}.`;
    const out = toJa(text);
    for (const span of spans) expect(out).toContain(span);
    expect(out).toBe(
      `〔仮訳〕Please look at ${spans[0]} and ${spans[1]}. 〔仮訳〕Ask ${spans[2]} or ${spans[3]} about order ${spans[4]}. 〔仮訳〕It is ${spans[5]}, ${spans[6]}, ${spans[7]} or ${spans[8]}.`,
    );
  });

  it("in a phrase's slots, both ways", () => {
    expect(toJa("The price is ¥12,000.")).toBe("料金は¥12,000です。");
    expect(toEn("料金は¥12,000です。")).toBe("The price is ¥12,000.");
    expect(toJa("My budget is $25.50.")).toBe("予算は$25.50です。");
    expect(toJa("Here is my reference: https://example.com/a.png")).toBe(
      "参考資料はこちらです：https://example.com/a.png",
    );
    expect(toEn("参考資料はこちらです：https://example.com/a.png")).toBe(
      "Here is my reference: https://example.com/a.png",
    );
    expect(toJa("Please credit me as @sakuramochi.")).toBe("クレジットは@sakuramochiでお願いします。");
    expect(toJa("I will send the rough sketch within 3 days.")).toBe("3日以内にラフをお送りします。");
    expect(toJa("Keep private (+10,000 yen fee)")).toBe("非公開（+10,000 yen）");
  });

  it("no cut falls inside a URL or an amount, and a sentence ending on one still ends there", () => {
    const text = "Thank you! See https://example.com/A.PNG. I love it!";
    expect(toJa(text)).toBe("ありがとうございます！〔仮訳〕See https://example.com/A.PNG. すごく気に入りました！");
    expect(toJa("It costs $25.50. Thank you!")).toBe("〔仮訳〕It costs $25.50. ありがとうございます！");
  });
});

it("the same input gives the same output, always", () => {
  const texts = [
    "Thank you! Could you add a dragon? https://example.com @sakuramochi ¥5,000",
    "ありがとうございます！ドラゴンを追加できますか？",
    "Hello!\nThe price is $25.50.",
  ];
  for (const text of texts) {
    const first = [toJa(text), toEn(text)];
    for (let i = 0; i < 5; i++) expect([toJa(text), toEn(text)]).toEqual(first);
  }
});

describe("the demo data", () => {
  /** Every localized text the seed writes (with generated creators beyond the hand-written ones), but names. */
  function seedTexts(): { language: "en" | "ja"; text: string }[] {
    const { statements } = generateSeed({ creators: 80, media: false, now: Date.UTC(2026, 0, 1) });
    const row = /^\('[^']*', '([^']*)', '[^']*', '([^']*)', '(en|ja)', [01], '((?:[^']|'')*)'\),?$/;
    const texts = new Map<string, { language: "en" | "ja"; text: string }>();
    for (const statement of statements.filter((sql) => sql.includes("INTO `localized_texts`")))
      for (const line of statement.split("\n")) {
        const match = row.exec(line);
        if (!match || (match[1] === "user_profile" && match[2] === "name")) continue;
        const text = match[4]!.replaceAll("''", "'");
        texts.set(`${match[3]}:${text}`, { language: match[3] as "en" | "ja", text });
      }
    return [...texts.values()];
  }

  it("every text the seed writes reads in the other language without a marker", () => {
    const texts = seedTexts();
    expect(texts.length).toBeGreaterThan(300);
    const unread = texts
      .map(({ language, text }) => ({ text, out: language === "en" ? toJa(text) : toEn(text) }))
      .filter(({ out }) => marked(out));
    expect(unread).toEqual([]);
  });

  it("and in Simplified and Traditional Chinese and Korean (issue 65)", () => {
    const unread: string[] = [];
    for (const { language, text } of seedTexts())
      for (const to of ["zh-Hans", "zh-Hant", "ko"] as const) {
        const out = standInTranslate(text, language, to);
        if (marked(out)) unread.push(`${language} → ${to}: ${out}`);
      }
    expect(unread).toEqual([]);
  });

  it("and the demo chat back from each of them, as the seed wrote it", () => {
    for (const [, line] of DEMO_CHAT)
      for (const from of ["zh-Hans", "zh-Hant", "ko"] as const) {
        const written = standInTranslate(line.en, "en", from);
        expect(standInTranslate(written, from, "en")).toBe(line.en);
        expect(standInTranslate(written, from, "ja")).toBe(line.ja);
      }
  });
});
