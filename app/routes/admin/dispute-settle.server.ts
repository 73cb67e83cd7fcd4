// The dispute desk's settle form (issue 49, decision 088): the post read into a settlement, checked with the rules the
// Order object applies (`parseSettlement` against the stake, the reason's `settlementReasonOf`) so every field's error
// is shown at once and a money-moving outcome is confirmed with its real figures; then the one settlement function the
// JSON door calls too (`settleDispute`, worker/orders/settle-dispute.ts), which the object checks again.
import { data, redirect, type RouterContextProvider } from "react-router";
import { keptForRetry, readFormData } from "#app/lib/form-data.server";
import { requestContext } from "#app/lib/request-context";
import { m } from "#app/paraglide/messages.js";
import { ADMIN_IS_PARTY, isPartyTo, movesMoney } from "#worker/admin/domain/admin-actions";
import type { Locale } from "#worker/domain/locales";
import { parseSettlement, settlementMoney } from "#worker/orders/domain/disputes";
import { parsePrice, priceInputError } from "#worker/domain/pricing";
import { translateAuthoringErrors } from "#worker/messages/authoring";
import { adminPartyMessage, adminTextCharactersMessage } from "#worker/messages/admin";
import { disputeErrorMessage } from "#worker/messages/disputes";
import { orderRefusalMessage } from "#worker/messages/orders";
import {
  disputeFacts,
  orderParties,
  settlementFieldOf,
  settlementReasonOf,
  type DisputeFacts,
} from "#worker/admin/services/admin-disputes";
import { settleDispute } from "#worker/orders/settle-dispute";
import type { SessionUser } from "#worker/services/sessions";
import { moneyText } from "./dispute-texts.server";

/** What the form posts, as typed: the refund in major units of the order's currency, the days as digits. */
export interface SettleValues {
  outcome: string;
  refundAmount: string;
  days: string;
  reason: string;
}
type SettleField = keyof SettleValues;

const valuesOf = (form: FormData): SettleValues =>
  keptForRetry({
    outcome: String(form.get("outcome") ?? ""),
    refundAmount: String(form.get("refundAmount") ?? ""),
    days: String(form.get("days") ?? ""),
    reason: String(form.get("reason") ?? ""),
  });

type Checked =
  | { ok: true; input: { outcome: string; refundAmount?: number; days?: number } }
  | { ok: false; errors: Partial<Record<SettleField, string>> };

/**
 * The settlement the form asks for, or each field's error in the admin's language. The refund is read as the price
 * fields read a price (major units, never rounded), the days as a whole number; the rest is the domain's rule.
 */
function checkSettlement(values: SettleValues, facts: DisputeFacts, locale: Locale): Checked {
  const errors: Partial<Record<SettleField, string>> = {};
  let refundAmount: number | undefined;
  if (values.outcome === "split") {
    const typed = parsePrice(values.refundAmount, facts.currency);
    if (typed === undefined)
      errors.refundAmount = translateAuthoringErrors(
        { refundAmount: priceInputError(facts.currency) },
        locale,
      ).refundAmount;
    else refundAmount = typed ?? 0;
  }
  const days = values.days.trim();
  const input = {
    outcome: values.outcome,
    refundAmount,
    days: values.outcome === "reopen" ? (/^\d{1,3}$/.test(days) ? Number(days) : Number.NaN) : undefined,
  };
  const parsed = parseSettlement(input, facts.stake);
  if (!parsed.ok) {
    const field = settlementFieldOf(parsed.error) ?? "outcome";
    errors[field] ??= disputeErrorMessage(parsed.error, locale) ?? m.error_generic();
  }
  const reason = settlementReasonOf(values.reason);
  if (!reason.ok) errors.reason = settlementRefusalMessage(reason.refusal, locale);
  return Object.keys(errors).length > 0 || !parsed.ok ? { ok: false, errors } : { ok: true, input };
}

/** The words of a settlement's refusal: the admin console's own (decision 093), else the disputes'. */
function settlementRefusalMessage(refusal: string, locale: Locale): string {
  if (refusal === ADMIN_IS_PARTY) return adminPartyMessage("order", locale);
  if (refusal === "reason_invalid_characters") return adminTextCharactersMessage(locale);
  return disputeErrorMessage(refusal, locale) ?? orderRefusalMessage(refusal, locale) ?? m.error_generic();
}

/** What a confirmed settlement will move, in the admin's words, with the parties' handles. */
function confirmLines(facts: DisputeFacts, input: { outcome: string; refundAmount?: number }, locale: Locale) {
  const settlement =
    input.outcome === "split"
      ? { outcome: "split" as const, refundAmount: input.refundAmount ?? 0 }
      : { outcome: input.outcome as "refund" | "release" };
  const { refunded, released } = settlementMoney(settlement, facts.stake);
  return [
    ...(refunded > 0
      ? [
          m.admin_dispute_confirm_refund({
            amount: moneyText(refunded, facts.currency, locale),
            handle: `@${facts.buyerHandle}`,
          }),
        ]
      : []),
    ...(released > 0
      ? [
          m.admin_dispute_confirm_release({
            amount: moneyText(released, facts.currency, locale),
            handle: `@${facts.sellerHandle}`,
          }),
        ]
      : []),
  ];
}

export type SettleAnswer = {
  values: SettleValues;
  errors?: Partial<Record<SettleField, string>>;
  message?: string;
  confirm?: string[];
};

/**
 * The record page's post: refused fields come back with their messages and what was typed; a refund, a release or a
 * split comes back once to be confirmed (`confirmed=yes` settles); a settlement done goes back to the queue with its
 * toast. A non-admin never gets here (the page's guard); an order never disputed is the site's 404. An admin who is a
 * party to the order is refused before the settlement is checked (decision 093; the object refuses them too).
 */
export async function settleFromForm(
  context: Readonly<RouterContextProvider>,
  admin: SessionUser,
  orderId: string,
  request: Request,
) {
  const { db, env, executionCtx, locale } = context.get(requestContext);
  const form = await readFormData(request, locale);
  const values = valuesOf(form);
  const facts = await disputeFacts(db, orderId, locale);
  if (!facts) throw data(null, { status: 404 });
  const refuse = (answer: Omit<SettleAnswer, "values">, status: number) =>
    data<SettleAnswer>({ values, ...answer }, { status });
  if (!facts.open) return refuse({ message: disputeErrorMessage("not_disputed", locale) ?? m.error_generic() }, 409);
  if (isPartyTo(admin.accountId, orderParties(facts)))
    return refuse({ message: adminPartyMessage("order", locale) }, 403);
  const checked = checkSettlement(values, facts, locale);
  if (!checked.ok) return refuse({ errors: checked.errors }, 400);
  if (movesMoney(checked.input.outcome) && form.get("confirmed") !== "yes")
    return { values, confirm: confirmLines(facts, checked.input, locale) } satisfies SettleAnswer;
  const result = await settleDispute(
    env,
    executionCtx,
    { userAccountId: admin.accountId, commissionAccountId: admin.commissionAccountId },
    { orderId, ...checked.input, reason: values.reason, confirmed: form.get("confirmed") === "yes" },
    locale,
  );
  if (result.status === "not_found") throw data(null, { status: 404 });
  if (result.status === "refused") {
    const field = settlementFieldOf(result.refusal);
    const message = settlementRefusalMessage(result.refusal, locale);
    if (field) return refuse({ errors: { [field]: message } }, 400);
    return refuse({ message }, result.refusal === ADMIN_IS_PARTY ? 403 : 409);
  }
  return redirect(`/admin/disputes?settled=${encodeURIComponent(orderId)}`);
}
