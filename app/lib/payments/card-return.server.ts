// Back from a 3-D Secure redirect while saving a card (a `redirect_to_url` action, decision 057): Stripe.js's query
// on the page the card form was on. The payment settings page and the service modal (/{handle}?service={id}) read it.
import type { Database } from "#worker/db/client";
import { isStripeId } from "#worker/domain/stripe-ids";
import { saveCardFromSetupIntent } from "#worker/payments/cards";
import { createStripe } from "#worker/payments/stripe-client";

/** "saved" once the intent is read from Stripe and the card kept; "failed" when the check did not pass; null with no return. */
export async function settleReturnedSetup(
  url: URL,
  db: Database,
  env: Env,
  userAccountId: string | null,
): Promise<"saved" | "failed" | null> {
  const intentId = url.searchParams.get("setup_intent");
  if (!intentId) return null;
  // An id that cannot be a SetupIntent's is not sent to Stripe (the doors' rule, worker/domain/stripe-ids.ts).
  if (!userAccountId || url.searchParams.get("redirect_status") !== "succeeded" || !isStripeId("setupIntent", intentId))
    return "failed";
  return (await saveCardFromSetupIntent(db, createStripe(env), userAccountId, intentId)).status === "saved"
    ? "saved"
    : "failed";
}
