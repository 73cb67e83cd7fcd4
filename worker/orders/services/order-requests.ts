/**
 * A client's request becomes an order (issue 10; docs/decisions/025). The rules are `checkRequest` in
 * worker/orders/domain/order-request.ts; this file reads what they need, prices the request into lines (issue 63,
 * decision 099) and writes the order with its snapshot (order-snapshot.ts: what the client saw, the service, the form,
 * its questions and choices, the answers and their files) in ONE D1 batch, which copies the texts and media rows as
 * they are at that instant. A partial unique index (migration 0008) makes a
 * second pending request for the same service or form fail inside that batch, so racing submissions give one order.
 * After the write the order's Durable Object is woken once, so its approval deadline alarm is set.
 */
import { contentViewerOf, visibleServiceSql } from "../../domain/content-gate";
import type { Database } from "../../db/client";
import { MEDIA_OWNERS } from "../../db/schema/localized-entities";
import type { LicenceTag } from "../domain/licence";
import type { PriceKind } from "../domain/price-lines";
import type { QuestionType } from "../../db/schema/enums";
import { notBannedSql } from "../../domain/roles";
import { storedStagePlan } from "../domain/stage-plan-rows";
import {
  answerFileName,
  checkRequest,
  orderCodeFrom,
  priceRequest,
  slotRefusal,
  type CheckedAnswer,
  type FormRequest,
  type RequestRefusal,
  type ServiceRequest,
  type SlotTaken,
} from "../domain/order-request";
import { buildMediaEntry } from "../../media/domain/media-entries";
import { parseMediaKey } from "../../media/domain/media-keys";
import { checkAttachment } from "../../media/services/storage";
import { claimReservationFor, releaseClaim, requestSlot } from "../../services/waitlist";
import type { SlotTarget } from "../../domain/slots";
import {
  snapshotStatements,
  type Requester,
  type RequestTarget,
  type SnapshotQuestion,
  type StoredAnswerMedia,
} from "./order-snapshot";
import { FORM_ID_OF_CODE_SQL, type FormByCode } from "../../services/creator-ref";

export type { Requester };

/** JSON array of the media ids attached to an owner's field, in order. */
const mediaIdsOf = (ownerType: string, idExpr: string, field: string) =>
  `(SELECT json_group_array(media_id) FROM (SELECT media_id FROM media_attachments WHERE owner_type = '${ownerType}' AND owner_id = ${idExpr} AND field = '${field}' ORDER BY position))`;

const TARGET_COLUMNS = `ca.id AS seller_id, ca.user_account_id AS seller_user_id, p.is_open_commission AS is_open`;
const TARGET_JOINS = `JOIN commission_accounts ca ON ca.id = x.commission_account_id JOIN user_profiles p ON p.account_id = ca.user_account_id`;
/** A banned creator takes no requests (decision 075). */
const TARGET_LISTED = notBannedSql("ca.user_account_id");

async function serviceTarget(d1: D1Database, serviceId: string, requester: Requester): Promise<RequestTarget | null> {
  // An R-18 service takes requests only from those the gate lets see it (decision 110); to others it does not exist.
  const gate = visibleServiceSql(
    "x",
    contentViewerOf({ accountId: requester.userAccountId, showsAdult: requester.showsAdult }),
    "ca.user_account_id",
  );
  const row = await d1
    .prepare(
      `SELECT x.id, x.form_id, x.policy_id, x.price_amount, x.price_currency_id, x.stage_plan, ${TARGET_COLUMNS},
         ${mediaIdsOf(MEDIA_OWNERS.commissionService.type, "x.id", "medias")} AS medias
       FROM commission_services x ${TARGET_JOINS} WHERE x.id = ? AND x.service_status = 'PUBLISHED' AND ${TARGET_LISTED} AND ${gate}`,
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
      `SELECT x.id, x.price_amount, x.price_currency_id, x.stage_plan, ${TARGET_COLUMNS} FROM commission_forms x ${TARGET_JOINS} WHERE x.code = ? AND x.form_status = 'PUBLISHED' AND ${TARGET_LISTED}`,
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
    // Priced from the form's own price as a service request is from the service's (issue 63); with no price and no
    // priced choice the creator prices it after reading it (spec section 5: 'Unsettled' until then).
    priceAmount: (row.price_amount as number | null) ?? null,
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
            'kind', c.price_kind, 'percent', c.price_percent, 'max', c.max_count, 'licence', c.licence, 'rush', c.rush_days,
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
        kind: PriceKind;
        percent: number | null;
        max: number | null;
        licence: LicenceTag | null;
        rush: number | null;
        medias: (string | null)[];
      }[]
    ).map((c) => ({
      id: c.id,
      price: { kind: c.kind, amount: c.price, currencyId: c.cur, percent: c.percent, maxCount: c.max },
      licence: c.licence,
      rushDays: c.rush,
      mediaIds: c.medias.filter((x): x is string => Boolean(x)),
    })),
  }));
}

/** The client's standing toward a service or form: their commission account, and what the rules read of them. */
export interface ClientStanding {
  buyerId: string;
  isOwn: boolean;
  hasPendingRequest: boolean;
  savedCardCount: number;
  namedCardIsSaved: boolean;
}

async function clientStanding(
  d1: D1Database,
  userAccountId: string,
  target: { serviceId: string } | { formId: string },
  namedCardId: string | null = null,
): Promise<ClientStanding | null> {
  return toClientStanding(await clientStandingStatement(d1, userAccountId, target, namedCardId).first());
}

/** `clientStanding`'s one statement, unsent, for a page's batch (decision 113). */
export function clientStandingStatement(
  d1: D1Database,
  userAccountId: string,
  target: StandingTarget,
  namedCardId: string | null = null,
): D1PreparedStatement {
  const isService = "serviceId" in target;
  // ?2 is the target's id, or a form's code whose id is found here (the form page's one batch, decision 113).
  const id = "formCode" in target ? FORM_ID_OF_CODE_SQL.replace("?", "?2") : "?2";
  return d1
    .prepare(
      `SELECT ca.id AS buyer_id, ca.id = (SELECT commission_account_id FROM ${isService ? "commission_services" : "commission_forms"} WHERE id = ${id}) AS own,
         (SELECT count(*) FROM payment_account_methods WHERE user_account_id = ?1) AS cards,
         ?3 IS NULL OR EXISTS (SELECT 1 FROM payment_account_methods WHERE user_account_id = ?1 AND id = ?3) AS named_card_saved,
         EXISTS (SELECT 1 FROM commission_orders o WHERE o.buyer_id = ca.id AND o.order_progress_status = 'DRAFT'
           AND ${isService ? "o.service_id = ?2 AND o.order_submit_status = 'SERVICE_SUBMITTED'" : `o.form_id = ${id} AND o.order_submit_status = 'FORM_SUBMITTED'`}) AS pending
       FROM commission_accounts ca WHERE ca.user_account_id = ?1`,
    )
    .bind(
      userAccountId,
      isService ? target.serviceId : "formCode" in target ? target.formCode : target.formId,
      namedCardId,
    );
}

/** What a client's standing is read toward: a service or a form by id, or a form by its code. */
export type StandingTarget = { serviceId: string } | { formId: string } | FormByCode;

export function toClientStanding(row: Record<string, unknown> | null | undefined): ClientStanding | null {
  if (!row) return null;
  return {
    buyerId: String(row.buyer_id),
    isOwn: Boolean(row.own),
    hasPendingRequest: Boolean(row.pending),
    savedCardCount: Number(row.cards),
    namedCardIsSaved: Boolean(row.named_card_saved),
  };
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
  return submit(deps, requester, input, () => serviceTarget(deps.db.$client, input.serviceId, requester));
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
  // The snapshot's choice ids, chosen first: the lines name the order's own choices (their titles as the client saw them).
  const orderChoiceIds = new Map(questions.flatMap((q) => q.choices.map((c) => [c.id, crypto.randomUUID()] as const)));
  const pricing = priceRequest(
    target.priceAmount,
    target.priceCurrencyId,
    checked.answers,
    (id) => orderChoiceIds.get(id)!,
  );
  // The creator's slots (decision 091): a free slot nobody waits for, or the client's own reservation, claimed now. A
  // rush order takes only the first (issue 63).
  const reservationId = await takeSlot(d1, standing.buyerId, slotTarget(target), orderId, now);
  const slot: SlotTaken = reservationId === false ? "none" : reservationId ? "reservation" : "free";
  const refusal = slotRefusal(slot, pricing.rushDays !== null);
  if (refusal) {
    if (reservationId) await releaseClaim(d1, reservationId, orderId);
    return { ok: false, reason: refusal };
  }
  const answerMedias = await storeAnswerFiles(deps, requester, orderId, checked.answers);
  if (!answerMedias) {
    if (reservationId) await releaseClaim(d1, reservationId, orderId);
    return { ok: false, reason: "requests_error_invalid" };
  }
  const code = orderCodeFrom(crypto.getRandomValues(new Uint8Array(8)));
  const statements = snapshotStatements(d1, {
    orderId,
    code,
    now,
    target,
    buyerId: standing.buyerId,
    pricing,
    orderChoiceIds,
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
