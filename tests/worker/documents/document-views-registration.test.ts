import { env } from "cloudflare:workers";
import { beforeAll, describe, expect, it } from "vitest";
import * as walletPage from "#app/routes/dashboard/wallet";
import { invoiceRegistrationOf } from "#worker/documents/services/invoice-registrations";
import { withMessageLocale } from "#worker/messages/message-locale";
import { as, form, run } from "../admin/admin-fixtures";
import { seedCreator, uniqueTag, type SeededCreator } from "../support/catalog-fixtures";
import { db } from "../support/helpers";

/**
 * The wallet's registration door (decision 102): the signed-in creator saves, changes and removes their own
 * qualified-invoice registration. Input the schema refuses is a 400 with each field's words in the creator's
 * language, and nothing is saved; a client has no such door; nobody's post reaches another's registration.
 */
const WALLET = "/dashboard/creator/wallet";
const stored = (who: SeededCreator) =>
  env.DB.prepare("SELECT registration_number, registered_name FROM invoice_registrations WHERE user_account_id = ?")
    .bind(who.accountId)
    .first<{ registration_number: string; registered_name: string }>();

async function post(who: SeededCreator, fields: Record<string, string>, locale: "en" | "ja" = "en") {
  const args = { ...(await as(who, WALLET, form(fields), locale)), params: {} };
  // As the Worker runs every page: its messages in the request's language (worker/messages/message-locale.ts).
  return withMessageLocale(locale, "http://localhost", () => run(walletPage.action, args));
}

let creator: SeededCreator;
let otherCreator: SeededCreator;
let client: SeededCreator;
/** The refused posts' creator: no other test saves for them, so "nothing saved" holds whatever order tests run in. */
let refusedCreator: SeededCreator;

beforeAll(async () => {
  const tag = uniqueTag();
  [creator, otherCreator, client, refusedCreator] = await Promise.all([
    seedCreator({ handle: `rgc${tag}` }),
    seedCreator({ handle: `rgo${tag}` }),
    seedCreator({ handle: `rgl${tag}`, creator: false }),
    seedCreator({ handle: `rgr${tag}` }),
  ]);
});

describe("refused input: a worded 400, and nothing saved", () => {
  it.each([
    [
      "en",
      { registrationNumber: "T123", registeredName: "" },
      {
        registrationNumber: "Enter T followed by the 13 digits of your registration number.",
        registeredName: "Enter the name you are registered under.",
      },
    ],
    [
      "ja",
      { registrationNumber: "T7010705000724", registeredName: "山田" },
      {
        registrationNumber:
          "この番号は登録番号として成り立ちません。数字の打ち間違いがないか、登録通知書と照らし合わせてください。",
      },
    ],
    [
      "en",
      { registrationNumber: "T7010705000725", registeredName: "x".repeat(101) },
      {
        registeredName: "Use 100 characters or fewer.",
      },
    ],
    [
      "en",
      { registrationNumber: "T7010705000725", registeredName: "Bad\u0007bell" },
      {
        registeredName: expect.any(String),
      },
    ],
  ] as const)("%s: %j", async (locale, fields, errors) => {
    const answer = await post(refusedCreator, { intent: "save-registration", ...fields }, locale);
    expect(answer.status).toBe(400);
    expect(answer.body).toMatchObject({ outcome: "refused", errors, values: fields });
    expect(Object.keys((answer.body as { errors: object }).errors).sort()).toEqual(Object.keys(errors).sort());
    expect(await stored(refusedCreator)).toBeNull();
  });

  it("a post without the form's fields, or with an intent no form sends, is a 400 too", async () => {
    expect((await post(refusedCreator, { intent: "save-registration" })).status).toBe(400);
    expect(
      (await post(refusedCreator, { intent: "something-else", registrationNumber: "T7010705000725" })).status,
    ).toBe(400);
    expect(await stored(refusedCreator)).toBeNull();
  });
});

describe("saved, changed and removed by the creator, for themselves", () => {
  it("saves the number as typed on a Japanese keyboard in its one form, then changes it", async () => {
    const saved = await post(creator, {
      intent: "save-registration",
      registrationNumber: "Ｔ７－０１０７－０５００－０７２５",
      registeredName: " 山田スタジオ ",
    });
    expect(saved).toEqual({ status: 200, body: { outcome: "saved" } });
    expect(await stored(creator)).toEqual({ registration_number: "T7010705000725", registered_name: "山田スタジオ" });
    await post(creator, {
      intent: "save-registration",
      registrationNumber: "t7120001168421",
      registeredName: "Yamada",
    });
    expect(await invoiceRegistrationOf(db(), creator.accountId)).toMatchObject({
      registrationNumber: "T7120001168421",
      registeredName: "Yamada",
    });
    // The loader shows it back to its owner, and only to them.
    const page = await run(walletPage.loader, { ...(await as(creator, WALLET)), params: {} });
    expect(page.status).toBe(200);
    expect(page.body).toMatchObject({
      registration: { registrationNumber: "T7120001168421", registeredName: "Yamada" },
      registrationTexts: { current: "Registered: T7120001168421, Yamada" },
    });
    const others = await run(walletPage.loader, { ...(await as(otherCreator, WALLET)), params: {} });
    expect(others.body).toMatchObject({ registration: null });
  });

  // Each test saves what it needs first: the runner shuffles them (scripts/test.mjs).
  it("another creator's save and removal touch only their own", async () => {
    await post(creator, {
      intent: "save-registration",
      registrationNumber: "T7120001168421",
      registeredName: "Yamada",
    });
    await post(otherCreator, {
      intent: "save-registration",
      registrationNumber: "T7010705000725",
      registeredName: "Other",
    });
    await post(otherCreator, { intent: "remove-registration" });
    expect(await stored(otherCreator)).toBeNull();
    expect(await stored(creator)).toMatchObject({ registration_number: "T7120001168421" });
  });

  it("removes it", async () => {
    await post(creator, {
      intent: "save-registration",
      registrationNumber: "T7120001168421",
      registeredName: "Yamada",
    });
    expect(await stored(creator)).not.toBeNull();
    expect(await post(creator, { intent: "remove-registration" })).toEqual({
      status: 200,
      body: { outcome: "removed" },
    });
    expect(await stored(creator)).toBeNull();
  });

  it("a client, who issues nothing, is sent away and nothing is saved", async () => {
    const answer = await post(client, {
      intent: "save-registration",
      registrationNumber: "T7010705000725",
      registeredName: "Client",
    });
    expect(answer.status).toBe(302);
    expect(await stored(client)).toBeNull();
  });
});
