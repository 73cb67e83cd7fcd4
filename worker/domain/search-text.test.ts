import { describe, expect, it } from "vitest";
import { cleanSearchText, textMatchSql } from "./search-text";

describe("cleanSearchText", () => {
  it("trims, and leaves a whitespace-only query empty", () => {
    expect(cleanSearchText("  アリス \n", 100)).toBe("アリス");
    expect(cleanSearchText(" \t\n\u3000 ", 100)).toBe("");
  });

  it("turns controls and lone surrogates into spaces", () => {
    expect(cleanSearchText("a\u0000b\u0007c\u001f", 100)).toBe("a b c");
    expect(cleanSearchText(`x${"😀".slice(0, 1)}y`, 100)).toBe("x y");
    // A joiner is not a control: emoji sequences stay whole.
    expect(cleanSearchText("👩‍🎨", 100)).toBe("👩‍🎨");
  });

  it("composes what was pasted decomposed (NFC)", () => {
    expect(cleanSearchText("がく", 100)).toBe("がく");
  });

  it("cuts at the maximum counted in characters, never splitting an emoji", () => {
    expect(cleanSearchText("😀".repeat(10_000), 100)).toBe("😀".repeat(100));
    expect(cleanSearchText("さくら".repeat(50), 4)).toBe("さくらさ");
    expect(cleanSearchText("abc def", 4)).toBe("abc");
  });
});

describe("textMatchSql", () => {
  it("asks LIKE with %, _ and \\ escaped while the pattern fits D1's 50 bytes", () => {
    expect(textMatchSql("s.text", "100%_a\\b", "contains")).toEqual({
      sql: "s.text LIKE ? ESCAPE '\\'",
      param: "%100\\%\\_a\\\\b%",
    });
    expect(textMatchSql("t.tag", "ab", "startsWith")).toEqual({ sql: "t.tag LIKE ? ESCAPE '\\'", param: "ab%" });
  });

  it("counts the pattern's bytes: 48 ASCII or 16 Japanese characters still fit, 49 or 17 do not", () => {
    expect(textMatchSql("c", "a".repeat(48), "contains").sql).toContain("LIKE");
    expect(textMatchSql("c", "a".repeat(49), "contains").sql).toContain("instr");
    expect(textMatchSql("c", "あ".repeat(16), "contains").sql).toContain("LIKE");
    expect(textMatchSql("c", "あ".repeat(17), "contains").sql).toContain("instr");
    expect(textMatchSql("c", "a".repeat(49), "startsWith").sql).toContain("LIKE");
    expect(textMatchSql("c", "a".repeat(50), "startsWith").sql).toContain("instr");
    // Each escaped wildcard takes two bytes.
    expect(textMatchSql("c", "%".repeat(24), "contains").sql).toContain("LIKE");
    expect(textMatchSql("c", "%".repeat(25), "contains").sql).toContain("instr");
  });

  it("beyond that asks instr on both sides lower-cased, with the query as typed", () => {
    const q = `100%_${"a".repeat(60)}`;
    expect(textMatchSql("s.text", q, "contains")).toEqual({ sql: "instr(lower(s.text), lower(?)) > 0", param: q });
    expect(textMatchSql("t.tag", q, "startsWith")).toEqual({ sql: "instr(lower(t.tag), lower(?)) = 1", param: q });
  });
});
