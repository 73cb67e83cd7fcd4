import { Hono } from "hono";
import * as v from "valibot";
import { LOCALES } from "../domain/locales";
import type { AppEnv } from "../http/context";
import { jsonBody } from "../http/json-body";
import { readingFor, textReadingOf, translationBudgetOf } from "../services/translations";
import { translatorFor } from "../translation/translator";

/**
 * POST /api/features/translation/read {text, target} → {reading: TextReading} (issue 46, decision 078). The one door
 * through which a page asks for a translation now: the writer's preview before sending, a reader's page filling in a
 * text that has none stored yet, and the retry after "Translation unavailable". Signed in only; the caller's share of
 * the day's budget pays for what is not stored yet, so nobody can spend the budget for everyone. A failing translator
 * is a 200 with an `unavailable` reading: the page keeps the original, never an error.
 */
export const translationApi = new Hono<AppEnv>();

/** The longest text a page shows translated (the service's MAX_TRANSLATED_CHARACTERS answers `too_long` above). */
const MAX_TEXT_LENGTH = 4_000;

const readBody = v.object({
  text: v.pipe(v.string(), v.minLength(1), v.maxLength(MAX_TEXT_LENGTH)),
  target: v.picklist(LOCALES),
});

translationApi.post("/read", jsonBody(readBody), async (c) => {
  const { db, user } = c.get("request");
  if (!user) return c.json({ error: "unauthorized" }, 401);
  const { text, target } = c.req.valid("json");
  const reading = await readingFor(db, translatorFor(c.env), translationBudgetOf(c.env), {
    text,
    reader: target,
    writerAccountId: user.accountId,
    now: Date.now(),
  });
  return c.json({ reading: textReadingOf(reading) });
});
