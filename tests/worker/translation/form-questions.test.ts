// Issue 46, the request form across the language wall: a Japanese creator's form (/cf/{code}, and the service modal
// on /{handle}?service=) read by a client of English. The questions' titles and descriptions, the choices' titles and
// the terms the client accepts read in English once translated, from the page's one look-up of stored translations,
// marked once per question; what is missing is made after the answer (charged to the creator, claimed once) and the
// creator's cached pages purged; a typed translation wins; a failing translator leaves the form whole and answerable;
// what the client sends names questions and choices by id, so the order holds the originals. The stand-in is shared
// with the test files running beside this one: each test's texts carry its tag, faults match it, calls are counted by it.
import { createExecutionContext, env, waitOnExecutionContext } from "cloudflare:test";
import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { createRoutesStub, RouterContextProvider } from "react-router";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import type { FormReadings } from "#app/components/requests/question-reading";
import { requestContext } from "#app/lib/request-context";
import * as formRoute from "#app/routes/commission-form";
import * as profileRoute from "#app/routes/profile";
import type { Locale } from "#worker/domain/locales";
import { accountTag } from "#worker/domain/page-cache";
import { withMessageLocale } from "#worker/messages/message-locale";
import type { PublicFormQuestion } from "#worker/services/catalog";
import { saveForm, setFormStatus } from "#worker/services/commission-forms";
import { storedReadings } from "#worker/services/translations";
import { uid } from "#tests/worker/support/auth-helpers";
import { seedCreator } from "#tests/worker/support/catalog-fixtures";
import { call, db } from "#tests/worker/support/helpers";
import { parsedFormDraft } from "#tests/worker/support/draft-fixtures";
import { newMember } from "#tests/worker/support/media-fixtures";
import { setStandInFault, standInCallsWith, textCode } from "#tests/worker/support/translator-standin";
import { callsTo, repeatedCalls } from "./standin-targets";

let tag = "";
const faults = (body: Omit<Parameters<typeof setStandInFault>[0], "match">) => setStandInFault({ ...body, match: tag });
const calls = () => standInCallsWith([tag]);

beforeEach(() => {
  tag = `[${textCode()}]`;
});
afterEach(async () => {
  await faults({ mode: "ok" });
});

/** Runs a route's loader as the Worker would (signed out unless `user`), and its waitUntil work after it. */
async function load<T>(
  loader: (args: never) => Promise<T>,
  path: string,
  params: Record<string, string>,
  { locale = "en", user = null }: { locale?: Locale; user?: unknown } = {},
): Promise<T> {
  const executionCtx = createExecutionContext();
  const context = new RouterContextProvider();
  const url = new URL(`http://localhost${path}`);
  context.set(requestContext, {
    env,
    url,
    executionCtx,
    db: db(),
    user: user as never,
    sessionToken: undefined,
    locale,
  });
  const data = await loader({ params, request: new Request(url), context } as never);
  await waitOnExecutionContext(executionCtx);
  return data;
}

/** The Japanese texts of the test's form, each tagged. */
const words = () => ({
  title: `アイコン制作${tag}`,
  details: `ご依頼内容${tag}`,
  detailsHelp: `キャラクターの特徴を書いてください。${tag}`,
  plan: `プラン${tag}`,
  bust: `バストアップ${tag}`,
  full: `全身${tag}`,
  terms: `制作開始後のキャンセルはできません。${tag}`,
});

/** Rewrites a seeded English text as the creator's Japanese original (they wrote the form in Japanese). */
const writeInJapanese = (entityType: string, entityId: string, field: string, text: string) =>
  env.DB.prepare(
    "UPDATE localized_texts SET language_code = 'ja', text = ? WHERE entity_type = ? AND entity_id = ? AND field = ?",
  )
    .bind(text, entityType, entityId, field)
    .run();

/**
 * A Japanese creator's published form (a long-text question with a description, a single-choice plan) offered by a
 * service too, with their general terms and the service's policy terms in Japanese.
 */
async function japaneseForm() {
  const w = words();
  const creator = await seedCreator({
    handle: `fq${uid().slice(0, 8)}`,
    name: { ja: "ミカ", original: "ja" },
    forms: [
      {
        title: { en: "x" },
        price: 8000,
        questions: [
          { type: "LONG_TEXT", required: true, title: "x" },
          {
            type: "SINGLE_CHOICE",
            required: true,
            title: "x",
            choices: [
              { title: "x", price: 12_000 },
              { title: "y", price: 20_000 },
            ],
          },
        ],
      },
    ],
    services: [{ title: "x", price: 10_000, formIndex: 0 }],
  });
  const { id: formId, code } = creator.forms[0];
  const questions = (
    await env.DB.prepare("SELECT id FROM commission_form_questions WHERE form_id = ? ORDER BY user_index")
      .bind(formId)
      .all<{ id: string }>()
  ).results.map((q) => q.id);
  const choices = (
    await env.DB.prepare("SELECT id FROM commission_form_question_choices WHERE question_id = ? ORDER BY user_index")
      .bind(questions[1])
      .all<{ id: string }>()
  ).results.map((c) => c.id);
  await writeInJapanese("commission_form", formId, "title", w.title);
  await env.DB.prepare(
    "DELETE FROM localized_texts WHERE entity_type = 'commission_form' AND entity_id = ? AND field = 'description'",
  )
    .bind(formId)
    .run();
  await writeInJapanese("commission_form_question", questions[0], "title", w.details);
  await writeInJapanese("commission_form_question", questions[1], "title", w.plan);
  await writeInJapanese("commission_form_question_choice", choices[0], "title", w.bust);
  await writeInJapanese("commission_form_question_choice", choices[1], "title", w.full);
  await writeInJapanese("commission_service", creator.services[0], "title", `立ち絵${tag}`);
  const policyId = crypto.randomUUID();
  await env.DB.batch([
    env.DB.prepare(
      "INSERT INTO localized_texts (id, entity_type, entity_id, field, language_code, is_original, text) VALUES (?, 'commission_form_question', ?, 'description', 'ja', 1, ?)",
    ).bind(crypto.randomUUID(), questions[0], w.detailsHelp),
    env.DB.prepare(
      "INSERT INTO localized_texts (id, entity_type, entity_id, field, language_code, is_original, text) VALUES (?, 'commission_account', ?, 'default_terms', 'ja', 1, ?)",
    ).bind(crypto.randomUUID(), creator.commissionAccountId, w.terms),
  ]);
  await setPolicy(creator.commissionAccountId, creator.services[0], policyId, w.terms);
  return { creator, formId, code, questions, choices, w };
}

/** The service's own terms (a policy), here the same text as the general terms: one translation serves both. */
async function setPolicy(commissionAccountId: string, serviceId: string, policyId: string, terms: string) {
  const now = Date.now();
  await env.DB.batch([
    env.DB.prepare(
      "INSERT INTO commission_policies (id, commission_account_id, created_at, updated_at) VALUES (?, ?, ?, ?)",
    ).bind(policyId, commissionAccountId, now, now),
    env.DB.prepare(
      "INSERT INTO localized_texts (id, entity_type, entity_id, field, language_code, is_original, text) VALUES (?, 'commission_policy', ?, 'terms', 'ja', 1, ?)",
    ).bind(crypto.randomUUID(), policyId, terms),
    env.DB.prepare("UPDATE commission_services SET policy_id = ? WHERE id = ?").bind(policyId, serviceId),
  ]);
}

/**
 * The request form's module, loaded once the build constant its card panel reads is set (the Vite build defines it;
 * this test project does not): the emulator's card form is not part of this test.
 */
async function requestFormModule() {
  (globalThis as { __LOCAL_CARD_FORM__?: boolean }).__LOCAL_CARD_FORM__ = false;
  return import("#app/components/requests/request-form");
}

/** The request form as the page renders it for a reader of `locale`, in a data router (its card panel needs one). */
async function renderForm(
  questions: PublicFormQuestion[],
  terms: string,
  reading: FormReadings,
  locale: Locale = "en",
) {
  const { RequestForm } = await requestFormModule();
  const Page = createRoutesStub([
    {
      path: "/",
      Component: () =>
        createElement(RequestForm, {
          target: { formCode: "x" },
          questions,
          profileId: "p",
          cards: [],
          cardEntry: { mode: "unavailable" },
          terms,
          reading,
          onCardsChanged: () => {},
          onSent: () => {},
        }),
    },
  ]);
  return withMessageLocale(locale, "http://localhost", () =>
    renderToStaticMarkup(createElement(Page, { initialEntries: ["/"] })),
  );
}

/** The form's page as the loader's data renders it (signed out: the read-only questions, the edge cache's copy). */
function renderPage(data: Awaited<ReturnType<typeof formRoute.loader>>) {
  const Page = createRoutesStub([{ id: "cf", path: "/cf/:code", Component: formRoute.default as never }]);
  return withMessageLocale("en", "http://localhost", () =>
    renderToStaticMarkup(
      createElement(Page, { initialEntries: [`/cf/${data.form.code}`], hydrationData: { loaderData: { cf: data } } }),
    ),
  );
}

const purgedSince = async (accountId: string, since: number) =>
  ((
    await env.DB.prepare("SELECT purged_at FROM page_cache_purges WHERE tag = ?")
      .bind(accountTag(accountId))
      .first<{ purged_at: number }>()
  )?.purged_at ?? 0) >= since;

describe("a Japanese form read by a client of English", () => {
  it("reads its questions, descriptions, choices and terms in English once translated: stored, marked, one call each", async () => {
    const { creator, code, w } = await japaneseForm();
    const started = Date.now();

    // The first visit (signed out: the edge cache's copy) shows the originals, asks nothing, and schedules the rest.
    const first = await load(formRoute.loader, `/cf/${code}`, { code });
    expect(first.askTranslations).toBe(false);
    const q0 = first.form.questions[0];
    expect(q0.title).toBe(w.details);
    expect(first.form.readings[q0.title]).toEqual({ kind: "pending", from: "ja", ticket: expect.any(String) });
    expect(first.form.readings[w.terms]).toEqual({ kind: "pending", from: "ja", ticket: expect.any(String) });
    const sent = (await calls()).map((c) => c.text).sort();
    expect(sent).toEqual([w.title, w.details, w.detailsHelp, w.plan, w.bust, w.full, w.terms].sort());
    expect((await calls()).every((c) => c.source_lang === "ja" && c.target_lang === "en")).toBe(true);
    // The creator's pages were purged when the translations landed: the next copy is rendered anew.
    expect(await purgedSince(creator.accountId, started)).toBeTruthy();
    // The signed-out copy never says "Translating…".
    const pending = await renderForm(first.form.questions, first.form.terms, {
      readings: first.form.readings,
      ask: false,
    });
    expect(pending).not.toContain("Translating");
    expect(pending).toContain(w.details);
    const shared = renderPage(first);
    expect(shared).toContain(w.details);
    expect(shared).not.toContain("Translating");
    // A signed-in page (never cached) may say so while it asks.
    const asking = await renderForm(first.form.questions, first.form.terms, {
      readings: first.form.readings,
      ask: true,
    });
    expect(asking).toContain("Translating…");

    // The next visit reads them stored, makes no call.
    const { form } = await load(formRoute.loader, `/cf/${code}`, { code });
    for (const text of [w.details, w.detailsHelp, w.plan, w.bust, w.full, w.terms])
      expect(form.readings[text]).toMatchObject({ kind: "translated", from: "ja" });
    expect(await calls()).toHaveLength(7);

    // Rendered: the translation in the label (the input's name), one mark per question under its title (outside the
    // label), the choice's original in its tooltip, the terms translated and marked.
    const html = await renderForm(form.questions, form.terms, { readings: form.readings, ask: false });
    const reading = (text: string) => (form.readings[text] as { text: string }).text;
    const label = html.match(/<label for="[^"]*-input"[^>]*>([\s\S]*?)<\/label>/)?.[1] ?? "";
    expect(label).toContain(`<span lang="en">${reading(w.details)}</span>`);
    expect(label).not.toContain("data-translation-marker");
    expect(html.match(/Translated from Japanese/g)).toHaveLength(3); // two questions and the terms
    expect(html).toContain(`title="${w.bust}"`);
    expect(html).toContain(reading(w.bust));
    expect(html).toContain(reading(w.terms));
    expect(html).not.toContain(`>${w.details}<`);

    // The signed-out page's read-only questions read the same: translated, one mark per question, with the terms'.
    const page = renderPage(await load(formRoute.loader, `/cf/${code}`, { code }));
    expect(page).toContain(`<span lang="en">${reading(w.details)}</span>`);
    expect(page).toContain(
      `<p lang="en" class="mt-2 whitespace-pre-line text-sm text-zinc-700 dark:text-zinc-300">${reading(w.detailsHelp)}</p>`,
    );
    expect(page).toContain(`title="${w.full}"`);
    // The form's title and the two questions.
    expect(page.match(/Translated from Japanese/g)).toHaveLength(3);

    // A reader of Japanese reads the originals; nothing is sent for them.
    const ja = await load(formRoute.loader, `/cf/${code}`, { code }, { locale: "ja" });
    expect(ja.form.readings).toEqual({});
    expect(await calls()).toHaveLength(7);
  });

  it("the service modal on the profile reads its form's questions and its terms from the profile's one look-up", async () => {
    const { creator, w } = await japaneseForm();
    const serviceId = creator.services[0];
    const path = `/${creator.handle}?service=${serviceId}`;
    await load(profileRoute.loader, path, { handle: creator.handle });
    const n = (await calls()).length;
    expect(n).toBeGreaterThanOrEqual(6);
    const { profile, serviceRequest } = await load(profileRoute.loader, path, { handle: creator.handle });
    const service = serviceRequest!.service;
    expect(service.questions.map((q) => q.title)).toEqual([w.details, w.plan]);
    for (const text of [w.details, w.detailsHelp, w.plan, w.bust, w.full, service.terms])
      expect(profile.readings[text]).toMatchObject({ kind: "translated", from: "ja" });
    expect(await calls()).toHaveLength(n);
  });

  it("a question the creator translated themselves reads their English, and is never sent", async () => {
    const { code, questions, w } = await japaneseForm();
    const typed = `Your request ${tag}`;
    await env.DB.prepare(
      "INSERT INTO localized_texts (id, entity_type, entity_id, field, language_code, is_original, text) VALUES (?, 'commission_form_question', ?, 'title', 'en', 0, ?)",
    )
      .bind(crypto.randomUUID(), questions[0], typed)
      .run();
    await load(formRoute.loader, `/cf/${code}`, { code });
    const { form } = await load(formRoute.loader, `/cf/${code}`, { code });
    expect(form.questions[0].title).toBe(typed);
    expect(form.readings[typed]).toBeUndefined();
    expect(form.readings[w.detailsHelp]).toMatchObject({ kind: "translated" });
    expect((await calls()).map((c) => c.text)).not.toContain(w.details);
    // Its description is translated: the one mark still says so, under the creator's own title.
    const html = await renderForm(form.questions, form.terms, { readings: form.readings });
    expect(html).toContain(`>${typed}</span>`);
    expect(html.match(/Translated from Japanese/g)).toHaveLength(3);
  });

  it("a failing translator leaves the form whole and answerable; the order holds the originals", async () => {
    const { code, questions, choices, w } = await japaneseForm();
    await faults({ mode: "fail" });
    await load(formRoute.loader, `/cf/${code}`, { code });
    const failed = (await calls()).length;
    expect(failed).toBeGreaterThan(0);
    // Within the claim's hold the next visit sends nothing again, and reads the originals, whole.
    const { form } = await load(formRoute.loader, `/cf/${code}`, { code });
    expect(await calls()).toHaveLength(failed);
    expect(form.questions.map((q) => q.title)).toEqual([w.details, w.plan]);
    expect(form.questions[1].choices.map((c) => c.title)).toEqual([w.bust, w.full]);
    expect(form.readings[w.details]).toEqual({ kind: "pending", from: "ja", ticket: expect.any(String) });
    const html = await renderForm(form.questions, form.terms, { readings: form.readings, ask: false });
    expect(html).toContain(w.details);
    expect(html).toContain(w.terms);
    expect(html).not.toContain("Translated from Japanese");

    // The client answers by ids; the order keeps the creator's Japanese, no English beside it.
    await faults({ mode: "ok" });
    const buyer = await newMember("fqby");
    const now = Date.now();
    await env.DB.prepare(
      "INSERT INTO payment_account_methods (id, user_account_id, stripe_method_id, brand, last4, exp_month, exp_year, created_at, updated_at) VALUES (?, ?, ?, 'visa', '4242', 12, 2099, ?, ?)",
    )
      .bind(crypto.randomUUID(), buyer.accountId, `pm_${crypto.randomUUID()}`, now, now)
      .run();
    const response = await call("/api/features/commission/form/submit", {
      method: "POST",
      cookie: buyer.cookie,
      json: {
        formCode: code,
        paymentAccountMethodId: null,
        isAgreedToTerms: true,
        isAcknowledged: true,
        formQuestionAnswers: [
          {
            formQuestionId: questions[0],
            formQuestionType: "LONG_TEXT",
            answer: { text: { text: "A knight", languageCode: "en" }, date: null, medias: [] },
            questionChoices: [],
          },
          {
            formQuestionId: questions[1],
            formQuestionType: "SINGLE_CHOICE",
            answer: { text: null, date: null, medias: [] },
            questionChoices: [{ formQuestionChoiceId: choices[1], formQuestionChoiceStatus: "SELECTED" }],
          },
        ],
      },
    });
    expect(response.status).toBe(200);
    const { data } = await response.json<{ data: { orderId: string } }>();
    const snapshot = (
      await env.DB.prepare(
        `SELECT t.entity_type, t.language_code, t.text FROM localized_texts t
         WHERE (t.entity_type = 'commission_order_form_question' AND t.entity_id IN (
                 SELECT q.id FROM commission_order_form_questions q JOIN commission_order_forms f ON f.id = q.order_form_id WHERE f.order_id = ?1))
            OR (t.entity_type = 'commission_order_question_choice' AND t.entity_id IN (
                 SELECT c.id FROM commission_order_question_choices c JOIN commission_order_form_questions q ON q.id = c.order_form_question_id
                 JOIN commission_order_forms f ON f.id = q.order_form_id WHERE f.order_id = ?1))`,
      )
        .bind(data.orderId)
        .all<{ entity_type: string; language_code: string; text: string }>()
    ).results;
    expect(snapshot.map((row) => row.text).sort()).toEqual([w.details, w.detailsHelp, w.plan, w.bust, w.full].sort());
    expect(snapshot.every((row) => row.language_code === "ja")).toBe(true);
    // The choice picked is the one named by id.
    const picked = await env.DB.prepare(
      `SELECT c.question_choice_id AS id FROM commission_order_question_choices c JOIN commission_order_form_questions q ON q.id = c.order_form_question_id
       JOIN commission_order_forms f ON f.id = q.order_form_id WHERE f.order_id = ? AND c.answer_choice_status = 'SELECTED'`,
    )
      .bind(data.orderId)
      .all<{ id: string }>();
    expect(picked.results).toEqual([{ id: choices[1] }]);
  });
});

describe("a form saved or published", () => {
  it("a publish translates the form, its questions, choices and terms in the background, once", async () => {
    const { creator, formId, w } = await japaneseForm();
    await env.DB.prepare("UPDATE commission_forms SET form_status = 'DRAFT' WHERE id = ?").bind(formId).run();
    expect(await setFormStatus(db(), creator.accountId, formId, "PUBLISHED")).toEqual({ ok: true });
    const all = [w.title, w.details, w.detailsHelp, w.plan, w.bust, w.full, w.terms];
    for (let tries = 0; tries < 100; tries++) {
      const readings = await storedReadings(db(), all, "en");
      if (readings.every((r) => r.kind === "translated")) break;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    expect((await storedReadings(db(), all, "en")).map((r) => r.kind)).toEqual(all.map(() => "translated"));
    // Into English, each text once (the other languages are made beside it, and counted only for repeats).
    const english = async () => callsTo(await calls(), "en");
    expect((await english()).map((c) => c.text).sort()).toEqual([...all].sort());
    // Publishing again sends nothing: each is stored (or being made), in any language.
    expect(await setFormStatus(db(), creator.accountId, formId, "PUBLISHED")).toEqual({ ok: true });
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(await english()).toHaveLength(all.length);
    expect(repeatedCalls(await calls())).toEqual([]);
  });

  it("a save translates the new questions and choices in the background; an unchanged text is not sent again", async () => {
    const { creator, formId, w } = await japaneseForm();
    const added = `納期のご希望${tag}`;
    const choice = `特急${tag}`;
    const draft = parsedFormDraft({
      title: w.title,
      description: "",
      categoryCode: "character-illustration",
      price: "8000",
      currency: "JPY",
      questions: [
        { type: "LONG_TEXT", title: w.details, description: w.detailsHelp, isRequired: true, choices: [] },
        {
          type: "SINGLE_CHOICE",
          title: added,
          description: "",
          isRequired: false,
          choices: [{ title: choice, price: "" }],
        },
      ],
    });
    // The first save's texts are translated; a second identical save sends nothing more.
    expect(await saveForm(db(), creator.accountId, formId, draft, "ja", env.MEDIA)).toEqual({ ok: true });
    const all = [w.title, w.details, w.detailsHelp, added, choice, w.terms];
    for (let tries = 0; tries < 100; tries++) {
      if ((await storedReadings(db(), all, "en")).every((r) => r.kind === "translated")) break;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    expect((await storedReadings(db(), all, "en")).map((r) => r.kind)).toEqual(all.map(() => "translated"));
    const english = async () => callsTo(await calls(), "en");
    expect((await english()).map((c) => c.text).sort()).toEqual([...all].sort());
    expect(await saveForm(db(), creator.accountId, formId, draft, "ja", env.MEDIA)).toEqual({ ok: true });
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(await english()).toHaveLength(all.length);
    // An unchanged text is not sent again into any language.
    expect(repeatedCalls(await calls())).toEqual([]);
  });
});
