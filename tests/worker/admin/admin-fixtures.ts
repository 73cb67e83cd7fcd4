// The admin console's tests (issue 49, decision 087): an admin made as the console's tests need one, a shown review
// with reports, and the audit rows as stored.
import { env } from "cloudflare:workers";
import { freshUser } from "../support/auth-helpers";
import { chatOrder } from "../support/chat-fixtures";
import { call, signUp } from "../support/helpers";
import { commissionAccountByEmail } from "../support/order-fixtures";

export interface Person {
  cookie: string;
  accountId: string;
  handle: string;
  email: string;
}

/** A fresh signed-in user; an admin when asked (the role row, as an operator grants it). */
export async function person({ admin = false } = {}): Promise<Person> {
  const user = freshUser();
  const cookie = await signUp(user.handle, user.email);
  const { userAccountId } = await commissionAccountByEmail(user.email);
  if (admin)
    await env.DB.prepare("INSERT INTO user_account_roles (user_account_id, role_code) VALUES (?, 'admin')")
      .bind(userAccountId)
      .run();
  return { cookie, accountId: userAccountId, handle: user.handle, email: user.email };
}

/**
 * A completed order whose two reviews show (both written), the client's review of the creator reported by `reporters`
 * fresh users for `reasons` in turn. Answers the order's parties and the reported review's id.
 */
export async function reportedReview(reporters = 1, reasons = ["abuse"]) {
  const order = await chatOrder({ progress: "COMPLETED", payment: "COMPLETED", chat: "CLOSED" });
  await env.DB.prepare("UPDATE commission_orders SET completed_at = ? WHERE id = ?")
    .bind(Date.now() - 86_400_000, order.id)
    .run();
  for (const [cookie, text] of [
    [order.buyer.cookie, "Rude and late"],
    [order.seller.cookie, "Kind client"],
  ] as const) {
    const written = await call("/api/reviews", {
      method: "POST",
      cookie,
      json: { orderId: order.id, rating: 2, text },
    });
    if (written.status !== 200) throw new Error(`review: ${written.status}`);
  }
  const review = await env.DB.prepare("SELECT id FROM order_reviews WHERE order_id = ? AND author_side = 'buyer'")
    .bind(order.id)
    .first<{ id: string }>();
  const reviewId = review!.id;
  for (let n = 0; n < reporters; n++) {
    const reporter = await person();
    const reported = await call("/api/reviews/report", {
      method: "POST",
      cookie: reporter.cookie,
      json: { reviewId, reason: reasons[n % reasons.length] },
    });
    if (reported.status !== 200) throw new Error(`report: ${reported.status}`);
  }
  return { order, reviewId };
}

/** The audit rows about one target, oldest first. */
export const auditRows = (targetId: string) =>
  env.DB.prepare("SELECT * FROM admin_actions WHERE target_id = ? ORDER BY created_at, id")
    .bind(targetId)
    .all<{ admin_account_id: string; action: string; target_type: string; reason: string | null }>()
    .then((r) => r.results);

/** A JSON POST to an admin door. */
export const adminPost = (path: string, json: unknown, cookie?: string) =>
  call(`/api/admin${path}`, { method: "POST", json, cookie });
