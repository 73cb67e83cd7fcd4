import { cometNow } from "#worker/services/clock";
import { createExecutionContext, env, waitOnExecutionContext } from "cloudflare:test";
import { RouterContextProvider } from "react-router";
import { beforeEach, describe, expect, it } from "vitest";
import { creatorCardView } from "#app/components/catalog/creator-card";
import { requestContext } from "#app/lib/request-context";
import * as formRoute from "#app/routes/commission-form";
import * as exploreRoute from "#app/routes/explore-creators";
import * as profileRoute from "#app/routes/profile";
import * as workRoute from "#app/routes/work";
import type { Locale } from "#worker/domain/locales";
import { parseExploreQuery } from "#worker/domain/search";
import { searchCreators } from "#worker/services/catalog";
import { translateSavedTexts } from "#worker/services/localized-texts";
import { storedReadings } from "#worker/services/translations";
import { seedCreator } from "#tests/worker/support/catalog-fixtures";
import { uid } from "#tests/worker/support/auth-helpers";
import { db } from "#tests/worker/support/helpers";
import { standInCallsWith, textCode } from "#tests/worker/support/translator-standin";
import { callsTo } from "./standin-targets";

// Issue 46, the public texts beyond the bio: the creator cards on /explore/creators, the service, form and work cards
// on a profile, a form's page and a work's page, each read by a visitor of the other language from what is stored,
// what is missing made after the answer (decision 078). Texts carry this test's tag: the stand-in is shared.

let tag = "";
const callsWith = (part: string) => standInCallsWith([part]);
beforeEach(() => {
  tag = `[${textCode()}]`;
});

/** Runs a route's loader signed out as the Worker would, and its waitUntil work (the translations made after it). */
async function load<T>(
  loader: (args: never) => Promise<T>,
  path: string,
  params: Record<string, string>,
  locale: Locale = "en",
): Promise<T> {
  const executionCtx = createExecutionContext();
  const context = new RouterContextProvider();
  const url = new URL(`http://localhost${path}`);
  context.set(requestContext, { env, url, executionCtx, db: db(), user: null, sessionToken: undefined, locale });
  const data = await loader({ params, request: new Request(url), context } as never);
  await waitOnExecutionContext(executionCtx);
  return data;
}

/** Makes a seeded English text Japanese: the creator wrote it in Japanese only. */
const writeInJapanese = (entityType: string, entityId: string, field: string, text: string) =>
  env.DB.prepare(
    `INSERT INTO localized_texts (id, entity_type, entity_id, field, language_code, is_original, text)
     VALUES (?, ?, ?, ?, 'ja', 1, ?)
     ON CONFLICT DO NOTHING`,
  )
    .bind(crypto.randomUUID(), entityType, entityId, field, text)
    .run()
    .then(() =>
      env.DB.prepare(
        "DELETE FROM localized_texts WHERE entity_type = ? AND entity_id = ? AND field = ? AND language_code = 'en'",
      )
        .bind(entityType, entityId, field)
        .run(),
    );

describe("public texts on cards and pages", () => {
  it("a profile's service, form and work cards show their stored translations, marked", async () => {
    const creator = await seedCreator({
      handle: `c${uid()}`,
      name: { ja: "ミカ", original: "ja" },
      works: 1,
      forms: [{ title: { en: "x" }, price: 5000, currency: "JPY" }],
      services: [{ title: "x", price: 5000 }],
    });
    await writeInJapanese("portfolio_work", creator.works[0], "title", `夏の背景イラスト${tag}`);
    await writeInJapanese("commission_form", creator.forms[0].id, "title", `アイコン制作${tag}`);
    await writeInJapanese("commission_service", creator.services[0], "title", `立ち絵の依頼${tag}`);

    const first = await load(profileRoute.loader, `/${creator.handle}`, { handle: creator.handle });
    expect(first.profile.works[0]).toMatchObject({ title: `夏の背景イラスト${tag}` });
    expect(first.profile.works[0].translatedFrom).toBeUndefined();
    expect(await callsWith(tag)).toHaveLength(3);

    const { profile } = await load(profileRoute.loader, `/${creator.handle}`, { handle: creator.handle });
    for (const card of [profile.works[0], profile.forms[0], profile.services[0]]) {
      expect(card.translatedFrom).toBe("ja");
      expect(card.original).toContain(tag);
      expect(card.title).not.toBe(card.original);
    }
    // Nothing sent again.
    expect(await callsWith(tag)).toHaveLength(3);
  });

  it("an explore card shows a Japanese bio translated, cut at 140 like the original, and marked", async () => {
    const bio = `${"背景込みのイラストを描きます。".repeat(12)}${tag}`;
    const creator = await seedCreator({ handle: `c${uid()}`, name: { ja: "ミカ", original: "ja" }, bio: { ja: bio } });
    const path = `/explore/creators?q=${creator.handle}`;
    const first = await load(exploreRoute.loader, path, {});
    expect(first.handles).toEqual([creator.handle]);
    expect(await callsWith(tag)).toHaveLength(1);

    const search = await searchCreators(
      db(),
      parseExploreQuery(new URL(`http://localhost${path}`).searchParams),
      {
        locale: "en",
        accountId: null,
        displayCurrencyId: null,
      },
      await cometNow(env),
    );
    expect(search.untranslated).toEqual([]);
    const card = creatorCardView(search.creators[0], search.readings);
    expect(card.bioFrom).toBe("ja");
    // The stand-in marks a sentence outside its phrase book as its own: that mark shows the translation is there.
    expect(card.bio.startsWith("[stand-in]")).toBe(true);
    expect([...card.bio].length).toBeLessThanOrEqual(141);
    // The loader's own markup carries the translation and its mark.
    const again = await load(exploreRoute.loader, path, {});
    const html = again.creators?.[0]?.html ?? "";
    expect(html).toContain("data-translation-marker");
    expect(html).toContain("[stand-in]");
    expect(await callsWith(tag)).toHaveLength(1);
  });

  it("a form's page reads its title and description translated once stored", async () => {
    const creator = await seedCreator({
      handle: `c${uid()}`,
      name: { ja: "ミカ", original: "ja" },
      forms: [{ title: { en: "x" }, price: 5000, currency: "JPY" }],
    });
    const { id, code } = creator.forms[0];
    await writeInJapanese("commission_form", id, "title", `アイコン制作${tag}`);
    await writeInJapanese("commission_form", id, "description", `修正は二回まで無料です。${tag}`);

    const first = await load(formRoute.loader, `/cf/${code}`, { code });
    expect(first.form.readings[first.form.title]).toEqual({ kind: "pending", from: "ja", ticket: expect.any(String) });
    expect(first.askTranslations).toBe(false);
    expect(await callsWith(tag)).toHaveLength(2);

    const { form } = await load(formRoute.loader, `/cf/${code}`, { code });
    expect(form.readings[form.title]).toMatchObject({ kind: "translated", from: "ja" });
    expect(form.readings[form.description]).toMatchObject({ kind: "translated", from: "ja" });
    // The Japanese reader gets the original, and nothing is sent for them.
    const ja = await load(formRoute.loader, `/cf/${code}`, { code }, "ja");
    expect(ja.form.readings).toEqual({});
    expect(await callsWith(tag)).toHaveLength(2);
  });

  it("a work's page reads its title and description translated once stored; a typed English title stays", async () => {
    const creator = await seedCreator({ handle: `c${uid()}`, name: { ja: "ミカ", original: "ja" }, works: 1 });
    const workId = creator.works[0];
    const typed = `Summer background ${tag}`;
    await writeInJapanese("portfolio_work", workId, "title", `夏の背景イラスト${tag}`);
    await env.DB.prepare(
      "INSERT INTO localized_texts (id, entity_type, entity_id, field, language_code, is_original, text) VALUES (?, 'portfolio_work', ?, 'title', 'en', 0, ?)",
    )
      .bind(crypto.randomUUID(), workId, typed)
      .run();
    await writeInJapanese("portfolio_work", workId, "description", `青空と入道雲を描きました。${tag}`);
    const path = `/${creator.handle}/works/${workId}`;

    await load(workRoute.loader, path, { handle: creator.handle, workId });
    const { work } = await load(workRoute.loader, path, { handle: creator.handle, workId });
    expect(work.title).toBe(typed);
    expect(work.readings[work.title]).toBeUndefined();
    expect(work.readings[work.description]).toMatchObject({ kind: "translated", from: "ja" });
    // Only the description was sent: the title has the creator's own English.
    expect(await callsWith(tag)).toHaveLength(1);
    expect(await storedReadings(db(), [`夏の背景イラスト${tag}`], "en")).toEqual([
      { kind: "pending", from: "ja", ticket: expect.any(String) },
    ]);
  });

  it("a saved work's texts are translated in the background into the language the creator did not type", async () => {
    const creator = await seedCreator({ handle: `c${uid()}`, name: { ja: "ミカ", original: "ja" }, works: 1 });
    const workId = creator.works[0];
    const title = `夏の背景イラスト${tag}`;
    const description = `青空と入道雲を描きました。${tag}`;
    await writeInJapanese("portfolio_work", workId, "title", title);
    await writeInJapanese("portfolio_work", workId, "description", description);
    await env.DB.prepare(
      "INSERT INTO localized_texts (id, entity_type, entity_id, field, language_code, is_original, text) VALUES (?, 'portfolio_work', ?, 'description', 'en', 0, ?)",
    )
      .bind(crypto.randomUUID(), workId, `Blue sky and summer clouds ${tag}`)
      .run();
    // What saveWork, saveService, saveForm and the profile's save call after their write (the Worker's waitUntil).
    translateSavedTexts("portfolio_work", [workId], ["title", "description"], creator.accountId);
    for (let tries = 0; tries < 100 && (await storedReadings(db(), [title], "en"))[0].kind !== "translated"; tries++)
      await new Promise((resolve) => setTimeout(resolve, 50));
    expect((await storedReadings(db(), [title], "en"))[0]).toMatchObject({ kind: "translated", from: "ja" });
    // The description has the creator's own English: not sent for English (its Chinese and Korean are made from the
    // Japanese original, as the title's are).
    expect(callsTo(await callsWith(description), "en")).toHaveLength(0);
    expect(callsTo(await callsWith(title), "en")).toMatchObject([{ text: title, source_lang: "ja" }]);
  });

  it("the service modal on a profile reads the service's title and description translated", async () => {
    const creator = await seedCreator({
      handle: `c${uid()}`,
      name: { ja: "ミカ", original: "ja" },
      services: [{ title: "x", price: 5000 }],
    });
    const serviceId = creator.services[0];
    await writeInJapanese("commission_service", serviceId, "title", `立ち絵の依頼${tag}`);
    await writeInJapanese("commission_service", serviceId, "description", `全身の立ち絵を描きます。${tag}`);
    const path = `/${creator.handle}?service=${serviceId}`;
    await load(profileRoute.loader, path, { handle: creator.handle });
    const { profile, serviceRequest } = await load(profileRoute.loader, path, { handle: creator.handle });
    const service = serviceRequest?.service;
    expect(service?.description).toBe(`全身の立ち絵を描きます。${tag}`);
    expect(profile.readings[service?.title ?? ""]).toMatchObject({ kind: "translated", from: "ja" });
    expect(profile.readings[service?.description ?? ""]).toMatchObject({ kind: "translated", from: "ja" });
    expect(await callsWith(tag)).toHaveLength(2);
  });
});
