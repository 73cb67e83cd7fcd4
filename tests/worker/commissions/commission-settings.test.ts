import { env } from "cloudflare:test";
import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import * as generalPage from "#app/routes/dashboard/commission-forms-general";
import * as newServicePage from "#app/routes/dashboard/commission-forms-service-new";
import { createDb } from "#worker/db/client";
import { commissionAccounts, commissionForms, currencies, localizedTexts } from "#worker/db/schema";
import { parseCommissionSettings, type CommissionSettings } from "#worker/domain/commission-settings";
import { createAccount } from "#worker/services/accounts";
import { getCreatorProfile } from "#worker/services/catalog";
import { createFormFromTemplate, getFormForEdit } from "#worker/services/commission-forms";
import { getCommissionSettings, saveCommissionSettings } from "#worker/services/commission-settings";
import { grantCreatorRole } from "#worker/services/roles";
import { creatorOf } from "../support/helpers";
import { pageContext } from "../support/page-context";

const db = () => createDb(env.DB);
let serial = 0;
async function newUser({ creator = true } = {}) {
  const handle = `Gen${Date.now() % 100000}${serial++}`;
  const accountId = await createAccount(db(), {
    email: `${handle.toLowerCase()}@example.com`,
    handle,
    languageCode: "en",
  });
  if (creator) await grantCreatorRole(db(), accountId);
  return { accountId, handle };
}

const settings = (patch: Partial<CommissionSettings> = {}): CommissionSettings => ({
  isOpenCommission: true,
  defaultCurrency: "JPY",
  defaultTerms: "",
  ...patch,
});

const GENERAL = "/dashboard/commission/setting/form/general";
function post(fields: Record<string, string>) {
  const body = new FormData();
  for (const [k, v] of Object.entries(fields)) body.set(k, v);
  return new Request(`http://localhost${GENERAL}`, { method: "POST", body });
}
const args = (x: object) => x as never;

async function isOpenOnProfile(handle: string) {
  return (await getCreatorProfile(db(), handle, { locale: "en", accountId: null, displayCurrencyId: null }))
    ?.isOpenCommission;
}

describe("general commission settings (service)", () => {
  it("starts closed, in JPY, without terms", async () => {
    const { accountId } = await newUser();
    expect(await getCommissionSettings(db(), accountId, "en")).toEqual({
      isOpenCommission: false,
      defaultCurrency: "JPY",
      defaultTerms: "",
    });
  });

  it("toggles open and closed as the public profile shows it", async () => {
    const { accountId, handle } = await newUser();
    expect(await saveCommissionSettings(db(), accountId, settings({ isOpenCommission: true }), "en")).toEqual({
      ok: true,
    });
    expect(await isOpenOnProfile(handle)).toBe(true);
    expect(await saveCommissionSettings(db(), accountId, settings({ isOpenCommission: false }), "en")).toEqual({
      ok: true,
    });
    expect(await isOpenOnProfile(handle)).toBe(false);
  });

  it("starts a new form from the template in the default currency", async () => {
    const { accountId } = await newUser();
    await saveCommissionSettings(db(), accountId, settings({ defaultCurrency: "USD" }), "en");
    const formId = (await createFormFromTemplate(db(), await creatorOf(accountId), "en", { title: "Dollars" }))!;
    const form = await getFormForEdit(db(), accountId, formId, "en");
    expect(form?.draft.currency).toBe("USD");
    const usd = await db().select({ id: currencies.id }).from(currencies).where(eq(currencies.code, "USD")).get();
    expect(
      (await db().select().from(commissionForms).where(eq(commissionForms.id, formId)).get())?.priceCurrencyId,
    ).toBe(usd!.id);
    // The template's yen prices are not read as dollars: the creator sets them.
    expect(form!.draft.questions.flatMap((q) => q.choices.map((c) => c.price)).every((p) => p === "")).toBe(true);

    await saveCommissionSettings(db(), accountId, settings({ defaultCurrency: "JPY" }), "en");
    const yen = await getFormForEdit(
      db(),
      accountId,
      (await createFormFromTemplate(db(), await creatorOf(accountId), "en", { title: "Yen" }))!,
      "en",
    );
    expect(yen?.draft.currency).toBe("JPY");
    expect(yen!.draft.questions.flatMap((q) => q.choices.map((c) => c.price))).toEqual(
      expect.arrayContaining(["10000", "20000", "30000"]),
    );
  });

  it("saves the terms in the writer's language as the original; unchanged terms keep their language", async () => {
    const { accountId } = await newUser();
    await saveCommissionSettings(db(), accountId, settings({ defaultTerms: "返金不可" }), "ja");
    const account = await db()
      .select()
      .from(commissionAccounts)
      .where(eq(commissionAccounts.userAccountId, accountId))
      .get();
    const rows = () =>
      db()
        .select()
        .from(localizedTexts)
        .where(and(eq(localizedTexts.entityType, "commission_account"), eq(localizedTexts.entityId, account!.id)));
    expect((await rows()).map((r) => [r.field, r.languageCode, r.isOriginal, r.text])).toEqual([
      ["default_terms", "ja", true, "返金不可"],
    ]);
    // Saving the toggle from English shows (and posts back) the Japanese original: nothing is relabelled.
    expect((await getCommissionSettings(db(), accountId, "en"))?.defaultTerms).toBe("返金不可");
    await saveCommissionSettings(
      db(),
      accountId,
      settings({ isOpenCommission: false, defaultTerms: "返金不可" }),
      "en",
    );
    expect((await rows()).map((r) => r.languageCode)).toEqual(["ja"]);
    // New text replaces every language's row.
    await saveCommissionSettings(db(), accountId, settings({ defaultTerms: "No refunds." }), "en");
    expect((await rows()).map((r) => [r.languageCode, r.isOriginal, r.text])).toEqual([["en", true, "No refunds."]]);
    await saveCommissionSettings(db(), accountId, settings({ defaultTerms: "" }), "en");
    expect(await rows()).toEqual([]);
  });

  it("changes only the signed-in creator's settings", async () => {
    const me = await newUser();
    const other = await newUser();
    await saveCommissionSettings(
      db(),
      other.accountId,
      settings({ isOpenCommission: true, defaultCurrency: "USD", defaultTerms: "Theirs" }),
      "en",
    );
    const before = await getCommissionSettings(db(), other.accountId, "en");
    await saveCommissionSettings(
      db(),
      me.accountId,
      settings({ isOpenCommission: false, defaultCurrency: "JPY", defaultTerms: "Mine" }),
      "en",
    );
    expect(await getCommissionSettings(db(), other.accountId, "en")).toEqual(before);
    expect(before).toEqual({ isOpenCommission: true, defaultCurrency: "USD", defaultTerms: "Theirs" });
    expect(await isOpenOnProfile(other.handle)).toBe(true);
  });

  it("refuses a currency that is not active", async () => {
    const { accountId } = await newUser();
    await env.DB.prepare("update currencies set is_active = 0 where code = 'USD'").run();
    try {
      expect(await saveCommissionSettings(db(), accountId, settings({ defaultCurrency: "USD" }), "en")).toEqual({
        ok: false,
        reason: "invalid",
        errors: { defaultCurrency: "commission_settings_currency_invalid" },
      });
    } finally {
      await env.DB.prepare("update currencies set is_active = 1 where code = 'USD'").run();
    }
    expect((await getCommissionSettings(db(), accountId, "en"))?.defaultCurrency).toBe("JPY");
  });
});

describe("general settings page and the new service page", () => {
  it("sends a non-creator to 'Join as a creator' from the loader and the action", async () => {
    const client = await newUser({ creator: false });
    const context = await pageContext(client.accountId, "en", GENERAL);
    const runs: (() => Promise<unknown>)[] = [
      () => generalPage.loader(args({ context })),
      () =>
        generalPage.action(
          args({ context, request: post({ openForCommissions: "open", defaultCurrency: "USD", defaultTerms: "" }) }),
        ),
    ];
    for (const run of runs) {
      const thrown = await run().then(
        () => null,
        (e: unknown) => e,
      );
      expect(thrown).toBeInstanceOf(Response);
      expect((thrown as Response).status).toBe(302);
      expect((thrown as Response).headers.get("Location")).toBe("/dashboard/creator/home");
    }
    expect(await getCommissionSettings(db(), client.accountId, "en")).toEqual({
      isOpenCommission: false,
      defaultCurrency: "JPY",
      defaultTerms: "",
    });
  });

  it("saves a valid post and confirms it", async () => {
    const { accountId, handle } = await newUser();
    const context = await pageContext(accountId, "en", GENERAL);
    const result = await generalPage.action(
      args({
        context,
        request: post({ openForCommissions: "open", defaultCurrency: "USD", defaultTerms: "  Be kind.  " }),
      }),
    );
    expect(result).toEqual({ saved: true, errors: null, values: null });
    expect(await generalPage.loader(args({ context }))).toEqual({
      // The slot count (blank: no limit) and the open line come with them (decision 091).
      values: {
        openForCommissions: "open",
        defaultCurrency: "USD",
        defaultTerms: "Be kind.",
        slots: "",
        waitlistClosed: "",
      },
    });
    expect(await isOpenOnProfile(handle)).toBe(true);
  });

  it("refuses bad input in the user's language, keeps what was typed and changes nothing", async () => {
    const { accountId } = await newUser();
    await saveCommissionSettings(db(), accountId, settings({ isOpenCommission: true, defaultTerms: "Before" }), "ja");
    const context = await pageContext(accountId, "ja", GENERAL);
    const typed = { openForCommissions: "closed", defaultCurrency: "EUR", defaultTerms: "x".repeat(10_001) };
    const result = (await generalPage.action(args({ context, request: post(typed) }))) as unknown as {
      data: unknown;
      init: { status: number };
    };
    expect(result.init.status).toBe(400);
    expect(result.data).toEqual({
      saved: false,
      values: typed,
      errors: {
        defaultCurrency: "一覧の通貨から選んでください。",
        defaultTerms: "規約は10000文字以内で入力してください。",
      },
    });
    expect(await getCommissionSettings(db(), accountId, "ja")).toEqual({
      isOpenCommission: true,
      defaultCurrency: "JPY",
      defaultTerms: "Before",
    });
  });

  it("pre-fills a new service with the default currency and terms", async () => {
    const { accountId } = await newUser();
    const terms = parseCommissionSettings({
      openForCommissions: "open",
      defaultCurrency: "USD",
      defaultTerms: "Two revisions included.",
    });
    if (!terms.ok) throw new Error("invalid");
    await saveCommissionSettings(db(), accountId, terms.data, "en");
    const context = await pageContext(accountId, "en", "/dashboard/commission/setting/service/new");
    const data = await newServicePage.loader(args({ context }));
    expect(data.values).toMatchObject({ title: "", currency: "USD", terms: "Two revisions included." });

    const fresh = await newUser();
    const empty = await newServicePage.loader(
      args({ context: await pageContext(fresh.accountId, "en", "/dashboard/commission/setting/service/new") }),
    );
    expect(empty.values).toMatchObject({ currency: "JPY", terms: "" });
  });
});
