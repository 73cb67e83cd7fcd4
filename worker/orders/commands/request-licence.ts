import * as v from "valibot";
import { askedLicence } from "../domain/licence-change";
import { defineCommand } from "../command";
import { formOrderId } from "../extension-answer";
import { licenceInputRefusal, licenceOutcome, licenceTags } from "../licence-answer";
import { orderId } from "../order-body";
import { orderStub } from "../order-stub";

const body = v.object({ orderId, licence: licenceTags });

/**
 * POST /api/features/commission/order/licence/request {orderId, licence: LicenceTag[]} (issue 63, decision 099): the
 * client asks the creator for another licence after payment; the order page's "requestLicence" (a checkbox per tag).
 * The tags are read as a request's picks are (`licenceOf`): exclusive over commercial uses over personal use.
 */
export default defineCommand({
  path: "/licence/request",
  action: "requestLicence",
  intent: "requestLicence",
  body,
  fromForm: (form, context) => {
    const id = formOrderId(form);
    // A bad id is refused before the field is checked, as the other doors answer it.
    if (id === null) return { input: null };
    const tags = form.getAll("licence");
    if (tags.length === 0) return { errors: licenceInputRefusal("licence_invalid", context.locale).errors! };
    return { input: { orderId: id, licence: tags } };
  },
  // A body refused only for its tags (none, or not tags) is told so on the field.
  refuseBody: (issues, context) =>
    issues.every((issue) => issue.path?.[0]?.key === "licence")
      ? licenceInputRefusal("licence_invalid", context.locale)
      : { status: 400, error: "invalid_request" },
  run: async (context, input) => {
    const licence = askedLicence(input.licence);
    if (licence === null) return { ok: false, ...licenceInputRefusal("licence_invalid", context.locale) };
    const result = await orderStub(context.env.ORDER, input.orderId).act(
      { type: "requestLicence", licence },
      { userAccountId: context.user.accountId },
    );
    return licenceOutcome(result, context);
  },
});
