// The translator stand-in (emulators/translator/, issue 46) held to m2m100's documented contract (contract.ts, from
// https://developers.cloudflare.com/workers-ai/models/m2m100-1.2b/): what it accepts is exactly the documented input,
// what it answers matches the documented output in Workers AI's REST envelope, everything else is a 400 in the REST
// error shape; its faults fail as described (with the codes worker/translation/workers-ai-errors.ts reads) and its
// call log shows what was sent. The instruct model's contract is tests/emulator/translator-instruct.test.ts; the
// translation itself (phrase book, marker, kept spans, the demo data) is tests/emulator/translator-phrasebook.test.ts.
import { spawn } from "node:child_process";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import {
  AI_ERROR,
  M2M100_MODEL,
  M2M100_OUTPUT_SCHEMA,
  REST_ERROR_SCHEMA,
  restSuccessSchema,
  schemaProblems,
} from "#emulators/translator/contract.ts";
import type { FaultView } from "#emulators/translator/faults.ts";
import {
  type RunningTranslatorStandIn,
  type StandInCall,
  startTranslatorStandIn,
} from "#emulators/translator/server.ts";
import { STANDIN_MARKER } from "#emulators/translator/translate.ts";

const RUN = `/client/v4/accounts/local/ai/run/${M2M100_MODEL}`;

let standIn: RunningTranslatorStandIn;
beforeAll(async () => {
  standIn = await startTranslatorStandIn({ port: 0 });
});
afterEach(async () => {
  await call("/__standin/faults", { method: "DELETE" });
  await call("/__standin/calls", { method: "DELETE" });
});
afterAll(() => standIn.close());

function call(path: string, init: RequestInit = {}): Promise<Response> {
  return fetch(`${standIn.url}${path}`, init);
}

interface Answer {
  status: number;
  headers: Headers;
  body: Record<string, unknown>;
}

/** A call to the model, the body as JSON (or as given when a string), as the Worker's REST form sends it. */
async function run(body: unknown, path = RUN): Promise<Answer> {
  const response = await call(path, {
    method: "POST",
    headers: { "Content-Type": "application/json", Authorization: "Bearer stand-in-ignores-this" },
    body: typeof body === "string" ? body : JSON.stringify(body),
  });
  return { status: response.status, headers: response.headers, body: (await response.json()) as Answer["body"] };
}

async function setFault(setting: unknown): Promise<Response> {
  return call("/__standin/faults", { method: "POST", body: JSON.stringify(setting) });
}

async function calls(): Promise<StandInCall[]> {
  return ((await (await call("/__standin/calls")).json()) as { calls: StandInCall[] }).calls;
}

function translated(answer: Answer): string {
  return (answer.body.result as { translated_text: string }).translated_text;
}

/** A 200 in the documented shape: the REST envelope around the model's output. */
function expectSuccess(answer: Answer): void {
  expect(answer.status).toBe(200);
  expect(answer.headers.get("content-type")).toBe("application/json");
  expect(schemaProblems(restSuccessSchema(M2M100_OUTPUT_SCHEMA), answer.body)).toEqual([]);
  expect(schemaProblems(M2M100_OUTPUT_SCHEMA, answer.body.result)).toEqual([]);
  expect(typeof translated(answer)).toBe("string");
}

/** An error in Workers AI's REST shape, with its status and code. */
function expectError(answer: Answer, status: number, code: number): string {
  expect(answer.status).toBe(status);
  expect(schemaProblems(REST_ERROR_SCHEMA, answer.body)).toEqual([]);
  const [error] = answer.body.errors as { code: number; message: string }[];
  expect(error!.code).toBe(code);
  return error!.message;
}

describe("valid inputs get the documented output", () => {
  it.each([
    ["English to Japanese", { text: "Thank you!", source_lang: "en", target_lang: "ja" }],
    ["Japanese to English", { text: "ありがとうございます！", source_lang: "ja", target_lang: "en" }],
    ["source_lang left to its default, en", { text: "Thank you!", target_lang: "ja" }],
    ["the same language both ways", { text: "Thank you!", source_lang: "en", target_lang: "en" }],
    ["a text of one character", { text: "a", source_lang: "en", target_lang: "ja" }],
    ["a long text of many lines", { text: "Hello!\n".repeat(200), source_lang: "en", target_lang: "ja" }],
  ])("%s", async (_, input) => {
    expectSuccess(await run(input));
  });

  it("translates: the phrase book's sentence, and the default source language is English", async () => {
    expect(translated(await run({ text: "Thank you!", source_lang: "en", target_lang: "ja" }))).toBe(
      "ありがとうございます！",
    );
    expect(translated(await run({ text: "ありがとうございます！", source_lang: "ja", target_lang: "en" }))).toBe(
      "Thank you!",
    );
    expect(translated(await run({ text: "Thank you!", target_lang: "ja" }))).toBe("ありがとうございます！");
    expect(translated(await run({ text: "Thank you!", source_lang: "en", target_lang: "en" }))).toBe("Thank you!");
  });

  it('Chinese is m2m100\'s one "zh": read in either script, written in Simplified; Korean is "ko"', async () => {
    expect(translated(await run({ text: "The files are attached.", source_lang: "en", target_lang: "zh" }))).toBe(
      "文件已附上。",
    );
    expect(translated(await run({ text: "檔案已附上。", source_lang: "zh", target_lang: "en" }))).toBe(
      "The files are attached.",
    );
    expect(translated(await run({ text: "文件已附上。", source_lang: "zh", target_lang: "ja" }))).toBe(
      "ファイルを添付しました。",
    );
    expect(translated(await run({ text: "Thank you!", target_lang: "ko" }))).toBe("감사합니다!");
    expect(translated(await run({ text: "감사합니다!", source_lang: "ko", target_lang: "zh" }))).toBe("谢谢！");
    expect(await calls()).toEqual([
      { text: "The files are attached.", source_lang: "en", target_lang: "zh", model: M2M100_MODEL },
      { text: "檔案已附上。", source_lang: "zh", target_lang: "en", model: M2M100_MODEL },
      { text: "文件已附上。", source_lang: "zh", target_lang: "ja", model: M2M100_MODEL },
      { text: "Thank you!", source_lang: "en", target_lang: "ko", model: M2M100_MODEL },
      { text: "감사합니다!", source_lang: "ko", target_lang: "zh", model: M2M100_MODEL },
    ]);
  });
});

describe("every other input is a 400 in the REST error shape, and is not a call", () => {
  it.each([
    ["missing text", { target_lang: "ja" }],
    ["missing target_lang", { text: "Hello" }],
    ["an empty object", {}],
    ["empty text", { text: "", target_lang: "ja" }],
    ["text a number", { text: 42, target_lang: "ja" }],
    ["text null", { text: null, target_lang: "ja" }],
    ["text a list", { text: ["Hello"], target_lang: "ja" }],
    ["source_lang a number", { text: "Hello", source_lang: 1, target_lang: "ja" }],
    ["source_lang null", { text: "Hello", source_lang: null, target_lang: "ja" }],
    ["target_lang a boolean", { text: "Hello", target_lang: true }],
    ["an extra key", { text: "Hello", target_lang: "ja", sourceLang: "en" }],
    ["the batch form", { requests: [{ text: "Hello", target_lang: "ja" }] }],
    ["a list for a body", [{ text: "Hello", target_lang: "ja" }]],
    ["a string for a body", JSON.stringify("Hello")],
    ["null for a body", "null"],
    ["a body that is not JSON", "text=Hello&target_lang=ja"],
    ["an unknown target language", { text: "Hello", target_lang: "fr" }],
    ["an unknown source language", { text: "Bonjour", source_lang: "fr", target_lang: "ja" }],
    ["a language name, not its code", { text: "Hello", source_lang: "english", target_lang: "japanese" }],
    ["a code in capitals", { text: "Hello", source_lang: "EN", target_lang: "JA" }],
    ["Comet's zh-Hans, not m2m100's zh", { text: "Hello", target_lang: "zh-Hans" }],
    ["Comet's zh-Hant, not m2m100's zh", { text: "謝謝", source_lang: "zh-Hant", target_lang: "en" }],
  ])("%s", async (_, body) => {
    const message = expectError(await run(body), 400, AI_ERROR.badInput);
    expect(message).toMatch(/^AiError: Bad input: /);
    expect(await calls()).toEqual([]);
  });

  it("names what is wrong", async () => {
    expect(expectError(await run({ text: "", target_lang: "ja" }), 400, AI_ERROR.badInput)).toContain("text");
    expect(expectError(await run({ text: "Hi", target_lang: "ja", x: 1 }), 400, AI_ERROR.badInput)).toContain("'x'");
    expect(expectError(await run({ text: "Hi", target_lang: "fr" }), 400, AI_ERROR.badInput)).toContain("'fr'");
  });

  it("an empty body is an incomplete request; another model, no such model; another path or method, no route", async () => {
    expectError(await run(""), 400, AI_ERROR.incompleteRequest);
    const other = "/client/v4/accounts/local/ai/run/@cf/meta/llama-3.1-8b-instruct";
    expect(expectError(await run({ text: "Hi", target_lang: "ja" }, other), 400, AI_ERROR.noSuchModel)).toContain(
      "@cf/meta/llama-3.1-8b-instruct",
    );
    const get = await call(RUN);
    expectError(
      { status: get.status, headers: get.headers, body: (await get.json()) as Answer["body"] },
      404,
      AI_ERROR.noRoute,
    );
    expectError(await run({ text: "Hi", target_lang: "ja" }, "/client/v4/accounts/local/ai/models"), 404, 7003);
    expect(await calls()).toEqual([]);
  });
});

describe("faults", () => {
  const input = { text: "Thank you!", source_lang: "en", target_lang: "ja" };

  it("fail: 500 in the REST error shape", async () => {
    expect((await setFault({ mode: "fail" })).status).toBe(200);
    expectError(await run(input), 500, AI_ERROR.internal);
    expectError(await run(input), 500, AI_ERROR.internal);
  });

  it("refuse: 400 with the model's error", async () => {
    await setFault({ mode: "refuse" });
    expect(expectError(await run(input), 400, AI_ERROR.badInput)).toContain("refused");
  });

  it("rate-limit: 429 with Retry-After (1 s unless the setting says), the API's throttle code", async () => {
    await setFault({ mode: "rate-limit", times: 1 });
    const limited = await run(input);
    expectError(limited, 429, AI_ERROR.throttled);
    expect(limited.headers.get("retry-after")).toBe("1");
    await setFault({ mode: "rate-limit", retryAfterSeconds: 30 });
    expect((await run(input)).headers.get("retry-after")).toBe("30");
  });

  it.each([
    ["capacity", 429, AI_ERROR.outOfCapacity, "No more data centers"],
    ["quota", 429, AI_ERROR.accountLimited, "daily free allocation"],
    ["bad-input", 400, AI_ERROR.badInput, "AiError: Bad input: "],
    ["timeout-408", 408, AI_ERROR.timeout, "timeout"],
  ] as const)("%s: %i with code %i, as Workers AI's errors page lists it", async (mode, status, code, words) => {
    await setFault({ mode, times: 1 });
    expect(expectError(await run(input), status, code)).toContain(words);
    expectSuccess(await run(input));
  });

  it("truncated: m2m100 answers the first half of its translation, in the documented shape", async () => {
    await setFault({ mode: "truncated", times: 1 });
    const cut = await run(input);
    expectSuccess(cut);
    const whole = "ありがとうございます！";
    expect(translated(cut)).toBe([...whole].slice(0, Math.ceil([...whole].length / 2)).join(""));
    expect(translated(await run(input))).toBe(whole);
  });

  it("slow: waits delayMs, then answers as usual", async () => {
    await setFault({ mode: "slow", delayMs: 400, times: 1 });
    const started = performance.now();
    const answer = await run(input);
    expect(performance.now() - started).toBeGreaterThanOrEqual(380);
    expectSuccess(answer);
    expect(translated(answer)).toBe("ありがとうございます！");
    const next = performance.now();
    await run(input);
    expect(performance.now() - next).toBeLessThan(380);
  });

  it("a slow call whose caller gives up ends there; the next one is answered", async () => {
    await setFault({ mode: "slow", delayMs: 60_000, times: 1 });
    const gaveUp = fetch(`${standIn.url}${RUN}`, {
      method: "POST",
      body: JSON.stringify(input),
      signal: AbortSignal.timeout(200),
    });
    await expect(gaveUp).rejects.toThrow();
    expectSuccess(await run(input));
  });

  it("times: the setting takes that many calls, counting down, then it is back to ok", async () => {
    await setFault({ mode: "fail", times: 2 });
    expectError(await run(input), 500, AI_ERROR.internal);
    expect((await (await call("/__standin/faults")).json()) as FaultView).toMatchObject({ mode: "fail", times: 1 });
    // A malformed call is refused whatever the setting, and takes none of its turns.
    expectError(await run({ text: "", target_lang: "ja" }), 400, AI_ERROR.badInput);
    expectError(await run(input), 500, AI_ERROR.internal);
    expectSuccess(await run(input));
    expect((await (await call("/__standin/faults")).json()) as FaultView).toMatchObject({ mode: "ok", times: null });
  });

  it("a new setting replaces the last; DELETE and mode ok end it", async () => {
    await setFault({ mode: "fail" });
    await setFault({ mode: "refuse" });
    expectError(await run(input), 400, AI_ERROR.badInput);
    await call("/__standin/faults", { method: "DELETE" });
    expectSuccess(await run(input));
    await setFault({ mode: "fail" });
    await setFault({ mode: "ok" });
    expectSuccess(await run(input));
  });

  it("match: a setting meets only calls whose text contains it, beside the one for every other call", async () => {
    await setFault({ mode: "fail", match: "[case-7]", times: 1 });
    await setFault({ mode: "refuse", match: "[case-8]" });
    expectSuccess(await run(input));
    expectError(await run({ text: "Hello [case-8]", target_lang: "ja" }), 400, AI_ERROR.badInput);
    expectError(await run({ text: "Hello [case-7]", target_lang: "ja" }), 500, AI_ERROR.internal);
    expectSuccess(await run({ text: "Hello [case-7]", target_lang: "ja" }));
    // The unscoped setting stays as it was; mode ok with the same match ends a scoped one, DELETE ends them all.
    expect((await (await call("/__standin/faults")).json()) as FaultView).toMatchObject({ mode: "ok" });
    await setFault({ mode: "ok", match: "[case-8]" });
    expectSuccess(await run({ text: "Hello [case-8]", target_lang: "ja" }));
    await setFault({ mode: "fail", match: "[case-9]" });
    await call("/__standin/faults", { method: "DELETE" });
    expectSuccess(await run({ text: "Hello [case-9]", target_lang: "ja" }));
  });

  it.each([
    ["an unknown mode", { mode: "explode" }],
    ["no mode", { times: 1 }],
    ["an unknown field", { mode: "fail", count: 1 }],
    ["times 0", { mode: "fail", times: 0 }],
    ["times a fraction", { mode: "fail", times: 1.5 }],
    ["a negative delay", { mode: "slow", delayMs: -1 }],
    ["Retry-After for another mode", { mode: "fail", retryAfterSeconds: 5 }],
    ["an empty match", { mode: "fail", match: "" }],
    ["a model that is not a Workers AI name", { mode: "fail", model: "m2m100" }],
    ["not JSON", "fail"],
  ])("a setting with %s is refused, and the one in force stays", async (_, setting) => {
    await setFault({ mode: "refuse" });
    const response = await call("/__standin/faults", {
      method: "POST",
      body: typeof setting === "string" ? setting : JSON.stringify(setting),
    });
    expect(response.status).toBe(400);
    expect(((await response.json()) as { error: string }).error).toBeTruthy();
    expect((await (await call("/__standin/faults")).json()) as FaultView).toMatchObject({ mode: "refuse" });
  });
});

describe("the call log", () => {
  it("lists what the model was sent, in order, the default source language filled in; DELETE empties it", async () => {
    await run({ text: "Thank you!", target_lang: "ja" });
    await run({ text: "ありがとうございます！", source_lang: "ja", target_lang: "en" });
    await run({ text: "Thank you!", target_lang: "ja" });
    const model = M2M100_MODEL;
    expect(await calls()).toEqual([
      { text: "Thank you!", source_lang: "en", target_lang: "ja", model: M2M100_MODEL },
      { text: "ありがとうございます！", source_lang: "ja", target_lang: "en", model },
      { text: "Thank you!", source_lang: "en", target_lang: "ja", model: M2M100_MODEL },
    ]);
    const reset = await call("/__standin/calls", { method: "DELETE" });
    expect(await reset.json()).toEqual({ deleted: 3 });
    expect(await calls()).toEqual([]);
  });

  it("counts calls a fault answered: the provider was called", async () => {
    await setFault({ mode: "fail", times: 1 });
    await run({ text: "Thank you!", target_lang: "ja" });
    await run({ text: "Thank you!", target_lang: "ja" });
    expect(await calls()).toHaveLength(2);
  });
});

describe("as a process (emulators/translator/main.ts)", () => {
  function start(env: Record<string, string>) {
    const child = spawn(process.execPath, ["emulators/translator/main.ts"], {
      env: { ...process.env, TRANSLATOR_STANDIN_PORT: "0", ...env },
      stdio: ["ignore", "pipe", "pipe"],
    });
    let output = "";
    child.stdout.on("data", (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on("data", (chunk: Buffer) => (output += chunk.toString()));
    const exited = new Promise<number | null>((resolve) => child.once("exit", (code) => resolve(code)));
    const listening = new Promise<string>((resolve, reject) => {
      child.stdout.on("data", () => {
        const match = /listening on (http:\/\/\S+)/.exec(output);
        if (match) resolve(match[1]!);
      });
      child.once("exit", () => reject(new Error(`exited before listening: ${output}`)));
    });
    // A start that is meant to fail never listens: nobody awaits this then.
    listening.catch(() => {});
    return { child, exited, listening, output: () => output };
  }

  it("starts on the port and with the fault its environment names, and stops on SIGTERM", async () => {
    const { child, exited, listening } = start({ TRANSLATOR_STANDIN_FAULT: '{"mode":"fail","times":1}' });
    try {
      const url = await listening;
      const post = () =>
        fetch(`${url}${RUN}`, { method: "POST", body: JSON.stringify({ text: "Thanks!", target_lang: "ja" }) });
      expect((await post()).status).toBe(500);
      const answer = await post();
      expect(answer.status).toBe(200);
      expect(await answer.json()).toEqual({
        result: { translated_text: "ありがとうございます！" },
        success: true,
        errors: [],
        messages: [],
      });
      child.kill("SIGTERM");
      expect(await exited).toBe(0);
    } finally {
      if (child.exitCode === null) child.kill("SIGKILL");
    }
  });

  it("refuses to start with a fault setting it cannot read", async () => {
    const { exited, output } = start({ TRANSLATOR_STANDIN_FAULT: '{"mode":"sometimes"}' });
    expect(await exited).toBe(1);
    expect(output()).toContain("TRANSLATOR_STANDIN_FAULT");
  });
});

it("marks what it cannot translate, so nobody mistakes it for a model", async () => {
  const answer = await run({ text: "Could you add a dragon?", source_lang: "en", target_lang: "ja" });
  expect(translated(answer)).toBe(`${STANDIN_MARKER.ja}Could you add a dragon?`);
});
