// The kept lowest price (decision 109, migration 0045): each write path that changes a price, a status or a rate
// leaves the creator's lowest published price in yen on their commission account and on their search row, which
// explore's price sort and filter read. Every step goes through the code a creator's page calls.
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { parseServiceDraft, type FormDraft } from "#worker/domain/commission-form";
import { createFormFromTemplate, deleteForm, saveForm, setFormStatus } from "#worker/services/commission-forms";
import { deleteService, saveService } from "#worker/services/commission-services";
import { seedCreator, uniqueTag } from "../support/catalog-fixtures";
import { parsedFormDraft } from "../support/draft-fixtures";
import { creatorOf, db } from "../support/helpers";

const NO_PRICE = 1_000_000_000_000_000;

const formDraft = (price: string, currency: "JPY" | "USD" = "JPY"): FormDraft => ({
  title: "Bust-up",
  description: "",
  categoryCode: "character-illustration",
  price,
  currency,
  questions: [],
});

const serviceOf = (price: string) => {
  const parsed = parseServiceDraft({
    title: "Icon",
    description: "",
    medias: [],
    price,
    currency: "JPY",
    formId: "",
    terms: "",
    categoryCodes: [],
  });
  if (!parsed.ok) throw new Error(JSON.stringify(parsed.errors));
  return parsed.data;
};

async function kept(accountId: string) {
  const row = await env.DB.prepare(
    `SELECT a.lowest_price_yen AS account, s.lowest_price_yen AS search FROM commission_accounts a
       JOIN creator_search s ON s.account_id = a.user_account_id WHERE a.user_account_id = ?`,
  )
    .bind(accountId)
    .first<{ account: number | null; search: number }>();
  return row;
}

/** Both copies agree: the account's value, and the search row's (NO_PRICE for none). */
const expectKept = async (accountId: string, yen: number | null) =>
  expect(await kept(accountId)).toEqual({ account: yen, search: yen ?? NO_PRICE });

describe("the kept lowest price (decision 109)", () => {
  it("follows every service and form write, a rate, and the search row's rebuild", async () => {
    const seeded = await seedCreator({ handle: `lowest${uniqueTag()}`, name: { en: "Lowest" } });
    const owner = seeded.accountId;
    const creator = await creatorOf(owner);
    await expectKept(owner, null);

    // A service saved (created, then repriced) and deleted.
    const saved = await saveService(db(), creator, null, serviceOf("8000"), "en", env.MEDIA);
    if (!saved.ok) throw new Error("service not saved");
    await expectKept(owner, 8_000);
    await saveService(db(), creator, saved.serviceId, serviceOf("3000"), "en", env.MEDIA);
    await expectKept(owner, 3_000);

    // A form: a draft's price is not published; publishing shows it, a lower one wins, unpublishing hides it.
    const formId = await createFormFromTemplate(db(), creator, "en", { title: "Bust-up" });
    expect(await saveForm(db(), owner, formId, parsedFormDraft(formDraft("2000")), "en", env.MEDIA)).toEqual({
      ok: true,
    });
    await expectKept(owner, 3_000);
    await setFormStatus(db(), owner, formId, "PUBLISHED");
    await expectKept(owner, 2_000);
    expect(await deleteService(db(), owner, saved.serviceId, env.MEDIA)).toEqual({ ok: true });
    await expectKept(owner, 2_000);

    // A price in dollars, in yen at the latest stored rate (the same view the triggers read).
    await saveForm(db(), owner, formId, parsedFormDraft(formDraft("20.00", "USD")), "en", env.MEDIA);
    const usd = await env.DB.prepare(
      "SELECT y.factor FROM price_yen_factors y JOIN currencies c ON c.id = y.currency_id WHERE c.code = 'USD'",
    ).first<{ factor: number | null }>();
    await expectKept(owner, usd?.factor ? Math.round(2_000 * usd.factor) : null);

    // A rate written: every creator's price is worked out again (here, one we set wrong by hand). The row is an old
    // yen-to-dollar rate: neither the latest of its pair nor read while the dollar-to-yen one exists, so nobody's
    // price or display moves.
    await env.DB.prepare("UPDATE commission_accounts SET lowest_price_yen = 1 WHERE id = ?")
      .bind(creator.commissionAccountId)
      .run();
    const rateId = `rate-${uniqueTag()}`;
    await env.DB.prepare(
      "INSERT INTO exchange_rates (id, from_currency_code, to_currency_code, rate, rated_on) VALUES (?, 'JPY', 'USD', 0.0071, '1991-07-19')",
    )
      .bind(rateId)
      .run();
    try {
      await expectKept(owner, usd?.factor ? Math.round(2_000 * usd.factor) : null);
    } finally {
      await env.DB.prepare("DELETE FROM exchange_rates WHERE id = ?").bind(rateId).run();
    }

    // The search row rebuilt (hidden and shown again): it takes the account's value back.
    await saveForm(db(), owner, formId, parsedFormDraft(formDraft("4000")), "en", env.MEDIA);
    await env.DB.prepare("UPDATE user_profiles SET hidden_at = ? WHERE id = ?")
      .bind(Date.now(), seeded.profileId)
      .run();
    await env.DB.prepare("UPDATE user_profiles SET hidden_at = NULL WHERE id = ?").bind(seeded.profileId).run();
    await expectKept(owner, 4_000);

    // Unpublished, then published and deleted: nothing priced is left.
    await setFormStatus(db(), owner, formId, "DRAFT");
    await expectKept(owner, null);
    await setFormStatus(db(), owner, formId, "PUBLISHED");
    await expectKept(owner, 4_000);
    expect(await deleteForm(db(), owner, formId)).toEqual({ ok: true });
    await expectKept(owner, null);
  });
});
