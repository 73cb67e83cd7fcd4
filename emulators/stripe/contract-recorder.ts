// Recording exchanges for the contract check (contract.ts). Off unless `EmulatorOptions.contract` is given: then the
// emulator's `handle` is wrapped so each request's parameters, its answer and the events made meanwhile are handed
// to that callback; `ContractLog` is the callback the tests use, keeping each distinct violation once with a count.
import type Stripe from "stripe";
import { exchangeViolations, type ContractExchange, type ContractViolation } from "./contract.ts";
import { describedApiVersion, operationForPath } from "./openapi.ts";
import type { State } from "./state.ts";
import { parseForm, type Params } from "./util.ts";

type Handle = (request: Request) => Promise<Response>;

function paramsOf(url: URL, body: string): Params {
  try {
    return { ...parseForm(url.searchParams), ...parseForm(body) };
  } catch {
    return {};
  }
}

/**
 * `handle`, also handing every exchange to `record`. Events are gathered from every data set (`dataSets`: the
 * platforms'), whichever request or background step made them, each once.
 */
export function recordingHandle(
  handle: Handle,
  record: (exchange: ContractExchange) => void,
  dataSets: () => readonly State[],
): Handle {
  const seen = new WeakMap<Stripe.Event[], number>();
  const newEvents = (): Stripe.Event[] =>
    dataSets().flatMap((state) => {
      const fresh = state.events.slice(seen.get(state.events) ?? 0);
      seen.set(state.events, state.events.length);
      return fresh;
    });
  return async (request) => {
    const url = new URL(request.url);
    const body = request.method === "POST" ? await request.clone().text() : "";
    const response = await handle(request);
    const text = await response.clone().text();
    let parsed: unknown = null;
    if (response.headers.get("content-type")?.includes("json")) {
      try {
        parsed = JSON.parse(text);
      } catch {
        parsed = text;
      }
    }
    record({
      method: request.method,
      path: url.pathname,
      params: paramsOf(url, body),
      status: response.status,
      body: parsed,
      events: newEvents(),
    });
    return response;
  };
}

export interface LoggedViolation extends ContractViolation {
  /** How many times it was seen. */
  count: number;
}

/** The contract check over a run: each exchange checked as it comes, each distinct violation kept once. */
export class ContractLog {
  exchanges = 0;
  events = 0;
  /** The Stripe operations the exchanges called (`POST /v1/payment_intents`…): what the check covered. */
  readonly operations = new Set<string>();
  readonly #violations = new Map<string, LoggedViolation>();

  readonly record = (exchange: ContractExchange): void => {
    this.exchanges++;
    this.events += exchange.events.length;
    const operation = operationForPath(exchange.method, exchange.path);
    if (operation) this.operations.add(operation.name);
    for (const violation of exchangeViolations(exchange)) {
      const key = `${violation.where}\u0000${violation.path.replace(/\[\d+\]/g, "[]")}\u0000${violation.problem}`;
      const logged = this.#violations.get(key);
      if (logged) logged.count++;
      else this.#violations.set(key, { ...violation, count: 1 });
    }
  };

  violations(): LoggedViolation[] {
    return [...this.#violations.values()];
  }

  /** What a run's contract check found, as scripts/test.mjs reads it (test-results/stripe-contract.json). */
  report(): {
    describedApiVersion: string;
    exchanges: number;
    events: number;
    operations: string[];
    violations: LoggedViolation[];
  } {
    return {
      describedApiVersion: describedApiVersion(),
      exchanges: this.exchanges,
      events: this.events,
      operations: [...this.operations].sort(),
      violations: this.violations(),
    };
  }

  /** One line per violation, for a test failure or the run's summary. */
  describe(): string {
    return this.violations()
      .map((item) => `${item.where}: ${item.path} ${item.problem}${item.count > 1 ? ` (×${item.count})` : ""}`)
      .join("\n");
  }
}
