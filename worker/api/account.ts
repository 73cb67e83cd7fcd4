import { Hono } from "hono";
import { jsonInput } from "../http/json-body";
import { CURRENCIES } from "../domain/currency";
import * as v from "valibot";
import { LOCALES, isLocale } from "../domain/constants";
import { inputLanguageOf } from "../domain/input-language";
import { preferenceCookie } from "../http/cookies";
import type { AppEnv } from "../http/context";
import { accountSettingsSchema, parseFields, profileStepSchema } from "../domain/validation";
import { translateErrors } from "../http/validation-messages";
import { MEDIA_ERROR_TEXTS } from "../domain/media-limits";
import { saveProfileStep } from "../services/accounts";
import { attachProfilePicture, updateAccountSettings } from "../services/profile";
import { listLanguages, setAccountCurrency, setAccountLanguage } from "../services/preferences";

export const accountApi = new Hono<AppEnv>();

const languageBody = v.object({ languageCode: v.picklist(LOCALES) });
const currencyBody = v.object({ currencyCode: v.picklist(CURRENCIES) });

/** Anyone may switch the display language (cookie); a signed-in user's choice is also saved to the account. */
accountApi.post("/language", jsonInput(), async (c) => {
  const { db, user } = c.get("request");
  const parsed = v.safeParse(languageBody, c.req.valid("json"));
  if (!parsed.success) return c.json({ error: "invalid_language" }, 400);
  if (user) await setAccountLanguage(db, user.accountId, parsed.output.languageCode);
  c.header("Set-Cookie", preferenceCookie(new URL(c.req.url), "app-language", parsed.output.languageCode));
  return c.json({ languageCode: parsed.output.languageCode });
});

/**
 * The languages with their names in `?locale=` (the viewer's language) and in themselves, for the language menu.
 * Reference data, the same for everyone: cacheable by URL.
 */
accountApi.get("/languages", async (c) => {
  const { db, locale } = c.get("request");
  const asked = c.req.query("locale");
  const languages = await listLanguages(db, isLocale(asked) ? asked : locale);
  c.header("Cache-Control", "public, max-age=3600");
  return c.json({ languages });
});

/** The display currency belongs to the account: signed-in users only. */
accountApi.post("/currency", jsonInput(), async (c) => {
  const { db, user } = c.get("request");
  if (!user) return c.json({ error: "unauthenticated" }, 401);
  const parsed = v.safeParse(currencyBody, c.req.valid("json"));
  if (!parsed.success || !(await setAccountCurrency(db, user.accountId, parsed.output.currencyCode))) {
    return c.json({ error: "invalid_currency" }, 400);
  }
  return c.json({ currencyCode: parsed.output.currencyCode });
});

/**
 * userAccount.update (spec section 7) as the account settings page sends it: birthday, display language, display
 * currency and input language, checked by the page's schema and saved in one write, or refused with the field's
 * message and nothing changed.
 */
accountApi.post("/update", jsonInput(), async (c) => {
  const { db, user, locale } = c.get("request");
  if (!user) return c.json({ error: "unauthenticated" }, 401);
  const parsed = parseFields(accountSettingsSchema(Date.now()), c.req.valid("json"));
  if (!parsed.ok) return c.json({ errors: translateErrors(parsed.errors, locale) }, 400);
  const result = await updateAccountSettings(db, user.accountId, parsed.data);
  if (!result.ok) return c.json({ errors: translateErrors(result.errors, locale) }, 400);
  c.header("Set-Cookie", preferenceCookie(new URL(c.req.url), "app-language", parsed.data.displayLanguageCode));
  return c.json({ status: "saved" });
});

/** The sign-up modal's profile step: optional name and birthday. */
accountApi.post("/profile-step", jsonInput(), async (c) => {
  const { db, user, locale } = c.get("request");
  if (!user) return c.json({ error: "unauthenticated" }, 401);
  const parsed = parseFields(profileStepSchema(Date.now()), c.req.valid("json"));
  if (!parsed.ok) return c.json({ errors: translateErrors(parsed.errors, locale) }, 400);
  await saveProfileStep(
    db,
    { accountId: user.accountId, profileId: user.profileId },
    parsed.data,
    inputLanguageOf(user),
  );
  return c.json({ status: "saved" });
});

const pictureBody = v.object({ field: v.picklist(["avatar", "cover"]), url: v.pipe(v.string(), v.maxLength(500)) });

/**
 * userProfile.update {avatar | cover} after a signed write: the stored object becomes the profile's picture once
 * its bytes pass the field's rule again (a presigned PUT never went through the Worker).
 */
accountApi.post("/picture", jsonInput(), async (c) => {
  const { db, env, user } = c.get("request");
  if (!user) return c.json({ error: "unauthenticated" }, 401);
  const parsed = v.safeParse(pictureBody, c.req.valid("json"));
  if (!parsed.success) return c.json({ error: "invalid_request" }, 400);
  const result = await attachProfilePicture(db, env.MEDIA, user.accountId, parsed.output.field, parsed.output.url);
  if (result.ok) return c.json({ url: result.url });
  if (result.error === "forbidden") return c.json({ error: "forbidden" }, 403);
  if (result.error === "not_found") return c.json({ error: "not_found" }, 404);
  return c.json({ error: MEDIA_ERROR_TEXTS[result.error], code: result.error }, 400);
});
