// The 3-D Secure challenge page that `next_action` points to: the tester completes or fails authentication. With a
// `return_url` (a `redirect_to_url` action) the browser goes back there with the query parameters Stripe.js uses.
// Without one (`use_stripe_sdk`), the page stands in for Stripe.js's challenge frame: it is opened inside the app's
// page, and when done it tells that page so (`THREE_D_SECURE_DONE_MESSAGE`, posted to its parent or opener), as
// Stripe's frame tells Stripe.js; the app then reads the intent back (decision 057).
import { completeThreeDSecure, intentFor3ds } from "./intents.ts";
import { htmlResponse, messagePage, outcomeForm, page, redirect } from "./pages.ts";
import type { Core, Ctx, Route } from "./state.ts";
import { escapeHtml, str } from "./util.ts";

/** The `type` of the message the finished challenge posts to the page that framed (or opened) it. */
const THREE_D_SECURE_DONE_MESSAGE = "stripe-emulator:3ds-done";

/**
 * The finished challenge's page without a return_url: says so, and posts `{ type, intent, status }` to the page that
 * framed or opened it. The message carries no secret (the page reads the intent back with its client secret), so it
 * may go to any origin: the emulator does not know the app's.
 */
function finishedInFramePage(intentId: string, status: "succeeded" | "failed"): Response {
  const message = JSON.stringify({ type: THREE_D_SECURE_DONE_MESSAGE, intent: intentId, status }).replaceAll(
    "<",
    "\\u003c",
  );
  const body = `<h1>Authentication finished</h1>
<p>${escapeHtml(`The result is ${status}. You can close this window.`)}</p>
<script>(function () { var to = window.parent !== window ? window.parent : window.opener; if (to) to.postMessage(${message}, "*"); })();</script>`;
  return htmlResponse(200, page("Authentication finished", body));
}

function findChallenge(core: Core, ctx: Ctx) {
  const intent = intentFor3ds(core.state, ctx.pathParams.id!);
  if (!intent)
    return {
      error: messagePage(404, "Unknown intent", `No SetupIntent or PaymentIntent ${ctx.pathParams.id} exists.`),
    };
  if (str(ctx.params, "client_secret") !== intent.client_secret) {
    return { error: messagePage(403, "Wrong client secret", "This link does not carry the intent's client secret.") };
  }
  if (intent.status !== "requires_action") {
    return {
      error: messagePage(
        409,
        "Nothing to authenticate",
        `This intent has the status ${intent.status}; it is not waiting for 3-D Secure.`,
      ),
    };
  }
  return { intent };
}

export function threeDSecureRoutes(core: Core): Route[] {
  return [
    {
      method: "GET",
      path: "/_emulator/3ds/:id",
      page: true,
      run: (ctx) => {
        const found = findChallenge(core, ctx);
        if (found.error) return found.error;
        const { intent } = found;
        const amount =
          intent.object === "payment_intent"
            ? `${intent.amount} ${intent.currency.toUpperCase()}`
            : "saving a card (no charge)";
        const body = `<h1>3-D Secure authentication</h1>
<p>The bank asks you to confirm this card.</p>
<dl>
<dt>Intent</dt><dd>${escapeHtml(intent.id)}</dd>
<dt>Amount</dt><dd>${escapeHtml(amount)}</dd>
</dl>
${outcomeForm(`/_emulator/3ds/${intent.id}`, { client_secret: intent.client_secret ?? "" }, [
  { outcome: "succeed", label: "Complete authentication", primary: true },
  { outcome: "fail", label: "Fail authentication", primary: false },
])}`;
        return htmlResponse(200, page("3-D Secure authentication", body));
      },
    },
    {
      method: "POST",
      path: "/_emulator/3ds/:id",
      page: true,
      run: (ctx) => {
        const found = findChallenge(core, ctx);
        if (found.error) return found.error;
        const outcome = str(ctx.params, "outcome");
        if (outcome !== "succeed" && outcome !== "fail")
          return messagePage(400, "Unknown outcome", "Choose Complete or Fail authentication.");
        const result = completeThreeDSecure(core.state, ctx, found.intent, outcome);
        if (result.returnUrl) return redirect(result.returnUrl);
        return finishedInFramePage(found.intent.id, result.redirectStatus);
      },
    },
  ];
}
