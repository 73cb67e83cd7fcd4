// The translator's bad days on demand, as the Stripe emulator's faults are Stripe's: a setting posted to
// `/__standin/faults` (or given at start: TRANSLATOR_STANDIN_FAULT) makes the next model calls fail the way Workers AI
// fails, so every path the Worker has for "no translation" can be walked. Only calls that passed the input check
// count: a malformed call is refused whatever the setting. Each mode's REST answer (server.ts, codes in contract.ts):
//   ok           every call answered (the default);
//   fail         500, the REST error shape (a provider outage);
//   refuse       400, 5006 (the model will not take this text);
//   rate-limit   429 with Retry-After, 971 (the Cloudflare API's throttle: too many calls a minute);
//   capacity     429, 3040 (Workers AI out of capacity, which users see often; the binding says "3040: Capacity
//                temporarily exceeded, please try again.");
//   quota        429, 3036 (the account's daily free allocation of neurons is used up);
//   bad-input    400, 5006 "AiError: Bad input: …" (the binding's schema refusal, as the real one words it);
//   timeout-408  408, 3007 (Workers AI gave up on the call itself);
//   truncated    200, the answer cut in the middle: for an instruct model with `usage.completion_tokens` equal to
//                its `max_tokens` (the model ran out of tokens), for m2m100 the first half of the translation;
//   slow         the answer, after `delayMs` (default 2000).
// `times`: how many calls the setting takes, then it is back to ok; without it, until changed. `delayMs` with another
// mode waits that long before its answer too (a slow failure).
// `match`: the setting meets only calls whose text contains it; `model`: only calls to that model (a test makes the
// primary model fail and sees the fallback answer). Either scopes a setting, beside the one for every other call;
// tests that run at once against one stand-in each scope their bad day to their own texts this way. A new setting
// with the same scope replaces it; mode ok with a `match` ends every setting of that match (of that model, with
// `model`); DELETE clears them all.

export const FAULT_MODES = [
  "ok",
  "fail",
  "slow",
  "refuse",
  "rate-limit",
  "capacity",
  "quota",
  "bad-input",
  "timeout-408",
  "truncated",
] as const;
export type FaultMode = (typeof FAULT_MODES)[number];

/** The setting as posted. */
export interface FaultSetting {
  mode: FaultMode;
  delayMs?: number;
  times?: number;
  /** `rate-limit`: the Retry-After header's seconds. Default 1. */
  retryAfterSeconds?: number;
  /** Only calls whose text contains this meet the setting. */
  match?: string;
  /** Only calls to this model (as Workers AI names it) meet the setting. */
  model?: string;
}

/** What GET and POST `/__standin/faults` answer: the setting now in force, `times` counting down (null: no end). */
export interface FaultView {
  mode: FaultMode;
  delayMs: number;
  times: number | null;
  retryAfterSeconds: number;
  /** The text the setting is scoped to; absent for a setting of every text. */
  match?: string;
  /** The model the setting is scoped to; absent for a setting of every model. */
  model?: string;
}

/** What one call meets: its mode, and how long to wait before answering. */
export interface FaultDraw {
  mode: FaultMode;
  delayMs: number;
  retryAfterSeconds: number;
}

export class FaultSettingError extends Error {}

const FIELDS = ["mode", "delayMs", "times", "retryAfterSeconds", "match", "model"];
const MAX_MATCH_LENGTH = 200;
const SLOW_DEFAULT_MS = 2_000;
const MAX_DELAY_MS = 10 * 60_000;
const OK: FaultView = { mode: "ok", delayMs: 0, times: null, retryAfterSeconds: 1 };

/** A setting from JSON (the control route's body, TRANSLATOR_STANDIN_FAULT); throws FaultSettingError saying why not. */
export function parseFaultSetting(value: unknown): FaultSetting {
  if (typeof value !== "object" || value === null || Array.isArray(value))
    throw new FaultSettingError(`A fault setting is a JSON object such as {"mode":"fail","times":1}.`);
  const input = value as Record<string, unknown>;
  for (const key of Object.keys(input))
    if (!FIELDS.includes(key))
      throw new FaultSettingError(`Unknown field "${key}": a setting has ${FIELDS.join(", ")}.`);
  if (!FAULT_MODES.includes(input.mode as FaultMode))
    throw new FaultSettingError(`"mode" must be one of ${FAULT_MODES.join(", ")}.`);
  const setting: FaultSetting = { mode: input.mode as FaultMode };
  if (input.delayMs !== undefined) {
    if (typeof input.delayMs !== "number" || !(input.delayMs >= 0 && input.delayMs <= MAX_DELAY_MS))
      throw new FaultSettingError(`"delayMs" must be a number of milliseconds from 0 to ${MAX_DELAY_MS}.`);
    setting.delayMs = input.delayMs;
  }
  if (input.times !== undefined) {
    if (!Number.isInteger(input.times) || (input.times as number) < 1)
      throw new FaultSettingError(`"times" must be a whole number of 1 or more.`);
    setting.times = input.times as number;
  }
  if (input.retryAfterSeconds !== undefined) {
    if (!Number.isInteger(input.retryAfterSeconds) || (input.retryAfterSeconds as number) < 0)
      throw new FaultSettingError(`"retryAfterSeconds" must be a whole number of 0 or more.`);
    if (setting.mode !== "rate-limit") throw new FaultSettingError(`"retryAfterSeconds" belongs to "rate-limit".`);
    setting.retryAfterSeconds = input.retryAfterSeconds as number;
  }
  if (input.match !== undefined) {
    if (typeof input.match !== "string" || input.match.length === 0 || input.match.length > MAX_MATCH_LENGTH)
      throw new FaultSettingError(`"match" must be a text of 1 to ${MAX_MATCH_LENGTH} characters.`);
    setting.match = input.match;
  }
  if (input.model !== undefined) {
    if (typeof input.model !== "string" || !/^@[\w.-]+\/[\w.-]+\/[\w.-]+$/.test(input.model))
      throw new FaultSettingError(`"model" must be a model as Workers AI names it, such as "@cf/meta/m2m100-1.2b".`);
    setting.model = input.model;
  }
  return setting;
}

/** The key of a scoped setting: its text and its model, either of which may be absent. */
function scopeOf(setting: { match?: string; model?: string }): string {
  return JSON.stringify([setting.match ?? null, setting.model ?? null]);
}

export class FaultSwitch {
  private current: FaultView = OK;
  private readonly scoped = new Map<string, FaultView>();

  constructor(initial?: FaultSetting) {
    if (initial) this.set(initial);
  }

  set(setting: FaultSetting): FaultView {
    const view: FaultView = {
      mode: setting.mode,
      delayMs: setting.delayMs ?? (setting.mode === "slow" ? SLOW_DEFAULT_MS : 0),
      times: setting.times ?? null,
      retryAfterSeconds: setting.retryAfterSeconds ?? 1,
    };
    const { match, model } = setting;
    if (match === undefined && model === undefined) {
      this.current = view;
      return this.view();
    }
    const scope = { ...(match === undefined ? {} : { match }), ...(model === undefined ? {} : { model }) };
    if (view.mode !== "ok") this.scoped.set(scopeOf(scope), { ...view, ...scope });
    else
      for (const [key, held] of this.scoped)
        if ((match === undefined || held.match === match) && (model === undefined || held.model === model))
          this.scoped.delete(key);
    return { ...view, ...scope };
  }

  /** Back to a good day for every call. */
  clear(): FaultView {
    this.scoped.clear();
    return this.set({ mode: "ok" });
  }

  /** The setting every call meets unless a scoped one matches it. */
  view(): FaultView {
    return { ...this.current };
  }

  /**
   * The fault a call with this text to this model meets, counted at once (so calls arriving together each take their
   * own turn). The first scoped setting that fits wins, in the order they were set.
   */
  draw(text: string, model: string): FaultDraw {
    for (const [key, scoped] of this.scoped)
      if ((scoped.match === undefined || text.includes(scoped.match)) && (scoped.model ?? model) === model) {
        if (scoped.times !== null)
          if (scoped.times > 1) this.scoped.set(key, { ...scoped, times: scoped.times - 1 });
          else this.scoped.delete(key);
        return { mode: scoped.mode, delayMs: scoped.delayMs, retryAfterSeconds: scoped.retryAfterSeconds };
      }
    const { mode, delayMs, times, retryAfterSeconds } = this.current;
    if (times !== null) this.current = times > 1 ? { ...this.current, times: times - 1 } : OK;
    return { mode, delayMs, retryAfterSeconds };
  }
}
