/**
 * A D1 statement as data: its SQL and its parameters. The Order Durable Object keeps the projection of a transition in
 * its own storage until D1 has it (decision 047), and a prepared statement cannot be stored; this can.
 */
export type SqlValue = string | number | null;

export interface SqlStatement {
  sql: string;
  params: SqlValue[];
}

export const statement = (sql: string, ...params: SqlValue[]): SqlStatement => ({ sql, params });

export const prepared = (d1: D1Database, statements: readonly SqlStatement[]): D1PreparedStatement[] =>
  statements.map((s) => d1.prepare(s.sql).bind(...s.params));
