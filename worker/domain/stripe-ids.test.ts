import * as v from "valibot";
import { describe, expect, it } from "vitest";
import { isStripeId, STRIPE_ID_MAX, stripeIdSchema } from "./stripe-ids";

describe("a Stripe id from the browser (issue 59)", () => {
  it("takes the kind's prefix, then letters, digits and underscores, up to Stripe's 255 characters", () => {
    for (const id of ["seti_1Nv0FGQ9bZ", "seti_abc_DEF_123", `seti_${"a".repeat(STRIPE_ID_MAX - 5)}`]) {
      expect(isStripeId("setupIntent", id), id).toBe(true);
      expect(v.is(stripeIdSchema("setupIntent"), id), id).toBe(true);
    }
    expect(isStripeId("paymentIntent", "pi_3MtwBwLkdIwHu7ix28a3tqPa")).toBe(true);
  });

  it("refuses anything else, a lone surrogate (the SDK's URIError) among them", () => {
    const refused: unknown[] = [
      "\ud800",
      "seti_\ud800",
      "seti_",
      "seti",
      "pi_123",
      "seti_a/b",
      "seti_a?expand[]=x",
      "seti_a b",
      "seti_é",
      " seti_a",
      `seti_${"a".repeat(STRIPE_ID_MAX - 4)}`,
      5,
      null,
    ];
    for (const id of refused) {
      expect(isStripeId("setupIntent", id), JSON.stringify(id)).toBe(false);
      expect(v.is(stripeIdSchema("setupIntent"), id), JSON.stringify(id)).toBe(false);
    }
    expect(isStripeId("paymentIntent", "seti_1Nv0FGQ9bZ")).toBe(false);
  });
});
