import { AsyncLocalStorage } from "node:async_hooks";

/**
 * D1 read replication (docs/decisions/070): each request's queries run in its own `withSession(...)` session, but the
 * Drizzle instance stays one per binding (worker/db/client.ts, decision 035). So the binding Drizzle is built on is a
 * router, made once per binding, whose `prepare` and `batch` go to the session of whichever request is running (as
 * the round-trip counter adds to the running request's count: round-trips.ts). Outside a request (the cron, a
 * Durable Object, a test calling a service directly) there is no session and the binding answers itself, on the
 * primary. A session has only `prepare`, `batch` and `getBookmark`: `exec` and `dump` stay the binding's own, and
 * nothing on a request's path calls them.
 */
const currentSession = new AsyncLocalStorage<D1DatabaseSession>();
const routers = new WeakMap<D1Database, D1Database>();

/** Runs `run` (a request) with its D1 session: queries through a sessionRoutedBinding go to `session`. */
export function withD1Session<T>(session: D1DatabaseSession, run: () => T): T {
  return currentSession.run(session, run);
}

/** `d1`, whose statements and batches go to the running request's session (withD1Session); one per binding. */
export function sessionRoutedBinding(d1: D1Database): D1Database {
  let router = routers.get(d1);
  if (!router) {
    router = new Proxy(d1, {
      get(target, property) {
        if (property === "prepare") return (query: string) => (currentSession.getStore() ?? target).prepare(query);
        if (property === "batch") {
          return <T>(statements: D1PreparedStatement[]) => (currentSession.getStore() ?? target).batch<T>(statements);
        }
        const value = Reflect.get(target, property, target);
        return typeof value === "function" ? value.bind(target) : value;
      },
    });
    routers.set(d1, router);
  }
  return router;
}
