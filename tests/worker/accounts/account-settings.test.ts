// userAccount.update (spec section 7) for the account settings of issue 13: the input language is saved with the
// other account fields, a language the platform does not offer is refused with its message and changes nothing, and
// what the user then writes is stored as original in that language. Also the languages' names per viewer.
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { inputLanguageOf } from "#worker/domain/input-language";
import { listLanguages } from "#worker/services/preferences";
import { freshUser } from "../support/auth-helpers";
import { call, db, signUp } from "../support/helpers";

interface AccountRow {
  birthday: string | null;
  display_language_code: string;
  input_language_code: string;
  currency: string | null;
}

const accountOf = (email: string) =>
  env.DB.prepare(
    `SELECT a.birthday, a.display_language_code, a.input_language_code, c.code AS currency
     FROM user_accounts a LEFT JOIN currencies c ON c.id = a.display_currency_id WHERE a.email = ?`,
  )
    .bind(email)
    .first<AccountRow>();

const update = (cookie: string, json: Record<string, unknown>) =>
  call("/api/account/update", { method: "POST", json, cookie });
const VALID = {
  birthday: "1999-04-01",
  displayLanguageCode: "en",
  displayCurrencyCode: "USD",
  inputLanguageCode: "ja",
};

async function newUser() {
  const user = freshUser();
  return { ...user, cookie: await signUp(user.handle, user.email) };
}

describe("userAccount.update", () => {
  it("saves the input language with the birthday, display language and display currency", async () => {
    const { email, cookie } = await newUser();
    const response = await update(cookie, VALID);
    expect(response.status).toBe(200);
    expect(await accountOf(email)).toEqual({
      birthday: "1999-04-01",
      display_language_code: "en",
      input_language_code: "ja",
      currency: "USD",
    });
  });

  it("refuses a language the platform does not offer with its message, in the user's language, and changes nothing", async () => {
    const { email, cookie } = await newUser();
    await update(cookie, VALID);
    const before = await accountOf(email);

    // Every other field valid and different: none of them may be written.
    const changes = { birthday: "2001-02-03", displayLanguageCode: "ja", displayCurrencyCode: "JPY" };
    const unknown = await update(cookie, { ...changes, inputLanguageCode: "fr" });
    expect(unknown.status).toBe(400);
    expect(await unknown.json()).toEqual({ errors: { inputLanguageCode: "Please choose a language from the list." } });
    expect(await accountOf(email)).toEqual(before);

    const malformed = await call("/api/account/update", {
      method: "POST",
      json: { ...changes, inputLanguageCode: "<b>" },
      cookie: `${cookie}; app-language=ja`,
    });
    expect(malformed.status).toBe(400);
    expect(await malformed.json()).toEqual({ errors: { inputLanguageCode: "一覧から言語を選んでください。" } });
    expect(await accountOf(email)).toEqual(before);
  });

  it("answers the spec's birthday message, and an inactive currency with its own, changing nothing", async () => {
    const { email, cookie } = await newUser();
    await update(cookie, VALID);
    const before = await accountOf(email);
    const future = await update(cookie, { ...VALID, birthday: "2999-01-01", inputLanguageCode: "en" });
    expect(await future.json()).toEqual({ errors: { birthday: "A date of birth is required." } });
    // EUR is a known currency but not active: refused by the service, after the schema (the input language with it).
    const inactive = await update(cookie, { ...VALID, displayCurrencyCode: "EUR", inputLanguageCode: "en" });
    expect(inactive.status).toBe(400);
    expect(await accountOf(email)).toEqual(before);
  });

  it("refuses a caller without a session", async () => {
    expect((await call("/api/account/update", { method: "POST", json: VALID })).status).toBe(401);
  });
});

describe("the input language marks what the user writes as original", () => {
  const nameRows = (email: string) =>
    env.DB.prepare(
      `SELECT t.language_code, t.is_original, t.text FROM localized_texts t JOIN user_profiles p ON p.id = t.entity_id
       JOIN user_accounts a ON a.id = p.account_id WHERE a.email = ? AND t.entity_type = 'user_profile' AND t.field = 'name'`,
    )
      .bind(email)
      .all<{ language_code: string; is_original: number; text: string }>();

  it("stores a name written under an English interface as the Japanese original when the user writes in Japanese", async () => {
    const { email, cookie } = await newUser();
    await update(cookie, VALID); // display en, input ja
    const saved = await call("/api/account/profile-step", {
      method: "POST",
      json: { name: "さくらもち", birthday: "" },
      cookie: `${cookie}; app-language=en`,
    });
    expect(saved.status, await saved.clone().text()).toBe(200);
    expect((await nameRows(email)).results).toEqual([{ language_code: "ja", is_original: 1, text: "さくらもち" }]);
  });

  it("falls back to the display language for a code no longer offered", () => {
    expect(inputLanguageOf({ inputLanguageCode: "ja", displayLanguageCode: "en" })).toBe("ja");
    expect(inputLanguageOf({ inputLanguageCode: "fr", displayLanguageCode: "ja" })).toBe("ja");
    expect(inputLanguageOf({ inputLanguageCode: "", displayLanguageCode: "xx" })).toBe("en");
  });
});

describe("languages carry their translations (spec section 3)", () => {
  it("names each language in the viewer's language, with its native name", async () => {
    expect(await listLanguages(db(), "en")).toEqual([
      { code: "en", name: "English", nativeName: "English" },
      { code: "ja", name: "Japanese", nativeName: "日本語" },
      { code: "ko", name: "Korean", nativeName: "한국어" },
      { code: "zh-Hans", name: "Simplified Chinese", nativeName: "简体中文" },
      { code: "zh-Hant", name: "Traditional Chinese", nativeName: "繁體中文" },
    ]);
    expect(await listLanguages(db(), "ja")).toEqual([
      { code: "en", name: "英語", nativeName: "English" },
      { code: "ja", name: "日本語", nativeName: "日本語" },
      { code: "ko", name: "韓国語", nativeName: "한국어" },
      { code: "zh-Hans", name: "簡体字中国語", nativeName: "简体中文" },
      { code: "zh-Hant", name: "繁体字中国語", nativeName: "繁體中文" },
    ]);
    // Each language names itself as its own menu does, and the others in its own words (migration 0038).
    expect(await listLanguages(db(), "zh-Hant")).toEqual([
      { code: "en", name: "英文", nativeName: "English" },
      { code: "ja", name: "日文", nativeName: "日本語" },
      { code: "ko", name: "韓文", nativeName: "한국어" },
      { code: "zh-Hans", name: "簡體中文", nativeName: "简体中文" },
      { code: "zh-Hant", name: "繁體中文", nativeName: "繁體中文" },
    ]);
  });

  it("serves them to the language menu by the asked locale, cacheable", async () => {
    const response = await call("/api/account/languages?locale=ja");
    expect(response.status).toBe(200);
    expect(response.headers.get("cache-control")).toBe("public, max-age=3600");
    expect(await response.json()).toEqual({ languages: await listLanguages(db(), "ja") });
  });
});
