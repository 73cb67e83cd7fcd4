/**
 * One model call through the Workers AI binding, as every translator here makes it: given up after a timeout, the
 * call itself aborted then (an abandoned call would run on and be billed), its error read by its code
 * (workers-ai-errors.ts), and "out of capacity" (3040) asked once more after a short pause.
 *
 * Why retry here, not through AI Gateway (`gateway: { id, retries, requestTimeoutMs }`):
 * - Only 3040 is worth repeating. The gateway's `retries` repeat any failure, so a bad input (5006), a spent
 *   allocation (3036) or a throttle would be sent again and again, and each repeat waits inside the reader's time.
 * - The fallback model is the better second try for everything else, and it is a decision in this code, tested
 *   against a binding-shaped fake (tests/worker/translation/translator-binding.test.ts); a gateway's behaviour is
 *   configured in the dashboard and can only be tested against Cloudflare.
 * - A gateway is one more thing to create per account and environment, and it logs every request by default: these
 *   are private messages between two people, and Comet keeps them in one place only.
 * - Its `requestTimeoutMs` is a cap over all its attempts, where Comet needs a cap per call so that the fallback
 *   still has time; the AbortSignal below gives that without it.
 * If Comet later wants the gateway's analytics or caching, `run`'s options take `gateway` beside `signal` unchanged.
 */
import { failureOfWorkersAiError, type WorkersAiFailure } from "./workers-ai-errors";

/** The part of the Workers AI binding (`Ai`) the translators use: `run(model, input, { signal })`, the model's output. */
export interface AiBinding {
  run(model: string, input: Record<string, unknown>, options?: { signal?: AbortSignal }): Promise<unknown>;
}

export interface ModelCallOptions {
  /** A call not answered in this long is given up and aborted. Default TRANSLATION_TIMEOUT_MS. */
  timeoutMs?: number;
  /** How long to wait before asking again after "out of capacity". Default 400–800 ms at random. */
  capacityBackoffMs?: () => number;
}

export type ModelCallResult =
  | { ok: true; output: unknown; calls: number }
  | { ok: false; reason: WorkersAiFailure; calls: number };

/** A translation that has not come in this long is given up (the reader keeps the original, with a retry). */
export const TRANSLATION_TIMEOUT_MS = 8_000;

/**
 * Long enough for Workers AI to find capacity again, short enough to stay well inside a reader's wait; at random, so
 * callers turned away together do not all come back at the same moment.
 */
function capacityBackoff(): number {
  return 400 + Math.floor(Math.random() * 400);
}

const TIMED_OUT = Symbol("timed out");

async function callOnce(
  ai: AiBinding,
  model: string,
  input: Record<string, unknown>,
  timeoutMs: number,
): Promise<{ ok: true; output: unknown } | { ok: false; reason: WorkersAiFailure }> {
  const controller = new AbortController();
  let timer: ReturnType<typeof setTimeout> | undefined;
  // Raced as well as signalled: a binding that ignores the signal still does not hold the reader past the timeout.
  const timedOut = new Promise<typeof TIMED_OUT>((resolve) => {
    timer = setTimeout(() => {
      controller.abort(new DOMException(`${model} did not answer in ${timeoutMs} ms`, "TimeoutError"));
      resolve(TIMED_OUT);
    }, timeoutMs);
  });
  try {
    const output = await Promise.race([ai.run(model, input, { signal: controller.signal }), timedOut]);
    if (output === TIMED_OUT) return { ok: false, reason: "timeout" };
    return { ok: true, output };
  } catch (error) {
    return { ok: false, reason: failureOfWorkersAiError(error) };
  } finally {
    clearTimeout(timer);
  }
}

/** The model's output, or why there is none; `calls` counts every call made, the repeated one too. */
export async function callModel(
  ai: AiBinding,
  model: string,
  input: Record<string, unknown>,
  { timeoutMs = TRANSLATION_TIMEOUT_MS, capacityBackoffMs = capacityBackoff }: ModelCallOptions = {},
): Promise<ModelCallResult> {
  const first = await callOnce(ai, model, input, timeoutMs);
  if (first.ok || first.reason !== "capacity") return { ...first, calls: 1 };
  await new Promise((resolve) => setTimeout(resolve, capacityBackoffMs()));
  return { ...(await callOnce(ai, model, input, timeoutMs)), calls: 2 };
}
