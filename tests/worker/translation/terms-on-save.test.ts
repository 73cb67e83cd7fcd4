import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { parseServiceDraft } from "#worker/domain/commission-form";
import { createAccount } from "#worker/services/accounts";
import { createFormFromTemplate } from "#worker/services/commission-forms";
import { saveService } from "#worker/services/commission-services";
import { saveCommissionSettings } from "#worker/services/commission-settings";
import { grantCreatorRole } from "#worker/services/roles";
import { storedReadings } from "#worker/services/translations";
import { uid } from "#tests/worker/support/auth-helpers";
import { creatorOf, db } from "#tests/worker/support/helpers";
import type { Locale } from "#worker/domain/locales";
import { standInCallsWith, textCode } from "#tests/worker/support/translator-standin";
import { otherLocales } from "./standin-targets";

// Issue 62, "Every length: terms are translated on save": a service's terms and the creator's general terms are
// translated in the background when they are saved, like the other public texts (decision 078), so a client of the
// other language reads them translated on the first visit instead of a page finding them missing. The stand-in is
// shared with the files running beside this one: each test's terms carry their own code.

async function newCreator(): Promise<string> {
  const handle = `t${uid().slice(0, 12)}`;
  const accountId = await createAccount(db(), { email: `${handle}@example.com`, handle, languageCode: "ja" });
  await grantCreatorRole(db(), accountId);
  return accountId;
}

/**
 * Waits for the save's background work (the Worker's waitUntil) by what it leaves: the terms' stored translation for a
 * reader of `reader`.
 */
async function translatedLater(text: string, reader: Locale = "en"): Promise<string> {
  for (let tries = 0; tries < 100; tries++) {
    const [reading] = await storedReadings(db(), [text], reader);
    if (reading?.kind === "translated") return reading.text;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`never translated: ${text}`);
}

describe("terms translated on save", () => {
  it("a service's terms are translated after the save, before any page asks, once", async () => {
    const accountId = await newCreator();
    const code = textCode();
    const formId = (await createFormFromTemplate(db(), await creatorOf(accountId), "ja", { title: "依頼" }))!;
    const terms = `完成したイラストをお送りします。\n商用利用は別途ご相談ください。${code}`;
    const input = parseServiceDraft({
      title: "アイコン",
      description: "",
      medias: [{ url: "https://example.com/a.png" }],
      price: "3000",
      currency: "JPY",
      formId,
      terms,
      categoryCodes: ["character-illustration"],
    });
    if (!input.ok) throw new Error("invalid service");
    const saved = await saveService(db(), await creatorOf(accountId), null, input.data, "ja", env.MEDIA);
    expect(saved.ok).toBe(true);

    const translated = await translatedLater(terms);
    expect(translated).toContain("Here is the finished illustration.");
    // Made for every other language before any page asks, each once.
    for (const reader of otherLocales("ja")) await translatedLater(terms, reader);
    expect((await standInCallsWith([code])).map((c) => c.target_lang).sort()).toEqual(otherLocales("ja").sort());
  });

  it("the general terms are translated after the settings are saved", async () => {
    const accountId = await newCreator();
    const code = textCode();
    const terms = `完成したイラストをお送りします。${code}`;
    const saved = await saveCommissionSettings(
      db(),
      accountId,
      { isOpenCommission: true, defaultCurrency: "JPY", defaultTerms: terms },
      "ja",
    );
    expect(saved).toEqual({ ok: true });
    expect(await translatedLater(terms)).toContain("Here is the finished illustration.");
  });
});
