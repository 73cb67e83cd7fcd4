/**
 * What the order keeps of a request (issue 10; docs/decisions/025): the order row with its total as priced, its lines,
 * licence and rush days (issue 63, decision 099), its chat room, the snapshot of what the client saw and answered (the
 * service, the form, its questions and choices with their pricing and the client's counts, the answers and their
 * files) and the seller's notification, as the statements of ONE D1 batch (order-requests.ts runs it).
 */
import { LOCALIZED, MEDIA_OWNERS } from "../../db/schema/localized-entities";
import { submittedOrderDeadlines } from "../domain/order";
import { stagesOfPlan, type StagePlanItem } from "../domain/order-stages";
import { orderHref } from "../domain/order-notifications";
import type { CheckedAnswer, RequestPricing, RequestQuestion } from "../domain/order-request";
import type { MediaEntry } from "../../media/domain/media-entries";
import { parseMediaKey } from "../../media/domain/media-keys";

export interface Requester {
  userAccountId: string;
  profileId: string;
  /** Sees works and services rated for adults (decision 110: SessionUser.showsAdult); absent, they are kept out. */
  showsAdult?: boolean;
}

/** What a request is sent to: a published service (and its form, if any) or a published form. */
export interface RequestTarget {
  submitStatus: "SERVICE_SUBMITTED" | "FORM_SUBMITTED";
  serviceId: string | null;
  formId: string | null;
  policyId: string | null;
  sellerId: string;
  sellerUserId: string;
  isOpen: boolean;
  /** The base the lines start from: the service's price for a service request, the form's for a form request. */
  priceAmount: number | null;
  priceCurrencyId: string;
  /** The service's gallery, in order. */
  mediaIds: string[];
  /** The service's (a service order) or the form's milestones, which the order starts with (decision 073). */
  stagePlan: StagePlanItem[];
}

export interface SnapshotQuestion extends RequestQuestion {
  mediaIds: string[];
  choices: (RequestQuestion["choices"][number] & { mediaIds: string[] })[];
}

export interface StoredAnswerMedia {
  entry: MediaEntry;
  /** The order's own copy of an uploaded file, to delete if the order is not written after all. */
  key: string | null;
  size: number | null;
  mimeType: string | null;
  /** A file's name as the client's device called it (shown in the order's Details); null for a link. */
  name: string | null;
}

export interface Snapshot {
  orderId: string;
  code: string;
  now: number;
  target: RequestTarget;
  buyerId: string;
  /** The request as priced: its total, lines (naming `orderChoiceIds`' snapshot choices), licence and rush days. */
  pricing: RequestPricing;
  /** Each form choice's snapshot id, chosen before the lines are priced so the lines can name them. */
  orderChoiceIds: ReadonlyMap<string, string>;
  requester: Requester;
  answers: CheckedAnswer[];
  answerMedias: Map<string, StoredAnswerMedia[]>;
}

const MEDIA_COPY_COLUMNS = `format_type, media_type, file_name, file_type, file_size, file_width, file_height, file_extension, file_url,
  file_convert_url, file_last_modified, link_site, link_url, embed_site, embed_code, thumbnail_url, markdown, user_index, is_active`;

/** The order row, its chat room, its snapshot and the seller's notification, as one batch's statements. */
export function snapshotStatements(d1: D1Database, s: Snapshot): D1PreparedStatement[] {
  const { orderId, target, now } = s;
  const statements: D1PreparedStatement[] = [];
  const run = (sql: string, ...values: unknown[]) => statements.push(d1.prepare(sql).bind(...values));
  const copyTexts = (fromType: string, fromId: string, toType: string, toId: string) =>
    run(
      `INSERT INTO localized_texts (id, entity_type, entity_id, field, language_code, is_original, text)
       SELECT lower(hex(randomblob(16))), ?, ?, field, language_code, is_original, text FROM localized_texts WHERE entity_type = ? AND entity_id = ?`,
      toType,
      toId,
      fromType,
      fromId,
    );
  const copyMedia = (mediaIds: string[], ownerType: string, ownerId: string, field: string) =>
    mediaIds.forEach((mediaId, position) => {
      const copyId = crypto.randomUUID();
      run(
        `INSERT INTO media (id, owner_user_account_id, ${MEDIA_COPY_COLUMNS}) SELECT ?, owner_user_account_id, ${MEDIA_COPY_COLUMNS} FROM media WHERE id = ?`,
        copyId,
        mediaId,
      );
      run(
        `INSERT INTO media_attachments (id, media_id, owner_type, owner_id, field, position) SELECT ?, ?, ?, ?, ?, ? WHERE EXISTS (SELECT 1 FROM media WHERE id = ?)`,
        crypto.randomUUID(),
        copyId,
        ownerType,
        ownerId,
        field,
        position,
        copyId,
      );
    });

  run(
    `INSERT INTO commission_orders (id, code, seller_id, buyer_id, order_submit_status, price_amount, price_currency_id, price_lines,
       licence, rush_days, submitted_at, approval_deadline, service_id, form_id, stages, created_at, updated_at)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
    orderId,
    s.code,
    target.sellerId,
    s.buyerId,
    target.submitStatus,
    s.pricing.total,
    target.priceCurrencyId,
    JSON.stringify(s.pricing.lines),
    JSON.stringify(s.pricing.licence),
    s.pricing.rushDays,
    now,
    submittedOrderDeadlines(now).approvalDeadline,
    target.serviceId,
    target.formId,
    JSON.stringify(stagesOfPlan(target.stagePlan)),
    now,
    now,
  );
  // The order's chat room (decision 027), DRAFT like the order's chat until approval opens it.
  run(
    `INSERT INTO chat_rooms (id, order_id, room_status, created_at, updated_at) VALUES (?, ?, 'DRAFT', ?, ?)`,
    crypto.randomUUID(),
    orderId,
    now,
    now,
  );

  if (target.serviceId) {
    const orderServiceId = crypto.randomUUID();
    run(
      `INSERT INTO commission_order_services (id, order_id, service_id, policy_id, price_amount, price_currency_id)
       SELECT ?, ?, id, policy_id, price_amount, price_currency_id FROM commission_services WHERE id = ?`,
      orderServiceId,
      orderId,
      target.serviceId,
    );
    copyTexts(
      LOCALIZED.commissionService.type,
      target.serviceId,
      LOCALIZED.commissionOrderService.type,
      orderServiceId,
    );
    if (target.policyId)
      copyTexts(
        LOCALIZED.commissionPolicy.type,
        target.policyId,
        LOCALIZED.commissionOrderService.type,
        orderServiceId,
      );
    run(
      `INSERT INTO commission_order_service_categories (order_service_id, category_code) SELECT ?, category_code FROM commission_service_categories WHERE service_id = ?`,
      orderServiceId,
      target.serviceId,
    );
    copyMedia(target.mediaIds, MEDIA_OWNERS.commissionOrderService.type, orderServiceId, "medias");
  }

  if (target.formId) {
    const orderFormId = crypto.randomUUID();
    run(
      `INSERT INTO commission_order_forms (id, order_id, form_id, category_code, price_amount, price_currency_id)
       SELECT ?, ?, id, category_code, price_amount, price_currency_id FROM commission_forms WHERE id = ?`,
      orderFormId,
      orderId,
      target.formId,
    );
    copyTexts(LOCALIZED.commissionForm.type, target.formId, LOCALIZED.commissionOrderForm.type, orderFormId);
    s.answers.forEach((answer, index) => {
      const question = answer.question as SnapshotQuestion;
      const orderQuestionId = crypto.randomUUID();
      run(
        `INSERT INTO commission_order_form_questions (id, order_form_id, form_question_id, question_type, is_required, user_index) VALUES (?, ?, ?, ?, ?, ?)`,
        orderQuestionId,
        orderFormId,
        question.id,
        question.questionType,
        question.isRequired ? 1 : 0,
        index,
      );
      copyTexts(
        LOCALIZED.commissionFormQuestion.type,
        question.id,
        LOCALIZED.commissionOrderFormQuestion.type,
        orderQuestionId,
      );
      copyMedia(question.mediaIds, MEDIA_OWNERS.commissionOrderFormQuestion.type, orderQuestionId, "medias");
      question.choices.forEach((choice, choiceIndex) => {
        const orderChoiceId = s.orderChoiceIds.get(choice.id) ?? crypto.randomUUID();
        const { price } = choice;
        run(
          `INSERT INTO commission_order_question_choices (id, order_form_question_id, question_choice_id, price_amount, price_currency_id,
             price_kind, price_percent, max_count, licence, rush_days, count, answer_choice_status, user_index)
           VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
          orderChoiceId,
          orderQuestionId,
          choice.id,
          price.amount,
          price.currencyId,
          price.kind,
          price.percent,
          price.maxCount,
          choice.licence,
          choice.rushDays,
          answer.counts.get(choice.id) ?? 1,
          answer.selectedChoiceIds.has(choice.id) ? "SELECTED" : "UNSELECTED",
          choiceIndex,
        );
        copyTexts(
          LOCALIZED.commissionFormQuestionChoice.type,
          choice.id,
          LOCALIZED.commissionOrderQuestionChoice.type,
          orderChoiceId,
        );
        copyMedia(choice.mediaIds, MEDIA_OWNERS.commissionOrderQuestionChoice.type, orderChoiceId, "media");
      });
      writeAnswer(run, s, answer, orderQuestionId);
    });
  }

  const type =
    target.submitStatus === "SERVICE_SUBMITTED" ? "COMMISSION_SERVICE_SUBMITTED" : "COMMISSION_FORM_SUBMITTED";
  run(
    // From the client who sent it (issue 33: the bell shows their name and avatar).
    `INSERT INTO notifications (id, recipient_user_account_id, notification_type, from_profile_id, href, order_id, dedupe_key, created_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?)`,
    crypto.randomUUID(),
    target.sellerUserId,
    type,
    s.requester.profileId,
    orderHref("seller", s.code),
    orderId,
    `submitted:${orderId}`,
    now,
  );
  return statements;
}

/** The client's answer to one question: its text in their language, the date, and the files and links. */
function writeAnswer(
  run: (sql: string, ...values: unknown[]) => void,
  s: Snapshot,
  answer: CheckedAnswer,
  orderQuestionId: string,
) {
  const medias = s.answerMedias.get(answer.question.id) ?? [];
  const text = answer.text?.text.trim() ? answer.text : null;
  if (!text && !answer.date && medias.length === 0) return;
  const answerId = crypto.randomUUID();
  run(
    `INSERT INTO commission_order_question_answers (id, order_form_question_id, answer_date) VALUES (?, ?, ?)`,
    answerId,
    orderQuestionId,
    answer.date,
  );
  if (text) {
    run(
      `INSERT INTO localized_texts (id, entity_type, entity_id, field, language_code, is_original, text) VALUES (?, ?, ?, 'text', ?, 1, ?)`,
      crypto.randomUUID(),
      LOCALIZED.commissionOrderQuestionAnswer.type,
      answerId,
      text.languageCode,
      text.text,
    );
  }
  medias.forEach(({ entry, size, mimeType, name }, position) => {
    const mediaId = crypto.randomUUID();
    const key = entry.formatType === "FILE" && entry.url ? parseMediaKey(entry.url) : null;
    run(
      `INSERT INTO media (id, owner_user_account_id, format_type, media_type, file_name, file_type, file_size, file_extension, file_url, link_site, link_url, thumbnail_url, user_index)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
      mediaId,
      s.requester.userAccountId,
      entry.formatType,
      entry.mediaType,
      name,
      mimeType,
      size,
      key?.file.split(".").pop() ?? null,
      entry.formatType === "FILE" ? entry.url : null,
      entry.formatType === "LINK" ? entry.site : null,
      entry.formatType === "LINK" ? entry.url : null,
      entry.thumbnailUrl,
      position,
    );
    run(
      `INSERT INTO media_attachments (id, media_id, owner_type, owner_id, field, position) VALUES (?, ?, ?, ?, 'medias', ?)`,
      crypto.randomUUID(),
      mediaId,
      MEDIA_OWNERS.commissionOrderQuestionAnswer.type,
      answerId,
      position,
    );
  });
}
