// The translator in Comet's five languages (issue 65): what each model is asked for Simplified and Traditional Chinese
// and Korean. The instruct model by name ("Traditional Chinese (Taiwan)"), with rules for the script and the commission
// glossary's words in the call's two languages; m2m100 by its ISO 639-1 codes, one "zh" for both scripts; and both
// through the stand-in as the Worker sends them.
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { setStandInFault, standInCallsWith, textCode } from "#tests/worker/support/translator-standin";
import { withoutWrapping } from "#worker/translation/instruct-prompt";
import type { AiBinding } from "#worker/translation/model-call";
import {
  instructTranslator,
  m2m100Translator,
  TRANSLATION_MODELS,
  type TranslationRequest,
  translatorFor,
} from "#worker/translation/translator";

const { primary, fallback } = TRANSLATION_MODELS;

/** A binding that answers every call well and keeps what it was sent. */
function recordingBinding(): { ai: AiBinding; inputs: Record<string, unknown>[] } {
  const inputs: Record<string, unknown>[] = [];
  const ai: AiBinding = {
    async run(model, input) {
      inputs.push(input);
      return model === primary
        ? { response: "好的", usage: { prompt_tokens: 300, completion_tokens: 2, total_tokens: 302 } }
        : { translated_text: "好的" };
    },
  };
  return { ai, inputs };
}

async function messagesFor(request: TranslationRequest): Promise<{ system: string; user: string }> {
  const { ai, inputs } = recordingBinding();
  await instructTranslator(ai, primary).translate(request);
  const [system, user] = inputs[0]!.messages as { content: string }[];
  return { system: system!.content, user: user!.content };
}

describe("the instruct model is asked for each language by name", () => {
  it.each([
    ["en", "zh-Hans", "from English to Simplified Chinese"],
    ["ja", "zh-Hant", "from Japanese to Traditional Chinese (Taiwan)"],
    ["zh-Hant", "ko", "from Traditional Chinese (Taiwan) to Korean"],
    ["ko", "zh-Hans", "from Korean to Simplified Chinese"],
    ["zh-Hans", "zh-Hant", "from Simplified Chinese to Traditional Chinese (Taiwan)"],
  ] as const)("%s → %s", async (source, target, direction) => {
    const { system, user } = await messagesFor({ text: "Hello", source, target });
    expect(system).toContain(direction);
    expect(user).toBe(`Translate ${direction}:\n<text>\nHello\n</text>`);
  });

  it("with the script, the place and the register said: Traditional as in Taiwan, Korean in 해요체", async () => {
    const traditional = (await messagesFor({ text: "Hello", source: "en", target: "zh-Hant" })).system;
    expect(traditional).toContain("Traditional Chinese characters and the words used in Taiwan");
    expect(traditional).toContain("never Simplified characters");
    expect((await messagesFor({ text: "Hello", source: "en", target: "zh-Hans" })).system).toContain(
      "Simplified Chinese characters as used in mainland China",
    );
    expect((await messagesFor({ text: "Hello", source: "ja", target: "ko" })).system).toContain("해요체");
    expect((await messagesFor({ text: "こんにちは", source: "ja", target: "en" })).system).not.toContain("Taiwan");
  });

  it("the glossary lines give the text's words in the call's two languages, in the glossary's order", async () => {
    const fromChinese = (await messagesFor({ text: "草稿和线稿都收到了，立绘很好看", source: "zh-Hans", target: "ko" }))
      .system;
    expect(fromChinese).toContain("Commission words in this text, Simplified Chinese = Korean");
    for (const line of ["- 草稿 = 러프 (", "- 线稿 = 선화", "- 立绘 = 스탠딩 일러스트 ("])
      expect(fromChinese).toContain(line);
    expect(fromChinese).not.toContain("ラフ");
    const fromKorean = (await messagesFor({ text: "러프 확인했어요. 배경도 부탁드려요.", source: "ko", target: "ja" }))
      .system;
    expect(fromKorean).toContain("Commission words in this text, Japanese = Korean");
    expect(fromKorean).toContain("- ラフ = 러프 (");
    expect(fromKorean).toContain("- 背景 = 배경");
    const fromEnglish = (await messagesFor({ text: "Here is the rough sketch.", source: "en", target: "zh-Hant" }))
      .system;
    expect(fromEnglish).toContain("- rough sketch = 草稿 (");
    // 依頼主 and クライアント are both 委託人 and client: one line.
    const client = (await messagesFor({ text: "The client approved it.", source: "en", target: "zh-Hant" })).system;
    expect(client.match(/- client = 委託人/g)).toHaveLength(1);
  });

  it("takes off the labels a model may put before a Chinese or Korean answer", () => {
    expect(withoutWrapping("译文：谢谢！", "Thank you!")).toBe("谢谢！");
    expect(withoutWrapping("翻譯：謝謝！", "Thank you!")).toBe("謝謝！");
    expect(withoutWrapping("번역: 감사합니다!", "Thank you!")).toBe("감사합니다!");
    expect(withoutWrapping("Traditional Chinese (Taiwan) translation: 謝謝！", "Thank you!")).toBe("謝謝！");
    expect(withoutWrapping("Korean translation: 감사합니다!", "Thank you!")).toBe("감사합니다!");
  });
});

describe("m2m100 is sent ISO 639-1 codes: one zh for both scripts, ko for Korean", () => {
  it.each([
    ["zh-Hans", "en", "zh", "en"],
    ["en", "zh-Hant", "en", "zh"],
    ["zh-Hant", "zh-Hans", "zh", "zh"],
    ["ko", "ja", "ko", "ja"],
    ["ja", "ko", "ja", "ko"],
  ] as const)("%s → %s is %s → %s", async (source, target, sourceCode, targetCode) => {
    const { ai, inputs } = recordingBinding();
    await m2m100Translator(ai).translate({ text: "Hello", source, target });
    expect(inputs[0]).toEqual({ text: "Hello", source_lang: sourceCode, target_lang: targetCode });
  });
});

describe("through the stand-in, over Workers AI's REST form", () => {
  const calls = (tag: string) => standInCallsWith([tag]);

  it.each([
    ["en", "zh-Hant", "The files are attached.", "檔案已附上。"],
    ["en", "zh-Hans", "The files are attached.", "文件已附上。"],
    ["ko", "ja", "감사합니다!", "ありがとうございます！"],
    ["zh-Hans", "zh-Hant", "文件已附上。", "檔案已附上。"],
    ["zh-Hant", "ko", "謝謝！", "감사합니다!"],
  ] as const)("%s → %s: the Worker's own prompt, answered by the primary", async (source, target, text, expected) => {
    const tag = textCode();
    const result = await translatorFor(env)!.translate({ text: `${text}\n${tag}`, source, target });
    expect(result).toEqual({ ok: true, text: `${expected}\n${tag}`, provider: "workers-ai", model: primary, calls: 1 });
    expect(await calls(tag)).toEqual([
      { text: `${text}\n${tag}`, source_lang: source, target_lang: target, model: primary },
    ]);
  });

  it("zh-Hant from the fallback is m2m100's Simplified-leaning Chinese, taken only if the caller's check passes", async () => {
    const tag = textCode();
    await setStandInFault({ mode: "capacity", model: primary, match: tag });
    try {
      const request: TranslationRequest = { text: `The files are attached.\n${tag}`, source: "en", target: "zh-Hant" };
      expect(await translatorFor(env)!.translate(request)).toMatchObject({
        ok: true,
        text: `文件已附上。\n${tag}`,
        model: fallback,
      });
      expect((await calls(tag)).at(-1)).toEqual({
        text: request.text,
        source_lang: "en",
        target_lang: "zh",
        model: fallback,
      });
      // A caller that checks the script refuses it: no translation rather than the wrong one.
      const traditionalOnly = (text: string) => !text.includes("文件");
      expect(await translatorFor(env)!.translate(request, traditionalOnly)).toMatchObject({
        ok: false,
        reason: "refused",
      });
    } finally {
      await setStandInFault({ mode: "ok", match: tag });
    }
  });
});
