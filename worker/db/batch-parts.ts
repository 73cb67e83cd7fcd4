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

export async function sendParts<const P extends readonly BatchPart<unknown>[]>(
  d1: D1Database,
  parts: P,
): Promise<{ -readonly [K in keyof P]: Read<P[K]> }> {
  const results = await d1.batch<Record<string, unknown>>(parts.flatMap((part) => part.statements));
  let next = 0;
  const reads = parts.map((part) => {
    const own = results.slice(next, next + part.statements.length);
    next += part.statements.length;
    return part.read(own);
  });
  return (await Promise.all(reads)) as { -readonly [K in keyof P]: Read<P[K]> };
}
