// When the writer's preview asks the door (preview-asker.ts, issue 62): only a text that changed since the last
// preview, never with a request still out (the latest text typed meanwhile goes next), and nothing while the door has
// said to wait, after which the refused text is asked again.
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { PreviewAsker } from "./preview-asker";

type Answer = { text: string; wait?: number };

/** An asker whose requests the test answers by hand, in order. */
function asker() {
  const asked: string[] = [];
  const answered: Answer[] = [];
  const out: ((answer: Answer) => void)[] = [];
  const preview = new PreviewAsker<Answer>({
    ask: (text) => {
      asked.push(text);
      return new Promise((resolve) => out.push(resolve));
    },
    answered: (_, answer) => answered.push(answer),
    waitAfter: (answer) => answer.wait ?? null,
  });
  /** Answers the oldest request still out. */
  const answer = async (value: Partial<Answer> = {}) => {
    out.shift()!({ text: asked[asked.length - 1 - out.length]!, ...value });
    await vi.advanceTimersByTimeAsync(0);
  };
  return { preview, asked, answered, answer, inFlight: () => out.length };
}

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

describe("the preview's asking", () => {
  it("asks once for a text, and not again until it changes", async () => {
    const { preview, asked, answer } = asker();
    preview.want("Hello");
    await answer();
    preview.want("Hello");
    expect(asked).toEqual(["Hello"]);
    preview.want("Hello!");
    expect(asked).toEqual(["Hello", "Hello!"]);
  });

  it("never has two requests out: what was typed meanwhile is asked when the first comes back, the latest only", async () => {
    const { preview, asked, answer, inFlight } = asker();
    preview.want("H");
    preview.want("He");
    preview.want("Hello");
    expect(asked).toEqual(["H"]);
    expect(inFlight()).toBe(1);
    await answer();
    expect(asked).toEqual(["H", "Hello"]);
    expect(inFlight()).toBe(1);
  });

  it("asks nothing more when the writer is back to the text already asked", async () => {
    const { preview, asked, answer } = asker();
    preview.want("Hello");
    preview.want("Hello!");
    preview.want("Hello");
    await answer();
    expect(asked).toEqual(["Hello"]);
  });

  it("holds while the door says to wait, then asks again for the text it refused", async () => {
    const { preview, asked, answered, answer } = asker();
    preview.want("Hello");
    await answer({ wait: 5_000 });
    expect(answered).toEqual([{ text: "Hello", wait: 5_000 }]);
    preview.want("Hello");
    await vi.advanceTimersByTimeAsync(4_999);
    expect(asked).toEqual(["Hello"]);
    await vi.advanceTimersByTimeAsync(1);
    expect(asked).toEqual(["Hello", "Hello"]);
  });

  it("after the wait, asks for what the writer typed during it", async () => {
    const { preview, asked, answer } = asker();
    preview.want("Hello");
    await answer({ wait: 2_000 });
    preview.want("Hello there");
    expect(asked).toEqual(["Hello"]);
    await vi.advanceTimersByTimeAsync(2_000);
    expect(asked).toEqual(["Hello", "Hello there"]);
  });

  it("once closed, hands on no answer and asks nothing", async () => {
    const { preview, asked, answered, answer } = asker();
    preview.want("Hello");
    preview.want("Hello!");
    preview.close();
    await answer();
    expect(answered).toEqual([]);
    expect(asked).toEqual(["Hello"]);
  });
});
