import { DatabaseSync } from "node:sqlite";
import { readdirSync } from "node:fs";
import { join } from "node:path";
import { expect, type APIRequestContext } from "@playwright/test";
import { readLatestCode } from "./fixtures";

// Orders for the notification specs, until request submission can make them in the browser: rows are written
// straight into the local D1 file of the server under test (the state `npm run test:e2e` seeds, or E2E_STATE_DIR),
// which the server reads as it would rows of its own. The order's notices then come from real transitions.

const STATE_DIR = process.env.E2E_STATE_DIR ?? join(process.cwd(), ".wrangler", "e2e-state");

function localD1(): DatabaseSync {
  const dir = join(STATE_DIR, "v3", "d1", "miniflare-D1DatabaseObject");
  const file = readdirSync(dir).find((name) => name.endsWith(".sqlite") && name !== "metadata.sqlite");
  if (!file) throw new Error(`no local D1 database under ${dir}`);
  const db = new DatabaseSync(join(dir, file));
  db.exec("PRAGMA busy_timeout = 5000");
  return db;
}

/** Signs up a new user in an API context of its own (its own cookies), as the sign-up modal does. */
export async function signUpInContext(request: APIRequestContext, user: { handle: string; email: string }) {
  const send = await request.post("/api/auth/email/send", { data: user });
  expect(send.status(), `send sign-up code: ${await send.text()}`).toBe(200);
  const token = await readLatestCode(request, user.email);
  const verify = await request.get("/api/auth/callback/email", { params: { email: user.email, token }, headers: { "sec-fetch-site": "same-origin" } });
  expect(verify.status(), `verify sign-up code: ${await verify.text()}`).toBe(200);
}

/** A DRAFT service order in yen between two users, found by e-mail; its code is 8 characters of its id. */
export function insertOrder(sellerEmail: string, buyerEmail: string): { id: string; code: string } {
  const db = localD1();
  try {
    const account = db.prepare("SELECT c.id FROM commission_accounts c JOIN user_accounts u ON u.id = c.user_account_id WHERE u.email = ?");
    const seller = account.get(sellerEmail.toLowerCase()) as { id: string } | undefined;
    const buyer = account.get(buyerEmail.toLowerCase()) as { id: string } | undefined;
    if (!seller || !buyer) throw new Error("no commission account for the seller or the buyer");
    const id = crypto.randomUUID();
    const code = id.replace(/-/g, "").slice(0, 8).toUpperCase();
    const now = Date.now();
    db.prepare(
      `INSERT INTO commission_orders (id, code, seller_id, buyer_id, order_submit_status, price_amount, price_currency_id, submitted_at, approval_deadline, created_at, updated_at)
       VALUES (?, ?, ?, ?, 'SERVICE_SUBMITTED', 10000, (SELECT id FROM currencies WHERE code = 'JPY'), ?, ?, ?, ?)`,
    ).run(id, code, seller.id, buyer.id, now, now + 7 * 86_400_000, now, now);
    return { id, code };
  } finally {
    db.close();
  }
}

/**
 * Gives a user (found by e-mail) a display name in each language given (the first the original) and an avatar, as
 * profile settings would leave them (issue 33: notices show who they are from).
 */
export function setProfileFace(email: string, names: Partial<Record<"en" | "ja", string>>, avatarUrl: string | null) {
  const db = localD1();
  try {
    const profile = db.prepare("SELECT p.id FROM user_profiles p JOIN user_accounts u ON u.id = p.account_id WHERE u.email = ?").get(email.toLowerCase()) as { id: string } | undefined;
    if (!profile) throw new Error(`no profile for ${email}`);
    db.prepare("UPDATE user_profiles SET avatar_url = ? WHERE id = ?").run(avatarUrl, profile.id);
    const insert = db.prepare(
      `INSERT INTO localized_texts (id, entity_type, entity_id, field, language_code, is_original, text) VALUES (?, 'user_profile', ?, 'name', ?, ?, ?)
       ON CONFLICT (entity_type, entity_id, field, language_code) DO UPDATE SET text = excluded.text, is_original = excluded.is_original`,
    );
    Object.entries(names).forEach(([language, text], index) => insert.run(crypto.randomUUID(), profile.id, language, index === 0 ? 1 : 0, text!));
  } finally {
    db.close();
  }
}
