// Orders for the order and payment tests: inserted directly, as request submission will insert them, between two
// commission accounts found by their users' addresses.
import { env } from "cloudflare:workers";

export async function commissionAccountByEmail(email: string): Promise<{ id: string; userAccountId: string }> {
  const row = await env.DB.prepare(
    "SELECT c.id, c.user_account_id FROM commission_accounts c JOIN user_accounts u ON u.id = c.user_account_id WHERE u.email = ?",
  )
    .bind(email)
    .first<{ id: string; user_account_id: string }>();
  if (!row) throw new Error(`no commission account for ${email}`);
  return { id: row.id, userAccountId: row.user_account_id };
}

/** A DRAFT, SERVICE_SUBMITTED order in yen; its code is the first 8 characters of its id. */
export async function insertOrder({
  sellerId,
  buyerId,
  priceAmount,
  approvalDeadline,
}: {
  sellerId: string;
  buyerId: string;
  priceAmount: number | null;
  approvalDeadline: number;
}) {
  const id = crypto.randomUUID();
  const code = id.slice(0, 8);
  const now = Date.now();
  await env.DB.prepare(
    `INSERT INTO commission_orders (id, code, seller_id, buyer_id, order_submit_status, price_amount, price_currency_id, submitted_at, approval_deadline, created_at, updated_at)
     VALUES (?, ?, ?, ?, 'SERVICE_SUBMITTED', ?, (SELECT id FROM currencies WHERE code = 'JPY'), ?, ?, ?, ?)`,
  )
    .bind(id, code, sellerId, buyerId, priceAmount, now, approvalDeadline, now, now)
    .run();
  return { id, code };
}
