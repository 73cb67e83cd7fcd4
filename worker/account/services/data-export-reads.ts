/**
 * The reads behind a user's data download (decision 104): every table that holds something of theirs, each read keyed
 * by the user, their profile or their commission account, so nothing of another user comes in but what an order shared
 * with them shows (their handle, what they wrote in the order and its chat). The long lists (orders, chat messages,
 * files) are read in pages by id, so a preparation holds one page at a time.
 */
import { type SQL, sql } from "drizzle-orm";
import type { Database } from "../../db/client";
import {
  type AnswerRow,
  type ChatMessageRow,
  type FileRow,
  type OrderRow,
  type OrderSide,
  type PaymentRow,
  type PayoutRow,
  type ReviewRow,
  type TextRow,
  type Texts,
  textsByEntity,
} from "../domain/data-export-sections";

/** Orders read at once (each with its answers, payments and payouts in a few more queries). */
const ORDER_PAGE = 25;
/** Chat messages or files read at once. */
const ROW_PAGE = 500;

const list = (ids: readonly string[]): SQL =>
  sql.join(
    ids.map((id) => sql`${id}`),
    sql`, `,
  );

/** Every text of these entities, by id; an empty list asks nothing. */
async function textsOf(db: Database, entityType: string, ids: readonly string[]): Promise<Map<string, Texts>> {
  if (ids.length === 0) return new Map();
  const rows = await db.all<Omit<TextRow, "isOriginal"> & { isOriginal: number }>(sql`
    SELECT entity_id AS entityId, field, language_code AS languageCode, is_original AS isOriginal, text
    FROM localized_texts WHERE entity_type = ${entityType} AND entity_id IN (${list(ids)})
    ORDER BY entity_id, field, is_original DESC, language_code`);
  return textsByEntity(rows.map((row) => ({ ...row, isOriginal: Boolean(row.isOriginal) })));
}

export interface Owner {
  userAccountId: string;
  profileId: string | null;
  handle: string | null;
  commissionAccountId: string | null;
}

/** Who the download is of: their account, profile and commission account ids. */
export async function ownerOf(db: Database, userAccountId: string): Promise<Owner> {
  const row = await db.get<{ profileId: string | null; handle: string | null; commissionAccountId: string | null }>(sql`
    SELECT p.id AS profileId, p.original_handle AS handle, c.id AS commissionAccountId
    FROM user_accounts u LEFT JOIN user_profiles p ON p.account_id = u.id
    LEFT JOIN commission_accounts c ON c.user_account_id = u.id WHERE u.id = ${userAccountId}`);
  return {
    userAccountId,
    profileId: row?.profileId ?? null,
    handle: row?.handle ?? null,
    commissionAccountId: row?.commissionAccountId ?? null,
  };
}

export async function accountSection(db: Database, owner: Owner) {
  const [account, roles] = await Promise.all([
    db.get<Record<string, unknown>>(sql`
      SELECT u.email, u.display_language_code AS displayLanguage, u.input_language_code AS inputLanguage,
        c.code AS displayCurrency, u.birthday, u.adult_content_confirmed_at AS adultContentConfirmedAt,
        u.created_at AS createdAt
      FROM user_accounts u LEFT JOIN currencies c ON c.id = u.display_currency_id WHERE u.id = ${owner.userAccountId}`),
    db.all<{ role: string }>(
      sql`SELECT role_code AS role FROM user_account_roles WHERE user_account_id = ${owner.userAccountId} ORDER BY role_code`,
    ),
  ]);
  return {
    ...account,
    // When they confirmed being 18 or older to see adult content (decision 110); null while the setting is off.
    adultContentConfirmedAt: iso(account?.adultContentConfirmedAt),
    createdAt: iso(account?.createdAt),
    roles: roles.map((r) => r.role),
  };
}

export async function profileSection(db: Database, owner: Owner) {
  if (!owner.profileId) return null;
  const [profile, texts] = await Promise.all([
    db.get<Record<string, unknown>>(sql`
      SELECT original_handle AS handle, avatar_url AS avatarUrl, cover_url AS coverUrl,
        is_open_commission AS openForCommissions, created_at AS createdAt
      FROM user_profiles WHERE id = ${owner.profileId}`),
    textsOf(db, "user_profile", [owner.profileId]),
  ]);
  const own = texts.get(owner.profileId) ?? {};
  return {
    ...profile,
    openForCommissions: Boolean(profile?.openForCommissions),
    createdAt: iso(profile?.createdAt),
    names: own.name ?? [],
    bio: own.bio ?? [],
  };
}

const iso = (value: unknown) => (typeof value === "number" ? new Date(value).toISOString() : null);

/** The media shown on these owners (works, services), by owner id, in order. */
async function attachedMedia(db: Database, ownerType: string, ownerIds: readonly string[]) {
  if (ownerIds.length === 0) return new Map<string, unknown[]>();
  const rows = await db.all<{
    ownerId: string;
    field: string;
    format: string;
    kind: string;
    name: string | null;
    url: string | null;
    link: string | null;
  }>(sql`
    SELECT a.owner_id AS ownerId, a.field, m.format_type AS format, m.media_type AS kind, m.file_name AS name,
      m.file_url AS url, coalesce(m.link_url, m.embed_code) AS link
    FROM media_attachments a JOIN media m ON m.id = a.media_id
    WHERE a.owner_type = ${ownerType} AND a.owner_id IN (${list(ownerIds)}) ORDER BY a.owner_id, a.field, a.position`);
  const out = new Map<string, unknown[]>();
  for (const { ownerId, ...media } of rows) out.set(ownerId, [...(out.get(ownerId) ?? []), media]);
  return out;
}

export async function worksSection(db: Database, owner: Owner) {
  if (!owner.profileId) return [];
  const works = await db.all<{ id: string; status: string; orderCode: string | null; createdAt: number }>(sql`
    SELECT w.id, w.work_status AS status, o.code AS orderCode, w.created_at AS createdAt
    FROM portfolio_works w LEFT JOIN commission_orders o ON o.id = w.commission_order_id
    WHERE w.profile_id = ${owner.profileId} ORDER BY w.user_index, w.created_at`);
  const ids = works.map((w) => w.id);
  const [texts, media] = await Promise.all([
    textsOf(db, "portfolio_work", ids),
    attachedMedia(db, "portfolio_work", ids),
  ]);
  return works.map((work) => ({
    id: work.id,
    status: work.status,
    madeForOrder: work.orderCode,
    createdAt: iso(work.createdAt),
    ...(texts.get(work.id) ?? {}),
    media: media.get(work.id) ?? [],
  }));
}

export async function formsSection(db: Database, owner: Owner) {
  if (!owner.commissionAccountId) return [];
  const forms = await db.all<Record<string, unknown> & { id: string }>(sql`
    SELECT f.id, f.code, f.form_status AS status, f.price_amount AS price, c.code AS currency, f.category_code AS category,
      f.created_at AS createdAt
    FROM commission_forms f JOIN currencies c ON c.id = f.price_currency_id
    WHERE f.commission_account_id = ${owner.commissionAccountId} ORDER BY f.user_index, f.created_at`);
  const questions = forms.length
    ? await db.all<{ id: string; formId: string; type: string; required: number }>(sql`
        SELECT id, form_id AS formId, question_type AS type, is_required AS required FROM commission_form_questions
        WHERE form_id IN (${list(forms.map((f) => f.id))}) AND question_status = 'ACTIVE' ORDER BY form_id, user_index`)
    : [];
  const choices = questions.length
    ? await db.all<{ id: string; questionId: string; price: number | null }>(sql`
        SELECT id, question_id AS questionId, price_amount AS price FROM commission_form_question_choices
        WHERE question_id IN (${list(questions.map((q) => q.id))}) ORDER BY question_id, user_index`)
    : [];
  const [formTexts, questionTexts, choiceTexts] = await Promise.all([
    textsOf(
      db,
      "commission_form",
      forms.map((f) => f.id),
    ),
    textsOf(
      db,
      "commission_form_question",
      questions.map((q) => q.id),
    ),
    textsOf(
      db,
      "commission_form_question_choice",
      choices.map((c) => c.id),
    ),
  ]);
  return forms.map((form) => ({
    ...form,
    createdAt: iso(form.createdAt),
    ...(formTexts.get(form.id) ?? {}),
    questions: questions
      .filter((q) => q.formId === form.id)
      .map((q) => ({
        type: q.type,
        required: Boolean(q.required),
        ...(questionTexts.get(q.id) ?? {}),
        choices: choices
          .filter((c) => c.questionId === q.id)
          .map((c) => ({ price: c.price, ...(choiceTexts.get(c.id) ?? {}) })),
      })),
  }));
}

export async function servicesSection(db: Database, owner: Owner) {
  if (!owner.commissionAccountId) return [];
  const services = await db.all<Record<string, unknown> & { id: string }>(sql`
    SELECT s.id, s.service_status AS status, s.price_amount AS price, c.code AS currency, s.created_at AS createdAt
    FROM commission_services s JOIN currencies c ON c.id = s.price_currency_id
    WHERE s.commission_account_id = ${owner.commissionAccountId} ORDER BY s.user_index, s.created_at`);
  const ids = services.map((s) => s.id);
  const [texts, media] = await Promise.all([
    textsOf(db, "commission_service", ids),
    attachedMedia(db, "commission_service", ids),
  ]);
  return services.map((service) => ({
    ...service,
    createdAt: iso(service.createdAt),
    ...(texts.get(service.id) ?? {}),
    media: media.get(service.id) ?? [],
  }));
}

/** A page of the user's orders on one side, after the id `after` (by id, so a page never repeats or skips one). */
export async function orderPage(db: Database, owner: Owner, side: OrderSide, after: string): Promise<OrderRow[]> {
  if (!owner.commissionAccountId) return [];
  const mine = side === "client" ? sql`o.buyer_id` : sql`o.seller_id`;
  const other = side === "client" ? sql`sa.user_account_id` : sql`ba.user_account_id`;
  return db.all<OrderRow>(sql`
    SELECT o.id, o.code, o.order_submit_status AS submitStatus, o.order_progress_status AS progressStatus,
      o.order_payment_status AS paymentStatus, o.order_chat_status AS chatStatus, o.price_amount AS priceAmount,
      c.code AS currency, o.submitted_at AS submittedAt, o.approved_at AS approvedAt, o.paid_at AS paidAt,
      o.delivered_at AS deliveredAt, o.completed_at AS completedAt, o.canceled_at AS canceledAt,
      o.delivery_deadline AS deliveryDeadline, o.price_lines AS priceLines, o.licence, o.stages, o.deposit,
      op.original_handle AS otherHandle, sa.user_account_id AS sellerUserAccountId,
      ba.user_account_id AS buyerUserAccountId
    FROM commission_orders o JOIN currencies c ON c.id = o.price_currency_id
    JOIN commission_accounts sa ON sa.id = o.seller_id JOIN commission_accounts ba ON ba.id = o.buyer_id
    LEFT JOIN user_profiles op ON op.account_id = ${other}
    WHERE ${mine} = ${owner.commissionAccountId} AND o.id > ${after} ORDER BY o.id LIMIT ${ORDER_PAGE}`);
}

/** The answers the request sent, each with its question and the choices chosen. */
export async function answersOf(db: Database, orderIds: readonly string[]): Promise<AnswerRow[]> {
  if (orderIds.length === 0) return [];
  const questions = await db.all<{
    questionId: string;
    orderId: string;
    questionType: string;
    answerId: string | null;
    answerDate: string | null;
  }>(sql`
    SELECT q.id AS questionId, f.order_id AS orderId, q.question_type AS questionType, a.id AS answerId,
      a.answer_date AS answerDate
    FROM commission_order_forms f JOIN commission_order_form_questions q ON q.order_form_id = f.id
    LEFT JOIN commission_order_question_answers a ON a.order_form_question_id = q.id
    WHERE f.order_id IN (${list(orderIds)}) ORDER BY f.order_id, q.user_index`);
  if (questions.length === 0) return [];
  const questionIds = questions.map((q) => q.questionId);
  const chosen = await db.all<{ id: string; questionId: string; count: number }>(sql`
    SELECT id, order_form_question_id AS questionId, count FROM commission_order_question_choices
    WHERE order_form_question_id IN (${list(questionIds)}) AND answer_choice_status = 'SELECTED'
    ORDER BY order_form_question_id, user_index`);
  const answerIds = questions.flatMap((q) => (q.answerId ? [q.answerId] : []));
  const [questionTexts, answerTexts, choiceTexts] = await Promise.all([
    textsOf(db, "commission_order_form_question", questionIds),
    textsOf(db, "commission_order_question_answer", answerIds),
    textsOf(
      db,
      "commission_order_question_choice",
      chosen.map((c) => c.id),
    ),
  ]);
  return questions.map((q) => ({
    orderId: q.orderId,
    questionId: q.questionId,
    questionType: q.questionType,
    questionTexts: questionTexts.get(q.questionId) ?? {},
    answerTexts: (q.answerId && answerTexts.get(q.answerId)) || {},
    answerDate: q.answerDate,
    chosen: chosen
      .filter((c) => c.questionId === q.questionId)
      .map((c) => ({ texts: choiceTexts.get(c.id) ?? {}, count: c.count })),
  }));
}

export async function paymentsOf(db: Database, orderIds: readonly string[]): Promise<PaymentRow[]> {
  if (orderIds.length === 0) return [];
  return db.all<PaymentRow>(sql`
    SELECT t.order_id AS orderId, t.amount, c.code AS currency, t.transaction_status AS status, t.paid_at AS paidAt,
      t.refunded_amount AS refundedAmount, t.created_at AS createdAt
    FROM payment_transactions t JOIN currencies c ON c.id = t.currency_id
    WHERE t.order_id IN (${list(orderIds)}) ORDER BY t.order_id, t.created_at`);
}

/** The payouts of these orders to this creator. */
export async function payoutsOf(db: Database, owner: Owner, orderIds: readonly string[]): Promise<PayoutRow[]> {
  if (orderIds.length === 0) return [];
  return db.all<PayoutRow>(sql`
    SELECT p.order_id AS orderId, p.stage_index AS stageIndex, p.amount, c.code AS currency,
      p.transfer_amount AS transferAmount, p.transfer_currency AS transferCurrency, p.payout_status AS status,
      p.transferred_at AS transferredAt, p.created_at AS createdAt
    FROM creator_payouts p JOIN currencies c ON c.id = p.currency_id
    WHERE p.order_id IN (${list(orderIds)}) AND p.seller_user_account_id = ${owner.userAccountId}
    ORDER BY p.order_id, p.created_at`);
}

/** A page of an order's chat, oldest first, after the message id `after` in (created_at, id) order. */
export async function chatPage(
  db: Database,
  orderId: string,
  after: { createdAt: number; id: string } | null,
): Promise<(ChatMessageRow & { id: string })[]> {
  const from = after
    ? sql`AND (m.created_at > ${after.createdAt} OR (m.created_at = ${after.createdAt} AND m.id > ${after.id}))`
    : sql``;
  const rows = await db.all<{ id: string; senderUserAccountId: string; seq: number | null; createdAt: number }>(sql`
    SELECT m.id, m.sender_user_account_id AS senderUserAccountId, m.seq, m.created_at AS createdAt
    FROM chat_rooms r JOIN chat_messages m ON m.room_id = r.id
    WHERE r.order_id = ${orderId} ${from} ORDER BY m.created_at, m.id LIMIT ${ROW_PAGE}`);
  const texts = await textsOf(
    db,
    "chat_message",
    rows.map((r) => r.id),
  );
  return rows.map((row) => ({ ...row, texts: texts.get(row.id) ?? {} }));
}

/**
 * Reviews written by the user, and those about them already shown (a review still in its double-blind window is its
 * author's alone, decision 086).
 */
export async function reviewsOf(db: Database, owner: Owner, direction: "written" | "received", now: number) {
  if (!owner.commissionAccountId) return [];
  const where =
    direction === "written"
      ? sql`r.author_id = ${owner.commissionAccountId}`
      : sql`r.subject_id = ${owner.commissionAccountId} AND r.visible_at <= ${now}`;
  const other = direction === "written" ? sql`r.subject_id` : sql`r.author_id`;
  return db.all<ReviewRow>(sql`
    SELECT o.code AS orderCode, r.author_side AS authorSide, r.rating, r.body, r.reply, r.replied_at AS repliedAt,
      r.visible_at AS visibleAt, r.hidden_at AS hiddenAt, r.created_at AS createdAt, p.original_handle AS otherHandle
    FROM order_reviews r JOIN commission_orders o ON o.id = r.order_id
    JOIN commission_accounts oc ON oc.id = ${other} LEFT JOIN user_profiles p ON p.account_id = oc.user_account_id
    WHERE ${where} ORDER BY r.created_at`);
}

export async function notificationsOf(db: Database, owner: Owner) {
  const rows = await db.all<{
    type: string;
    href: string | null;
    orderCode: string | null;
    createdAt: number;
    readAt: number | null;
  }>(sql`
    SELECT n.notification_type AS type, n.href, o.code AS orderCode, n.created_at AS createdAt, n.read_at AS readAt
    FROM notifications n LEFT JOIN commission_orders o ON o.id = n.order_id
    WHERE n.recipient_user_account_id = ${owner.userAccountId} ORDER BY n.created_at`);
  return rows.map((row) => ({ ...row, createdAt: iso(row.createdAt), readAt: iso(row.readAt) }));
}

export async function bookmarksOf(db: Database, owner: Owner) {
  const rows = await db.all<{
    serviceId: string | null;
    formCode: string | null;
    active: number;
    createdAt: number;
  }>(sql`
    SELECT b.service_id AS serviceId, f.code AS formCode, b.is_active AS active, b.created_at AS createdAt
    FROM bookmarks b LEFT JOIN commission_forms f ON f.id = b.form_id
    WHERE b.user_account_id = ${owner.userAccountId} ORDER BY b.created_at`);
  return rows.map((row) => ({
    ...(row.serviceId ? { service: row.serviceId } : { form: row.formCode }),
    saved: Boolean(row.active),
    createdAt: iso(row.createdAt),
  }));
}

/** The creators the user follows (decision 107), by handle; never who follows them (a creator sees only how many). */
export async function followsOf(db: Database, owner: Owner) {
  const rows = await db.all<{ handle: string; createdAt: number }>(sql`
    SELECT p.original_handle AS handle, f.created_at AS createdAt
    FROM follows f JOIN user_profiles p ON p.account_id = f.creator_user_account_id
    WHERE f.follower_user_account_id = ${owner.userAccountId} ORDER BY f.created_at`);
  return rows.map((row) => ({ creator: row.handle, createdAt: iso(row.createdAt) }));
}

/** Brand, last four and expiry only: Stripe holds the card, Comet its reference, which stays out of the file. */
export async function savedCardsOf(db: Database, owner: Owner) {
  const rows = await db.all<{ brand: string; last4: string; expMonth: number; expYear: number; createdAt: number }>(sql`
    SELECT brand, last4, exp_month AS expMonth, exp_year AS expYear, created_at AS createdAt
    FROM payment_account_methods WHERE user_account_id = ${owner.userAccountId} ORDER BY created_at`);
  return rows.map((row) => ({ ...row, createdAt: iso(row.createdAt) }));
}

/**
 * Documents issued to the user, and those issued in their name (decision 102: a receipt or refund note of an order
 * they sold is the creator's).
 */
export async function documentsOf(db: Database, owner: Owner) {
  const issuedByThem = owner.commissionAccountId
    ? sql`OR (d.kind IN ('RECEIPT', 'REFUND_NOTE') AND o.seller_id = ${owner.commissionAccountId})`
    : sql``;
  const rows = await db.all<{
    id: string;
    kind: string;
    number: number;
    recipient: string | null;
    orderCode: string | null;
    period: string | null;
    currency: string | null;
    total: number | null;
    replaces: string | null;
    issuedAt: number;
  }>(sql`
    SELECT d.id, d.kind, d.number, d.recipient_user_account_id AS recipient, o.code AS orderCode, d.period, d.currency,
      d.total, d.replaces_document_id AS replaces, d.issued_at AS issuedAt
    FROM issued_documents d LEFT JOIN commission_orders o ON o.id = d.order_id
    WHERE d.recipient_user_account_id = ${owner.userAccountId} ${issuedByThem} ORDER BY d.issued_at`);
  return rows.map(({ recipient, ...row }) => ({
    ...row,
    yourRole: recipient === owner.userAccountId ? "recipient" : "issuer",
    issuedAt: iso(row.issuedAt),
  }));
}

/** A page of the user's stored files (not links or embeds), by id. */
export async function filePage(db: Database, owner: Owner, after: string): Promise<FileRow[]> {
  return db.all<FileRow>(sql`
    SELECT id, file_name AS name, file_size AS size, media_type AS mediaType, file_type AS contentType,
      file_url AS storedUrl, created_at AS createdAt
    FROM media WHERE owner_user_account_id = ${owner.userAccountId} AND format_type = 'FILE'
      AND file_url IS NOT NULL AND id > ${after}
    ORDER BY id LIMIT ${ROW_PAGE}`);
}
