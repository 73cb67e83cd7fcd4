import * as v from "valibot";
import { inputLanguageOf } from "../../domain/input-language";
import { serviceDetailsOf } from "../domain/order";
import { defineCommand, refuse } from "../command";
import { afterAction } from "../order-answer";
import { orderId } from "../order-body";
import { orderStub } from "../order-stub";
import { LOCALES } from "../../domain/locales";

/**
 * POST /api/features/commission/order/service/update {orderId, title, description, languageCode, categoryCode?}:
 * commissionOrderService.updateSeller (spec sections 5 and 7); the order page's "updateServiceDetails", written in the
 * seller's input language. A code the catalogue does not offer is 400 `unknown_category` with the editors' message;
 * nothing changes. An edit is a new text: translated anew for the client (issue 46).
 */
export default defineCommand({
  path: "/service/update",
  intent: "updateServiceDetails",
  action: "updateServiceDetails",
  body: v.object({
    orderId,
    title: v.pipe(v.string(), v.maxLength(1000)),
    description: v.optional(v.pipe(v.string(), v.maxLength(20_000)), ""),
    languageCode: v.picklist(LOCALES),
    /** Spec section 5's optional categoryCode: a catalogue code, null or "" for none; absent, the categories stay. */
    categoryCode: v.optional(v.nullable(v.pipe(v.string(), v.maxLength(1000)))),
  }),
  fromForm: (form, { user }) => ({
    input: {
      orderId: form.get("orderId"),
      title: String(form.get("title") ?? ""),
      description: String(form.get("description") ?? ""),
      languageCode: inputLanguageOf(user),
      // The category select always posts (empty for none); a post without the field leaves the categories as they are.
      categoryCode: form.has("categoryCode") ? String(form.get("categoryCode")) : undefined,
    },
  }),
  run: async (context, input) => {
    const details = serviceDetailsOf(input);
    if (!details) return refuse({ status: 400, error: "invalid_request" });
    const result = await orderStub(context.env.ORDER, input.orderId).updateServiceDetails(details, {
      userAccountId: context.user.accountId,
    });
    return afterAction(context, input.orderId, "updateServiceDetails", result, [details.title, details.description]);
  },
});
