// The D1 side of deleting an account (decision 104): which of the user's files go, and one batch that removes or
// empties every personal row and turns the account into an empty anchor. One batch is one transaction: it has happened
// or it has not, so a deletion that failed anywhere is simply run again.
import { deletedEmailOf, deletedHandleOf, handleReservedUntil, isDeletedHandle } from "../domain/account-deletion";

/** Whom the statements are about. */
export interface DeletedParty {
  accountId: string;
  profileId: string;
  commissionAccountId: string;
  /** As stored now: the real ones on a first run, the placeholders on a run after the batch already went through. */
  email: string;
  handle: string;
}

/**
 * Media an order keeps for its record (decision 104): what the client was offered and asked (the snapshots of the
 * service and form) and the work delivered, which the client paid for. Everything else of theirs goes.
 */
const KEPT_MEDIA_OWNERS = `('commission_order_service', 'commission_order_form_question', 'commission_order_question_choice', 'commission_order_deliverable')`;

/** The statements' named parameters: ?1 account, ?2 profile, ?3 commission account, ?4 e-mail, ?5 handle. */
const WORKS = "SELECT id FROM portfolio_works WHERE profile_id = ?2";
const FORMS = "SELECT id FROM commission_forms WHERE commission_account_id = ?3";
const QUESTIONS = `SELECT id FROM commission_form_questions WHERE form_id IN (${FORMS})`;
const CHOICES = `SELECT id FROM commission_form_question_choices WHERE question_id IN (${QUESTIONS})`;
const SERVICES = "SELECT id FROM commission_services WHERE commission_account_id = ?3";
const POLICIES = "SELECT id FROM commission_policies WHERE commission_account_id = ?3";
const MESSAGES = "SELECT id FROM chat_messages WHERE sender_user_account_id = ?1";
const BOUGHT = "SELECT id FROM commission_orders WHERE buyer_id = ?3";
const ANSWERS = `SELECT a.id FROM commission_order_question_answers a
  JOIN commission_order_form_questions q ON q.id = a.order_form_question_id
  JOIN commission_order_forms f ON f.id = q.order_form_id WHERE f.order_id IN (${BOUGHT})`;
const GONE_MEDIA = `SELECT id FROM media WHERE owner_user_account_id = ?1
  AND id NOT IN (SELECT media_id FROM media_attachments WHERE owner_type IN ${KEPT_MEDIA_OWNERS})`;

/** Texts (localized_texts) of what is deleted outright. */
const DELETED_TEXTS = `(entity_type = 'user_profile' AND entity_id = ?2)
  OR (entity_type = 'portfolio_work' AND entity_id IN (${WORKS}))
  OR (entity_type = 'media' AND entity_id IN (${GONE_MEDIA}))
  OR (entity_type = 'commission_form' AND entity_id IN (${FORMS}))
  OR (entity_type = 'commission_form_question' AND entity_id IN (${QUESTIONS}))
  OR (entity_type = 'commission_form_question_choice' AND entity_id IN (${CHOICES}))
  OR (entity_type = 'commission_service' AND entity_id IN (${SERVICES}))
  OR (entity_type = 'commission_policy' AND entity_id IN (${POLICIES}))
  OR (entity_type = 'commission_account' AND entity_id = ?3)
  OR (entity_type = 'notification' AND entity_id IN (SELECT id FROM notifications WHERE recipient_user_account_id = ?1))`;

/** Texts kept as an order's empty place (decision 104): their chat messages and request answers, marked deleted. */
const EMPTIED_TEXTS = `(entity_type = 'chat_message' AND entity_id IN (${MESSAGES}))
  OR (entity_type = 'commission_order_question_answer' AND entity_id IN (${ANSWERS}))`;

/** Every text of theirs that goes or is emptied: the machine translations made of them go with them. */
export const personalTextsSql = `SELECT language_code AS languageCode, text FROM localized_texts
  WHERE ${DELETED_TEXTS} OR ${EMPTIED_TEXTS}`;

/**
 * The stored files of theirs that go: the media rows that go, less any file a kept row still names (an order's
 * snapshot keeps a copy of a service's media row, pointing at the same object).
 */
export const goneFileUrlsSql = `SELECT DISTINCT url FROM (
    SELECT file_url AS url FROM media WHERE id IN (${GONE_MEDIA})
    UNION SELECT file_convert_url FROM media WHERE id IN (${GONE_MEDIA})
  ) WHERE url IS NOT NULL AND url NOT IN (
    SELECT file_url FROM media WHERE file_url IS NOT NULL AND id NOT IN (${GONE_MEDIA}))`;

/** Their data exports' objects and their uploads no record attached. */
export const privateObjectKeysSql = `SELECT object_key AS key FROM data_exports WHERE user_account_id = ?1 AND object_key IS NOT NULL
  UNION SELECT key FROM pending_uploads WHERE owner_profile_id = ?2`;

const partyParams = (p: DeletedParty) => [p.accountId, p.profileId, p.commissionAccountId, p.email, p.handle];

const highestParameter = (text: string) => Math.max(0, ...[...text.matchAll(/\?(\d+)/g)].map((m) => Number(m[1])));

/** The parameters of the read queries above, bound up to the highest one each names. */
export const boundTo = (d1: D1Database, text: string, party: DeletedParty) =>
  d1.prepare(text).bind(...partyParams(party).slice(0, highestParameter(text)));

/**
 * The one batch: personal rows deleted, their writing on kept records emptied, and the account and profile turned into
 * an empty anchor (placeholder e-mail and handle, the old handle reserved). `translationHashes`: the machine
 * translations of their texts (as `personalTextsSql` read them). Texts go before the rows their subqueries read.
 */
export function deletionStatements(
  d1: D1Database,
  party: DeletedParty,
  translationHashes: readonly string[],
  now: number,
): D1PreparedStatement[] {
  const params = partyParams(party);
  // Bound up to the highest ?N the statement names: D1 refuses more bindings than the statement has.
  const sql = (text: string, ...extra: unknown[]) =>
    d1.prepare(text).bind(...[...params, ...extra].slice(0, highestParameter(text)));
  const statements = [
    d1
      .prepare("DELETE FROM machine_translations WHERE source_hash IN (SELECT value FROM json_each(?1))")
      .bind(JSON.stringify(translationHashes)),
    sql(`DELETE FROM localized_texts WHERE ${DELETED_TEXTS}`),
    sql(`UPDATE localized_texts SET text = '' WHERE ${EMPTIED_TEXTS}`),
    sql("UPDATE chat_messages SET translations = NULL WHERE sender_user_account_id = ?1"),
    sql(`UPDATE commission_order_question_answers SET answer_date = NULL WHERE id IN (${ANSWERS})`),
    sql(`DELETE FROM media_attachments WHERE media_id IN (${GONE_MEDIA})
      OR (owner_type = 'portfolio_work' AND owner_id IN (${WORKS}))
      OR (owner_type = 'commission_service' AND owner_id IN (${SERVICES}))
      OR (owner_type = 'commission_form_question' AND owner_id IN (${QUESTIONS}))
      OR (owner_type = 'commission_form_question_choice' AND owner_id IN (${CHOICES}))
      OR (owner_type = 'chat_message' AND owner_id IN (${MESSAGES}))
      OR (owner_type = 'commission_order_question_answer' AND owner_id IN (${ANSWERS}))`),
    sql(`DELETE FROM media WHERE id IN (${GONE_MEDIA})`),
    sql(`DELETE FROM visibility_settings WHERE item_type = 'portfolio_work' AND item_id IN (${WORKS})`),
    sql("DELETE FROM visibility_grants WHERE user_account_id = ?1"),
    sql("UPDATE portfolio_works SET client_account_id = NULL WHERE client_account_id = ?1"),
    sql(`DELETE FROM page_visits WHERE visitor_key = ?1 OR (model_name = 'portfolio_work' AND model_id IN (${WORKS}))
      OR (model_name = 'commission_form' AND model_id IN (${FORMS}))`),
    sql("DELETE FROM portfolio_works WHERE profile_id = ?2"),
    // Orders keep their own snapshots of what was offered (their foreign keys to these are set null).
    sql("DELETE FROM commission_services WHERE commission_account_id = ?3"),
    sql("DELETE FROM commission_forms WHERE commission_account_id = ?3"),
    sql("DELETE FROM commission_policies WHERE commission_account_id = ?3"),
    sql("DELETE FROM waitlist_entries WHERE client_id = ?3 OR seller_id = ?3"),
    sql("DELETE FROM bookmarks WHERE user_account_id = ?1"),
    sql("DELETE FROM follows WHERE follower_user_account_id = ?1 OR creator_user_account_id = ?1"),
    sql("DELETE FROM follow_watches WHERE creator_user_account_id = ?1"),
    sql("DELETE FROM account_signals WHERE user_account_id = ?1"),
    // Their own numbers (decision 111): the timed jobs make none for a deleted account again.
    sql("DELETE FROM creator_insights WHERE user_account_id = ?1"),
    sql("DELETE FROM notifications WHERE recipient_user_account_id = ?1"),
    sql("DELETE FROM notification_email_preferences WHERE user_account_id = ?1"),
    sql("DELETE FROM auth_codes WHERE email = ?4 OR lower(signup_handle) = lower(?5)"),
    // Rate-limit keys name the address they count ("otp:email:{address}").
    sql("DELETE FROM rate_limits WHERE instr(key, ?4) > 0"),
    // The dev mailer's outbox (never written in production) holds the mails sent to them.
    sql('DELETE FROM dev_mails WHERE "to" = ?4'),
    sql("DELETE FROM payment_account_methods WHERE user_account_id = ?1"),
    sql("DELETE FROM stripe_customers WHERE user_account_id = ?1"),
    sql("DELETE FROM data_exports WHERE user_account_id = ?1"),
    sql("DELETE FROM pending_uploads WHERE owner_profile_id = ?2"),
    sql("DELETE FROM invite_codes WHERE user_account_id = ?1"),
    sql("DELETE FROM invoice_registrations WHERE user_account_id = ?1"),
    sql("DELETE FROM translation_usage WHERE scope = ?1"),
    sql("DELETE FROM user_account_roles WHERE user_account_id = ?1"),
    sql("DELETE FROM sessions WHERE user_account_id = ?1"),
    // Reviews they wrote stay as ratings, without words; their answers to reviews of them go.
    sql("UPDATE order_reviews SET body = '', updated_at = ?6 WHERE author_id = ?3", now),
    sql("UPDATE order_reviews SET reply = NULL, replied_at = NULL WHERE subject_id = ?3 AND reply IS NOT NULL"),
    sql(`UPDATE commission_order_stage_revisions SET comment = '' WHERE order_id IN (${BOUGHT})`),
    sql("UPDATE order_dispute_statements SET body = '' WHERE author_user_account_id = ?1"),
    sql(
      `UPDATE user_profiles SET original_handle = ?6, avatar_url = NULL, cover_url = NULL, is_open_commission = 0,
        hidden_at = coalesce(hidden_at, ?7), updated_at = ?7 WHERE id = ?2`,
      deletedHandleOf(party.accountId),
      now,
    ),
    sql(
      `UPDATE commission_accounts SET slot_count = NULL, waitlist_closed = 0, default_currency_id = NULL, updated_at = ?6
        WHERE id = ?3`,
      now,
    ),
    sql(
      `UPDATE user_accounts SET email = ?6, birthday = NULL, adult_content_confirmed_at = NULL, deleted_at = coalesce(deleted_at, ?7),
        updated_at = ?7
        WHERE id = ?1`,
      deletedEmailOf(party.accountId),
      now,
    ),
  ];
  // A run after the batch went through finds the placeholder: the handle was reserved by the first.
  if (!isDeletedHandle(party.handle))
    statements.push(
      d1
        .prepare(
          `INSERT INTO reserved_handles (handle, reserved_until, created_at) VALUES (lower(?1), ?2, ?3)
           ON CONFLICT (handle) DO UPDATE SET reserved_until = max(reserved_until, excluded.reserved_until)`,
        )
        .bind(party.handle, handleReservedUntil(now), now),
    );
  return statements;
}
