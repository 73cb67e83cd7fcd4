// The admin console's tests (issue 49, decision 087): an admin made as the console's tests need one, a shown review
// with reports, and the audit rows as stored.
import { env } from "cloudflare:workers";
import type { Locale } from "#worker/domain/locales";
import { freshUser } from "../support/auth-helpers";
import { chatOrder } from "../support/chat-fixtures";
import { call, signUp } from "../support/helpers";
import { commissionAccountByEmail } from "../support/order-fixtures";
import { pageContext } from "../support/page-context";

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

/**
 * What the storable-text rule refuses in an admin's reason or note (issue 59, decision 093), each kind inside words.
 * A lone surrogate reaches a door only in JSON: a form's body is UTF-8, in which the browser has already made it U+FFFD.
 */
export const UNSTORABLE_REASONS = {
  nul: "Spam\u0000account",
  control: "Spam \u001B[31mred",
  "right-to-left override": "Refund \u202Eexe.gpj",
  "lone surrogate": "Spam \uD800 account",
} as const;
/** The kinds a form can carry. */
export const UNSTORABLE_FORM_REASONS = Object.entries(UNSTORABLE_REASONS).filter(([what]) => what !== "lone surrogate");

// ───────────────────────── the console's pages, called as React Router calls them ─────────────────────────

export type RouteArgs = {
  context: Awaited<ReturnType<typeof pageContext>>;
  request: Request;
  params: Record<string, string>;
};

const isData = (value: unknown): value is { data: unknown; init: ResponseInit | null } =>
  typeof value === "object" && value !== null && (value as { type?: unknown }).type === "DataWithResponseInit";

/** What React Router makes of a loader's or action's result or throw: its status and body. */
export async function run(
  handler: (args: never) => unknown,
  args: RouteArgs,
): Promise<{ status: number; body: unknown }> {
  try {
    const result = await handler(args as never);
    if (result instanceof Response) return { status: result.status, body: result };
    return isData(result) ? { status: result.init?.status ?? 200, body: result.data } : { status: 200, body: result };
  } catch (thrown) {
    if (thrown instanceof Response) return { status: thrown.status, body: thrown };
    if (isData(thrown)) return { status: thrown.init?.status ?? 500, body: thrown.data };
    throw thrown;
  }
}

/** A page's context and request for a signed-in user (`who`), at `path`. */
export async function as(who: { accountId: string }, path: string, init: RequestInit = {}, locale: Locale = "en") {
  const context = await pageContext(who.accountId, locale, path);
  return { context, request: new Request(`http://localhost${path}`, init) };
}

/** A form post's request init. */
export const form = (fields: Record<string, string>) => ({ method: "POST", body: new URLSearchParams(fields) });
