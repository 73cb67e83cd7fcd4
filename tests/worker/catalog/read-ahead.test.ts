// Decision 114: a signed-in GET of a profile or form page sends the page's reads with the session's statement, built
// for the user the session had on its last request, and the page's loader takes them only when they are the reads it
// would send itself. Through the Worker's own middleware (createApp with the app's page reads) and the real loaders,
// counting round trips as `X-D1-Round-Trips` does.
import { createExecutionContext, env, waitOnExecutionContext } from "cloudflare:test";
import { RouterContextProvider } from "react-router";
import { describe, expect, it } from "vitest";
import { PAGE_READS } from "#app/loaders/page-reads/index.server";
import { requestContext } from "#app/lib/request-context";
import * as formPage from "#app/routes/commission-form";
import * as profilePage from "#app/routes/profile";
import { createApp } from "#worker/app";
import { withMessageLocale } from "#worker/messages/message-locale";
import { createSession } from "#worker/services/sessions";
import { addPublishedForm, currencyId } from "../support/catalog-fixtures";
import { db } from "../support/helpers";
import { slotsSetUp } from "../support/waitlist-fixtures";

/** The Worker with the profile and form loaders as its pages: each answers its loader's data as JSON. */
function appWith(pageReads: typeof PAGE_READS) {
  return createApp(
    (request, context) =>
      withMessageLocale(context.locale, context.url.origin, async () => {
        const loadContext = new RouterContextProvider();
        loadContext.set(requestContext, context);
        const path = new URL(request.url).pathname.replace(/\.data$/, "");
        const [, first, second] = path.split("/");
        const loaded =
          first === "cf"
            ? await formPage.loader({ request, context: loadContext, params: { code: second } } as never)
            : await profilePage.loader({ request, context: loadContext, params: { handle: first } } as never);
        return Response.json(loaded);
      }),
    { pageReads },
  );
}

const app = appWith(PAGE_READS);
const appWithout = appWith([]);

async function get(path: string, cookie: string, through = app, init: RequestInit = {}) {
  const ctx = createExecutionContext();
  const response = await through.fetch(
    new Request(`http://localhost${path}`, { ...init, headers: { cookie } }),
    env,
    ctx,
  );
  await waitOnExecutionContext(ctx);
  return {
    status: response.status,
    roundTrips: Number(response.headers.get("x-d1-round-trips")),
    body:
      response.status === 200 && init.method !== "HEAD" ? ((await response.json()) as Record<string, unknown>) : null,
  };
}

async function signedIn(accountId: string) {
  const { token } = await createSession(db(), accountId);
  return `comet_session=${token}`;
}

/** What a page shows, without what differs between two reads of it a moment apart. */
const shown = (body: Record<string, unknown> | null) =>
  JSON.parse(JSON.stringify(body, (key, value) => (key === "now" ? undefined : value)));

describe("a signed-in page's reads sent with the session's statement (decision 114)", () => {
  it("a profile: one round trip after the session's first request, and the same page as without", async () => {
    const s = await slotsSetUp(2);
    const cookie = await signedIn(s.client.accountId);
    // The session's first request: nothing to guess from (and the session's first touch, the signals' first count).
    expect((await get(`/${s.seller.handle}`, cookie)).status).toBe(200);
    const second = await get(`/${s.seller.handle}`, cookie);
    expect(second.roundTrips).toBe(1);
    // A client-side navigation's data request reads ahead as its page does.
    expect((await get(`/${s.seller.handle}.data`, cookie)).roundTrips).toBe(1);
    // Another profile (its signals counted once first): the guess is the user, not the page.
    const other = await slotsSetUp(1);
    await get(`/${other.seller.handle}`, "");
    expect((await get(`/${other.seller.handle}`, cookie)).roundTrips).toBe(1);
    // The page read ahead is the page read apart.
    const apart = await get(`/${s.seller.handle}`, cookie, appWithout);
    expect(apart.roundTrips).toBe(2);
    expect(shown(second.body)).toEqual(shown(apart.body));
  });

  it("a form: one round trip after the first, the same page as without; back from 3-D Secure it reads after saving the card", async () => {
    const s = await slotsSetUp(2);
    const code = await addPublishedForm(s.seller.commissionAccountId, "Read-ahead form");
    const cookie = await signedIn(s.client.accountId);
    await get(`/cf/${code}`, cookie);
    const second = await get(`/cf/${code}`, cookie);
    expect(second.roundTrips).toBe(1);
    expect(shown(second.body)).toEqual(shown((await get(`/cf/${code}`, cookie, appWithout)).body));
    expect(second.body).toMatchObject({ request: { kind: "can-send", cards: [expect.anything()] } });
    // A redirect's query that fails its checks saves nothing, but the page still reads after it: nothing ahead.
    const back = await get(`/cf/${code}?setup_intent=bad&redirect_status=failed`, cookie);
    expect(back.body).toMatchObject({ cardReturn: "failed" });
    expect(back.roundTrips).toBe(2);
  });

  it("a user whose currency changed since the last request: the guess is not taken, and the page shows the new one", async () => {
    const s = await slotsSetUp(2);
    const cookie = await signedIn(s.client.accountId);
    await get(`/${s.seller.handle}`, cookie);
    await env.DB.prepare("UPDATE user_accounts SET display_currency_id = ? WHERE id = ?")
      .bind(await currencyId("USD"), s.client.accountId)
      .run();
    const changed = await get(`/${s.seller.handle}`, cookie);
    // The session's batch with the guessed reads, then the page's own for the user it really is.
    expect(changed.roundTrips).toBe(2);
    expect(shown(changed.body)).toEqual(shown((await get(`/${s.seller.handle}`, cookie, appWithout)).body));
    expect(JSON.stringify(changed.body)).toContain("USD");
    // Remembered anew: the next one is one round trip again.
    expect((await get(`/${s.seller.handle}`, cookie)).roundTrips).toBe(1);
  });

  it("a session ended since the last request: the page is read for a visitor, nothing of the guess shown", async () => {
    const s = await slotsSetUp(2);
    const code = await addPublishedForm(s.seller.commissionAccountId, "Read-ahead form");
    const cookie = await signedIn(s.client.accountId);
    await get(`/cf/${code}`, cookie);
    await env.DB.prepare("DELETE FROM sessions WHERE user_account_id = ?").bind(s.client.accountId).run();
    const ended = await get(`/cf/${code}`, cookie);
    expect(ended.roundTrips).toBe(2);
    // The client's saved card was in the batch read ahead; the page read for nobody has none.
    expect(ended.body).toMatchObject({ profileId: null });
    expect(JSON.stringify(ended.body)).not.toContain("4242");
    expect(shown(ended.body)).toEqual(shown((await get(`/cf/${code}`, "", appWithout)).body));
  });

  it("only a GET reads ahead: a HEAD reads as it did", async () => {
    const s = await slotsSetUp(2);
    const cookie = await signedIn(s.client.accountId);
    await get(`/${s.seller.handle}`, cookie);
    expect((await get(`/${s.seller.handle}`, cookie, app, { method: "HEAD" })).roundTrips).toBe(2);
  });
});
