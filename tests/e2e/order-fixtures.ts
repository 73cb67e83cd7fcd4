// Orders for the browser tests, written straight into the served test build's local D1 (the SQLite file under the
// state dir scripts/e2e.mjs serves), since requesting an order through the service modal is another issue's flow.
// Each test makes its own order between its own fresh users, so repeated runs share nothing.
import { readdirSync } from "node:fs";
import { join } from "node:path";
import { DatabaseSync } from "node:sqlite";
import { fileURLToPath } from "node:url";

const STATE_DIR = process.env.E2E_STATE_DIR ?? fileURLToPath(new URL("../../.wrangler/e2e-state", import.meta.url));
const CODE_ALPHABET = "23456789ABCDEFGHJKLMNPQRSTUVWXYZ";

/** The local D1 database: the SQLite file of the D1 object that has the app's tables. */
export function openD1(): DatabaseSync {
  const dir = join(STATE_DIR, "v3", "d1", "miniflare-D1DatabaseObject");
  for (const file of readdirSync(dir).filter((f) => f.endsWith(".sqlite"))) {
    const db = new DatabaseSync(join(dir, file));
    db.exec("PRAGMA busy_timeout = 5000");
    if (db.prepare("SELECT 1 FROM sqlite_master WHERE name = 'commission_orders'").get()) return db;
    db.close();
  }
  throw new Error(`no D1 database with commission_orders under ${dir}`);
}

/**
 * A DRAFT order from `buyerEmail` to `sellerEmail` with one answered question: a service order (titled service
 * snapshot) by default, or a form order (titled form snapshot, usually without a price yet). Priced in yen unless
 * `currencyCode` says otherwise (`priceAmount` in that currency's minor units).
 */
export function insertOrder({ sellerEmail, buyerEmail, priceAmount, title, submitStatus = "SERVICE_SUBMITTED", currencyCode = "JPY" }: {
  sellerEmail: string;
  buyerEmail: string;
  priceAmount: number | null;
  title: string;
  submitStatus?: "SERVICE_SUBMITTED" | "FORM_SUBMITTED";
  currencyCode?: "JPY" | "USD";
}) {
  const db = openD1();
  try {
    const account = (email: string) =>
      (db.prepare("SELECT c.id FROM commission_accounts c JOIN user_accounts u ON u.id = c.user_account_id WHERE u.email = ?").get(email) as { id: string } | undefined)?.id;
    const [sellerId, buyerId] = [account(sellerEmail), account(buyerEmail)];
    if (!sellerId || !buyerId) throw new Error(`no commission account for ${sellerEmail} or ${buyerEmail}`);
    const id = crypto.randomUUID();
    const code = Array.from(crypto.getRandomValues(new Uint8Array(8)), (b) => CODE_ALPHABET[b % CODE_ALPHABET.length]).join("");
    const now = Date.now();
    const ids = { service: crypto.randomUUID(), form: crypto.randomUUID(), question: crypto.randomUUID(), answer: crypto.randomUUID() };
    const text = (type: string, entity: string, field: string, value: string) =>
      db.prepare("INSERT INTO localized_texts (id, entity_type, entity_id, field, language_code, is_original, text) VALUES (?, ?, ?, ?, 'en', 1, ?)").run(crypto.randomUUID(), type, entity, field, value);
    db.exec("BEGIN");
    db.prepare(
      `INSERT INTO commission_orders (id, code, seller_id, buyer_id, order_submit_status, price_amount, price_currency_id, submitted_at, approval_deadline, created_at, updated_at)
       VALUES (?, ?, ?, ?, ?, ?, (SELECT id FROM currencies WHERE code = ?), ?, ?, ?, ?)`,
    ).run(id, code, sellerId, buyerId, submitStatus, priceAmount, currencyCode, now, now + 7 * 86_400_000, now, now);
    db.prepare("INSERT INTO commission_order_forms (id, order_id, price_currency_id) VALUES (?, ?, (SELECT id FROM currencies WHERE code = ?))").run(ids.form, id, currencyCode);
    // Every order has its chat room, as a request writes it (worker/services/order-requests.ts).
    db.prepare("INSERT INTO chat_rooms (id, order_id, room_status, created_at, updated_at) VALUES (?, ?, 'DRAFT', ?, ?)").run(crypto.randomUUID(), id, now, now);
    if (submitStatus === "SERVICE_SUBMITTED") {
      db.prepare("INSERT INTO commission_order_services (id, order_id, price_currency_id) VALUES (?, ?, (SELECT id FROM currencies WHERE code = ?))").run(ids.service, id, currencyCode);
      text("commission_order_service", ids.service, "title", title);
    } else {
      text("commission_order_form", ids.form, "title", title);
    }
    db.prepare("INSERT INTO commission_order_form_questions (id, order_form_id, question_type, is_required, user_index) VALUES (?, ?, 'LONG_TEXT', 1, 0)").run(ids.question, ids.form);
    text("commission_order_form_question", ids.question, "title", "Commission details");
    db.prepare("INSERT INTO commission_order_question_answers (id, order_form_question_id) VALUES (?, ?)").run(ids.answer, ids.question);
    text("commission_order_question_answer", ids.answer, "text", "A knight with a blue cape");
    db.exec("COMMIT");
    return { id, code };
  } finally {
    db.close();
  }
}

/**
 * A published service of the creator at `sellerEmail`, open for commissions, with no form (the request then asks
 * only for the terms, the acknowledgement and a card): for tests that request through the service modal.
 */
export function insertService({ sellerEmail, title, priceAmount }: { sellerEmail: string; title: string; priceAmount: number }) {
  const db = openD1();
  try {
    const seller = db
      .prepare("SELECT c.id, p.id AS profile_id FROM commission_accounts c JOIN user_accounts u ON u.id = c.user_account_id JOIN user_profiles p ON p.account_id = u.id WHERE u.email = ?")
      .get(sellerEmail) as { id: string; profile_id: string } | undefined;
    if (!seller) throw new Error(`no commission account for ${sellerEmail}`);
    const id = crypto.randomUUID();
    const now = Date.now();
    db.exec("BEGIN");
    db.prepare("UPDATE user_profiles SET is_open_commission = 1 WHERE id = ?").run(seller.profile_id);
    db.prepare(
      `INSERT INTO commission_services (id, commission_account_id, price_amount, price_currency_id, service_status, created_at, updated_at)
       VALUES (?, ?, ?, (SELECT id FROM currencies WHERE code = 'JPY'), 'PUBLISHED', ?, ?)`,
    ).run(id, seller.id, priceAmount, now, now);
    db.prepare("INSERT INTO localized_texts (id, entity_type, entity_id, field, language_code, is_original, text) VALUES (?, 'commission_service', ?, 'title', 'en', 1, ?)").run(crypto.randomUUID(), id, title);
    db.exec("COMMIT");
    return { id };
  } finally {
    db.close();
  }
}
