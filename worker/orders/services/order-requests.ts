/**
 * A client's request becomes an order (issue 10; docs/decisions/025). The rules are `checkRequest` in
 * worker/orders/domain/order-request.ts; this file reads what they need, and writes the order with its snapshot (what the
 * client saw: the service, the form, its questions and choices, the answers and their files) in ONE D1 batch, which
 * copies the texts and media rows as they are at that instant. A partial unique index (migration 0008) makes a
 * second pending request for the same service or form fail inside that batch, so racing submissions give one order.
 * After the write the order's Durable Object is woken once, so its approval deadline alarm is set.
 */
import type { Database } from "../../db/client";
import { LOCALIZED, MEDIA_OWNERS } from "../../db/schema/localized-entities";
import type { QuestionType } from "../../db/schema/enums";
import { notBannedSql } from "../../domain/roles";
import { submittedOrderDeadlines } from "../domain/order";
import { stagesOfPlan, type StagePlanItem } from "../domain/order-stages";
import { storedStagePlan } from "../domain/stage-plan-rows";
import { orderHref } from "../domain/order-notifications";
import {
  answerFileName,
  checkRequest,
  orderCodeFrom,
  requestTotal,
  type CheckedAnswer,
  type FormRequest,
  type RequestQuestion,
  type RequestRefusal,
  type ServiceRequest,
} from "../domain/order-request";
import { buildMediaEntry, type MediaEntry } from "../../media/domain/media-entries";
import { parseMediaKey } from "../../media/domain/media-keys";
import { checkAttachment } from "../../media/services/storage";
import { claimReservationFor, releaseClaim, requestSlot } from "../../services/waitlist";
import type { SlotTarget } from "../../domain/slots";

/** What a request is sent to: a published service (and its form, if any) or a published form. */
interface RequestTarget {
  submitStatus: "SERVICE_SUBMITTED" | "FORM_SUBMITTED";
  serviceId: string | null;
  formId: string | null;
  policyId: string | null;
  sellerId: string;
  sellerUserId: string;
  isOpen: boolean;
  priceAmount: number | null;
  priceCurrencyId: string;
  /** The service's gallery, in order. */
  mediaIds: string[];
  /** The service's (a service order) or the form's milestones, which the order starts with (decision 073). */
  stagePlan: StagePlanItem[];
}

interface SnapshotQuestion extends RequestQuestion {
  mediaIds: string[];
  choices: (RequestQuestion["choices"][number] & { mediaIds: string[] })[];
}

/** JSON array of the media ids attached to an owner's field, in order. */
const mediaIdsOf = (ownerType: string, idExpr: string, field: string) =>
  `(SELECT json_group_array(media_id) FROM (SELECT media_id FROM media_attachments WHERE owner_type = '${ownerType}' AND owner_id = ${idExpr} AND field = '${field}' ORDER BY position))`;

const TARGET_COLUMNS = `ca.id AS seller_id, ca.user_account_id AS seller_user_id, p.is_open_commission AS is_open`;
const TARGET_JOINS = `JOIN commission_accounts ca ON ca.id = x.commission_account_id JOIN user_profiles p ON p.account_id = ca.user_account_id`;
/** A banned creator takes no requests (decision 075). */
const TARGET_LISTED = notBannedSql("ca.user_account_id");

async function serviceTarget(d1: D1Database, serviceId: string): Promise<RequestTarget | null> {
  const row = await d1
    .prepare(
      `SELECT x.id, x.form_id, x.policy_id, x.price_amount, x.price_currency_id, x.stage_plan, ${TARGET_COLUMNS},
         ${mediaIdsOf(MEDIA_OWNERS.commissionService.type, "x.id", "medias")} AS medias
       FROM commission_services x ${TARGET_JOINS} WHERE x.id = ? AND x.service_status = 'PUBLISHED' AND ${TARGET_LISTED}`,
    )
    .bind(serviceId)
    .first<Record<string, unknown>>();
  if (!row) return null;
  return {
    submitStatus: "SERVICE_SUBMITTED",
    serviceId: String(row.id),
    formId: (row.form_id as string | null) ?? null,
    policyId: (row.policy_id as string | null) ?? null,
    sellerId: String(row.seller_id),
    sellerUserId: String(row.seller_user_id),
    isOpen: Boolean(row.is_open),
    priceAmount: (row.price_amount as number | null) ?? null,
    priceCurrencyId: String(row.price_currency_id),
    mediaIds: ids(row.medias),
    stagePlan: storedStagePlan(row.stage_plan),
  };
}

async function formTarget(d1: D1Database, code: string): Promise<RequestTarget | null> {
  const row = await d1
    .prepare(
      `SELECT x.id, x.price_currency_id, x.stage_plan, ${TARGET_COLUMNS} FROM commission_forms x ${TARGET_JOINS} WHERE x.code = ? AND x.form_status = 'PUBLISHED' AND ${TARGET_LISTED}`,
    )
    .bind(code)
    .first<Record<string, unknown>>();
  if (!row) return null;
  return {
    submitStatus: "FORM_SUBMITTED",
    serviceId: null,
    formId: String(row.id),
    policyId: null,
    sellerId: String(row.seller_id),
    sellerUserId: String(row.seller_user_id),
    isOpen: Boolean(row.is_open),
    // The creator prices a form request after reading it (spec section 5: 'Unsettled' until then).
    priceAmount: null,
    priceCurrencyId: String(row.price_currency_id),
    mediaIds: [],
    stagePlan: storedStagePlan(row.stage_plan),
  };
}

const ids = (json: unknown): string[] =>
  typeof json === "string" ? (JSON.parse(json) as (string | null)[]).filter((x): x is string => Boolean(x)) : [];

async function questionsOf(d1: D1Database, formId: string | null): Promise<SnapshotQuestion[]> {
  if (!formId) return [];
  const { results } = await d1
    .prepare(
      `SELECT q.id, q.question_type, q.is_required, ${mediaIdsOf("commission_form_question", "q.id", "medias")} AS medias,
         (SELECT json_group_array(json_object('id', c.id, 'price', c.price_amount, 'cur', c.price_currency_id,
            'medias', json(${mediaIdsOf("commission_form_question_choice", "c.id", "media")})))
          FROM (SELECT * FROM commission_form_question_choices WHERE question_id = q.id ORDER BY user_index, id) c) AS choices
       FROM commission_form_questions q WHERE q.form_id = ? AND q.question_status = 'ACTIVE' ORDER BY q.user_index, q.id`,
    )
    .bind(formId)
    .all<Record<string, unknown>>();
  return results.map((q) => ({
    id: String(q.id),
    questionType: q.question_type as QuestionType,
    isRequired: Boolean(q.is_required),
    mediaIds: ids(q.medias),
    choices: (
      JSON.parse(String(q.choices)) as {
        id: string;
        price: number | null;
        cur: string | null;
        medias: (string | null)[];
      }[]
    ).map((c) => ({
      id: c.id,
      priceAmount: c.price,
      priceCurrencyId: c.cur,
      mediaIds: c.medias.filter((x): x is string => Boolean(x)),
    })),
  }));
}

/** The client's standing toward a service or form: their commission account, and what the rules read of them. */
export async function clientStanding(
  d1: D1Database,
  userAccountId: string,
  target: { serviceId: string } | { formId: string },
  namedCardId: string | null = null,
): Promise<{
  buyerId: string;
  isOwn: boolean;
  hasPendingRequest: boolean;
  savedCardCount: number;
  namedCardIsSaved: boolean;
} | null> {
  const isService = "serviceId" in target;
  const row = await d1
    .prepare(
      `SELECT ca.id AS buyer_id, ca.id = (SELECT commission_account_id FROM ${isService ? "commission_services" : "commission_forms"} WHERE id = ?2) AS own,
         (SELECT count(*) FROM payment_account_methods WHERE user_account_id = ?1) AS cards,
         ?3 IS NULL OR EXISTS (SELECT 1 FROM payment_account_methods WHERE user_account_id = ?1 AND id = ?3) AS named_card_saved,
         EXISTS (SELECT 1 FROM commission_orders o WHERE o.buyer_id = ca.id AND o.order_progress_status = 'DRAFT'
           AND ${isService ? "o.service_id = ?2 AND o.order_submit_status = 'SERVICE_SUBMITTED'" : "o.form_id = ?2 AND o.order_submit_status = 'FORM_SUBMITTED'"}) AS pending
       FROM commission_accounts ca WHERE ca.user_account_id = ?1`,
    )
    .bind(userAccountId, isService ? target.serviceId : target.formId, namedCardId)
    .first<{ buyer_id: string; own: number; cards: number; pending: number; named_card_saved: number }>();
  if (!row) return null;
  return {
    buyerId: row.buyer_id,
    isOwn: Boolean(row.own),
    hasPendingRequest: Boolean(row.pending),
    savedCardCount: Number(row.cards),
    namedCardIsSaved: Boolean(row.named_card_saved),
  };
}

export interface Requester {
  userAccountId: string;
  profileId: string;
}

export type SubmitResult =
  | { ok: true; orderId: string; code: string }
  | { ok: false; reason: "not_found" }
  | { ok: false; reason: RequestRefusal; missing?: string[] };

export interface SubmitDeps {
  db: Database;
  bucket: R2Bucket;
  now?: number;
}

/** POST /api/features/commission/service/submit. */
export function submitServiceRequest(
  deps: SubmitDeps,
  requester: Requester,
  input: ServiceRequest,
): Promise<SubmitResult> {
  return submit(deps, requester, input, () => serviceTarget(deps.db.$client, input.serviceId));
}

/** POST /api/features/commission/form/submit. */
export function submitFormRequest(deps: SubmitDeps, requester: Requester, input: FormRequest): Promise<SubmitResult> {
  return submit(deps, requester, input, () => formTarget(deps.db.$client, input.formCode));
}

async function submit(
  deps: SubmitDeps,
  requester: Requester,
  input: ServiceRequest | FormRequest,
  findTarget: () => Promise<RequestTarget | null>,
): Promise<SubmitResult> {
  const d1 = deps.db.$client;
  const target = await findTarget();
  if (!target) return { ok: false, reason: "not_found" };
  // The client's standing and the form's questions depend only on the target: read side by side (decision 085).
  const [standing, questions] = await Promise.all([
    clientStanding(
      d1,
      requester.userAccountId,
      target.serviceId ? { serviceId: target.serviceId } : { formId: target.formId! },
      input.paymentAccountMethodId ?? null,
    ),
    questionsOf(d1, target.formId),
  ]);
  if (!standing) return { ok: false, reason: "not_found" };
  const checked = checkRequest(questions, input, { ...standing, isClosed: !target.isOpen });
  if (!checked.ok) return { ok: false, reason: checked.refusal, missing: checked.missing };

  const orderId = crypto.randomUUID();
  const now = deps.now ?? Date.now();
  // The creator's slots (decision 091): a free slot nobody waits for, or the client's own reservation, claimed now.
  const reservationId = await takeSlot(d1, standing.buyerId, slotTarget(target), orderId, now);
  if (reservationId === false) return { ok: false, reason: "requests_error_full" };
  const answerMedias = await storeAnswerFiles(deps, requester, orderId, checked.answers);
  if (!answerMedias) {
    if (reservationId) await releaseClaim(d1, reservationId, orderId);
    return { ok: false, reason: "requests_error_invalid" };
  }
  const code = orderCodeFrom(crypto.getRandomValues(new Uint8Array(8)));
  const priceAmount =
    target.submitStatus === "SERVICE_SUBMITTED"
      ? requestTotal(target.priceAmount, target.priceCurrencyId, checked.answers)
      : null;
  const statements = snapshotStatements(d1, {
    orderId,
    code,
    now,
    target,
    buyerId: standing.buyerId,
    priceAmount,
    requester,
    answers: checked.answers,
    answerMedias,
  });
  try {
    await d1.batch(statements);
  } catch (error) {
    await Promise.all([...answerMedias.values()].flat().map((m) => (m.key ? deps.bucket.delete(m.key) : null)));
    if (reservationId) await releaseClaim(d1, reservationId, orderId);
    if (String(error).includes("commission_orders.buyer_id"))
      return { ok: false, reason: "requests_error_already_submitted" };
    throw error;
  }
  // The order's object is woken after the answer by the door (worker/orders/wake-order.ts, decision 085).
  return { ok: true, orderId, code };
}

const slotTarget = (target: RequestTarget): SlotTarget =>
  target.submitStatus === "SERVICE_SUBMITTED"
    ? { kind: "service", id: target.serviceId! }
    : { kind: "form", id: target.formId! };

/**
 * Whether the request may take its place with the creator's slots: null when a slot is free and nobody waits, the
 * client's reservation (claimed for this order) when they hold one, false when every slot is held. A reservation that
 * passes between the read and the claim is asked about once more, without it.
 */
async function takeSlot(
  d1: D1Database,
  clientAccountId: string,
  target: SlotTarget,
  orderId: string,
  now: number,
): Promise<string | null | false> {
  for (let attempt = 0; attempt < 2; attempt++) {
    const slot = await requestSlot(d1, clientAccountId, target, now);
    if (!slot.ok) return false;
    if (!slot.reservationId) return null;
    if (await claimReservationFor(d1, slot.reservationId, orderId, now)) return slot.reservationId;
  }
  return false;
}

interface StoredAnswerMedia {
  entry: MediaEntry;
  /** The order's own copy of an uploaded file, to delete if the order is not written after all. */
  key: string | null;
  size: number | null;
  mimeType: string | null;
  /** A file's name as the client's device called it (shown in the order's Details); null for a link. */
  name: string | null;
}

/**
 * The answers' files: each must be the client's own upload (their request folder) and pass the upload rule again;
 * it is copied into the order's folder (`commission-request/{orderId}/…`), which the order's seller and buyer may
 * read (worker/media/domain/media-access.ts). Links are rebuilt from their URL. Null when any is not acceptable.
 */
async function storeAnswerFiles(
  deps: SubmitDeps,
  requester: Requester,
  orderId: string,
  answers: CheckedAnswer[],
): Promise<Map<string, StoredAnswerMedia[]> | null> {
  const stored = new Map<string, StoredAnswerMedia[]>();
  for (const answer of answers) {
    const list: StoredAnswerMedia[] = [];
    stored.set(answer.question.id, list);
    for (const input of answer.medias) {
      if (input.formatType === "LINK") {
        const entry = buildMediaEntry({ formatType: "LINK", url: input.url });
        if (!entry) return null;
        list.push({ entry, key: null, size: null, mimeType: null, name: null });
        continue;
      }
      const key = parseMediaKey(input.url);
      if (key?.domain !== "commission-request" || key.field !== "answer_medias") return null;
      const checked = await checkAttachment(deps.bucket, key, (k) => k.id === requester.profileId);
      if (!checked.ok) return null;
      const copyKey = `v1/commission-request/${orderId}/answer_medias/${key.file}`;
      const object = await deps.bucket.get(key.key);
      if (!object) return null;
      await deps.bucket.put(copyKey, object.body, { httpMetadata: object.httpMetadata });
      const url = `/media/${copyKey}`;
      list.push({
        entry: buildMediaEntry({ formatType: "FILE", url, mimeType: checked.mimeType })!,
        key: copyKey,
        size: checked.size,
        mimeType: checked.mimeType,
        name: answerFileName(input.name, key.file),
      });
    }
  }
  return stored;
}

interface Snapshot {
  orderId: string;
  code: string;
  now: number;
  target: RequestTarget;
  buyerId: string;
  priceAmount: number | null;
  requester: Requester;
  answers: CheckedAnswer[];
  answerMedias: Map<string, StoredAnswerMedia[]>;
}

const MEDIA_COPY_COLUMNS = `format_type, media_type, file_name, file_type, file_size, file_width, file_height, file_extension, file_url,
  file_convert_url, file_last_modified, link_site, link_url, embed_site, embed_code, thumbnail_url, markdown, user_index, is_active`;

/** The order row, its chat room, its snapshot and the seller's notification, as one batch's statements. */
function snapshotStatements(d1: D1Database, s: Snapshot): D1PreparedStatement[] {
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
    `INSERT INTO commission_orders (id, code, seller_id, buyer_id, order_submit_status, price_amount, price_currency_id, submitted_at,
       approval_deadline, service_id, form_id, stages, created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
    orderId,
    s.code,
    target.sellerId,
    s.buyerId,
    target.submitStatus,
    s.priceAmount,
    target.priceCurrencyId,
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
        const orderChoiceId = crypto.randomUUID();
        run(
          `INSERT INTO commission_order_question_choices (id, order_form_question_id, question_choice_id, price_amount, price_currency_id, answer_choice_status, user_index)
           VALUES (?, ?, ?, ?, ?, ?, ?)`,
          orderChoiceId,
          orderQuestionId,
          choice.id,
          choice.priceAmount,
          choice.priceCurrencyId,
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
