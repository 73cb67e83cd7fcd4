import { env } from "cloudflare:workers";
import { beforeEach, describe, expect, it } from "vitest";
import { storedReadings } from "#worker/services/translations";
import { uid } from "../support/auth-helpers";
import { call, db, signUp } from "../support/helpers";
import { setStandInFault, standInCallsWith, textCode } from "#tests/worker/support/translator-standin";

// Issue 46: the door a page asks for a translation through (POST /api/features/translation/read, decision 078): the
// writer's preview, a reader's page filling in a text with none stored yet (with its loader's ticket, issue 62), and
// the retry. And a loader's read of
// what is stored, which asks no translator. Against the translator's stand-in, scoped by this file's own tags.

let tag = "";
const callsWithTag = () => standInCallsWith([tag]);
const read = (json: unknown, cookie?: string, headers: Record<string, string> = {}) =>
  call("/api/features/translation/read", { method: "POST", json, cookie, headers });
/** What a page sends for a text its loader showed: the text, the language and the loader's ticket (issue 62). */
async function shown(text: string, target: "en" | "ja") {
  const [reading] = await storedReadings(db(), [text], target);
  return { text, target, ...(reading && "ticket" in reading ? { ticket: reading.ticket } : {}) };
}

let cookie = "";
let accountId = "";
beforeEach(async () => {
  tag = `[${textCode()}]`;
  const handle = `door${uid()}`.slice(0, 16);
  cookie = await signUp(handle, `${handle}@example.com`);
  accountId = (await env.DB.prepare("SELECT account_id AS id FROM user_profiles WHERE original_handle = ?")
    .bind(handle)
    .first<{ id: string }>())!.id;
});

describe("POST /api/features/translation/read", () => {
  it("answers the text in the target language, marked with its source, and stores it: asked again, no call", async () => {
    const asked = await shown(`Thank you for the quick sketch! ${tag}`, "ja");
    const first = await read(asked, cookie);
    expect(first.status).toBe(200);
    const { reading } = (await first.json()) as { reading: { kind: string; text: string; from: string } };
    expect(reading).toMatchObject({ kind: "translated", from: "en" });
    expect(reading.text).not.toBe(asked.text);
    expect(await callsWithTag()).toHaveLength(1);
    expect(await (await read(asked, cookie)).json()).toEqual({ reading });
    expect(await callsWithTag()).toHaveLength(1);
  });

  it("a text already in the target language is read as written, asking nothing", async () => {
    const answer = await read({ text: `Hello there ${tag}`, target: "en" }, cookie);
    expect(await answer.json()).toEqual({ reading: { kind: "original" } });
    expect(await callsWithTag()).toHaveLength(0);
  });

  it("the caller's share pays: past it, unavailable (no retry offered) and the provider is not asked", async () => {
    const day = new Date().toISOString().slice(0, 10);
    await env.DB.prepare("INSERT INTO translation_usage (day, scope, characters) VALUES (?, ?, ?)")
      .bind(day, `writer:${accountId}`, 20_000)
      .run();
    const answer = await read(await shown(`One more line to translate ${tag}`, "ja"), cookie);
    expect(answer.status).toBe(200);
    expect(await answer.json()).toEqual({ reading: { kind: "unavailable", from: "en" } });
    expect(await callsWithTag()).toHaveLength(0);
  });

  it("a failing translator is a 200 with an unavailable reading, and the retry translates", async () => {
    await setStandInFault({ mode: "fail", match: tag });
    const asked = await shown(`Could you send the rough by Friday? ${tag}`, "ja");
    expect(await (await read(asked, cookie)).json()).toEqual({
      reading: { kind: "unavailable", from: "en", ticket: asked.ticket },
    });
    await setStandInFault({ mode: "ok", match: tag });
    expect(((await (await read(asked, cookie)).json()) as { reading: { kind: string } }).reading.kind).toBe(
      "translated",
    );
  });

  it("signed out: 401, nothing sent", async () => {
    expect((await read({ text: `Hello ${tag}`, target: "ja" })).status).toBe(401);
    expect(await callsWithTag()).toHaveLength(0);
  });

  it.each([
    ["an empty text", { text: "", target: "ja" }],
    ["a text over 20,000 characters", { text: "a".repeat(20_001), target: "ja", preview: true }],
    ["a ticket that is not a string", { text: "Hello", target: "ja", ticket: 7 }],
    ["preview other than true", { text: "Hello", target: "ja", preview: "yes" }],
    ["an unknown language", { text: "Hello", target: "fr" }],
    ["a number for the text", { text: 42, target: "ja" }],
    ["no target", { text: "Hello" }],
  ])("refuses %s with a 400 and asks nothing", async (_, body) => {
    const answer = await read(body, cookie);
    expect(answer.status).toBe(400);
    expect(await callsWithTag()).toHaveLength(0);
  });

  it("refuses a body that is not JSON with a 415", async () => {
    const answer = await call("/api/features/translation/read", {
      method: "POST",
      cookie,
      headers: { "content-type": "text/plain" },
      body: JSON.stringify({ text: "Hello", target: "ja" }),
    });
    expect(answer.status).toBe(415);
  });
});

describe("storedReadings: what a loader reads, asking no translator", () => {
  it("answers each text in order: as written, translated when stored, pending when not", async () => {
    const stored = `Please use the blue palette. ${tag}`;
    await read(await shown(stored, "ja"), cookie);
    const readings = await storedReadings(
      db(),
      [stored, `こんにちは${tag}`, `Never translated yet ${tag}`, "👍"],
      "ja",
    );
    expect(readings[0]).toMatchObject({ kind: "translated", from: "en" });
    expect(readings.slice(1)).toEqual([
      { kind: "original" },
      { kind: "pending", from: "en", ticket: expect.any(String) },
      { kind: "original" },
    ]);
    expect(await callsWithTag()).toHaveLength(1);
  });

  it("reads more texts than one statement can bind", async () => {
    const texts = Array.from({ length: 150 }, (_, i) => `Line ${i} of the brief ${tag}`);
    const readings = await storedReadings(db(), texts, "ja");
    expect(readings).toHaveLength(150);
    expect(readings.every((r) => r.kind === "pending")).toBe(true);
  });
});
