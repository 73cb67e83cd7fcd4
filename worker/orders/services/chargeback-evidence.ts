/**
 * A chargeback fought with the order's own record (decision 103): the evidence gathered from the order (the request
 * and its terms, the chat, what was delivered and when, the client's downloads, the completion), what an admin reviews
 * in the console, and its submission through Stripe's dispute API, once, named in the admin audit log.
 *
 * The callers (the admin console's pages) check that the caller is an admin; these take the admin as given.
 */
import type Stripe from "stripe";
import { stripeEvidenceOf, type StripeEvidenceText } from "../domain/chargeback-evidence";
import { evidenceSubmissionRefusal, type ChargebackEvidence, type ChargebackSummary } from "../domain/chargebacks";
import { parseStages } from "./orders";
import { chargebackSummary } from "./chargebacks";

/** The original text of an entity's field (the writer's own words, never a machine translation). */
const original = (entity: string, id: string, field: string) =>
  `(SELECT t.text FROM localized_texts t WHERE t.entity_type = '${entity}' AND t.entity_id = ${id} AND t.field = '${field}'
     ORDER BY t.is_original DESC LIMIT 1)`;

/** A party's shown name: their profile's name as they wrote it, else their handle. */
const partyName = (profile: string) =>
  `coalesce(${original("user_profile", `${profile}.id`, "name")}, ${profile}.original_handle, '')`;

type Row = Record<string, unknown>;
const num = (value: unknown) => (value === null || value === undefined ? null : Number(value));

/**
 * The order's record for the bank, oldest first throughout; null when there is no such order. Deliveries are the
 * order's DELIVERED events, each with the files it had then, and each approved stage with the previews shown for it.
 */
export async function gatherChargebackEvidence(d1: D1Database, orderId: string): Promise<ChargebackEvidence | null> {
  const [orders, answers, payments, chat, delivered, files, previews, downloads] = await d1.batch<Row>([
    d1
      .prepare(
        `SELECT o.code, o.order_submit_status, o.submitted_at, o.approved_at, o.completed_at, o.stages,
           coalesce(${original("commission_order_service", "(SELECT s.id FROM commission_order_services s WHERE s.order_id = o.id)", "title")},
             ${original("commission_order_form", "(SELECT f.id FROM commission_order_forms f WHERE f.order_id = o.id)", "title")}, o.code) AS title,
           ${partyName("bp")} AS client_name, bu.email AS client_email, ${partyName("sp")} AS creator_name
         FROM commission_orders o
         JOIN commission_accounts sa ON sa.id = o.seller_id LEFT JOIN user_profiles sp ON sp.account_id = sa.user_account_id
         JOIN commission_accounts ba ON ba.id = o.buyer_id LEFT JOIN user_profiles bp ON bp.account_id = ba.user_account_id
         JOIN user_accounts bu ON bu.id = ba.user_account_id
         WHERE o.id = ?`,
      )
      .bind(orderId),
    d1
      .prepare(
        `SELECT ${original("commission_order_form_question", "q.id", "title")} AS question,
           coalesce(${original("commission_order_question_answer", "a.id", "text")}, '') AS answer, a.answer_date,
           (SELECT group_concat(${original("commission_order_question_choice", "c.id", "title")}, ', ')
              FROM commission_order_question_choices c WHERE c.order_form_question_id = q.id AND c.answer_choice_status = 'SELECTED') AS choices
         FROM commission_order_forms f JOIN commission_order_form_questions q ON q.order_form_id = f.id
         LEFT JOIN commission_order_question_answers a ON a.order_form_question_id = q.id
         WHERE f.order_id = ? ORDER BY q.user_index, q.id`,
      )
      .bind(orderId),
    d1
      .prepare(
        `SELECT coalesce(t.paid_at, t.created_at) AS at, t.amount, cu.code AS currency, t.stripe_payment_intent_id AS intent_id
         FROM payment_transactions t JOIN currencies cu ON cu.id = t.currency_id
         WHERE t.order_id = ? AND t.transaction_status IN ('COMPLETED', 'PARTIALLY_REFUNDED', 'REFUNDED') ORDER BY at`,
      )
      .bind(orderId),
    d1
      .prepare(
        `SELECT m.created_at AS at, CASE WHEN m.sender_user_account_id = ba.user_account_id THEN 'client' ELSE 'creator' END AS side,
           t.text FROM chat_rooms r JOIN chat_messages m ON m.room_id = r.id
           JOIN commission_orders o ON o.id = r.order_id JOIN commission_accounts ba ON ba.id = o.buyer_id
           JOIN localized_texts t ON t.entity_type = 'chat_message' AND t.entity_id = m.id AND t.field = 'text' AND t.is_original = 1
         WHERE r.order_id = ? ORDER BY m.seq, m.created_at`,
      )
      .bind(orderId),
    d1
      .prepare(
        "SELECT created_at AS at FROM commission_order_events WHERE order_id = ? AND event_type = 'DELIVERED' ORDER BY version",
      )
      .bind(orderId),
    d1
      .prepare(
        `SELECT m.file_name AS name, m.file_size AS size, a.created_at AS at FROM commission_order_deliverables d
         JOIN media_attachments a ON a.owner_type = 'commission_order_deliverable' AND a.owner_id = d.id AND a.field = 'medias'
         JOIN media m ON m.id = a.media_id WHERE d.order_id = ? ORDER BY a.position, a.created_at`,
      )
      .bind(orderId),
    d1
      .prepare(
        "SELECT stage_index, name, byte_size FROM commission_order_stage_previews WHERE order_id = ? ORDER BY stage_index, round, position",
      )
      .bind(orderId),
    d1
      .prepare(
        "SELECT downloaded_at AS at, file_name FROM deliverable_downloads WHERE order_id = ? ORDER BY downloaded_at",
      )
      .bind(orderId),
  ]);
  const order = orders.results[0];
  if (!order) return null;
  const deliveryFiles = files.results.map((f) => ({
    name: String(f.name ?? ""),
    byteSize: num(f.size),
    at: Number(f.at),
  }));
  const deliveries = delivered.results.map((e) => ({
    at: Number(e.at),
    files: deliveryFiles.filter((f) => f.at <= Number(e.at)).map(({ name, byteSize }) => ({ name, byteSize })),
  }));
  const stageDeliveries = parseStages(order.stages).flatMap((stage, index) =>
    stage.status === "APPROVED" && stage.approvedAt !== null
      ? [
          {
            at: stage.approvedAt,
            files: previews.results
              .filter((p) => Number(p.stage_index) === index)
              .map((p) => ({ name: `${stage.title}: ${String(p.name)}`, byteSize: num(p.byte_size) })),
          },
        ]
      : [],
  );
  return {
    orderCode: String(order.code),
    orderTitle: String(order.title),
    clientName: String(order.client_name),
    clientEmail: String(order.client_email),
    creatorName: String(order.creator_name),
    request: {
      submittedAt: Number(order.submitted_at),
      // A service's request is sent only once its client has ticked the terms (spec: the service modal).
      agreedToTerms: order.order_submit_status === "SERVICE_SUBMITTED",
      answers: answers.results.flatMap((a) => {
        const parts = [
          a.answer,
          a.choices,
          a.answer_date ? new Date(Number(a.answer_date)).toISOString().slice(0, 10) : null,
        ];
        const answer = parts.filter((p) => typeof p === "string" && p.trim() !== "").join(" / ");
        return answer ? [{ question: String(a.question ?? ""), answer }] : [];
      }),
    },
    approvedAt: num(order.approved_at),
    payments: payments.results.map((p) => ({
      at: Number(p.at),
      amount: Number(p.amount),
      currency: String(p.currency),
      intentId: (p.intent_id as string | null) ?? null,
    })),
    chat: chat.results.map((c) => ({ at: Number(c.at), side: c.side as "client" | "creator", text: String(c.text) })),
    deliveries: [...stageDeliveries, ...deliveries].sort((a, b) => a.at - b.at),
    downloads: downloads.results.map((d) => ({ at: Number(d.at), fileName: String(d.file_name) })),
    completedAt: num(order.completed_at),
  };
}

/** One chargeback as the console shows it: its summary and its order's record (null for a charge of no known order). */
export async function chargebackRecord(
  d1: D1Database,
  chargebackId: string,
): Promise<{ summary: ChargebackSummary; evidence: ChargebackEvidence | null } | null> {
  const summary = await chargebackSummary(d1, chargebackId);
  if (!summary) return null;
  return { summary, evidence: summary.orderId ? await gatherChargebackEvidence(d1, summary.orderId) : null };
}

export type EvidenceSubmission =
  | { ok: true }
  | { ok: false; error: "not_found" | "not_awaiting_evidence" | "past_due" | "stripe_failed" };

/**
 * Stripe's key for one submission of this evidence, named by the dispute and a hash of what is sent: a retry of the
 * same evidence after a lost answer is the same request, and evidence that changed meanwhile (a new chat message, a
 * download) is a request of its own, which Stripe would otherwise refuse as a key reused with other parameters.
 */
export async function evidenceIdempotencyKey(disputeId: string, evidence: StripeEvidenceText): Promise<string> {
  const digest = await crypto.subtle.digest("SHA-256", new TextEncoder().encode(JSON.stringify(evidence)));
  const hash = [...new Uint8Array(digest)].map((byte) => byte.toString(16).padStart(2, "0")).join("");
  return `comet-chargeback-${disputeId}-evidence-${hash.slice(0, 32)}`;
}

/**
 * Whether Stripe already holds a submission of the dispute's evidence: one sent before its answer was lost, which a
 * retry with changed evidence finds refused as already submitted. Unknown (Stripe unreachable) reads as none.
 */
async function stripeHasSubmission(stripe: Stripe, disputeId: string): Promise<boolean> {
  try {
    const dispute = await stripe.disputes.retrieve(disputeId);
    return (
      dispute.evidence_details.submission_count > 0 ||
      dispute.status === "under_review" ||
      dispute.status === "warning_under_review"
    );
  } catch {
    return false;
  }
}

/**
 * An admin sends the order's record to the bank through Stripe (decision 103), before the due date, once. Refused
 * while Stripe is not waiting for evidence (or it was sent already) and past the due date; a chargeback of no order
 * Comet knows has no record to send (not_found). A Stripe failure leaves it unsubmitted, for the admin to try again,
 * unless Stripe holds a submission already (an earlier try whose answer was lost): then, as on a success, when and by
 * whom is recorded, with its audit row, both once however often it is sent.
 */
export async function submitChargebackEvidence(
  deps: { d1: D1Database; stripe: Stripe },
  chargebackId: string,
  admin: { userAccountId: string },
  now: number,
): Promise<EvidenceSubmission> {
  const { d1, stripe } = deps;
  const record = await chargebackRecord(d1, chargebackId);
  if (!record?.evidence || !record.summary.orderId) return { ok: false, error: "not_found" };
  const { summary, evidence } = record;
  const refusal = evidenceSubmissionRefusal(summary, now);
  if (refusal) return { ok: false, error: refusal };
  const text = stripeEvidenceOf(evidence);
  try {
    await stripe.disputes.update(
      summary.stripeDisputeId,
      { evidence: text, submit: true },
      { idempotencyKey: await evidenceIdempotencyKey(summary.stripeDisputeId, text) },
    );
  } catch (error) {
    // Refused or unanswered: Stripe's own record of the dispute says whether an earlier try of ours reached it.
    if (!(await stripeHasSubmission(stripe, summary.stripeDisputeId))) {
      console.error("chargeback evidence not submitted", summary.stripeDisputeId, (error as Error).message);
      return { ok: false, error: "stripe_failed" };
    }
  }
  // The audit row first, only while the submission is not yet recorded: racing submissions leave one of each.
  await d1.batch([
    d1
      .prepare(
        `INSERT INTO admin_actions (id, admin_account_id, action, target_type, target_id, reason, created_at)
         SELECT ?1, ?2, 'order.chargeback_evidence_submitted', 'order', c.order_id, 'dispute ' || c.stripe_dispute_id, ?3
         FROM chargebacks c WHERE c.id = ?4 AND c.evidence_submitted_at IS NULL`,
      )
      .bind(crypto.randomUUID(), admin.userAccountId, now, chargebackId),
    d1
      .prepare(
        "UPDATE chargebacks SET evidence_submitted_at = ?1, evidence_submitted_by = ?2 WHERE id = ?3 AND evidence_submitted_at IS NULL",
      )
      .bind(now, admin.userAccountId, chargebackId),
  ]);
  return { ok: true };
}
