// The translator's bad days on demand, as the Stripe emulator's faults are Stripe's: a setting posted to
// `/__standin/faults` (or given at start: TRANSLATOR_STANDIN_FAULT) makes the next model calls fail the way Workers AI
// fails, so every path the Worker has for "no translation" can be walked. One setting at a time; a new one replaces
// it. Only calls that passed the input check count: a malformed call is refused whatever the setting.
//   ok          every call answered (the default);
//   fail        500, the REST error shape (a provider outage);
//   refuse      400 with a model error (the model will not take this text);
//   rate-limit  429 with Retry-After (Workers AI's "out of capacity");
//   slow        the answer, after `delayMs` (default 2000).
// `times`: how many calls the setting takes, then it is back to ok; without it, until changed. `delayMs` with another
// mode waits that long before its answer too (a slow failure).
// `match`: the setting meets only calls whose text contains it, beside the setting for every other call. Tests that
// run at once against one stand-in each scope their bad day to their own texts this way. A new setting with the same
// `match` replaces it; DELETE clears them all.

export const FAULT_MODES = ["ok", "fail", "slow", "refuse", "rate-limit"] as const;
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
}

/** What GET and POST `/__standin/faults` answer: the setting now in force, `times` counting down (null: no end). */
export interface FaultView {
  mode: FaultMode;
  delayMs: number;
  times: number | null;
  retryAfterSeconds: number;
  /** The text the setting is scoped to; absent for the setting every other call meets. */
  match?: string;
}

/** What one call meets: its mode, and how long to wait before answering. */
export interface FaultDraw {
  mode: FaultMode;
  delayMs: number;
  retryAfterSeconds: number;
}

export class FaultSettingError extends Error {}

const FIELDS = ["mode", "delayMs", "times", "retryAfterSeconds", "match"];
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
  return setting;
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
    if (setting.match === undefined) {
      this.current = view;
      return this.view();
    }
    if (view.mode === "ok") this.scoped.delete(setting.match);
    else this.scoped.set(setting.match, { ...view, match: setting.match });
    return { ...view, match: setting.match };
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

  /** The fault a call with this text meets, counted at once (so calls arriving together each take their own turn). */
  draw(text: string): FaultDraw {
    for (const [match, scoped] of this.scoped)
      if (text.includes(match)) {
        if (scoped.times !== null)
          if (scoped.times > 1) this.scoped.set(match, { ...scoped, times: scoped.times - 1 });
          else this.scoped.delete(match);
        return { mode: scoped.mode, delayMs: scoped.delayMs, retryAfterSeconds: scoped.retryAfterSeconds };
      }
    const { mode, delayMs, times, retryAfterSeconds } = this.current;
    if (times !== null) this.current = times > 1 ? { ...this.current, times: times - 1 } : OK;
    return { mode, delayMs, retryAfterSeconds };
  }
}
