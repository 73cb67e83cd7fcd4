// Issue 66's pass over the pages a client lands on (decision 113): a signed-in profile and form page send each
// module's reads as one batch. Counted as a ceiling through the real loaders on a counting binding, as the Worker's
// `X-D1-Round-Trips` counts them: a refactor that saves one passes, one that adds one fails.
import { createExecutionContext, env } from "cloudflare:test";
import { RouterContextProvider } from "react-router";
import { describe, expect, it } from "vitest";
import { requestContext } from "#app/lib/request-context";
import * as formPage from "#app/routes/commission-form";
import * as profilePage from "#app/routes/profile";
import { createDb } from "#worker/db/client";
import { countRoundTrips } from "#worker/db/round-trips";
import { withMessageLocale } from "#worker/messages/message-locale";
import { createSession, getSessionUser } from "#worker/services/sessions";
import { currencyId } from "../support/catalog-fixtures";
import { db } from "../support/helpers";
import { slotsSetUp } from "../support/waitlist-fixtures";

/** A published form of the creator (slotsSetUp gives a service only). */
async function addForm(commissionAccountId: string) {
  const id = crypto.randomUUID();
  const code = `rt${id.slice(0, 8)}`;
  await env.DB.batch([
    env.DB.prepare(
      "INSERT INTO commission_forms (id, code, commission_account_id, form_status, price_amount, price_currency_id, category_code, user_index) VALUES (?, ?, ?, 'PUBLISHED', 5000, ?, 'character-illustration', 0)",
    ).bind(id, code, commissionAccountId, await currencyId("JPY")),
    env.DB.prepare(
      "INSERT INTO localized_texts (id, entity_type, entity_id, field, language_code, is_original, text) VALUES (?, 'commission_form', ?, 'title', 'en', 1, 'Round-trip form')",
    ).bind(crypto.randomUUID(), id),
  ]);
  return code;
}

/** The loader's D1 round trips, signed in as `userAccountId` (the session read is the Worker's, before the loader). */
async function roundTripsOf(
  userAccountId: string,
  path: string,
  run: (args: { context: RouterContextProvider; request: Request }) => Promise<unknown>,
) {
  const { token } = await createSession(db(), userAccountId);
  const counter = { count: 0 };
  const context = new RouterContextProvider();
  context.set(requestContext, {
    env,
    url: new URL(`http://localhost${path}`),
    executionCtx: createExecutionContext(),
    db: createDb(countRoundTrips(env.DB, counter)),
    user: await getSessionUser(db(), token),
    sessionToken: token,
    locale: "en",
  });
  await withMessageLocale("en", "http://localhost", () =>
    run({ context, request: new Request(`http://localhost${path}`) }),
  );
  return counter.count;
}

describe("a signed-in client's profile and form pages (issue 66, decision 113)", () => {
  it("read the profile with its reviews, slots and signals in one batch; the form, then the rest in another", async () => {
    const s = await slotsSetUp(2);
    const code = await addForm(s.seller.commissionAccountId);
    // The profile: one batch of the profile itself, the reviews (account, rating, page), the slots (overall and each
    // card's) and the signals' row; the stored translations of its texts follow when it has any to read (this one has
    // none). Seven before issue 66's pass: the reviews' account, then their rating and page apart; the slots' account,
    // then theirs; the signals apart. Three after its first step, the profile and the reviews each in a batch of their
    // own beside the slots' and signals' (decision 113).
    // The first view computes and keeps the creator's signals (decision 106); the view counted reads the kept row.
    const viewProfile = () =>
      roundTripsOf(s.client.accountId, `/${s.seller.handle}`, (args) =>
        profilePage.loader({ ...args, params: { handle: s.seller.handle } } as never),
      );
    await viewProfile();
    const profile = await viewProfile();
    expect(profile).toBeGreaterThanOrEqual(1);
    expect(profile).toBeLessThanOrEqual(1);
    // The form: its batch, then one batch of the rating (account and rating), the client's standing and saved cards,
    // the form's slots, the client's place and the signals' row. Eight before issue 66's pass: the rating's account read
    // before it, the cards after the standing, the place, the slots and the signals each apart; three after its first
    // step, the rating's batch apart (decision 113).
    const form = await roundTripsOf(s.client.accountId, `/cf/${code}`, (args) =>
      formPage.loader({ ...args, params: { code } } as never),
    );
    expect(form).toBeGreaterThanOrEqual(1);
    expect(form).toBeLessThanOrEqual(2);
  });
});
