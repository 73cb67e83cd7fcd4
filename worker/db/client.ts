import { drizzle } from "drizzle-orm/d1";
import * as schema from "./schema";

export type Database = ReturnType<typeof build>;

function build(d1: D1Database) {
  return drizzle(d1, { schema });
}

/**
 * One Drizzle instance per D1 binding and isolate: `drizzle(d1, { schema })` walks every table's relations each time
 * it is called (about 2% of a page's CPU when it ran per request; docs/decisions/035). The instance keeps no
 * per-request state, so requests may share it. A wrapped binding (the bench's round-trip counter) gets its own.
 */
const instances = new WeakMap<D1Database, Database>();

export function createDb(d1: D1Database): Database {
  let db = instances.get(d1);
  if (!db) instances.set(d1, (db = build(d1)));
  return db;
}
