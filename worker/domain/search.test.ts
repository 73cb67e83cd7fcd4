import { describe, expect, it } from "vitest";
import { decodeCursor, encodeCursor, parseExploreQuery, serializeExploreQuery, truncateText } from "./search";

describe("truncateText", () => {
  it("cuts by code point and marks the cut", () => {
    expect(truncateText("abcdef", 3)).toBe("abc…");
    expect(truncateText("abc", 3)).toBe("abc");
    expect(truncateText("絵文字😀です", 4)).toBe("絵文字😀…");
  });

  it("gives the same text when cut twice (the explore loader cuts the bio before the card does)", () => {
    for (const text of ["x".repeat(500), "ドラゴン".repeat(60), "short", "y".repeat(140), "z".repeat(141)]) {
      const once = truncateText(text, 140);
      expect(truncateText(once, 140)).toBe(once);
    }
  });
});

describe("explore query in the URL", () => {
  it("round-trips a search and leaves defaults out", () => {
    const cursor = encodeCursor({ value: "アリス", id: "p1" });
    const query = parseExploreQuery(
      new URLSearchParams(`q=%20アリス%20&category=logo-graphic&sort=name&order=asc&cursor=${cursor}`),
    );
    expect(query).toMatchObject({ q: "アリス", category: "logo-graphic", sort: "name", order: "asc", cursor });
    expect(decodeCursor(cursor)).toEqual({ value: "アリス", id: "p1" });
    expect(serializeExploreQuery({ ...query, sort: "date", order: "desc", cursor: null })).toBe(
      "q=%E3%82%A2%E3%83%AA%E3%82%B9&category=logo-graphic",
    );
  });
});
