/**
 * The one rule for a search over user text (creator search, tag suggestions): what the typed text becomes, and how
 * SQL matches it. No query a visitor can type breaks a search (issue 31): D1 refuses a LIKE pattern longer than 50
 * bytes, which a 49-character or a 17-character Japanese query reached.
 */

/**
 * Characters nobody searches for: controls (D1 ends a bound string at a NUL, which also leaves an FTS5 phrase
 * unterminated) and lone surrogates (half an emoji, left by a cut counted in UTF-16 units).
 */
const UNSEARCHABLE = /[\p{Cc}\p{Cs}]/gu;

/**
 * The text a search runs on: unsearchable characters as spaces, in NFC (so "が" pasted decomposed, as macOS names
 * files, finds the "が" people type), trimmed, and at most `maxChars` characters, counted in code points so that an
 * emoji or a Japanese character is never split.
 */
export function cleanSearchText(text: string, maxChars: number): string {
  const chars = Array.from(text.replace(UNSEARCHABLE, " ").normalize("NFC").trim());
  return chars.length > maxChars ? chars.slice(0, maxChars).join("").trimEnd() : chars.join("");
}

/** D1's SQLITE_LIMIT_LIKE_PATTERN_LENGTH: the pattern's UTF-8 bytes, its wildcards and escapes included. */
const D1_LIKE_PATTERN_MAX_BYTES = 50;

export type TextMatch = "contains" | "startsWith";

/** A condition for a D1 statement and the value of its one `?`. */
export interface SqlCondition {
  sql: string;
  param: string;
}

const likeLiteral = (q: string) => q.replace(/[\\%_]/g, (c) => `\\${c}`);
const likePattern = (q: string, match: TextMatch) =>
  match === "contains" ? `%${likeLiteral(q)}%` : `${likeLiteral(q)}%`;
const utf8Bytes = (text: string) => new TextEncoder().encode(text).length;

/**
 * `column` holds `q` (contains) or begins with it (startsWith), ASCII case ignored, every character of `q` literal.
 * LIKE asks it whenever its pattern fits D1's limit, so name-sized queries run as they always have (decisions 005,
 * 022). A longer query asks `instr` on both sides lower-cased, which means the same (SQLite's LIKE and lower() both
 * fold ASCII letters only) and has no limit. It is not the only way because it lower-cases a copy of every row it
 * checks: a scan of 10,000 creators (a 1–2 character query) took about 3 ms with it against 2 with LIKE.
 */
export function textMatchSql(column: string, q: string, match: TextMatch): SqlCondition {
  const pattern = likePattern(q, match);
  if (utf8Bytes(pattern) <= D1_LIKE_PATTERN_MAX_BYTES) return { sql: `${column} LIKE ? ESCAPE '\\'`, param: pattern };
  return { sql: `instr(lower(${column}), lower(?)) ${match === "contains" ? "> 0" : "= 1"}`, param: q };
}
