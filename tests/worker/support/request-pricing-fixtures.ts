// A creator's price sheet as a form (issue 63, decision 099), for the tests of a request priced into lines: a service
// at ¥10,000 on a form of plans, an added background, usage choices granting their licence (commercial +100% of the
// base), extra characters at so much each and a rush option, and the client's request built from the choices' titles.
import { env } from "cloudflare:workers";
import type { LicenceTag } from "#worker/orders/domain/licence";
import type { PriceKind } from "#worker/orders/domain/price-lines";
import type { RequestAnswer } from "#worker/orders/domain/order-request";
import { saveCreatorCapacity } from "#worker/services/waitlist";
import { seedCreator, type FormSeed } from "./catalog-fixtures";
import { call, db } from "./helpers";
import { newMember } from "./media-fixtures";
import { addCard, commissionAccountOf } from "./waitlist-fixtures";

/** The sheet's questions, in the form's order; a choice's price in the form's currency's minor units. */
const SHEET_QUESTIONS: FormSeed["questions"] = [
  {
    type: "SINGLE_CHOICE",
    required: true,
    title: "Size",
    choices: [
      { title: "Bust", price: 20_000 },
      { title: "Full body", price: 30_000 },
    ],
  },
  { type: "MULTIPLE_CHOICE", required: false, title: "Extras", choices: [{ title: "Background", price: 5_000 }] },
  {
    type: "MULTIPLE_CHOICE",
    required: false,
    title: "Usage",
    choices: [
      { title: "Personal use", price: null },
      { title: "Commercial - streaming", price: null },
      { title: "Commercial - goods", price: null },
      { title: "Exclusive rights", price: 50_000 },
    ],
  },
  {
    type: "MULTIPLE_CHOICE",
    required: false,
    title: "Characters",
    choices: [{ title: "Extra character", price: 8_000 }],
  },
  { type: "MULTIPLE_CHOICE", required: false, title: "Speed", choices: [{ title: "Rush", price: null }] },
];

interface Pricing {
  kind?: PriceKind;
  percent?: number;
  maxCount?: number;
  licence?: LicenceTag;
  rushDays?: number;
}

/** How the sheet's choices price beyond their amount, by title. */
const SHEET_PRICING: Record<string, Pricing> = {
  Bust: { kind: "plan" },
  "Full body": { kind: "plan" },
  "Personal use": { licence: "personal" },
  "Commercial - streaming": { kind: "percent", percent: 100, licence: "streaming" },
  "Commercial - goods": { licence: "goods" },
  "Exclusive rights": { licence: "exclusive" },
  "Extra character": { kind: "each", maxCount: 3 },
  Rush: { kind: "percent", percent: 30, rushDays: 5 },
};

/** The form's questions and choices, by title: what a request names. */
async function formShape(formId: string) {
  const { results } = await env.DB.prepare(
    `SELECT q.id AS question_id, q.question_type, qt.text AS question, c.id AS choice_id, ct.text AS choice
     FROM commission_form_questions q
     JOIN localized_texts qt ON qt.entity_type = 'commission_form_question' AND qt.entity_id = q.id AND qt.field = 'title'
     LEFT JOIN commission_form_question_choices c ON c.question_id = q.id
     LEFT JOIN localized_texts ct ON ct.entity_type = 'commission_form_question_choice' AND ct.entity_id = c.id AND ct.field = 'title'
     WHERE q.form_id = ? ORDER BY q.user_index, c.user_index`,
  )
    .bind(formId)
    .all<{ question_id: string; question_type: string; question: string; choice_id: string | null; choice: string }>();
  return results;
}

export type FormShape = Awaited<ReturnType<typeof formShape>>;

/** Sets the sheet's choices' kinds, percents, maxima, licences and rush days, as the creator's editor saves them. */
async function priceSheet(shape: FormShape) {
  await env.DB.batch(
    shape
      .filter((row) => row.choice_id && SHEET_PRICING[row.choice])
      .map((row) => {
        const p = SHEET_PRICING[row.choice];
        return env.DB.prepare(
          "UPDATE commission_form_question_choices SET price_kind = ?, price_percent = ?, max_count = ?, licence = ?, rush_days = ? WHERE id = ?",
        ).bind(
          p.kind ?? "add",
          p.percent ?? null,
          p.maxCount ?? null,
          p.licence ?? null,
          p.rushDays ?? null,
          row.choice_id,
        );
      }),
  );
}

/**
 * A creator with the sheet as a ¥8,000 form (a ¥10,000 service on it), the sheet in dollars ($40.00), a form with no
 * price and nothing priced, and an old-style service (¥10,000) on a form whose priced choices have no kind; `slots`
 * as their capacity (null: no limit). Each call is a creator of its own.
 */
export async function priceSheetSetUp(slots: number | null = null) {
  const seller = await seedCreator({
    handle: `ps${crypto.randomUUID().slice(0, 8)}`,
    open: true,
    forms: [
      { title: { en: "Price sheet" }, price: 8_000, questions: SHEET_QUESTIONS },
      {
        title: { en: "Price sheet in dollars" },
        price: 4_000,
        currency: "USD",
        questions: [
          {
            type: "MULTIPLE_CHOICE",
            required: false,
            title: "Extras",
            choices: [{ title: "Background", price: 1_250 }],
          },
          { type: "MULTIPLE_CHOICE", required: false, title: "Speed", choices: [{ title: "Rush", price: null }] },
        ],
      },
      {
        title: { en: "Ask me" },
        price: null,
        questions: [
          { type: "MULTIPLE_CHOICE", required: false, title: "Style", choices: [{ title: "Sketch", price: null }] },
        ],
      },
      {
        title: { en: "Old sheet" },
        price: null,
        questions: [
          {
            type: "SINGLE_CHOICE",
            required: true,
            title: "Size",
            choices: [
              { title: "Bust", price: 12_000 },
              { title: "Full body", price: 20_000 },
            ],
          },
          { type: "MULTIPLE_CHOICE", required: false, title: "Extras", choices: [{ title: "Private", price: 10_000 }] },
        ],
      },
    ],
    services: [
      { title: "Portrait", price: 10_000, formIndex: 0 },
      { title: "Old portrait", price: 10_000, formIndex: 3 },
    ],
  });
  const [sheet, dollars, ask, old] = await Promise.all(seller.forms.map((form) => formShape(form.id)));
  await priceSheet([...sheet, ...dollars]);
  if (slots !== null)
    await saveCreatorCapacity(db(), {
      sellerAccountId: seller.commissionAccountId,
      slots,
      waitlistClosed: false,
      now: Date.now(),
    });
  return {
    seller,
    serviceId: seller.services[0],
    oldServiceId: seller.services[1],
    forms: { sheet: seller.forms[0], dollars: seller.forms[1], ask: seller.forms[2], old: seller.forms[3] },
    shapes: { sheet, dollars, ask, old },
  };
}

export type PriceSheet = Awaited<ReturnType<typeof priceSheetSetUp>>;

/** A client with a saved card. */
export async function newClient() {
  const client = await newMember("psc");
  await addCard(client.accountId);
  return { ...client, commissionAccountId: await commissionAccountOf(client.accountId) };
}

/**
 * The answers picking these choices by title (a count for an `each`: ["Extra character", 2]), every question of the
 * form answered or left empty as the page sends it.
 */
export function answersPicking(shape: FormShape, ...picks: (string | [string, number])[]): RequestAnswer[] {
  const counts = new Map(picks.map((pick) => (Array.isArray(pick) ? pick : ([pick, undefined] as const))));
  const questions = [...new Set(shape.map((row) => row.question_id))];
  return questions.map((questionId) => {
    const rows = shape.filter((row) => row.question_id === questionId);
    return {
      formQuestionId: questionId,
      formQuestionType: rows[0].question_type as RequestAnswer["formQuestionType"],
      answer: { text: null, date: null, medias: [] },
      questionChoices: rows
        .filter((row) => row.choice_id && counts.has(row.choice))
        .map((row) => {
          const count = counts.get(row.choice);
          return {
            formQuestionChoiceId: row.choice_id!,
            formQuestionChoiceStatus: "SELECTED" as const,
            ...(count === undefined ? {} : { count }),
          };
        }),
    };
  });
}

export const requestOf = (answers: RequestAnswer[]) => ({
  paymentAccountMethodId: null,
  isAgreedToTerms: true,
  isAcknowledged: true,
  formQuestionAnswers: answers,
});

export const submitService = (cookie: string, json: unknown) =>
  call("/api/features/commission/service/submit", { method: "POST", cookie, json });
export const submitForm = (cookie: string, json: unknown) =>
  call("/api/features/commission/form/submit", { method: "POST", cookie, json });

/** The client's orders, with their snapshot choices (id, the form's choice, pricing, count, status) in order. */
export async function ordersOf(clientCommissionAccountId: string) {
  const { results: orders } = await env.DB.prepare(
    "SELECT id, price_amount, price_lines, licence, rush_days, order_submit_status FROM commission_orders WHERE buyer_id = ? ORDER BY submitted_at",
  )
    .bind(clientCommissionAccountId)
    .all<{
      id: string;
      price_amount: number | null;
      price_lines: string | null;
      licence: string | null;
      rush_days: number | null;
      order_submit_status: string;
    }>();
  return Promise.all(
    orders.map(async (order) => {
      const { results: choices } = await env.DB.prepare(
        `SELECT c.id, c.question_choice_id, c.price_amount, c.price_kind, c.price_percent, c.max_count, c.licence, c.rush_days,
           c.count, c.answer_choice_status
         FROM commission_order_question_choices c JOIN commission_order_form_questions q ON q.id = c.order_form_question_id
         JOIN commission_order_forms f ON f.id = q.order_form_id WHERE f.order_id = ? ORDER BY q.user_index, c.user_index`,
      )
        .bind(order.id)
        .all<Record<string, unknown> & { id: string; question_choice_id: string }>();
      return { ...order, choices };
    }),
  );
}
