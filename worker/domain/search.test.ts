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
    // With text the default is relevance, best first (decision 109).
    expect(serializeExploreQuery({ ...query, sort: "relevance", order: "desc", cursor: null })).toBe(
      "q=%E3%82%A2%E3%83%AA%E3%82%B9&category=logo-graphic",
    );
  });
});

describe("explore filters in the URL (issue 66, decision 108)", () => {
  const parse = (search: string) => parseExploreQuery(new URLSearchParams(search));
  const normal = (search: string) => serializeExploreQuery(parse(search));

  it("reads each filter and writes it back", () => {
    expect(parse("open=1&min=5000&max=30000&licence=commercial&rating=4&writes=ja&content=all-ages")).toMatchObject({
      openNow: true,
      priceMin: 5000,
      priceMax: 30000,
      licence: "commercial",
      minRating: 4,
      language: "ja",
      contentRating: "all-ages",
    });
    expect(normal("content=all-ages&writes=ja&rating=4&licence=commercial&max=30000&min=5000&open=1")).toBe(
      "open=1&min=5000&max=30000&licence=commercial&rating=4&writes=ja&content=all-ages",
    );
  });

  it("reads the language a creator writes in from writes=, never from the interface language's lang= (issue 75)", () => {
    expect(parse("writes=ko").language).toBe("ko");
    expect(parse("lang=ko").language).toBeNull();
    expect(normal("lang=ko&writes=ja")).toBe("writes=ja");
  });

  it("drops bad values and clamps out-of-range ones", () => {
    expect(normal("open=yes&licence=free&writes=fr&content=%3Cx%3E&rating=abc&min=-5&max=1e3")).toBe("");
    expect(normal("rating=9")).toBe("rating=5");
    expect(normal("rating=0")).toBe("rating=1");
    expect(normal("max=999999999999")).toBe("max=100000000");
    expect(normal("min=0")).toBe("");
    expect(normal("min=1,000")).toBe("min=1000");
    expect(normal("min=30000&max=5000")).toBe("min=5000&max=30000");
    expect(normal("sort=price&order=desc")).toBe("sort=price&order=desc");
    expect(normal("sort=rating")).toBe("sort=rating");
  });
});

describe("delivered within N days in the URL (decision 109)", () => {
  const parse = (search: string) => parseExploreQuery(new URLSearchParams(search));
  const normal = (search: string) => serializeExploreQuery(parse(search));

  it("reads days as a whole number and writes it back in its place among the filters", () => {
    expect(parse("days=14").maxDeliveryDays).toBe(14);
    expect(parse("").maxDeliveryDays).toBeNull();
    expect(normal("days=7&open=1&content=r18")).toBe("open=1&content=r18&days=7");
  });

  it("drops words and fractions, and clamps to 1–365 days", () => {
    expect(normal("days=soon")).toBe("");
    expect(normal("days=2.5")).toBe("");
    expect(normal("days=-3")).toBe("");
    expect(normal("days=0")).toBe("days=1");
    expect(normal("days=9999")).toBe("days=365");
  });
});

describe("one sort control (decision 109)", () => {
  const parse = (search: string) => parseExploreQuery(new URLSearchParams(search));
  const normal = (search: string) => serializeExploreQuery(parse(search));

  it("defaults to relevance with text and to the newest without; relevance without text is the newest", () => {
    expect(parse("q=alice")).toMatchObject({ sort: "relevance", order: "desc" });
    expect(parse("")).toMatchObject({ sort: "date", order: "desc" });
    expect(parse("sort=relevance")).toMatchObject({ sort: "date", order: "desc" });
    expect(normal("sort=relevance")).toBe("");
    expect(normal("q=alice&sort=relevance")).toBe("q=alice");
    expect(normal("q=alice&sort=date")).toBe("q=alice&sort=date");
  });

  it("gives each sort its natural direction, written only when the URL goes against it", () => {
    expect(parse("sort=price").order).toBe("asc");
    expect(parse("sort=rating").order).toBe("desc");
    expect(parse("sort=name").order).toBe("asc");
    expect(normal("sort=price&order=asc")).toBe("sort=price");
    expect(normal("sort=rating&order=desc")).toBe("sort=rating");
    expect(normal("sort=rating&order=asc")).toBe("sort=rating&order=asc");
    expect(normal("order=desc")).toBe("");
    expect(normal("sort=newest&order=sideways")).toBe("");
  });
});
