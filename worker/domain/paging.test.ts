import { describe, expect, it } from "vitest";
import { MAX_PAGE, boundedPage, pageFromQuery } from "./paging";

describe("page numbers", () => {
  it("reads a whole number from ?page=, capped at MAX_PAGE", () => {
    expect(pageFromQuery("1")).toBe(1);
    expect(pageFromQuery("7")).toBe(7);
    expect(pageFromQuery("007")).toBe(7);
    expect(pageFromQuery(String(MAX_PAGE))).toBe(MAX_PAGE);
    expect(pageFromQuery(String(MAX_PAGE + 1))).toBe(MAX_PAGE);
    expect(pageFromQuery(String(Number.MAX_SAFE_INTEGER))).toBe(MAX_PAGE);
  });

  it("takes anything else as page 1: absent, empty, signs, fractions, exponents, words, past 2^53", () => {
    for (const raw of [
      null,
      "",
      "0",
      "-2",
      "+3",
      "1.5",
      "1e3",
      " 2",
      "abc",
      "Infinity",
      "NaN",
      "0x10",
      "99999999999999999999",
    ]) {
      expect(pageFromQuery(raw), String(raw)).toBe(1);
    }
  });

  it("bounds a number a caller passes: positive safe integers only, capped", () => {
    expect(boundedPage(3)).toBe(3);
    expect(boundedPage(1e20)).toBe(1);
    expect(boundedPage(Number.MAX_SAFE_INTEGER)).toBe(MAX_PAGE);
    for (const page of [0, -1, 2.5, Number.NaN, Number.POSITIVE_INFINITY])
      expect(boundedPage(page), String(page)).toBe(1);
  });
});
