import { Hono } from "hono";
import * as v from "valibot";
import { LOCALES } from "../domain/locales";
import { PREVIEWS_PER_MINUTE } from "../domain/translation-budget";
import type { AppEnv } from "../http/context";
import { jsonBody } from "../http/json-body";
import { consumeRateLimit } from "../services/rate-limit";
import { ticketAdmits } from "../services/translation-tickets";
import {
  MAX_TRANSLATED_CHARACTERS,
  readingFor,
  textReadingOf,
  translationBudgetOf,
  translationKeyOf,
} from "../services/translations";
import { translatorFor } from "../translation/translator";

/**
 * POST /api/features/translation/read → {reading: TextReading} (issues 46 and 62, decisions 078 and 098). The one door
 * through which a page asks for a translation now, for two reasons only:
 * - `{text, target, ticket}`: a reader's page filling in (or retrying) a text its loader showed them, with the
 *   loader's ticket for that text (translation-tickets.ts). Nothing else is translated for a reader, so nobody can
 *   spend Comet's budget on texts of their own choosing; the asker's share pays, and each text is made once.
 * - `{text, target, preview: true}`: the writer's preview of what they are typing, from their small preview share and
 *   at most PREVIEWS_PER_MINUTE a minute (429 past it).
 * Without either, only a translation already stored is answered (it costs nothing and tells the caller nothing about
 * a text they do not already hold word for word). Signed in only. A failing translator is a 200 with an `unavailable`
 * reading, with the ticket back where a retry can succeed: the page keeps the original, never an error.
 */
export const translationApi = new Hono<AppEnv>();

/** A ticket is a day number and a 43-character MAC; anything much longer is not one. */
const TICKET_MAX_LENGTH = 64;
const MINUTE_MS = 60_000;
/** 20,000 characters of Japanese are 60 KB of UTF-8, and JSON may escape some. */
const READ_BODY_MAX_BYTES = 160 * 1024;

const readBody = v.object({
  text: v.pipe(v.string(), v.minLength(1), v.maxLength(MAX_TRANSLATED_CHARACTERS)),
  target: v.picklist(LOCALES),
  ticket: v.optional(v.pipe(v.string(), v.minLength(1), v.maxLength(TICKET_MAX_LENGTH))),
  preview: v.optional(v.literal(true)),
});

translationApi.post("/read", jsonBody(readBody, { maxBytes: READ_BODY_MAX_BYTES }), async (c) => {
  const { db, user } = c.get("request");
  if (!user) return c.json({ error: "unauthorized" }, 401);
  const { text, target, ticket, preview } = c.req.valid("json");
  const now = Date.now();
  const request = { text, reader: target, writerAccountId: user.accountId, now, preview };
  const budget = translationBudgetOf(c.env);
  if (preview) {
    if (!(await consumeRateLimit(db, `translation-preview:${user.accountId}`, PREVIEWS_PER_MINUTE, MINUTE_MS, now)))
      return c.json({ error: "rate_limited", retryAfterSeconds: 60 }, 429);
  } else if (!(ticket && (await ticketAdmits(ticket, (await translationKeyOf(text, target)) ?? "", target, now)))) {
    // Without a ticket, only what costs nothing: a stored translation (a chat notice's quoted title, made when it was
    // set), a text in the reader's language or one Comet does not translate. Nothing is sent to a model.
    const stored = await readingFor(db, null, budget, request);
    if (stored.kind === "making" || stored.kind === "unavailable") return c.json({ error: "ticket_required" }, 403);
    return c.json({ reading: textReadingOf(stored) });
  }
  const reading = await readingFor(db, translatorFor(c.env), budget, request);
  return c.json({ reading: textReadingOf(reading, ticket) });
});
