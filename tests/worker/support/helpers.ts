import { env, exports } from "cloudflare:workers";
import { eq } from "drizzle-orm";
import { createDb, type Database } from "#worker/db/client";
import { commissionAccounts } from "#worker/db/schema";
import type { PageVisitModel } from "#worker/domain/page-visits";
import type { BookmarkTarget } from "#worker/services/bookmarks";

export const BASE = "http://localhost";
export const db = () => createDb(env.DB);

/** An account as the form and service writes take it: with its commission account, as the session user carries it. */
export async function creatorOf(accountId: string): Promise<{ accountId: string; commissionAccountId: string }> {
  const row = await db()
    .select({ id: commissionAccounts.id })
    .from(commissionAccounts)
    .where(eq(commissionAccounts.userAccountId, accountId))
    .get();
  if (!row) throw new Error(`no commission account for ${accountId}`);
  return { accountId, commissionAccountId: row.id };
}

/** A same-origin browser request, as the app's own pages send it. */
export function call(path: string, init: RequestInit & { json?: unknown; cookie?: string } = {}) {
  const headers = new Headers(init.headers);
  if (!headers.has("sec-fetch-site")) headers.set("sec-fetch-site", "same-origin");
  if (init.json !== undefined) headers.set("content-type", "application/json");
  if (init.cookie) headers.set("cookie", init.cookie);
  const body = init.json !== undefined ? JSON.stringify(init.json) : init.body;
  return exports.default.fetch(new Request(`${BASE}${path}`, { ...init, headers, body }));
}

/**
 * The newest mail to `email` in the dev mailbox. Mail is sent after the answer (waitUntil), so this waits for it
 * up to `timeoutMs`; null when none came by then.
 */
export async function latestMailTo(
  email: string,
  { timeoutMs = 10_000 } = {},
): Promise<{ subject: string; text: string } | null> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const mail = await env.DB.prepare(
      "select subject, text from dev_mails where `to` = ? order by created_at desc, rowid desc limit 1",
    )
      .bind(email.toLowerCase())
      .first<{ subject: string; text: string }>();
    if (mail || Date.now() >= deadline) return mail;
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

export function codeFrom(mail: { text: string } | null): string {
  const match = mail?.text.match(/\b(\d{6})\b/);
  if (!match) throw new Error("no code in mail");
  return match[1];
}

export function sessionCookieFrom(response: Response): string {
  const cookie = response.headers.getSetCookie().find((c) => c.startsWith("comet_session="));
  if (!cookie) throw new Error("no session cookie");
  return cookie.split(";")[0];
}

/** Sign up through the API and return the session cookie. */
export async function signUp(handle: string, email: string): Promise<string> {
  // Each sign-up comes from its own client address, so the per-client send limit never couples tests.
  const headers = { "cf-connecting-ip": `198.51.100.${Math.floor(Math.random() * 250)}-${handle}` };
  const sent = await call("/api/auth/email/send", { method: "POST", json: { handle, email }, headers });
  if (sent.status !== 200) throw new Error(`send failed: ${sent.status}`);
  const code = codeFrom(await latestMailTo(email));
  const verified = await call(`/api/auth/callback/email?email=${encodeURIComponent(email)}&token=${code}`, { headers });
  if (verified.status !== 200) throw new Error(`verify failed: ${verified.status}`);
  return sessionCookieFrom(verified);
}

/** A user's bookmark of a form or service as stored: on, off, or never set (null). The app reads none this way. */
export async function getBookmark(
  db: Database,
  userAccountId: string,
  target: BookmarkTarget,
): Promise<boolean | null> {
  const column = target.kind === "form" ? "form_id" : "service_id";
  const row = await db.$client
    .prepare(`SELECT is_active FROM bookmarks WHERE user_account_id = ? AND ${column} = ?`)
    .bind(userAccountId, target.id)
    .first<{ is_active: number }>();
  return row ? Boolean(row.is_active) : null;
}

/** The page visits stored for one item. The app reads none this way. */
export async function countVisits(db: Database, model: PageVisitModel, modelId: string): Promise<number> {
  const row = await db.$client
    .prepare("SELECT count(*) AS n FROM page_visits WHERE model_name = ? AND model_id = ?")
    .bind(model, modelId)
    .first<{ n: number }>();
  return row?.n ?? 0;
}
