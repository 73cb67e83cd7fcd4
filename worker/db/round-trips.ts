/**
 * Counts D1 round trips (each statement execution, each batch, each exec) made through a binding.
 * Used outside production to report `X-D1-Round-Trips` per request, which the benchmark reads.
 */
export interface RoundTripCounter {
  count: number;
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
