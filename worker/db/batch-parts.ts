import type { BatchItem, BatchResponse } from "drizzle-orm/batch";

/**
 * Reads from several modules sent as one D1 batch (issue 66, decision 113): each module gives its statements and how
 * it reads their results, and a page sends the parts it shows together, one round trip instead of one a module.
 */
export interface BatchPart<T> {
  statements: D1PreparedStatement[];
  /** The part's results, in the order of its statements; may read or write more (a first view's computed row). */
  read: (results: D1Result<Record<string, unknown>>[]) => T | Promise<T>;
}

type Read<P> = P extends BatchPart<infer T> ? T : never;

/** What each part of `P` reads. */
export type PartValues<P extends readonly BatchPart<unknown>[]> = { -readonly [K in keyof P]: Read<P[K]> };

export async function sendParts<const P extends readonly BatchPart<unknown>[]>(
  d1: D1Database,
  parts: P,
): Promise<PartValues<P>> {
  return readParts(parts, await d1.batch<Record<string, unknown>>(parts.flatMap((part) => part.statements)));
}

/** Each part's reading of its own results, `results` being the batch of all their statements in order. */
export async function readParts<const P extends readonly BatchPart<unknown>[]>(
  parts: P,
  results: D1Result<Record<string, unknown>>[],
): Promise<PartValues<P>> {
  let next = 0;
  const reads = parts.map((part) => {
    const own = results.slice(next, next + part.statements.length);
    next += part.statements.length;
    return part.read(own);
  });
  return (await Promise.all(reads)) as PartValues<P>;
}

/** What Drizzle's D1 session makes of each query of its own `db.batch` (drizzle-orm/d1/session.js). */
interface PreparedDrizzleQuery {
  stmt: D1PreparedStatement;
  getQuery(): { params: unknown[] };
  mapResult(result: unknown, isFromBatch: boolean): unknown;
}

/**
 * Drizzle queries as a part, so they share a page's batch with raw ones: each is built and its result mapped exactly as
 * Drizzle's own `db.batch` does (through the query's `_prepare`, which Drizzle keeps out of its types); the test
 * `tests/worker/db/batch-parts.test.ts` holds the two equal, so a Drizzle upgrade that moves them fails there.
 */
export function drizzlePart<const Q extends readonly BatchItem<"sqlite">[], T>(
  queries: Q,
  read: (results: BatchResponse<Q>) => T | Promise<T>,
): BatchPart<T> {
  const prepared = queries.map((query) => (query as unknown as { _prepare(): PreparedDrizzleQuery })._prepare());
  return {
    statements: prepared.map((query) => query.stmt.bind(...query.getQuery().params)),
    read: (results) => read(results.map((result, i) => prepared[i]!.mapResult(result, true)) as BatchResponse<Q>),
  };
}
