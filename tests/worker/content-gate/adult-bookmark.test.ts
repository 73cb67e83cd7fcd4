// Issue 75, finding 5: a bookmark cannot tell a gated service from none. A viewer who may not see an R-18 service
// (not opted in, or opted in with a birthday that no longer makes them 18) bookmarking its id, on or off, gets exactly
// what an id that does not exist gets (the same status, the same body), and nothing is stored; an opted-in adult
// bookmarks it. A form carries no rating, so nothing gates one.
import { env } from "cloudflare:test";
import { beforeAll, describe, expect, it } from "vitest";
import { createSession } from "#worker/services/sessions";
import { accountWithAdultChoice, seedCreator, uniqueTag } from "../support/catalog-fixtures";
import { call, db } from "../support/helpers";

const tag = uniqueTag();
let services: { plain: string; r18: string };
const cookies = {} as Record<"plain" | "lapsed" | "adult", string>;
const accounts = {} as Record<"plain" | "lapsed" | "adult", string>;

async function viewer(name: keyof typeof cookies, birthday: string | null, confirmed: boolean) {
  accounts[name] = await accountWithAdultChoice(`bm${name}${tag}`, birthday, confirmed);
  const { token } = await createSession(db(), accounts[name]);
  cookies[name] = `comet_session=${token}`;
}

beforeAll(async () => {
  const creator = await seedCreator({
    handle: `bmgated${tag}`,
    services: [
      { title: "Daytime portrait", price: 5000 },
      { title: `Night service ${tag}`, price: 9000 },
    ],
  });
  services = { plain: creator.services[0], r18: creator.services[1] };
  await env.DB.prepare("UPDATE commission_services SET content_rating_code = 'r18' WHERE id = ?")
    .bind(services.r18)
    .run();
  const year = new Date().getUTCFullYear();
  await viewer("plain", "1990-01-01", false);
  // Confirmed once, but their birthday now says 15: the choice is off (decision 110).
  await viewer("lapsed", `${year - 15}-01-01`, true);
  await viewer("adult", "1990-01-01", true);
});

async function bookmark(cookie: string, commissionServiceId: string, isActive: boolean) {
  const response = await call("/api/features/bookmark/order/submit", {
    method: "POST",
    cookie,
    json: { commissionServiceId, isActive },
  });
  return { status: response.status, body: await response.text() };
}

const storedFor = async (accountId: string, serviceId: string) =>
  (
    await env.DB.prepare("SELECT count(*) AS n FROM bookmarks WHERE user_account_id = ? AND service_id = ?")
      .bind(accountId, serviceId)
      .first<{ n: number }>()
  )?.n;

describe("a bookmark of a gated service answers as one of no service", () => {
  for (const name of ["plain", "lapsed"] as const) {
    it(`${name}: the R-18 service's id, on or off, gets the missing id's answer, and nothing is stored`, async () => {
      for (const isActive of [true, false]) {
        const missing = await bookmark(cookies[name], crypto.randomUUID(), isActive);
        const gated = await bookmark(cookies[name], services.r18, isActive);
        expect(missing.status).toBe(404);
        expect(gated).toEqual(missing);
      }
      expect(await storedFor(accounts[name], services.r18)).toBe(0);
      // The all-ages service beside it is bookmarked as before.
      expect((await bookmark(cookies[name], services.plain, true)).status).toBe(200);
    });
  }

  it("an opted-in adult bookmarks the R-18 service, and removes it", async () => {
    expect((await bookmark(cookies.adult, services.r18, true)).status).toBe(200);
    expect(await storedFor(accounts.adult, services.r18)).toBe(1);
    expect((await bookmark(cookies.adult, services.r18, false)).status).toBe(200);
  });
});
