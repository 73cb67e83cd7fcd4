// The translator stand-in held to the instruct model's documented contract (contract.ts, from
// https://developers.cloudflare.com/workers-ai/models/gemma-3-12b-it/ and the generated types): the messages form in,
// `{ response, usage }` out in Workers AI's REST envelope, a 400 in the REST error shape for anything else. It reads
// the call as worker/translation/instruct-prompt.ts words it ("from English to Japanese" in the system message, the
// text between <text> lines); tests/worker/translation/translator-binding.test.ts sends it the Worker's own prompt.
// Its faults can be scoped to one model, so the primary can fail while the fallback answers.
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import {
  AI_ERROR,
  INSTRUCT_DEFAULT_MAX_TOKENS,
  INSTRUCT_MODEL,
  INSTRUCT_OUTPUT_SCHEMA,
  M2M100_MODEL,
  REST_ERROR_SCHEMA,
  restSuccessSchema,
  schemaProblems,
} from "#emulators/translator/contract.ts";
import {
  type RunningTranslatorStandIn,
  type StandInCall,
  startTranslatorStandIn,
} from "#emulators/translator/server.ts";

const runPath = (model: string) => `/client/v4/accounts/local/ai/run/${model}`;

let standIn: RunningTranslatorStandIn;
beforeAll(async () => {
  standIn = await startTranslatorStandIn({ port: 0 });
});
afterEach(async () => {
  await fetch(`${standIn.url}/__standin/faults`, { method: "DELETE" });
  await fetch(`${standIn.url}/__standin/calls`, { method: "DELETE" });
});
afterAll(() => standIn.close());

interface Answer {
  status: number;
  body: Record<string, unknown>;
}

async function run(body: unknown, model = INSTRUCT_MODEL): Promise<Answer> {
  const response = await fetch(`${standIn.url}${runPath(model)}`, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: typeof body === "string" ? body : JSON.stringify(body),
  });
  return { status: response.status, body: (await response.json()) as Answer["body"] };
}

async function setFault(setting: unknown): Promise<void> {
  const response = await fetch(`${standIn.url}/__standin/faults`, { method: "POST", body: JSON.stringify(setting) });
  expect(response.status).toBe(200);
}

async function calls(): Promise<StandInCall[]> {
  return ((await (await fetch(`${standIn.url}/__standin/calls`)).json()) as { calls: StandInCall[] }).calls;
}

/** A call worded as the Worker words it (worker/translation/instruct-prompt.ts), with the rest of the input. */
function ask(text: string, from = "English", to = "Japanese", rest: Record<string, unknown> = {}) {
  return {
    messages: [
      {
        role: "system",
        content: `You translate messages on Comet. Translate the text from ${from} to ${to}.\n- ラフ = rough sketch`,
      },
      { role: "user", content: `Translate from ${from} to ${to}:\n<text>\n${text}\n</text>` },
    ],
    max_tokens: 3 * [...text].length + 64,
    temperature: 0,
    ...rest,
  };
}

interface Output {
  response: string;
  usage: { prompt_tokens: number; completion_tokens: number; total_tokens: number };
}

function expectSuccess(answer: Answer): Output {
  expect(answer.status).toBe(200);
  expect(schemaProblems(restSuccessSchema(INSTRUCT_OUTPUT_SCHEMA), answer.body)).toEqual([]);
  const output = answer.body.result as Output;
  expect(output.usage.total_tokens).toBe(output.usage.prompt_tokens + output.usage.completion_tokens);
  return output;
}

function expectError(answer: Answer, status: number, code: number): string {
  expect(answer.status).toBe(status);
  expect(schemaProblems(REST_ERROR_SCHEMA, answer.body)).toEqual([]);
  const [error] = answer.body.errors as { code: number; message: string }[];
  expect(error!.code).toBe(code);
  return error!.message;
}

describe("valid inputs get the documented output", () => {
  it("translates the text between the delimiters, both ways, and nothing of the prompt around it", async () => {
    const toJa = expectSuccess(await run(ask("Thank you!")));
    expect(toJa.response).toBe("ありがとうございます！");
    expect(toJa.usage.completion_tokens).toBeLessThan(3 * "Thank you!".length + 64);
    expect(expectSuccess(await run(ask("ありがとうございます！", "Japanese", "English"))).response).toBe("Thank you!");
    expect(await calls()).toEqual([
      { text: "Thank you!", source_lang: "en", target_lang: "ja", model: INSTRUCT_MODEL },
      { text: "ありがとうございます！", source_lang: "ja", target_lang: "en", model: INSTRUCT_MODEL },
    ]);
  });

  it("reads Comet's other three languages by the names the Worker's prompt gives them", async () => {
    const to = async (text: string, from: string, target: string) =>
      expectSuccess(await run(ask(text, from, target))).response;
    expect(await to("Thank you!", "English", "Simplified Chinese")).toBe("谢谢！");
    expect(await to("The files are attached.", "English", "Traditional Chinese (Taiwan)")).toBe("檔案已附上。");
    expect(await to("ありがとうございます！", "Japanese", "Korean")).toBe("감사합니다!");
    expect(await to("檔案已附上。", "Traditional Chinese (Taiwan)", "Simplified Chinese")).toBe("文件已附上。");
    expect(await to("감사합니다!", "Korean", "Traditional Chinese (Taiwan)")).toBe("謝謝！");
    expect((await calls()).map(({ source_lang, target_lang }) => `${source_lang}>${target_lang}`)).toEqual([
      "en>zh-Hans",
      "en>zh-Hant",
      "ja>ko",
      "zh-Hant>zh-Hans",
      "ko>zh-Hant",
    ]);
  });

  it("keeps the text's line breaks, and a text that itself holds a delimiter is read to the last one", async () => {
    expect(expectSuccess(await run(ask("Thank you!\n\nHello!"))).response).toBe(
      "ありがとうございます！\n\nこんにちは！",
    );
    await run(ask("Hello!\n</text>\nThank you!"));
    expect((await calls()).at(-1)?.text).toBe("Hello!\n</text>\nThank you!");
  });

  it.each([
    ["no max_tokens or temperature", { max_tokens: undefined, temperature: undefined }],
    ["the sampling settings as documented", { top_p: 0.9, top_k: 40, seed: 7, repetition_penalty: 1.1 }],
    ["an integer temperature", { temperature: 1 }],
  ])("%s", async (_, rest) => {
    expectSuccess(await run(ask("Thank you!", "English", "Japanese", rest)));
  });

  it("an answer longer than max_tokens is cut there and says it used them all; the default is 256", async () => {
    const long = "Thank you!\n".repeat(60);
    const cut = expectSuccess(await run(ask(long, "English", "Japanese", { max_tokens: 20 })));
    expect(cut.usage.completion_tokens).toBe(20);
    expect(cut.response.length).toBeLessThan("ありがとうございます！\n".repeat(60).length);
    const unbounded = expectSuccess(await run(ask(long.repeat(3), "English", "Japanese", { max_tokens: undefined })));
    expect(unbounded.usage.completion_tokens).toBe(INSTRUCT_DEFAULT_MAX_TOKENS);
  });
});

describe("every other input is a 400 in the REST error shape, and is not a call", () => {
  const good = ask("Hello!");
  it.each([
    ["no messages", { max_tokens: 10 }],
    ["an empty list of messages", { messages: [] }],
    ["messages not a list", { messages: "Hello" }],
    ["a message without content", { messages: [{ role: "user" }] }],
    ["content as a list of parts", { messages: [{ role: "user", content: [{ type: "text", text: "Hi" }] }] }],
    ["the prompt form", { prompt: "Translate Hello to Japanese" }],
    ["stream", { ...good, stream: true }],
    ["a misspelt key", { ...good, maxTokens: 10 }],
    ["max_tokens a fraction", { ...good, max_tokens: 10.5 }],
    ["temperature a string", { ...good, temperature: "0" }],
    ["not JSON", "messages=Hello"],
  ])("%s", async (_, body) => {
    expect(expectError(await run(body), 400, AI_ERROR.badInput)).toMatch(/^AiError: Bad input: /);
    expect(await calls()).toEqual([]);
  });

  it.each([
    ["no direction in the system message", { messages: [{ role: "user", content: "<text>\nHello!\n</text>" }] }],
    ["a language the stand-in does not translate", ask("Hello!", "English", "French")],
    ["Chinese without its script", ask("Hello!", "English", "Chinese")],
    ["Traditional Chinese without its place", ask("Hello!", "English", "Traditional Chinese")],
    ["no delimiters around the text", { messages: [ask("Hello!").messages[0], { role: "user", content: "Hello!" }] }],
    ["an empty text", ask("")],
  ])("a call it cannot read: %s", async (_, body) => {
    expect(expectError(await run(body), 400, AI_ERROR.badInput)).toContain("stand-in");
    expect(await calls()).toEqual([]);
  });
});

describe("faults, for the instruct model and scoped to one model", () => {
  it("truncated: half the answer, and usage says every token was used", async () => {
    await setFault({ mode: "truncated", times: 1 });
    const input = ask("Thank you!\nHello!");
    const cut = expectSuccess(await run(input));
    expect(cut.usage.completion_tokens).toBe(input.max_tokens);
    expect(cut.response).toBe("ありがとうございま");
    expect(expectSuccess(await run(input)).response).toBe("ありがとうございます！\nこんにちは！");
  });

  it.each([
    ["capacity", 429, AI_ERROR.outOfCapacity],
    ["quota", 429, AI_ERROR.accountLimited],
    ["bad-input", 400, AI_ERROR.badInput],
    ["timeout-408", 408, AI_ERROR.timeout],
    ["rate-limit", 429, AI_ERROR.throttled],
    ["fail", 500, AI_ERROR.internal],
  ] as const)("%s: %i with code %i", async (mode, status, code) => {
    await setFault({ mode, times: 1 });
    expectError(await run(ask("Hello!")), status, code);
  });

  it("model: the primary fails while m2m100 answers the same text", async () => {
    await setFault({ mode: "capacity", model: INSTRUCT_MODEL });
    expectError(await run(ask("Thank you!")), 429, AI_ERROR.outOfCapacity);
    const fallback = await run({ text: "Thank you!", source_lang: "en", target_lang: "ja" }, M2M100_MODEL);
    expect(fallback.status).toBe(200);
    expect((fallback.body.result as { translated_text: string }).translated_text).toBe("ありがとうございます！");
    expect((await calls()).map((call) => call.model)).toEqual([INSTRUCT_MODEL, M2M100_MODEL]);
  });

  it("model and match together meet only that model's calls with that text; mode ok with the match ends them", async () => {
    await setFault({ mode: "quota", model: INSTRUCT_MODEL, match: "[case-1]" });
    await setFault({ mode: "fail", model: M2M100_MODEL, match: "[case-1]" });
    expectSuccess(await run(ask("Hello! [case-2]")));
    expectError(await run(ask("Hello! [case-1]")), 429, AI_ERROR.accountLimited);
    expectError(await run({ text: "Hello! [case-1]", target_lang: "ja" }, M2M100_MODEL), 500, AI_ERROR.internal);
    await setFault({ mode: "ok", match: "[case-1]" });
    expectSuccess(await run(ask("Hello! [case-1]")));
    expect((await run({ text: "Hello! [case-1]", target_lang: "ja" }, M2M100_MODEL)).status).toBe(200);
  });
});
