// Helpers of the auth test files: every test makes its own addresses, handles and client addresses, so the files
// pass alone, together, in any order and repeated against one database.
import { env } from "cloudflare:workers";
import { call, codeFrom } from "./helpers";

export const uid = () => crypto.randomUUID().replace(/-/g, "").slice(0, 10);
/** A handle (4-16 letters and digits) and a lower-case address nobody has used. */
export function freshUser() {
  const id = uid();
  return { handle: `u${id}`, email: `${id}@example.com` };
}
/** A client address of its own (clientKey keeps any IPv4-like text as it is). */
export const freshIp = () => `192.0.2.${uid()}`;

export const send = (json: { email: string; handle?: string }, ip: string, headers: Record<string, string> = {}) =>
  call("/api/auth/email/send", { method: "POST", json, headers: { "cf-connecting-ip": ip, ...headers } });

export const verifyPath = (email: string, token: string) =>
  `/api/auth/callback/email?email=${encodeURIComponent(email)}&token=${token}`;
export const verify = (
  email: string,
  token: string,
  ip: string,
  init: { headers?: Record<string, string>; cookie?: string } = {},
) => call(verifyPath(email, token), { headers: { "cf-connecting-ip": ip, ...init.headers }, cookie: init.cookie });

export const wrongCode = (code: string) => String((Number(code) + 1) % 1_000_000).padStart(6, "0");

async function mails(email: string): Promise<string[]> {
  const { results } = await env.DB.prepare("select text from dev_mails where `to` = ? order by created_at, rowid")
    .bind(email)
    .all<{ text: string }>();
  return results.map((row) => row.text);
}

/** Send a code and return it once its mail has come (mail goes out after the answer, so this waits for it). */
export async function sendForCode(json: { email: string; handle?: string }, ip = freshIp()): Promise<string> {
  const before = (await mails(json.email)).length;
  const response = await send(json, ip);
  if (response.status !== 200) throw new Error(`send failed: ${response.status} ${await response.text()}`);
  const deadline = Date.now() + 10_000;
  for (;;) {
    const all = await mails(json.email);
    if (all.length > before) return codeFrom({ text: all[all.length - 1] });
    if (Date.now() > deadline) throw new Error(`no new mail to ${json.email}`);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

/** The session cookie (name=value) a response set, for either scheme. */
export function sessionCookieOf(response: Response): string | undefined {
  return response.headers
    .getSetCookie()
    .find((c) => /^(__Host-)?comet_session=[^;]/.test(c))
    ?.split(";")[0];
}

export async function sessionUser(cookie: string, base = "http://localhost"): Promise<{ handle: string } | null> {
  const { exports } = await import("cloudflare:workers");
  const response = await exports.default.fetch(
    new Request(`${base}/api/auth/session`, { headers: { cookie, "sec-fetch-site": "same-origin" } }),
  );
  if (response.status !== 200) throw new Error(`session: ${response.status}`);
  return (await response.json<{ user: { handle: string } | null }>()).user;
}
