// The page's side of the translation door (translation-api.ts, issue 62) against a door of the test's own: a reader's
// request carries the loader's ticket; `pending` is asked again after 1.5 s, 3 s and 6 s and then given up with the
// ticket kept (a Retry can succeed); a refusal leaves no ticket (no Retry); a preview says `preview: true`, carries no
// ticket, and hands on the door's 429 with its wait.
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { TextReading } from "#worker/domain/text-reading";
import { PENDING_POLL_PAUSES_MS, requestPreview, requestReading } from "./translation-api";

type Answer = { status: number; body: unknown } | "offline";

/** A door answering `answers` in turn (the last one again once they run out), recording each request's body. */
function door(...answers: Answer[]) {
  const bodies: Record<string, unknown>[] = [];
  const times: number[] = [];
  vi.stubGlobal(
    "fetch",
    vi.fn(async (_url: string, init: RequestInit) => {
      bodies.push(JSON.parse(String(init.body)));
      times.push(Date.now());
      const answer = answers[Math.min(bodies.length - 1, answers.length - 1)]!;
      if (answer === "offline") throw new TypeError("Failed to fetch");
      return new Response(JSON.stringify(answer.body), { status: answer.status });
    }),
  );
  return { bodies, times };
}

const reading = (value: TextReading) => ({ status: 200, body: { reading: value } });
const PENDING = reading({ kind: "pending", from: "ja" });
const TRANSLATED = reading({ kind: "translated", text: "Hello!", from: "ja" });
let unique = 0;
/** A text no earlier test asked for (the module shares one request per text and language). */
const freshText = () => `こんにちは ${++unique}`;

beforeEach(() => {
  vi.useFakeTimers();
  vi.spyOn(console, "warn").mockImplementation(() => {});
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe("a reader's request", () => {
  it("sends the text, the target and the loader's ticket, and answers the door's reading", async () => {
    const { bodies } = door(TRANSLATED);
    const text = freshText();
    await expect(requestReading(text, "en", { from: "ja", ticket: "t-1" })).resolves.toEqual(TRANSLATED.body.reading);
    expect(bodies).toEqual([{ text, target: "en", ticket: "t-1" }]);
  });

  it("asks again after each pause while another request makes the translation, and takes it when it is made", async () => {
    const { bodies, times } = door(PENDING, PENDING, TRANSLATED);
    const start = Date.now();
    const asked = requestReading(freshText(), "en", { from: "ja", ticket: "t-2" });
    await vi.runAllTimersAsync();
    await expect(asked).resolves.toEqual(TRANSLATED.body.reading);
    expect(times.map((time) => time - start)).toEqual([0, 1_500, 4_500]);
    expect(bodies.every((body) => body.ticket === "t-2")).toBe(true);
  });

  it("gives up after 1.5 s, 3 s and 6 s of `pending` as unavailable, keeping the ticket for the Retry", async () => {
    const { times } = door(PENDING);
    const start = Date.now();
    const asked = requestReading(freshText(), "en", { from: "ja", ticket: "t-3" });
    await vi.runAllTimersAsync();
    await expect(asked).resolves.toEqual({ kind: "unavailable", from: "ja", ticket: "t-3" });
    expect(PENDING_POLL_PAUSES_MS).toEqual([1_500, 3_000, 6_000]);
    expect(times.map((time) => time - start)).toEqual([0, 1_500, 4_500, 10_500]);
  });

  it("passes on the door's own unavailable: with its ticket a Retry is offered, without one it is not", async () => {
    door(reading({ kind: "unavailable", from: "ja" }));
    await expect(requestReading(freshText(), "en", { from: "ja", ticket: "t-4" })).resolves.toEqual({
      kind: "unavailable",
      from: "ja",
    });
    door(reading({ kind: "unavailable", from: "ja", ticket: "t-5" }));
    await expect(requestReading(freshText(), "en", { from: "ja", ticket: "t-5" })).resolves.toEqual({
      kind: "unavailable",
      from: "ja",
      ticket: "t-5",
    });
  });

  it("reads a refusal as unavailable with no ticket, and a passing failure as unavailable with it", async () => {
    door({ status: 403, body: { error: "forbidden" } });
    await expect(requestReading(freshText(), "en", { from: "ja", ticket: "stale" })).resolves.toEqual({
      kind: "unavailable",
      from: "ja",
    });
    door({ status: 503, body: {} });
    await expect(requestReading(freshText(), "en", { from: "ja", ticket: "t-6" })).resolves.toEqual({
      kind: "unavailable",
      from: "ja",
      ticket: "t-6",
    });
    door("offline");
    await expect(requestReading(freshText(), "en", { from: "ja", ticket: "t-7" })).resolves.toEqual({
      kind: "unavailable",
      from: "ja",
      ticket: "t-7",
    });
  });

  it("shares one request among every place asking for the same text, and asks anew after a failure (the Retry)", async () => {
    const { bodies } = door("offline", TRANSLATED);
    const text = freshText();
    const [a, b] = [
      requestReading(text, "en", { from: "ja", ticket: "t-8" }),
      requestReading(text, "en", { from: "ja", ticket: "t-8" }),
    ];
    expect(await a).toEqual({ kind: "unavailable", from: "ja", ticket: "t-8" });
    expect(await b).toEqual(await a);
    expect(bodies).toHaveLength(1);
    await expect(requestReading(text, "en", { from: "ja", ticket: "t-8" })).resolves.toEqual(TRANSLATED.body.reading);
    expect(bodies).toHaveLength(2);
    // A translation is kept: asked again, nothing is sent.
    await requestReading(text, "en", { from: "ja", ticket: "t-8" });
    expect(bodies).toHaveLength(2);
  });
});

describe("the writer's preview", () => {
  it("says it is a preview and sends no ticket", async () => {
    const { bodies } = door(reading({ kind: "translated", text: "こんにちは！", from: "en" }));
    await expect(requestPreview("Hello!", "ja", "en")).resolves.toEqual({
      kind: "reading",
      reading: { kind: "translated", text: "こんにちは！", from: "en" },
    });
    expect(bodies).toEqual([{ text: "Hello!", target: "ja", preview: true }]);
  });

  it("hands on the door's 429 with the wait it asks for", async () => {
    door({ status: 429, body: { error: "rate_limited", retryAfterSeconds: 12 } });
    await expect(requestPreview("Hello!", "ja", "en")).resolves.toEqual({
      kind: "rate_limited",
      retryAfterSeconds: 12,
    });
  });

  it("reads any other failure as unavailable", async () => {
    door("offline");
    await expect(requestPreview("Hello!", "ja", "en")).resolves.toEqual({
      kind: "reading",
      reading: { kind: "unavailable", from: "en" },
    });
  });
});
