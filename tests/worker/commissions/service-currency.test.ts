// A service's currency is one Comet prices in, exactly (issue 31): a post naming EUR, "usd", "" or "JPY " was
// stored as JPY. The editor's post as the page action reads it (serviceDraftFrom), then the shared schema.
import { describe, expect, it } from "vitest";
import { serviceDraftFrom } from "#app/components/authoring/service-editor";
import { parseServiceDraft } from "#worker/domain/commission-form";

function posted(currency: string) {
  const form = new FormData();
  for (const [name, value] of Object.entries({
    title: "A service",
    description: "",
    price: "3000",
    currency,
    formId: "",
    terms: "",
  }))
    form.set(name, value);
  return parseServiceDraft(serviceDraftFrom(form));
}

describe("a service's currency", () => {
  it("is refused with its message unless it is exactly one Comet prices in", () => {
    for (const currency of ["EUR", "usd", "", "JPY ", " USD"]) {
      const parsed = posted(currency);
      expect(parsed.ok, JSON.stringify(currency)).toBe(false);
      if (!parsed.ok) expect(parsed.errors.currency).toBe("authoring_currency");
    }
    for (const currency of ["JPY", "USD"]) expect(posted(currency)).toMatchObject({ ok: true, data: { currency } });
  });
});
