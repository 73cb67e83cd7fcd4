// Issue 75, finding 9: every title a creator wrote reads translated on their profile for a reader of another language,
// the review card's service too ("Subscriber badge setの依頼" read the service as written). The walk reads the whole of
// the profile loader's answer, in Japanese and in Korean, and finds each English title only where a card keeps the
// original for its hover (`original`), beside its translation and the original's language.
import { createExecutionContext, env, waitOnExecutionContext } from "cloudflare:test";
import { RouterContextProvider } from "react-router";
import { beforeAll, describe, expect, it } from "vitest";
import { requestContext } from "#app/lib/request-context";
import * as profileRoute from "#app/routes/profile";
import type { Locale } from "#worker/domain/locales";
import { detectTextLanguage } from "#worker/domain/text-language";
import { normalizeText } from "#worker/domain/text";
import { sha256Hex } from "#worker/services/crypto";
import { seedCreator, uniqueTag, type SeededCreator } from "../support/catalog-fixtures";
import { db } from "../support/helpers";
import { insertOrder } from "../support/order-fixtures";

const tag = uniqueTag();
const TITLES = {
  service: `Subscriber badge set ${tag}`,
  form: `Bust-up sketch ${tag}`,
  work: `Night sky study ${tag}`,
  ordered: `Emote pack as ordered ${tag}`,
};
const READERS = ["ja", "ko"] as const;
/** A made-up translation, told apart by reader and title, that does not hold its original. */
const translated = (title: string, reader: Locale) => `〔${reader}〕${[...title].reverse().join("")}`;

let creator: SeededCreator;

/** A translation as the translator's making stores it (services/translations.ts), keyed by the original's content. */
async function storeTranslation(original: string, target: Locale, text: string): Promise<void> {
  const normal = normalizeText(original);
  const from = detectTextLanguage(normal);
  await env.DB.prepare(
    `INSERT INTO machine_translations (source_hash, target_language, source_language, translated_text, provider, model, created_at)
     VALUES (?, ?, ?, ?, 'test', 'test', ?)
     ON CONFLICT (source_hash, target_language) DO UPDATE SET translated_text = excluded.translated_text`,
  )
    .bind(await sha256Hex(`${from}\n${normal}`), target, from, text, Date.now())
    .run();
}

/** An order for `serviceId` whose snapshot is titled `title`, completed and reviewed by `client`, the review shown. */
async function reviewedServiceOrder(serviceId: string, title: string, client: SeededCreator) {
  const order = await insertOrder({
    sellerId: creator.commissionAccountId,
    buyerId: client.commissionAccountId,
    priceAmount: 5_000,
    approvalDeadline: Date.now() + 86_400_000,
  });
  const snapshot = crypto.randomUUID();
  const now = Date.now();
  await env.DB.batch([
    env.DB.prepare(
      `INSERT INTO commission_order_services (id, order_id, service_id, price_amount, price_currency_id, created_at, updated_at)
       VALUES (?, ?, ?, 5000, (SELECT id FROM currencies WHERE code = 'JPY'), ?, ?)`,
    ).bind(snapshot, order.id, serviceId, now, now),
    env.DB.prepare(
      `INSERT INTO localized_texts (id, entity_type, entity_id, field, language_code, is_original, text)
       VALUES (?, 'commission_order_service', ?, 'title', 'en', 1, ?)`,
    ).bind(crypto.randomUUID(), snapshot, title),
    env.DB.prepare(
      `INSERT INTO order_reviews (id, order_id, author_side, author_id, subject_id, rating, body, visible_at, created_at, updated_at)
       VALUES (?, ?, 'buyer', ?, ?, 5, 'Lovely badges.', ?, ?, ?)`,
    ).bind(
      crypto.randomUUID(),
      order.id,
      client.commissionAccountId,
      creator.commissionAccountId,
      now - 1_000,
      now,
      now,
    ),
  ]);
}

/** The profile loader's answer for a signed-out reader of `locale`, as the Worker runs it. */
async function profileFor(locale: Locale) {
  const executionCtx = createExecutionContext();
  const context = new RouterContextProvider();
  const url = new URL(`http://localhost/${creator.handle}`);
  context.set(requestContext, { env, url, executionCtx, db: db(), user: null, sessionToken: undefined, locale });
  const data = await profileRoute.loader({
    params: { handle: creator.handle },
    request: new Request(url),
    context,
  } as never);
  await waitOnExecutionContext(executionCtx);
  return data;
}

/** Every string in `value` holding `text`, by its path (`a.b.0.c`). */
function placesOf(value: unknown, text: string, path = ""): string[] {
  if (typeof value === "string") return value.includes(text) ? [path] : [];
  if (value === null || typeof value !== "object") return [];
  return Object.entries(value).flatMap(([key, inner]) => placesOf(inner, text, path ? `${path}.${key}` : key));
}

beforeAll(async () => {
  creator = await seedCreator({
    handle: `titles${tag}`,
    name: { en: `Titles ${tag}` },
    works: 1,
    forms: [{ title: { en: TITLES.form }, price: 8_000 }],
    services: [{ title: TITLES.service, price: 5_000 }],
  });
  await env.DB.prepare(
    "UPDATE localized_texts SET text = ? WHERE entity_type = 'portfolio_work' AND entity_id = ? AND field = 'title'",
  )
    .bind(TITLES.work, creator.works[0])
    .run();
  const client = await seedCreator({ handle: `client${tag}`, creator: false });
  // A review of the service as it is titled now, and one of an order whose snapshot kept an older title.
  await reviewedServiceOrder(creator.services[0], TITLES.service, client);
  await reviewedServiceOrder(creator.services[0], TITLES.ordered, client);
  for (const title of Object.values(TITLES))
    for (const reader of READERS) await storeTranslation(title, reader, translated(title, reader));
});

describe("a profile's titles read translated everywhere (issue 75)", () => {
  for (const reader of READERS)
    it(`in ${reader}: each title written in English shows translated, its original kept only for the hover`, async () => {
      const page = await profileFor(reader);
      // Each place on the page that shows a written title, read as the page shows it.
      const shown = {
        service: page.profile.services.map((s) => s.title),
        form: page.profile.forms.map((f) => f.title),
        work: page.profile.works.map((w) => w.title),
        reviews: (page.reviews?.reviews ?? []).map((r) => r.service?.title),
      };
      expect(shown).toEqual({
        service: [translated(TITLES.service, reader)],
        form: [translated(TITLES.form, reader)],
        work: [translated(TITLES.work, reader)],
        reviews: [translated(TITLES.ordered, reader), translated(TITLES.service, reader)],
      });
      // The review card says where its translation came from, as the cards do.
      expect(page.reviews?.reviews.map((r) => r.service)).toEqual([
        { title: translated(TITLES.ordered, reader), original: TITLES.ordered, translatedFrom: "en" },
        { title: translated(TITLES.service, reader), original: TITLES.service, translatedFrom: "en" },
      ]);
      // Nowhere else in the answer does an original stand as shown text: only as a card's `original` (its hover), and
      // as the key of the page's readings.
      for (const title of Object.values(TITLES)) {
        const places = placesOf(page, title).filter(
          (place) => !place.endsWith(".original") && !place.startsWith("profile.readings."),
        );
        expect(places, title).toEqual([]);
      }
    });
});
