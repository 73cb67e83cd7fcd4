import { Hono } from "hono";
import { jsonBody, type SchemaRefusal } from "../http/json-body";
import { fieldRefusal } from "../http/field-refusal";
import { CURRENCIES } from "../domain/currency";
import * as v from "valibot";
import { LOCALES, isLocale } from "../domain/locales";
import { inputLanguageOf } from "../domain/input-language";
import { preferenceCookie } from "../http/cookies";
import type { AppContext, AppEnv } from "../http/context";
import { accountSettingsSchema, profileStepSchema } from "../domain/validation";
import { translateErrors } from "../messages/validation";
import { MEDIA_ERROR_TEXTS } from "../media/domain/media-limits";
import { saveProfileStep } from "../services/accounts";
import { attachProfilePicture, updateAccountSettings } from "../services/profile";
import { listLanguages, setAccountCurrency, setAccountLanguage } from "../services/preferences";

export const accountApi = new Hono<AppEnv>();

const languageBody = v.object({ languageCode: v.picklist(LOCALES) });
const currencyBody = v.object({ currencyCode: v.picklist(CURRENCIES) });
/** The birthday may not be after today: each body is read against the moment it arrives. */
const settingsBody = v.lazy(() => accountSettingsSchema(Date.now()));
const profileStepBody = v.lazy(() => profileStepSchema(Date.now()));

/** Signed out is a signed-in door's answer to any JSON body, whatever its fields; a signed-in caller gets `refuse`'s. */
const signedInOr =
  (refuse: SchemaRefusal<AppEnv>): SchemaRefusal<AppEnv> =>
  (c, issues) =>
    c.get("request").user ? refuse(c, issues) : c.json({ error: "unauthenticated" }, 401);
const refusal = (error: string) => (c: AppContext) => c.json({ error }, 400);

/** Anyone may switch the display language (cookie); a signed-in user's choice is also saved to the account. */
accountApi.post("/language", jsonBody(languageBody, { refuse: refusal("invalid_language") }), async (c) => {
  const { db, user } = c.get("request");
  const { languageCode } = c.req.valid("json");
  if (user) await setAccountLanguage(db, user.accountId, languageCode);
  c.header("Set-Cookie", preferenceCookie(new URL(c.req.url), "app-language", languageCode));
  return c.json({ languageCode });
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
accountApi.post("/currency", jsonBody(currencyBody, { refuse: signedInOr(refusal("invalid_currency")) }), async (c) => {
  const { db, user } = c.get("request");
  if (!user) return c.json({ error: "unauthenticated" }, 401);
  const { currencyCode } = c.req.valid("json");
  if (!(await setAccountCurrency(db, user.accountId, currencyCode))) return c.json({ error: "invalid_currency" }, 400);
  return c.json({ currencyCode });
});

/**
 * userAccount.update (spec section 7) as the account settings page sends it: birthday, display language, display
 * currency and input language, checked by the page's schema and saved in one write, or refused with the field's
 * message and nothing changed.
 */
accountApi.post("/update", jsonBody(settingsBody, { refuse: signedInOr(fieldRefusal) }), async (c) => {
  const { db, user, locale } = c.get("request");
  if (!user) return c.json({ error: "unauthenticated" }, 401);
  const settings = c.req.valid("json");
  const result = await updateAccountSettings(db, user.accountId, settings);
  if (!result.ok) return c.json({ errors: translateErrors(result.errors, locale) }, 400);
  c.header("Set-Cookie", preferenceCookie(new URL(c.req.url), "app-language", settings.displayLanguageCode));
  return c.json({ status: "saved" });
});

/** The sign-up modal's profile step: optional name and birthday. */
accountApi.post("/profile-step", jsonBody(profileStepBody, { refuse: signedInOr(fieldRefusal) }), async (c) => {
  const { db, user } = c.get("request");
  if (!user) return c.json({ error: "unauthenticated" }, 401);
  await saveProfileStep(
    db,
    { accountId: user.accountId, profileId: user.profileId },
    c.req.valid("json"),
    inputLanguageOf(user),
  );
  return c.json({ status: "saved" });
});

const pictureBody = v.object({ field: v.picklist(["avatar", "cover"]), url: v.pipe(v.string(), v.maxLength(500)) });

/**
 * userProfile.update {avatar | cover} after a signed write: the stored object becomes the profile's picture once
 * its bytes pass the field's rule again (a presigned PUT never went through the Worker).
 */
accountApi.post("/picture", jsonBody(pictureBody, { refuse: signedInOr(refusal("invalid_request")) }), async (c) => {
  const { db, env, user } = c.get("request");
  if (!user) return c.json({ error: "unauthenticated" }, 401);
  const { field, url } = c.req.valid("json");
  const result = await attachProfilePicture(db, env.MEDIA, user.accountId, field, url);
  if (result.ok) return c.json({ url: result.url });
  if (result.error === "forbidden") return c.json({ error: "forbidden" }, 403);
  if (result.error === "not_found") return c.json({ error: "not_found" }, 404);
  return c.json({ error: MEDIA_ERROR_TEXTS[result.error], code: result.error }, 400);
});
