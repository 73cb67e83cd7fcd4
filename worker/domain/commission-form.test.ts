import { describe, expect, it } from "vitest";
import { generateFormCode, moveItem, parsePrice, formatPriceInput, parseFormDraft, parseServiceDraft } from "./commission-form";

describe("prices in minor units", () => {
  it("parses yen as whole numbers and dollars to cents", () => {
    expect(parsePrice("10000", "JPY")).toBe(10000);
    expect(parsePrice("10,000", "JPY")).toBe(10000);
    expect(parsePrice("10.5", "JPY")).toBeUndefined();
    expect(parsePrice("12.5", "USD")).toBe(1250);
    expect(parsePrice("12.345", "USD")).toBeUndefined();
    expect(parsePrice("-1", "USD")).toBeUndefined();
    expect(parsePrice("  ", "JPY")).toBeNull();
    expect(parsePrice("99999999999", "JPY")).toBeUndefined();
    expect(formatPriceInput(1250, "USD")).toBe("12.50");
    expect(formatPriceInput(null, "JPY")).toBe("");
  });
});

describe("ordering and codes", () => {
  it("moves items up and down within bounds", () => {
    expect(moveItem(["a", "b", "c"], 1, -1)).toEqual(["b", "a", "c"]);
    expect(moveItem(["a", "b", "c"], 2, 1)).toEqual(["a", "b", "c"]);
  });

  it("makes 8-character codes of an unambiguous alphabet", () => {
    const code = generateFormCode();
    expect(code).toMatch(/^[a-hjkmnp-z2-9]{8}$/);
    expect(new Set(Array.from({ length: 200 }, () => generateFormCode())).size).toBe(200);
  });
});

describe("all messages at once", () => {
  it("reports a bad price together with a missing title", () => {
    const form = parseFormDraft({ title: "", description: "", categoryCode: "", price: "1.5", currency: "JPY", questions: [] });
    expect(form).toEqual({ ok: false, errors: { title: "authoring_form_title_required", price: "authoring_price_jpy" } });
    const service = parseServiceDraft({ title: "", description: "", medias: [], price: "x", currency: "USD", formId: "", terms: "", categoryCodes: [] });
    expect(service).toEqual({ ok: false, errors: { title: "authoring_form_title_required", price: "authoring_price_usd" } });
  });
});
