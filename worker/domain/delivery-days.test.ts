import { describe, expect, it } from "vitest";
import { parseDeliveryDays } from "./commission-form";
import { DELIVERY_DAYS_MAX } from "./delivery-days";

describe("parseDeliveryDays (decision 109)", () => {
  it("reads blank as no figure and a whole number of days within the bounds", () => {
    expect(parseDeliveryDays("")).toEqual({ ok: true, days: null });
    expect(parseDeliveryDays("  ")).toEqual({ ok: true, days: null });
    expect(parseDeliveryDays(" 14 ")).toEqual({ ok: true, days: 14 });
    expect(parseDeliveryDays("1")).toEqual({ ok: true, days: 1 });
    expect(parseDeliveryDays(String(DELIVERY_DAYS_MAX))).toEqual({ ok: true, days: DELIVERY_DAYS_MAX });
  });

  it("refuses zero, more than a year, fractions, signs and words with its message", () => {
    for (const typed of ["0", "366", "1000", "2.5", "-3", "+3", "two", "7 days"])
      expect(parseDeliveryDays(typed)).toEqual({ ok: false, error: "delivery_days_invalid" });
  });
});
