/**
 * The write side of an order's texts across the language wall (issue 46, decision 078): after a party writes for the
 * other (a request's answers, a revision comment, the service details, the stage titles), the texts are translated in
 * the background into the other interface language, so the other party's page usually finds them stored. Nothing
 * waits: the answer goes out first, and a text the translator could not take is asked for by the reader's page.
 */
import { createDb } from "../../db/client";
import { translatorFor } from "../../translation/translator";
import { translateForOtherReaders, translationBudgetOf } from "../../services/translations";

export interface WrittenTexts {
  texts: readonly (string | null | undefined)[];
  /** The writer's user account: their share of the day's budget pays (as at the translation door). */
  writerAccountId: string;
}

/**
 * Hands the translation to the request's `waitUntil`. The plain D1 binding, not the request's session: the work
 * outlives the request. A context without `waitUntil` (a hand-built one) leaves the texts for the reader's page.
 */
export function translateInBackground(env: Env, executionCtx: Partial<ExecutionContext>, written: WrittenTexts) {
  const texts = written.texts.filter((text): text is string => Boolean(text?.trim()));
  if (texts.length === 0 || typeof executionCtx.waitUntil !== "function") return;
  executionCtx.waitUntil(
    translateForOtherReaders(createDb(env.DB), translatorFor(env), translationBudgetOf(env), {
      texts,
      writerAccountId: written.writerAccountId,
      now: Date.now(),
    }),
  );
}

/**
 * A submitted request's text answers, as stored in the order's snapshot (normalized, as the creator will read them).
 * Read after the write rather than from the post, so what is translated is exactly what was kept.
 */
async function requestAnswerTexts(d1: D1Database, orderId: string): Promise<string[]> {
  const { results } = await d1
    .prepare(
      `SELECT t.text FROM commission_order_forms f
       JOIN commission_order_form_questions q ON q.order_form_id = f.id
       JOIN commission_order_question_answers a ON a.order_form_question_id = q.id
       JOIN localized_texts t ON t.entity_type = 'commission_order_question_answer' AND t.entity_id = a.id AND t.field = 'text'
       WHERE f.order_id = ? AND t.is_original = 1`,
    )
    .bind(orderId)
    .all<{ text: string }>();
  return results.map((row) => row.text);
}

/** After a request is sent: its answers, translated for the creator in the background. Never throws. */
export function translateSubmittedRequest(
  env: Env,
  executionCtx: Partial<ExecutionContext>,
  request: { orderId: string; writerAccountId: string },
) {
  if (typeof executionCtx.waitUntil !== "function") return;
  executionCtx.waitUntil(
    requestAnswerTexts(env.DB, request.orderId)
      .then((texts) =>
        translateForOtherReaders(createDb(env.DB), translatorFor(env), translationBudgetOf(env), {
          texts,
          writerAccountId: request.writerAccountId,
          now: Date.now(),
        }),
      )
      .catch((error: unknown) => console.warn("a request's answers were not translated", error)),
  );
}
