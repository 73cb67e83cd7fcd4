import { createExecutionContext, env, waitOnExecutionContext } from "cloudflare:test";
import { RouterContextProvider } from "react-router";
import { describe, expect, it } from "vitest";
import { requestContext } from "#app/lib/request-context";
import * as formRoute from "#app/routes/commission-form";
import * as profileRoute from "#app/routes/profile";
import * as workRoute from "#app/routes/work";
import type { Locale } from "#worker/domain/locales";
import { detectTextLanguage } from "#worker/domain/text-language";
import { normalizeText } from "#worker/domain/text";
import { createAccount } from "#worker/services/accounts";
import { sha256Hex } from "#worker/services/crypto";
import { saveWork } from "#worker/services/portfolio";
import { storedReadings } from "#worker/services/translations";
import { seedCreator } from "#tests/worker/support/catalog-fixtures";
import { uid } from "#tests/worker/support/auth-helpers";
import { parsedWorkDraft, workDraft } from "#tests/worker/support/draft-fixtures";
import { db } from "#tests/worker/support/helpers";
import { standInCallsWith, textCode } from "#tests/worker/support/translator-standin";
import { otherLocales } from "./standin-targets";

// Issue 62: a public page's <title> and share card (og:title, og:description) for a reader of the other language use
// the stored translation when there is one, never waiting for one; and a work's tags are translated after its save
// and read translated on its page. Each test's texts carry their own code: the stand-in and the database are shared.

/** Runs a route's loader signed out as the Worker would, and its waitUntil work. */
async function load<T>(
  loader: (args: never) => Promise<T>,
  path: string,
  params: Record<string, string>,
  locale: Locale,
): Promise<T> {
  const executionCtx = createExecutionContext();
  const context = new RouterContextProvider();
  const url = new URL(`http://localhost${path}`);
  context.set(requestContext, { env, url, executionCtx, db: db(), user: null, sessionToken: undefined, locale });
  const data = await loader({ params, request: new Request(url), context } as never);
  await waitOnExecutionContext(executionCtx);
  return data;
}

type MetaTag = { title?: string; property?: string; name?: string; content?: string };
const metaOf = (tags: readonly MetaTag[]) => ({
  title: tags.find((tag) => tag.title !== undefined)?.title,
  of: (key: string) => tags.find((tag) => tag.property === key || tag.name === key)?.content,
});

/**
 * A translation as the translator's making stores it (services/translations.ts): keyed by the original's content. It
 * replaces one the stand-in made after an earlier visit, so the test knows what the page reads.
 */
async function storeTranslation(original: string, target: Locale, translated: string): Promise<void> {
  const text = normalizeText(original);
  const from = detectTextLanguage(text);
  await env.DB.prepare(
    `INSERT INTO machine_translations (source_hash, target_language, source_language, translated_text, provider, model, created_at)
     VALUES (?, ?, ?, ?, 'test', 'test', ?)
     ON CONFLICT (source_hash, target_language) DO UPDATE SET translated_text = excluded.translated_text`,
  )
    .bind(await sha256Hex(`${from}\n${text}`), target, from, translated, Date.now())
    .run();
}

/** Makes a seeded English text Japanese: the creator wrote it in Japanese only. */
const writeInJapanese = async (entityType: string, entityId: string, field: string, text: string) => {
  await env.DB.prepare(
    "DELETE FROM localized_texts WHERE entity_type = ? AND entity_id = ? AND field = ? AND language_code = 'en'",
  )
    .bind(entityType, entityId, field)
    .run();
  await env.DB.prepare(
    `INSERT INTO localized_texts (id, entity_type, entity_id, field, language_code, is_original, text)
     VALUES (?, ?, ?, ?, 'ja', 1, ?)`,
  )
    .bind(crypto.randomUUID(), entityType, entityId, field, text)
    .run();
};

async function eventuallyTranslated(text: string, reader: Locale): Promise<void> {
  for (let tries = 0; tries < 100; tries++) {
    if ((await storedReadings(db(), [text], reader))[0]?.kind === "translated") return;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`never translated: ${text}`);
}

describe("titles, share cards and tags across the language wall", () => {
  it("a work's tags are translated after its save, and its title and card read the stored translation", async () => {
    const code = textCode();
    const handle = `w${uid()}`;
    const accountId = await createAccount(db(), { email: `${handle}@example.com`, handle, languageCode: "ja" });
    const title = `完成したイラストをお送りします。${code}`;
    const tag = `猫耳${code}`;
    const saved = await saveWork(
      db(),
      accountId,
      null,
      parsedWorkDraft(
        workDraft({
          title,
          description: "青空と入道雲を描きました。",
          tags: [tag],
          medias: [{ url: "https://example.com/a.png" }],
        }),
      ),
      "ja",
      env.MEDIA,
    );
    if (!saved.ok) throw new Error("not saved");

    // The save's background work translates the tag with the title, charged to the creator, before any page asks.
    // The tag into each other language, once each.
    for (const reader of otherLocales("ja")) await eventuallyTranslated(tag, reader);
    await eventuallyTranslated(title, "en");
    expect((await standInCallsWith([tag], { exactly: true })).map((c) => c.target_lang).sort()).toEqual(
      otherLocales("ja").sort(),
    );

    const english = await load(
      workRoute.loader,
      `/${handle}/works/${saved.workId}`,
      { handle, workId: saved.workId },
      "en",
    );
    expect(english.work.readings[tag]).toMatchObject({ kind: "translated", from: "ja" });
    const card = metaOf(english.meta as MetaTag[]);
    expect(card.of("og:title")).toContain("Here is the finished illustration.");
    expect(card.of("twitter:title")).toBe(card.of("og:title"));
    expect(card.title).toContain("Here is the finished illustration.");
    expect(english.header.shareText).toContain("Here is the finished illustration.");

    // The Japanese reader's card is the original.
    const japanese = await load(
      workRoute.loader,
      `/${handle}/works/${saved.workId}`,
      { handle, workId: saved.workId },
      "ja",
    );
    expect(metaOf(japanese.meta as MetaTag[]).of("og:title")).toBe(title);
    expect(japanese.work.readings[tag]).toBeUndefined();
  });

  it("a profile's share card reads its bio translated once stored, the original until then; a service link unfurls as the service", async () => {
    const code = textCode();
    const bio = `猫耳のイラストを描いています。${code}`;
    const creator = await seedCreator({
      handle: `p${uid()}`,
      name: { ja: "ミカ", original: "ja" },
      bio: { ja: bio },
      services: [{ title: "x", price: 5000 }],
    });
    const serviceId = creator.services[0];
    const serviceTitle = `立ち絵の依頼${code}`;
    await writeInJapanese("commission_service", serviceId, "title", serviceTitle);
    const profile = () => load(profileRoute.loader, `/${creator.handle}`, { handle: creator.handle }, "en");

    const before = metaOf((await profile()).meta as MetaTag[]);
    expect(before.title).toContain(`ミカ (@${creator.handle})`);
    expect(before.of("og:description")).toBe(bio);

    await storeTranslation(bio, "en", `I draw cat ears illustrations. ${code}`);
    const after = metaOf((await profile()).meta as MetaTag[]);
    expect(after.of("og:description")).toBe(`I draw cat ears illustrations. ${code}`);
    expect(after.of("og:title")).toBe(`ミカ (@${creator.handle})`);

    await storeTranslation(serviceTitle, "en", `Standing portrait commission ${code}`);
    const service = metaOf(
      (await load(profileRoute.loader, `/${creator.handle}?service=${serviceId}`, { handle: creator.handle }, "en"))
        .meta as MetaTag[],
    );
    expect(service.of("og:title")).toBe(`Standing portrait commission ${code}`);
    expect(service.title).toContain(`Standing portrait commission ${code}`);
  });

  it("a form's page title reads the stored translation", async () => {
    const code = textCode();
    const creator = await seedCreator({
      handle: `f${uid()}`,
      name: { ja: "ミカ", original: "ja" },
      forms: [{ title: { en: "x" }, price: 5000, currency: "JPY" }],
    });
    const title = `アイコン制作${code}`;
    await writeInJapanese("commission_form", creator.forms[0].id, "title", title);
    await storeTranslation(title, "en", `Icon commissions ${code}`);
    const form = await load(formRoute.loader, `/cf/${creator.forms[0].code}`, { code: creator.forms[0].code }, "en");
    expect(form.pageTitle).toBe(`Icon commissions ${code}`);
    const japanese = await load(
      formRoute.loader,
      `/cf/${creator.forms[0].code}`,
      { code: creator.forms[0].code },
      "ja",
    );
    expect(japanese.pageTitle).toBe(title);
  });
});
