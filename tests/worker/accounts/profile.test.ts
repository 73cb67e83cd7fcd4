import { env } from "cloudflare:test";
import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { createDb } from "#worker/db/client";
import { localizedTexts, userAccountRoles, userProfiles } from "#worker/db/schema";
import { createAccount } from "#worker/services/accounts";
import {
  getAccountSettings,
  getProfileSettings,
  updateAccountSettings,
  updateProfileSettings,
} from "#worker/services/profile";
import { grantCreatorRole } from "#worker/services/roles";

const db = () => createDb(env.DB);
let serial = 0;
/** A fresh account with a handle no other test uses, so tests do not depend on each other's rows. */
async function newAccount(handle = `Prof${Date.now() % 100000}${serial++}`) {
  const accountId = await createAccount(db(), {
    email: `${handle.toLowerCase()}@example.com`,
    handle,
    languageCode: "en",
  });
  return { accountId, handle };
}

describe("profile settings", () => {
  it("persists handle, name and bio in the user's language", async () => {
    const { accountId } = await newAccount();
    const newHandle = `New${serial++}x${Date.now() % 100000}`;
    const result = await updateProfileSettings(
      db(),
      accountId,
      { handle: newHandle, name: "Hanako", bio: "I draw cats." },
      "ja",
    );
    expect(result).toEqual({ ok: true });

    const profile = await db().select().from(userProfiles).where(eq(userProfiles.accountId, accountId)).get();
    expect(profile?.originalHandle).toBe(newHandle);
    const texts = await db()
      .select({
        field: localizedTexts.field,
        languageCode: localizedTexts.languageCode,
        isOriginal: localizedTexts.isOriginal,
        text: localizedTexts.text,
      })
      .from(localizedTexts)
      .where(and(eq(localizedTexts.entityType, "user_profile"), eq(localizedTexts.entityId, profile!.id)));
    expect(texts).toEqual(
      expect.arrayContaining([
        { field: "name", languageCode: "ja", isOriginal: true, text: "Hanako" },
        { field: "bio", languageCode: "ja", isOriginal: true, text: "I draw cats." },
      ]),
    );
    expect(await getProfileSettings(db(), accountId, "ja")).toMatchObject({
      handle: newHandle,
      name: "Hanako",
      bio: "I draw cats.",
    });
    // Another language falls back to the original text.
    expect(await getProfileSettings(db(), accountId, "en")).toMatchObject({ name: "Hanako" });
  });

  it("keeps one original per field: the language written last", async () => {
    const { accountId, handle } = await newAccount();
    await updateProfileSettings(db(), accountId, { handle, name: "Taro" }, "en");
    await updateProfileSettings(db(), accountId, { handle, name: "太郎" }, "ja");
    expect(await getProfileSettings(db(), accountId, "en")).toMatchObject({ name: "Taro" });
    expect(await getProfileSettings(db(), accountId, "ja")).toMatchObject({ name: "太郎" });
    const profile = await db()
      .select({ id: userProfiles.id })
      .from(userProfiles)
      .where(eq(userProfiles.accountId, accountId))
      .get();
    const originals = await db()
      .select({ languageCode: localizedTexts.languageCode })
      .from(localizedTexts)
      .where(
        and(
          eq(localizedTexts.entityId, profile!.id),
          eq(localizedTexts.field, "name"),
          eq(localizedTexts.isOriginal, true),
        ),
      );
    expect(originals).toEqual([{ languageCode: "ja" }]);
  });

  it("clears an optional name and bio when they are left empty", async () => {
    const { accountId, handle } = await newAccount();
    await updateProfileSettings(db(), accountId, { handle, name: "Taro", bio: "Hello" }, "en");
    await updateProfileSettings(db(), accountId, { handle }, "en");
    expect(await getProfileSettings(db(), accountId, "en")).toMatchObject({ name: "", bio: "" });
  });

  it("refuses a handle another account holds, whatever its case", async () => {
    const first = await newAccount();
    const second = await newAccount();
    const sameInOtherCase = first.handle.toLowerCase();
    expect(sameInOtherCase).not.toBe(first.handle);
    const result = await updateProfileSettings(
      db(),
      second.accountId,
      { handle: sameInOtherCase, name: "Other" },
      "en",
    );
    expect(result).toEqual({ ok: false, errors: { handle: "validation_handle_taken" } });
    expect(await getProfileSettings(db(), second.accountId, "en")).toMatchObject({ handle: second.handle, name: "" });
    expect(await getProfileSettings(db(), first.accountId, "en")).toMatchObject({ handle: first.handle });
  });

  it("lets a user change the case of their own handle", async () => {
    const { accountId, handle } = await newAccount();
    expect(await updateProfileSettings(db(), accountId, { handle: handle.toLowerCase() }, "en")).toEqual({ ok: true });
    expect(await getProfileSettings(db(), accountId, "en")).toMatchObject({ handle: handle.toLowerCase() });
  });
});

describe("account settings", () => {
  it("saves birthday, display language and display currency", async () => {
    const { accountId } = await newAccount();
    const result = await updateAccountSettings(db(), accountId, {
      birthday: "1999-04-01",
      displayLanguageCode: "ja",
      displayCurrencyCode: "USD",
    });
    expect(result).toEqual({ ok: true });
    expect(await getAccountSettings(db(), accountId)).toMatchObject({
      birthday: "1999-04-01",
      displayLanguageCode: "ja",
      displayCurrencyCode: "USD",
    });

    await updateAccountSettings(db(), accountId, { displayLanguageCode: "en", displayCurrencyCode: "JPY" });
    expect(await getAccountSettings(db(), accountId)).toMatchObject({
      birthday: "",
      displayLanguageCode: "en",
      displayCurrencyCode: "JPY",
    });
  });
});

describe("grantCreatorRole", () => {
  it("makes the account a creator, once, however often it is called", async () => {
    const { accountId } = await newAccount();
    await grantCreatorRole(db(), accountId);
    await grantCreatorRole(db(), accountId);
    const roles = await db()
      .select({ code: userAccountRoles.roleCode })
      .from(userAccountRoles)
      .where(eq(userAccountRoles.userAccountId, accountId));
    expect(roles.map((r) => r.code).sort()).toEqual(["creator", "user"]);
  });
});
