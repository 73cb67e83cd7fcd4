import { env } from "cloudflare:workers";

// The translator's stand-in (emulators/translator, decision 078) as the workerd tests reach it: one process for the
// whole run, shared by the test files running at once. So a test scopes its bad day to its own texts (`match`: a tag
// its texts carry) and counts only the calls carrying that tag.

const standIn = `http://127.0.0.1:${env.TRANSLATOR_STANDIN_PORT}`;

/** A call the model took, as the stand-in logs it. */
export interface StandInCall {
  /** Which model took it: the first (gemma) or the fallback (m2m100), decision 098. */
  model: string;
  text: string;
  source_lang: string;
  target_lang: string;
}

/**
 * A bad day (emulators/translator/faults.ts) for the calls whose text contains `match`, of every model or of `model`
 * alone; `{mode: "ok"}` ends it. Without `model` a fault reaches the fallback model too: `times: 1` fails only the first.
 */
export async function setStandInFault(setting: {
  mode:
    | "ok"
    | "fail"
    | "slow"
    | "refuse"
    | "rate-limit"
    | "capacity"
    | "quota"
    | "bad-input"
    | "timeout-408"
    | "truncated";
  match: string;
  model?: string;
  times?: number;
  delayMs?: number;
}): Promise<void> {
  const response = await fetch(`${standIn}/__standin/faults`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify(setting),
  });
  if (!response.ok) throw new Error(`the stand-in refused the fault ${JSON.stringify(setting)}: ${response.status}`);
}

/** The calls the stand-in took whose text contains one of `parts` (or equals one, with `exactly`). */
export async function standInCallsWith(parts: string[], { exactly = false } = {}): Promise<StandInCall[]> {
  const { calls } = (await (await fetch(`${standIn}/__standin/calls`)).json()) as { calls: StandInCall[] };
  return calls.filter((call) => parts.some((part) => (exactly ? call.text === part : call.text.includes(part))));
}

/**
 * A code for a test's texts to carry, so that its faults and call counts reach only its own texts: ten digits, which
 * the language detector does not count (a letter code would, and could tip a short Japanese text into "English").
 */
export function textCode(): string {
  const digits = crypto.getRandomValues(new Uint32Array(2));
  return `${digits[0]}${digits[1]}`.padStart(10, "0").slice(0, 10);
}
