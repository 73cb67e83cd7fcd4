// What `npm run bench:load` (scripts/bench-load.mjs) seeds into its local state before the server starts, as SQL:
// client accounts that can sign in, request and chat without a mailbox, a Stripe call or a browser.
import { createHash, randomBytes, randomUUID } from "node:crypto";
import { run } from "./serve-test-build.mjs";

const DAY = 86_400_000;
const CREATOR_EMAIL = "creator@demo.comet.local";
/** Every seeded account's sign-in code (worker/services/auth.ts hashes `${email}:${code}`). */
const CODE = "424242";
/** Rows per INSERT: one statement per few hundred rows keeps the file short and each statement small. */
const ROWS_PER_INSERT = 400;
/** The answer a MEDIA question gets: a reference link, as a client may give instead of a file. */
const REFERENCE_LINK = "https://example.com/reference.png";

const quote = (value) =>
  value === null ? "NULL" : typeof value === "number" ? String(value) : `'${String(value).replaceAll("'", "''")}'`;
const sha256 = (text) => createHash("sha256").update(text).digest("hex");

/** INSERT statements for `rows` (objects with the same keys), ROWS_PER_INSERT rows each. */
function inserts(table, rows) {
  if (rows.length === 0) return [];
  const columns = Object.keys(rows[0]);
  const statements = [];
  for (let i = 0; i < rows.length; i += ROWS_PER_INSERT) {
    const values = rows.slice(i, i + ROWS_PER_INSERT).map((row) => `(${columns.map((c) => quote(row[c])).join(", ")})`);
    statements.push(`INSERT INTO ${table} (${columns.join(", ")}) VALUES\n${values.join(",\n")};`);
  }
  return statements;
}

/** Reads a query's rows from the local state (before the server starts). */
function query(stateDir, sql) {
  const { stdout } = run(
    "wrangler",
    ["d1", "execute", "DB", "--local", "--persist-to", stateDir, "--json", "--command", sql],
    { env: { CI: "true" }, quiet: true },
  );
  return JSON.parse(stdout)[0].results;
}

/**
 * The demo's published services whose creator takes commissions, each with a request body that answers every
 * required question of its form the way the request page would (a link for a file question, the first choice…).
 */
export function openServices(stateDir) {
  const rows = query(
    stateDir,
    `SELECT s.id AS service_id, q.id AS question_id, q.question_type, q.is_required,
       (SELECT c.id FROM commission_form_question_choices c WHERE c.question_id = q.id ORDER BY c.user_index, c.id LIMIT 1) AS choice_id
     FROM commission_services s
     JOIN commission_accounts ca ON ca.id = s.commission_account_id
     JOIN user_profiles p ON p.account_id = ca.user_account_id
     LEFT JOIN commission_form_questions q ON q.form_id = s.form_id AND q.question_status = 'ACTIVE'
     WHERE s.service_status = 'PUBLISHED' AND p.is_open_commission = 1
     ORDER BY s.id, q.user_index`,
  );
  const services = new Map();
  for (const row of rows) {
    const service = services.get(row.service_id) ?? { serviceId: row.service_id, answers: [] };
    services.set(row.service_id, service);
    if (row.question_id && row.is_required) service.answers.push(answerTo(row));
  }
  return [...services.values()].map(({ serviceId, answers }) => ({
    serviceId,
    requestBody: {
      serviceId,
      paymentAccountMethodId: null,
      isAgreedToTerms: true,
      isAcknowledged: true,
      formQuestionAnswers: answers,
    },
  }));
}

function answerTo({ question_id: formQuestionId, question_type: formQuestionType, choice_id: choiceId }) {
  /** @type {{ text: { text: string; languageCode: string } | null; date: string | null; medias: { formatType: string; url: string }[] }} */
  const answer = { text: null, date: null, medias: [] };
  if (formQuestionType === "MEDIA") answer.medias = [{ formatType: "LINK", url: REFERENCE_LINK }];
  if (formQuestionType === "SHORT_TEXT" || formQuestionType === "LONG_TEXT")
    answer.text = { text: "A load test's request.", languageCode: "en" };
  if (formQuestionType === "DATE") answer.date = new Date(Date.now() + 30 * DAY).toISOString().slice(0, 10);
  const questionChoices = choiceId ? [{ formQuestionChoiceId: choiceId, formQuestionChoiceStatus: "SELECTED" }] : [];
  return { formQuestionId, formQuestionType, answer, questionChoices };
}

/**
 * `accounts` client accounts (as worker/services/accounts.ts createAccount makes them), each with a session, a saved
 * card (the row a Stripe setup leaves; no request charges it) and an unused sign-in code; the first `chatRooms` of
 * them with an approved order from the demo creator and its open chat room.
 */
export function loadFixtures({ accounts: count, chatRooms, services }) {
  const now = Date.now();
  const accounts = Array.from({ length: count }, (_, i) => ({
    id: randomUUID(),
    email: `load${i}@bench.comet.local`,
    token: randomBytes(32).toString("base64url"),
    commissionAccountId: randomUUID(),
  }));
  const rooms = accounts.slice(0, chatRooms).map((account, i) => ({
    account,
    orderId: randomUUID(),
    // The order's code, unique by its index (the demo's are random letters, so no clash).
    code: `l${String(i).padStart(7, "0")}`,
    roomId: randomUUID(),
  }));
  const sellerId = `(SELECT c.id FROM commission_accounts c JOIN user_accounts u ON u.id = c.user_account_id WHERE u.email = ${quote(CREATOR_EMAIL)})`;
  const jpy = "(SELECT id FROM currencies WHERE code = 'JPY')";
  const sql = [
    ...inserts(
      "user_accounts",
      accounts.map((a) => ({ id: a.id, email: a.email })),
    ),
    ...inserts(
      "user_profiles",
      accounts.map((a, i) => ({ id: randomUUID(), account_id: a.id, original_handle: `load${i}` })),
    ),
    ...inserts(
      "commission_accounts",
      accounts.map((a) => ({ id: a.commissionAccountId, user_account_id: a.id })),
    ),
    ...inserts(
      "user_account_roles",
      accounts.map((a) => ({ user_account_id: a.id, role_code: "user" })),
    ),
    ...inserts(
      "sessions",
      accounts.map((a) => ({
        id_hash: sha256(a.token),
        user_account_id: a.id,
        expires_at: now + 30 * DAY,
        last_seen_at: now,
        created_at: now,
      })),
    ),
    ...inserts(
      "payment_account_methods",
      accounts.map((a, i) => ({
        id: randomUUID(),
        user_account_id: a.id,
        stripe_method_id: `pm_load_${i}`,
        brand: "visa",
        last4: "4242",
        exp_month: 12,
        exp_year: new Date(now).getUTCFullYear() + 3,
      })),
    ),
    ...inserts(
      "auth_codes",
      accounts.map((a) => ({
        id: randomUUID(),
        email: a.email,
        code_hash: sha256(`${a.email}:${CODE}`),
        expires_at: now + DAY,
        created_at: now,
      })),
    ),
    // Approved orders with their chat open (bench-chat.mjs makes one the same way).
    ...rooms.map(
      (r) =>
        `INSERT INTO commission_orders (id, code, seller_id, buyer_id, order_submit_status, order_progress_status, order_chat_status, price_amount, price_currency_id, submitted_at, approved_at, approval_deadline, payment_deadline, created_at, updated_at) VALUES (${quote(r.orderId)}, ${quote(r.code)}, ${sellerId}, ${quote(r.account.commissionAccountId)}, 'SERVICE_SUBMITTED', 'APPROVED', 'OPENED', 10000, ${jpy}, ${now}, ${now}, ${now + 7 * DAY}, ${now + 7 * DAY}, ${now}, ${now});`,
    ),
    ...inserts(
      "chat_rooms",
      rooms.map((r) => ({ id: r.roomId, order_id: r.orderId, room_status: "OPENED" })),
    ),
  ].join("\n");
  const cookieOf = (account) => `comet_session=${account.token}`;
  return {
    sql,
    code: CODE,
    services,
    accounts: accounts.map((a) => ({ email: a.email, cookie: cookieOf(a) })),
    rooms: rooms.map((r) => ({ roomId: r.roomId, cookie: cookieOf(r.account) })),
  };
}
