// An order's snapshot rows (contracts.md: what request submission writes), inserted directly for the read-side tests
// until LEAD's submission code lands: a service snapshot and a form snapshot with their titles, a text question with
// its answer, a single-choice question with one choice selected.
import { env } from "cloudflare:workers";

const JPY = "(SELECT id FROM currencies WHERE code = 'JPY')";

function text(entityType: string, entityId: string, field: string, value: string, languageCode = "en") {
  return env.DB.prepare(
    "INSERT INTO localized_texts (id, entity_type, entity_id, field, language_code, is_original, text) VALUES (?, ?, ?, ?, ?, 1, ?)",
  ).bind(crypto.randomUUID(), entityType, entityId, field, languageCode, value);
}

export interface SnapshotInput {
  /** Omit for a form order (no service snapshot). */
  serviceTitle?: string;
  /** Omit to leave the form without a title ('Unknown' if there is no service title either). */
  formTitle?: string;
  answer?: string;
}

export async function insertSnapshot(orderId: string, input: SnapshotInput = {}) {
  const ids = {
    service: crypto.randomUUID(),
    form: crypto.randomUUID(),
    textQuestion: crypto.randomUUID(),
    choiceQuestion: crypto.randomUUID(),
    answer: crypto.randomUUID(),
    choices: [crypto.randomUUID(), crypto.randomUUID()],
  };
  const statements = [
    env.DB.prepare(`INSERT INTO commission_order_forms (id, order_id, price_currency_id) VALUES (?, ?, ${JPY})`).bind(
      ids.form,
      orderId,
    ),
    env.DB.prepare(
      "INSERT INTO commission_order_form_questions (id, order_form_id, question_type, is_required, user_index) VALUES (?, ?, 'LONG_TEXT', 1, 0)",
    ).bind(ids.textQuestion, ids.form),
    text("commission_order_form_question", ids.textQuestion, "title", "Commission details"),
    env.DB.prepare(
      "INSERT INTO commission_order_form_questions (id, order_form_id, question_type, is_required, user_index) VALUES (?, ?, 'SINGLE_CHOICE', 0, 1)",
    ).bind(ids.choiceQuestion, ids.form),
    text("commission_order_form_question", ids.choiceQuestion, "title", "Price list plan"),
    ...ids.choices.flatMap((id, index) => [
      env.DB.prepare(
        `INSERT INTO commission_order_question_choices (id, order_form_question_id, price_amount, price_currency_id, answer_choice_status, user_index) VALUES (?, ?, ?, ${JPY}, ?, ?)`,
      ).bind(id, ids.choiceQuestion, (index + 1) * 10_000, index === 1 ? "SELECTED" : "UNSELECTED", index),
      text("commission_order_question_choice", id, "title", index === 0 ? "Face" : "Bust"),
    ]),
    env.DB.prepare("INSERT INTO commission_order_question_answers (id, order_form_question_id) VALUES (?, ?)").bind(
      ids.answer,
      ids.textQuestion,
    ),
    text("commission_order_question_answer", ids.answer, "text", input.answer ?? "A knight with a blue cape"),
  ];
  if (input.formTitle) statements.push(text("commission_order_form", ids.form, "title", input.formTitle));
  if (input.serviceTitle) {
    statements.push(
      env.DB.prepare(
        `INSERT INTO commission_order_services (id, order_id, price_currency_id) VALUES (?, ?, ${JPY})`,
      ).bind(ids.service, orderId),
    );
    statements.push(text("commission_order_service", ids.service, "title", input.serviceTitle));
  }
  await env.DB.batch(statements);
  return ids;
}
