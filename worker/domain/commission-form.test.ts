import { describe, expect, it } from "vitest";
import { generateFormCode, moveItem, parseFormDraft, parseServiceDraft } from "./commission-form";

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
    const form = parseFormDraft({
      title: "",
      description: "",
      categoryCode: "",
      price: "1.5",
      currency: "JPY",
      questions: [],
    });
    expect(form).toEqual({
      ok: false,
      errors: { title: "authoring_form_title_required", price: "authoring_price_jpy" },
    });
    const service = parseServiceDraft({
      title: "",
      description: "",
      medias: [],
      price: "x",
      currency: "USD",
      formId: "",
      terms: "",
      categoryCodes: [],
    });
    expect(service).toEqual({
      ok: false,
      errors: { title: "authoring_form_title_required", price: "authoring_price_usd" },
    });
  });
});
