// Issue 75, finding 4: `?lang=` is the interface language only. On /explore/creators the "creator writes in" filter
// has its own parameter (`writes=`), so every language alternate of explore lists the same creators, each page in its
// own language; an old `?lang=ko` link picks the language and filters nothing. A redirect of a page asked with
// `?lang=` keeps it (the dashboard's first page, the sign-in it sends a visitor to, a creator-side page's
// counterpart), so the page it lands on is in the language asked for, not the cookie's.
import { beforeAll, describe, expect, it } from "vitest";
import * as dashboardIndex from "#app/routes/dashboard/index";
import * as exploreRoute from "#app/routes/explore-creators";
import * as formsRoute from "#app/routes/dashboard/commission-forms";
import { languageAlternates } from "#worker/domain/locales";
import { keepingLanguage, requestLocale } from "#worker/http/locale";
import { seedCreator, uniqueTag } from "../support/catalog-fixtures";
import { BASE } from "../support/helpers";
import { pageContext, type Member } from "../support/visibility-fixtures";

const tag = uniqueTag();
let english: string;
let japanese: string;

/** The React Router context of a request for `path` by `member` whose language cookie says `cookieLanguage`. */
function contextOf(member: Member | null, path: string, cookieLanguage = "en") {
  const url = new URL(`${BASE}${path}`);
  const locale = requestLocale(new Request(url, { headers: { cookie: `app-language=${cookieLanguage}` } }), url);
  return pageContext(member, path, locale);
}

/** What explore's loader lists at `path` (the creators of this file) and in which language it answers. */
async function explore(path: string) {
  const context = await contextOf(null, path);
  const page = await exploreRoute.loader({ params: {}, request: new Request(`${BASE}${path}`), context } as never);
  return { handles: page.handles.filter((h) => h.endsWith(tag)).sort() };
}

/** The redirect a loader throws (a Response with a Location). */
async function redirected(run: () => unknown): Promise<string | null> {
  try {
    await run();
  } catch (thrown) {
    if (thrown instanceof Response) return thrown.headers.get("location");
    throw thrown;
  }
  return null;
}

beforeAll(async () => {
  english = (await seedCreator({ handle: `en${tag}`, name: { en: `Writer ${tag}` } })).handle;
  japanese = (await seedCreator({ handle: `ja${tag}`, name: { ja: `作家 ${tag}`, original: "ja" } })).handle;
});

describe("explore's language alternates list the same creators (issue 75)", () => {
  it("every alternate, and an old ?lang= link, lists every creator; lang= picks the language alone", async () => {
    const both = [english, japanese].sort();
    expect((await explore(`/explore/creators?q=${tag}`)).handles).toEqual(both);
    for (const alternate of languageAlternates(BASE, "/explore/creators")) {
      const url = new URL(alternate.href);
      url.searchParams.set("q", tag);
      expect((await explore(`${url.pathname}${url.search}`)).handles, alternate.href).toEqual(both);
      if (alternate.hreflang !== "x-default")
        expect(requestLocale(new Request(url, { headers: { cookie: "app-language=ja" } }), url)).toBe(
          alternate.hreflang,
        );
    }
  });

  it("filters by the language a creator writes in through writes=", async () => {
    expect((await explore(`/explore/creators?q=${tag}&writes=ja`)).handles).toEqual([japanese]);
    expect((await explore(`/explore/creators?q=${tag}&writes=ja&lang=ko`)).handles).toEqual([japanese]);
    expect((await explore(`/explore/creators?q=${tag}&writes=ko`)).handles).toEqual([]);
  });
});

describe("a redirect keeps ?lang= (issue 75)", () => {
  it("the dashboard's first page, a creator page's counterpart and the sign-in keep the language asked for", async () => {
    const client = { accountId: (await seedCreator({ handle: `cl${tag}`, creator: false })).accountId } as Member;
    const load = (route: { loader: (args: never) => unknown }, member: Member | null, path: string) => async () =>
      route.loader({
        params: {},
        request: new Request(`${BASE}${path}`),
        context: await contextOf(member, path, "ja"),
      } as never);
    expect(await redirected(load(dashboardIndex, client, "/dashboard?lang=ko"))).toBe(
      "/dashboard/setting/profile?lang=ko",
    );
    expect(await redirected(load(dashboardIndex, client, "/dashboard"))).toBe("/dashboard/setting/profile");
    // A client on a creator-side page is sent to becoming one, in the same language.
    expect(await redirected(load(formsRoute, client, "/dashboard/commission/setting/form?lang=zh-Hant"))).toBe(
      "/dashboard/creator/home?lang=zh-Hant",
    );
    // Signed out: home with the sign-in open, in the language asked for, and back to the page as asked.
    const signIn = new URL((await redirected(load(dashboardIndex, null, "/dashboard?lang=ko")))!, BASE);
    expect(signIn.pathname).toBe("/");
    expect(signIn.searchParams.get("lang")).toBe("ko");
    expect(signIn.searchParams.get("next")).toBe("/dashboard?lang=ko");
  });

  it("keepingLanguage appends the request's language to a path as written, and leaves the rest alone", () => {
    const from = new URL(`${BASE}/dashboard?lang=ko`);
    expect(keepingLanguage("/dashboard/setting/account?saved", from)).toBe("/dashboard/setting/account?saved&lang=ko");
    expect(keepingLanguage("/a#b", from)).toBe("/a?lang=ko#b");
    expect(keepingLanguage("/a?lang=ja", from)).toBe("/a?lang=ja");
    expect(keepingLanguage("//evil.test/a", from)).toBe("//evil.test/a");
    expect(keepingLanguage("/a", new URL(`${BASE}/dashboard?lang=xx`))).toBe("/a");
    expect(keepingLanguage("/a", new URL(`${BASE}/dashboard`))).toBe("/a");
  });
});
