/**
 * Collects rows per table and renders them as multi-row `INSERT OR IGNORE` statements, tables in foreign-key order.
 * Statements stay well under D1's 100 KB statement limit.
 */

/** Parents before children, so every statement satisfies its foreign keys when run in order. */
const TABLE_ORDER = [
  "roles",
  "currencies",
  "exchange_rates",
  "languages",
  "localized_texts",
  "content_kinds",
  "use_cases",
  "content_ratings",
  "commission_categories",
  "commission_category_content_kinds",
  "commission_category_use_cases",
  "fees",
  "commission_form_templates",
  "commission_form_template_questions",
  "commission_form_template_question_choices",
  "user_accounts",
  "user_account_roles",
  "user_profiles",
  "commission_accounts",
  "media",
  "media_content_ratings",
  "portfolio_works",
  "portfolio_work_categories",
  "portfolio_work_tags",
  "portfolio_work_content_ratings",
  "visibility_settings",
  "visibility_grants",
  "commission_forms",
  "commission_form_questions",
  "commission_form_question_choices",
  "commission_policies",
  "commission_services",
  "commission_service_categories",
  "media_attachments",
  "bookmarks",
  "page_visits",
  "commission_orders",
  "commission_order_services",
  "commission_order_forms",
  "commission_order_form_questions",
  "commission_order_question_answers",
  "commission_order_deliverables",
  "commission_order_events",
  "chat_rooms",
  "chat_messages",
  "payment_transactions",
  "order_reviews",
  "notifications",
];

function sqlValue(value) {
  if (value === null || value === undefined) return "NULL";
  if (typeof value === "boolean") return value ? "1" : "0";
  if (typeof value === "number") {
    if (!Number.isFinite(value)) throw new Error(`non-finite number in seed: ${value}`);
    return String(value);
  }
  if (value instanceof Date) return String(value.getTime());
  return `'${String(value).replaceAll("'", "''")}'`;
}

export class RowSet {
  constructor() {
    /** @type {Map<string, Record<string, unknown>[]>} */
    this.tables = new Map();
  }

  add(table, row) {
    if (!TABLE_ORDER.includes(table)) throw new Error(`seed: unknown table ${table}`);
    let rows = this.tables.get(table);
    if (!rows) this.tables.set(table, (rows = []));
    rows.push(row);
  }

  count(table) {
    return this.tables.get(table)?.length ?? 0;
  }

  /** @returns {string[]} one statement per chunk of rows of the same table and column list. */
  toStatements({ maxBytes = 60_000, maxRows = 200 } = {}) {
    const out = [];
    for (const table of TABLE_ORDER) {
      const rows = this.tables.get(table);
      if (!rows) continue;
      let columns = null;
      let head = "";
      let values = [];
      let size = 0;
      const flush = () => {
        if (values.length) out.push(`${head}\n${values.join(",\n")};`);
        values = [];
        size = 0;
      };
      for (const row of rows) {
        const cols = Object.keys(row);
        if (!columns || !sameColumns(cols, columns)) {
          flush();
          columns = cols;
          head = `INSERT OR IGNORE INTO \`${table}\` (${cols.map((c) => `\`${c}\``).join(", ")}) VALUES`;
        }
        const tuple = `(${cols.map((c) => sqlValue(row[c])).join(", ")})`;
        const bytes = utf8Length(tuple);
        if (values.length && (size + bytes > maxBytes || values.length >= maxRows)) flush();
        values.push(tuple);
        size += bytes + 2;
      }
      flush();
    }
    return out;
  }
}

function sameColumns(a, b) {
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return false;
  return true;
}

function utf8Length(text) {
  let n = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c < 0x80) n += 1;
    else if (c < 0x800) n += 2;
    else if (c >= 0xd800 && c <= 0xdbff) {
      n += 4;
      i++;
    } else n += 3;
  }
  return n;
}
