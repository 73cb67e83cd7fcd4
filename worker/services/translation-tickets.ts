// A translation ticket (issue 62, decision 098): a loader's signed word that it showed a reader this text, needing a
// translation into this language. The translation door translates nothing else for a reader, so nobody can make Comet
// translate texts of their own choosing on its budget (their own preview aside, on its own small share): whatever a
// ticket asks for was written in Comet, and each such text is translated once, whoever asks.
//
// Short and cheap, because a page may carry dozens: an HMAC-SHA256 (Web Crypto, the key imported once an isolate) over
// the text's key (the machine_translations key), the target and the last day it is good for, with MEDIA_SIGNING_SECRET
// (the Worker's one signing secret, as signed-tokens.ts reads it). A page open for a week asks with a stale ticket and
// is told to reload, as with an expired signed URL.
import { env } from "cloudflare:workers";
import type { Locale } from "../domain/locales";

/** How long a ticket asks for its translation: a tab left open over a weekend still can. */
const TICKET_DAYS = 7;
const DAY_MS = 86_400_000;
const MIN_SECRET_LENGTH = 32;

let cachedKey: { secret: string; key: Promise<CryptoKey> } | null = null;

/** The HMAC key, or null when no usable secret is configured (no tickets: pages show originals, never error). */
function ticketKey(): Promise<CryptoKey> | null {
  const secret = (env as unknown as Record<string, unknown>).MEDIA_SIGNING_SECRET;
  if (typeof secret !== "string" || secret.length < MIN_SECRET_LENGTH) return null;
  if (cachedKey?.secret !== secret) {
    const key = crypto.subtle.importKey(
      "raw",
      new TextEncoder().encode(`translation-ticket\n${secret}`),
      { name: "HMAC", hash: "SHA-256" },
      false,
      ["sign", "verify"],
    );
    cachedKey = { secret, key };
  }
  return cachedKey.key;
}

const toBase64Url = (bytes: ArrayBuffer) =>
  btoa(String.fromCharCode(...new Uint8Array(bytes)))
    .replace(/\+/g, "-")
    .replace(/\//g, "_")
    .replace(/=+$/, "");

function fromBase64Url(text: string): Uint8Array<ArrayBuffer> | null {
  if (!/^[A-Za-z0-9_-]{43}$/.test(text)) return null;
  const binary = atob(text.replace(/-/g, "+").replace(/_/g, "/"));
  const bytes = new Uint8Array(new ArrayBuffer(binary.length));
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
  return bytes;
}

const signed = (sourceHash: string, target: Locale, lastDay: number) =>
  new TextEncoder().encode(`${sourceHash}\n${target}\n${lastDay}`);

/** A ticket for translating the text keyed `sourceHash` into `target`; null when tickets cannot be signed here. */
export async function issueTranslationTicket(sourceHash: string, target: Locale, now: number): Promise<string | null> {
  const key = ticketKey();
  if (!key) return null;
  const lastDay = Math.floor(now / DAY_MS) + TICKET_DAYS;
  const mac = await crypto.subtle.sign("HMAC", await key, signed(sourceHash, target, lastDay));
  return `${lastDay}.${toBase64Url(mac)}`;
}

/** Whether `ticket` was issued for this text and target and is still good at `now`. */
export async function ticketAdmits(ticket: string, sourceHash: string, target: Locale, now: number): Promise<boolean> {
  const key = ticketKey();
  const [day, mac] = ticket.split(".");
  const lastDay = Number(day);
  const bytes = mac === undefined ? null : fromBase64Url(mac);
  if (!key || !bytes || !Number.isSafeInteger(lastDay) || lastDay < Math.floor(now / DAY_MS)) return false;
  return crypto.subtle.verify("HMAC", await key, bytes, signed(sourceHash, target, lastDay));
}
