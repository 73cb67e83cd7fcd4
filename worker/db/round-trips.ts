import { AsyncLocalStorage } from "node:async_hooks";

/**
 * Counts D1 round trips (each statement execution, each batch, each exec) made through a binding.
 * Used outside production to report `X-D1-Round-Trips` per request, which the benchmark reads.
 */
export interface RoundTripCounter {
  count: number;
}

/**
 * The request's counter. The counting binding is made once per binding (so the Drizzle instance built on it is
 * shared by requests, as in production: worker/db/client.ts) and adds to whichever request is running.
 */
const currentCounter = new AsyncLocalStorage<RoundTripCounter>();
const countingBindings = new WeakMap<D1Database, D1Database>();

export function withRoundTripCounter<T>(counter: RoundTripCounter, run: () => T): T {
  return currentCounter.run(counter, run);
}

/** `d1`, counting into the running request's counter (withRoundTripCounter); the same wrapper for the same binding. */
export function roundTripCountingBinding(d1: D1Database): D1Database {
  let wrapped = countingBindings.get(d1);
  if (!wrapped) {
    wrapped = countRoundTrips(d1, {
      get count() {
        return currentCounter.getStore()?.count ?? 0;
      },
      set count(value: number) {
        const counter = currentCounter.getStore();
        if (counter) counter.count = value;
      },
    });
    countingBindings.set(d1, wrapped);
  }
  return wrapped;
}

const EXECUTORS = new Set<PropertyKey>(["first", "all", "run", "raw"]);

export function countRoundTrips(d1: D1Database, counter: RoundTripCounter): D1Database {
  // batch() must receive the runtime's own statements, so every wrapper remembers what it wraps.
  const originals = new WeakMap<object, D1PreparedStatement>();

  const wrapStatement = (statement: D1PreparedStatement): D1PreparedStatement => {
    const proxy = new Proxy(statement, {
      get(target, property) {
        const value = Reflect.get(target, property, target);
        if (typeof value !== "function") return value;
        if (property === "bind") return (...args: unknown[]) => wrapStatement(value.apply(target, args));
        if (EXECUTORS.has(property)) {
          return (...args: unknown[]) => {
            counter.count++;
            return value.apply(target, args);
          };
        }
        return value.bind(target);
      },
    });
    originals.set(proxy, statement);
    return proxy;
  };

  return new Proxy(d1, {
    get(target, property) {
      const value = Reflect.get(target, property, target);
      if (property === "prepare") return (query: string) => wrapStatement(target.prepare(query));
      if (property === "batch") {
        return (statements: D1PreparedStatement[]) => {
          counter.count++;
          return target.batch(statements.map((statement) => originals.get(statement) ?? statement));
        };
      }
      // A request's session (worker/db/session-routing.ts) is counted like the binding it was opened on.
      if (property === "withSession") {
        return (constraintOrBookmark?: string) =>
          countRoundTrips(target.withSession(constraintOrBookmark) as unknown as D1Database, counter);
      }
      if (property === "exec") {
        return (query: string) => {
          counter.count++;
          return target.exec(query);
        };
      }
      return typeof value === "function" ? value.bind(target) : value;
    },
  });
}
