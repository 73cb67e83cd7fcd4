/**
 * The facts a document is built from, as the sweep's queries read them (decision 102): a party (profile name and
 * handle, and the invoice registration when there is one) and an order (code, title, licence, price lines, the
 * choices' titles, and what says which part a charge paid). Texts are taken as their writer wrote them (the original):
 * a document is issued once, in one wording, whoever reads it later.
 */
import { parseLicence } from "../../orders/domain/licence";
import { parsePriceLines } from "../../orders/domain/price-lines";
import { chargePartOf, type ChargePart } from "../domain/charge-parts";
import type { PartyFacts } from "../domain/document-draft";
import type { ChargeFacts, OrderFacts } from "../domain/issue-documents";

const originalText = (entityType: string, idExpr: string, field: string) =>
  `(SELECT t.text FROM localized_texts t WHERE t.entity_type = '${entityType}' AND t.entity_id = ${idExpr}
      AND t.field = '${field}' ORDER BY t.is_original DESC LIMIT 1)`;

/** SQL: the party facts of the user account `userIdExpr` names, as JSON text (read by `partyFrom`). */
export const partyJson = (userIdExpr: string) => `json_object(
  'userAccountId', ${userIdExpr},
  'displayName', (SELECT ${originalText("user_profile", "p.id", "name")} FROM user_profiles p WHERE p.account_id = ${userIdExpr}),
  'handle', (SELECT p.original_handle FROM user_profiles p WHERE p.account_id = ${userIdExpr}),
  'registration', json((SELECT json_object('registrationNumber', r.registration_number, 'registeredName', r.registered_name)
     FROM invoice_registrations r WHERE r.user_account_id = ${userIdExpr})))`;

export function partyFrom(json: unknown): PartyFacts {
  const party = JSON.parse(String(json)) as PartyFacts & { handle: string | null };
  return { ...party, handle: party.handle ?? "" };
}

/** SQL: the order `o`'s columns a document reads (read by `orderFrom`, `chargeOrderFrom`). */
export const ORDER_COLUMNS = `o.id AS order_id, o.code AS order_code, o.licence AS order_licence,
  o.price_amount AS order_price_amount, o.price_lines AS order_price_lines, o.stages AS order_stages,
  o.deposit AS order_deposit, o.paid_rest AS order_paid_rest,
  coalesce(
    (SELECT ${originalText("commission_order_service", "s.id", "title")} FROM commission_order_services s WHERE s.order_id = o.id),
    (SELECT ${originalText("commission_order_form", "f.id", "title")} FROM commission_order_forms f WHERE f.order_id = o.id)
  ) AS order_title,
  json((SELECT json_group_object(c.id, ${originalText("commission_order_question_choice", "c.id", "title")})
     FROM commission_order_forms f JOIN commission_order_form_questions q ON q.order_form_id = f.id
       JOIN commission_order_question_choices c ON c.order_form_question_id = q.id
     WHERE f.order_id = o.id)) AS order_choice_titles`;

/** SQL: what was given back of the charge `t`; a REFUNDED row from before `refunded_amount` was kept (0) was in full. */
export const REFUNDED_AMOUNT_SQL =
  "CASE WHEN t.transaction_status = 'REFUNDED' AND t.refunded_amount = 0 THEN t.amount ELSE t.refunded_amount END";

type Row = Record<string, unknown>;
const text = (value: unknown) => (typeof value === "string" ? value : null);

export const orderFrom = (row: Row): OrderFacts => ({
  id: String(row.order_id),
  code: String(row.order_code),
  title: text(row.order_title),
  licence: parseLicence(text(row.order_licence)),
});

/** The order as a charge's receipt reads it, and which part `intentId` paid. */
export function chargeOrderFrom(row: Row, intentId: string | null): { order: ChargeFacts["order"]; part: ChargePart } {
  const titles = text(row.order_choice_titles);
  return {
    order: {
      ...orderFrom(row),
      priceAmount: row.order_price_amount === null ? null : Number(row.order_price_amount),
      priceLines: parsePriceLines(text(row.order_price_lines)),
      choiceTitles: titles ? (JSON.parse(titles) as Record<string, string>) : {},
    },
    part: chargePartOf({
      intentId,
      stages: text(row.order_stages),
      deposit: text(row.order_deposit),
      paidRest: text(row.order_paid_rest),
    }),
  };
}
