// Which payment methods a SetupIntent or PaymentIntent takes, as its create, update and confirm calls say:
// `allowed_payment_method_types` (the pinned API version's name for the list; `payment_method_types` is the answer's)
// and `automatic_payment_methods`, and the two rules that follow from them: a payment method of a type the intent
// does not take is refused, and an intent that may redirect needs a `return_url` to be confirmed.
import type Stripe from "stripe";
import type { PaymentMethodRecord } from "./state.ts";
import { bool, invalidRequest, obj, str, strArray, type Params } from "./util.ts";

type Intent = Stripe.PaymentIntent | Stripe.SetupIntent;
type Kind = "PaymentIntent" | "SetupIntent";
type Automatic = { enabled: true; allow_redirects: "always" | "never" };

/** `allowed_payment_method_types` as given: a list, null when emptied (an update's `""`), undefined when not given. */
export function allowedTypesIn(params: Params): string[] | null | undefined {
  if (params.allowed_payment_method_types === undefined) return undefined;
  if (params.allowed_payment_method_types === "") return null;
  return strArray(params, "allowed_payment_method_types") ?? null;
}

/**
 * What Stripe answers in `payment_method_types` for an allowed list: "Stripe automatically returns compatible payment
 * methods from this list in the `payment_method_types` field of the response"
 * (node_modules/stripe/cjs/resources/PaymentIntents.d.ts, PaymentIntentCreateParams.allowed_payment_method_types).
 * The emulator knows no compatibility rule beyond the types themselves, so every listed type counts as compatible;
 * without a list the intent takes cards, the one type the emulator has.
 */
export function acceptedTypes(allowed: string[] | null): string[] {
  return allowed ?? ["card"];
}

export function setAllowedTypes(intent: Intent, allowed: string[] | null): void {
  intent.allowed_payment_method_types = allowed as Stripe.PaymentIntent.AllowedPaymentMethodType[] | null;
  intent.payment_method_types = acceptedTypes(allowed);
}

/** `automatic_payment_methods[enabled]` and `[allow_redirects]` (default `always`), or null when not enabled. */
export function automaticPaymentMethodsOf(params: Params): Automatic | null {
  const automatic = obj(params, "automatic_payment_methods");
  if (!automatic || bool(automatic, "enabled") !== true) return null;
  return { enabled: true, allow_redirects: str(automatic, "allow_redirects") === "never" ? "never" : "always" };
}

/** A payment method of a type the intent does not take (`types`: its `payment_method_types`) is refused, in Stripe's words. */
export function checkAllowedType(kind: Kind, types: string[], record: PaymentMethodRecord): void {
  if (types.includes(record.pm.type)) return;
  throw invalidRequest(
    `The PaymentMethod provided (${record.pm.type}) is not allowed for this ${kind}. Please attach a PaymentMethod of one of the following types: ${types.join(", ")}. Alternatively, update the allowed payment_method_types for this ${kind} to include "${record.pm.type}".`,
    {
      code: kind === "PaymentIntent" ? "payment_intent_incompatible_payment_method" : "setup_intent_invalid_parameter",
      param: "payment_method",
    },
  );
}

/**
 * Confirming an intent whose automatic payment methods allow redirects needs a `return_url`, even for a card that
 * will not redirect: "To confirm this PaymentIntent, you may be required to provide a `return_url`"
 * (https://docs.stripe.com/api/payment_intents/create#create_payment_intent-automatic_payment_methods-allow_redirects),
 * answered with this message by Stripe. `allow_redirects: never` lifts it.
 */
export function checkReturnUrl(
  kind: Kind,
  automatic: { enabled: boolean | null; allow_redirects?: string } | null,
  returnUrl: string | null | undefined,
): void {
  if (!automatic?.enabled || automatic.allow_redirects === "never" || returnUrl) return;
  const name = kind === "PaymentIntent" ? "Payment Intent" : "Setup Intent";
  throw invalidRequest(
    `A \`return_url\` must be specified because this ${name} is configured to automatically accept the payment methods enabled in the Dashboard, some of which may require a full page redirect to succeed. If you do not want to accept redirect-based payment methods, set \`automatic_payment_methods[enabled]\` to \`true\` and \`automatic_payment_methods[allow_redirects]\` to \`never\` when creating Setup Intents and Payment Intents.`,
    { param: "return_url" },
  );
}
