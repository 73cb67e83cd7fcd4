// "Show adult content" on the account settings page (issue 66, decision 110): the page's action, as React Router
// calls it, turns it on only for an account 18 or older by its stored birthday that ticked the confirmation; a minor
// is refused (403) in their language, an account without a birthday is asked for one, bad input is a 400; the choice
// is stored on the account, so another session (another device) sees it, and it turns off again.
import { createExecutionContext, waitOnExecutionContext } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { RouterContextProvider } from "react-router";
import { describe, expect, it } from "vitest";
import { requestContext } from "#app/lib/request-context";
import * as settingsPage from "#app/routes/dashboard/setting-account";
import type { Locale } from "#worker/domain/locales";
import { createSession, getSessionUser } from "#worker/services/sessions";
import { accountSection } from "#worker/account/services/data-export-reads";
import { seedCreator, uniqueTag } from "../support/catalog-fixtures";
import { db } from "../support/helpers";

const SETTINGS = "/dashboard/setting/profile/account";

async function accountBorn(birthday: string | null) {
  const { accountId } = await seedCreator({ handle: `age${uniqueTag()}`, creator: false });
  await env.DB.prepare("UPDATE user_accounts SET birthday = ? WHERE id = ?").bind(birthday, accountId).run();
  return accountId;
}

async function post(accountId: string, fields: Record<string, string>, locale: Locale = "en") {
  const executionCtx = createExecutionContext();
  const { token } = await createSession(db(), accountId);
  const context = new RouterContextProvider();
  context.set(requestContext, {
    env,
    url: new URL(`http://localhost${SETTINGS}`),
    executionCtx,
    db: db(),
    user: await getSessionUser(db(), token),
    sessionToken: token,
    locale,
  });
  const request = new Request(`http://localhost${SETTINGS}`, {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams({ intent: "adultContent", ...fields }).toString(),
  });
  const result = (await settingsPage.action({ request, context, params: {} } as never)) as unknown as {
    init?: ResponseInit | null;
    data: { adultContent: { on?: boolean; error?: string } };
  };
  await waitOnExecutionContext(executionCtx);
  return { status: result.init?.status ?? 200, ...result.data.adultContent };
}

/** What a fresh session of the account (another device) reads. */
async function showsAdult(accountId: string) {
  const { token } = await createSession(db(), accountId);
  return (await getSessionUser(db(), token))?.showsAdult;
}

const stored = async (accountId: string) =>
  (
    await env.DB.prepare("SELECT adult_content_confirmed_at AS at FROM user_accounts WHERE id = ?")
      .bind(accountId)
      .first<{ at: number | null }>()
  )?.at ?? null;

describe("the adult-content setting (decision 110)", () => {
  it("refuses a minor by their stored birthday, with a clear message in their language, and stores nothing", async () => {
    const minor = await accountBorn("2012-06-01");
    const refused = await post(minor, { show: "on", confirm: "on" });
    expect(refused.status).toBe(403);
    expect(refused.error).toContain("18 or older");
    expect(await stored(minor)).toBeNull();
    expect(await showsAdult(minor)).toBe(false);
    const ja = await post(minor, { show: "on", confirm: "on" }, "ja");
    expect(ja.error).toContain("18 歳未満");
  });

  it("asks an account without a birthday for one, and one that did not tick the box to confirm", async () => {
    const noBirthday = await accountBorn(null);
    const asked = await post(noBirthday, { show: "on", confirm: "on" });
    expect(asked.status).toBe(400);
    expect(asked.error).toContain("birthday");
    const adult = await accountBorn("1990-06-01");
    const unticked = await post(adult, { show: "on" });
    expect(unticked.status).toBe(400);
    expect(unticked.error).toContain("Tick the box");
    expect(await stored(adult)).toBeNull();
  });

  it("answers bad input with a 400, never a 500", async () => {
    const adult = await accountBorn("1990-06-01");
    const bad: Record<string, string>[] = [{}, { show: "maybe" }, { show: "on", confirm: "yes" }];
    for (const fields of bad) {
      const answer = await post(adult, fields);
      expect(answer.status).toBe(400);
      expect(answer.error).toBeTruthy();
    }
    expect(await stored(adult)).toBeNull();
  });

  it("turns on for an adult who confirms, travels to another session, and turns off again", async () => {
    const adult = await accountBorn("1990-06-01");
    expect(await showsAdult(adult)).toBe(false);
    expect(await post(adult, { show: "on", confirm: "on" })).toMatchObject({ status: 200, on: true });
    expect(await stored(adult)).not.toBeNull();
    expect(await showsAdult(adult)).toBe(true);
    // The data download names when they confirmed (decision 104's "everything", decision 110).
    const owner = { userAccountId: adult, profileId: null, handle: null, commissionAccountId: null };
    expect((await accountSection(db(), owner)).adultContentConfirmedAt).toMatch(/^\d{4}-\d{2}-\d{2}T/);
    expect(await post(adult, { show: "off" })).toMatchObject({ status: 200, on: false });
    expect(await stored(adult)).toBeNull();
    expect(await showsAdult(adult)).toBe(false);
    expect((await accountSection(db(), owner)).adultContentConfirmedAt).toBeNull();
  });
});
