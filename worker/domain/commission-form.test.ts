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

describe("parseServiceDraft's delivery time (decision 109)", () => {
  const service = {
    title: "Bust-up",
    description: "",
    medias: [],
    price: "5000",
    currency: "JPY",
    formId: "",
    terms: "",
    categoryCodes: [],
  };

  it("reads the days typed, blank as none, and leaves them as they are when the field is not posted", () => {
    const days = (deliveryDays?: string) => {
      const parsed = parseServiceDraft({ ...service, ...(deliveryDays !== undefined && { deliveryDays }) });
      return parsed.ok ? parsed.data.deliveryDays : parsed.errors;
    };
    expect(days("14")).toBe(14);
    expect(days("")).toBeNull();
    expect(days(undefined)).toBeUndefined();
  });

  it("refuses days out of bounds with its message, beside the other fields' errors", () => {
    expect(parseServiceDraft({ ...service, deliveryDays: "0" })).toEqual({
      ok: false,
      errors: { deliveryDays: "delivery_days_invalid" },
    });
    expect(parseServiceDraft({ ...service, title: "", deliveryDays: "400" })).toEqual({
      ok: false,
      errors: { title: "authoring_form_title_required", deliveryDays: "delivery_days_invalid" },
    });
  });
});
