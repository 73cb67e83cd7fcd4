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
import { addPublishedForm } from "../support/catalog-fixtures";
import { db } from "../support/helpers";
import { slotsSetUp } from "../support/waitlist-fixtures";

/** The loader's D1 round trips and what it loaded, signed in as `userAccountId` (the session read is the Worker's). */
async function roundTripsOf<T>(
  userAccountId: string,
  path: string,
  run: (args: { context: RouterContextProvider; request: Request }) => Promise<T>,
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
  const loaded = await withMessageLocale("en", "http://localhost", () =>
    run({ context, request: new Request(`http://localhost${path}`) }),
  );
  return { count: counter.count, loaded };
}

describe("a signed-in client's profile and form pages (issue 66, decision 113)", () => {
  it("read the profile with its reviews, slots and signals in one batch, and the form with the same by its code", async () => {
    const s = await slotsSetUp(2);
    const code = await addPublishedForm(s.seller.commissionAccountId, "Round-trip form");
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
    const { count: profile, loaded: profileData } = await viewProfile();
    expect(profile).toBeGreaterThanOrEqual(1);
    expect(profile).toBeLessThanOrEqual(1);
    // The form: one batch of everything named by its code, the form itself, the rating (account and rating), the
    // client's standing and saved cards, the form's slots, the client's place and the signals' row. Eight before issue
    // 66's pass: the rating's account read before it, the cards after the standing, the place, the slots and the
    // signals each apart; three, then two after its first steps (the rating's batch apart, then the form's).
    const { count: form, loaded: formData } = await roundTripsOf(s.client.accountId, `/cf/${code}`, (args) =>
      formPage.loader({ ...args, params: { code } } as never),
    );
    expect(form).toBeGreaterThanOrEqual(1);
    expect(form).toBeLessThanOrEqual(1);
    // Read by the form's code, the creator's figures are the ones their profile shows by handle, and the client's own.
    expect(formData.rating).toEqual(profileData.reviews?.summary);
    expect(formData.signals?.items).toEqual(profileData.signals?.items);
    expect(formData.signals?.items.length).toBeGreaterThan(0);
    const formCard = profileData.profile.forms.find((card) => card.code === code);
    expect(formData.waitlist.status).toEqual(formCard?.slots);
    expect(formData.request).toMatchObject({ kind: "can-send", cards: [expect.anything()] });
  });
});
