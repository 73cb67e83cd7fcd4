import { describe, expect, it } from "vitest";
import {
  PAGE_FRESH_S,
  PAGE_STALE_S,
  isCacheableRequest,
  isStorableResponse,
  pageAge,
  pageCacheKey,
  publicPageAt,
} from "./page-cache";

describe("publicPageAt", () => {
  it("names the signed-out pages and their React Router data requests", () => {
    expect(publicPageAt("/")).toEqual({ kind: "catalog", list: "home" });
    expect(publicPageAt("/_root.data")).toEqual({ kind: "catalog", list: "home" });
    expect(publicPageAt("/explore/creators.data")).toEqual({ kind: "catalog", list: "explore" });
    expect(publicPageAt("/alice")).toEqual({ kind: "profile", handle: "alice" });
    expect(publicPageAt("/alice.data")).toEqual({ kind: "profile", handle: "alice" });
    expect(publicPageAt("/alice/works/w1")).toEqual({ kind: "work", handle: "alice", workId: "w1" });
    expect(publicPageAt("/cf/abc")).toEqual({ kind: "form", code: "abc" });
  });

  it("names nothing else: the dashboard, APIs, legal pages, files, reserved first segments", () => {
    for (const path of [
      "/dashboard",
      "/dashboard/billing",
      "/api/x",
      "/terms",
      "/ban",
      "/media/a.png",
      "/alice/other/x",
      "//x",
      "/%E0%A4%A",
    ])
      expect(publicPageAt(path), path).toBeNull();
  });
});

describe("isCacheableRequest", () => {
  const request = (changes: Partial<Parameters<typeof isCacheableRequest>[0]> = {}) => ({
    method: "GET",
    cookieHeader: null,
    hasAuthorization: false,
    hasBookmarkHeader: false,
    searchParams: new URLSearchParams(),
    ...changes,
  });
  const get = (cookieHeader: string | null) => request({ cookieHeader });
  it("takes a GET with no cookie, or only the language and theme ones", () => {
    expect(isCacheableRequest(get(null))).toBe(true);
    expect(isCacheableRequest(get("app-language=ja; theme=dark"))).toBe(true);
  });
  it("refuses a session, any other cookie, a non-GET or an Authorization header", () => {
    expect(isCacheableRequest(get("comet_session=x"))).toBe(false);
    expect(isCacheableRequest(get("theme=dark; __Host-comet_session=x"))).toBe(false);
    expect(isCacheableRequest(get("unknown=1"))).toBe(false);
    expect(isCacheableRequest(request({ method: "POST" }))).toBe(false);
    expect(isCacheableRequest(request({ hasAuthorization: true }))).toBe(false);
  });
  it("refuses a client's own D1 bookmark and a 3-D Secure return, which are one visitor's", () => {
    expect(isCacheableRequest(request({ hasBookmarkHeader: true }))).toBe(false);
    for (const query of ["setup_intent=seti_1&redirect_status=succeeded", "payment_intent=pi_1", "redirect_status=x"])
      expect(isCacheableRequest(request({ searchParams: new URLSearchParams(query) })), query).toBe(false);
  });
});

describe("pageCacheKey", () => {
  const key = (address: string, locale: "en" | "ja" = "en", theme?: string) => {
    const url = new URL(address);
    const page = publicPageAt(url.pathname);
    if (!page) throw new Error(`not a public page: ${address}`);
    return pageCacheKey({ url, page, locale, theme });
  };
  it("keeps language, currency and theme apart", () => {
    expect(key("https://x.test/a")).toBe("https://x.test/__page-cache/en/JPY/system/a");
    expect(key("https://x.test/a", "ja", "dark")).toBe("https://x.test/__page-cache/ja/JPY/dark/a");
    expect(key("https://x.test/a", "en", "junk")).toBe(key("https://x.test/a"));
  });
  it("holds only the parameters the page reads: others make no key of their own", () => {
    expect(key("https://x.test/explore/creators.data?z=1")).toBe(key("https://x.test/explore/creators.data"));
    expect(key("https://x.test/?auth=signin&next=%2Fdashboard")).toBe(key("https://x.test/"));
    expect(key("https://x.test/a?q=1&utm_source=x")).toBe(key("https://x.test/a"));
    expect(key("https://x.test/a/works/w?service=1")).toBe(key("https://x.test/a/works/w"));
    expect(key("https://x.test/a?service=1")).toBe("https://x.test/__page-cache/en/JPY/system/a?service=1");
    expect(key("https://x.test/a?service=1")).not.toBe(key("https://x.test/a?service=2"));
  });
  it("keys explore by its search as the page reads it: parameters sorted, defaults and bad values dropped", () => {
    expect(key("https://x.test/explore/creators?sort=name&q=a")).toBe(
      key("https://x.test/explore/creators?q=a&sort=name"),
    );
    expect(key("https://x.test/explore/creators?q=1")).not.toBe(key("https://x.test/explore/creators?q=2"));
    expect(key("https://x.test/explore/creators?sort=date&order=desc")).toBe(key("https://x.test/explore/creators"));
    expect(key("https://x.test/explore/creators?sort=bogus&category=%3Cx%3E")).toBe(
      key("https://x.test/explore/creators"),
    );
  });
  it("reads a repeated parameter's first value, as the page does", () => {
    const first = key("https://x.test/explore/creators?sort=name&q=A&q=demo");
    expect(first).toBe(key("https://x.test/explore/creators?q=A&sort=name"));
    expect(first).not.toBe(key("https://x.test/explore/creators?q=demo&q=A&sort=name"));
    expect(key("https://x.test/a?service=1&service=2")).toBe(key("https://x.test/a?service=1"));
  });
  it("keeps a data request's route list, the first as React Router reads it, and only on data requests", () => {
    expect(key("https://x.test/a.data?_routes=routes%2Fprofile")).not.toBe(key("https://x.test/a.data"));
    expect(key("https://x.test/a.data?_routes=r1&_routes=r2")).toBe(key("https://x.test/a.data?_routes=r1"));
    expect(key("https://x.test/a?_routes=r1")).toBe(key("https://x.test/a"));
  });
});

describe("pageAge", () => {
  it("is fresh, then stale, then expired", () => {
    expect(pageAge(0, (PAGE_FRESH_S - 1) * 1000)).toBe("fresh");
    expect(pageAge(0, PAGE_FRESH_S * 1000)).toBe("stale");
    expect(pageAge(0, PAGE_STALE_S * 1000)).toBe("expired");
    expect(pageAge(Number.NaN, 0)).toBe("expired");
  });
});

describe("isStorableResponse", () => {
  it("keeps only a 200 without a cookie to set and not marked private", () => {
    expect(isStorableResponse({ status: 200, hasSetCookie: false, cacheControl: null })).toBe(true);
    expect(isStorableResponse({ status: 404, hasSetCookie: false, cacheControl: null })).toBe(false);
    expect(isStorableResponse({ status: 200, hasSetCookie: true, cacheControl: null })).toBe(false);
    expect(isStorableResponse({ status: 200, hasSetCookie: false, cacheControl: "Private" })).toBe(false);
    expect(isStorableResponse({ status: 200, hasSetCookie: false, cacheControl: "public, no-store" })).toBe(false);
  });
});

describe("pageCacheKey of explore's filters (issue 66, decision 108)", () => {
  const key = (query: string) => {
    const url = new URL(`https://x.test/explore/creators?${query}`);
    return pageCacheKey({ url, page: { kind: "catalog", list: "explore" }, locale: "en", theme: undefined });
  };
  const filters = ["open=1", "min=1000", "max=30000", "licence=commercial", "rating=4", "writes=ja", "content=r15"];

  it("keys each filter apart, and alike in any order or with junk beside it", () => {
    const plain = key("");
    for (const filter of filters) {
      expect(key(filter), filter).not.toBe(plain);
      expect(key(`utm_source=x&${filter}&zz=1`), filter).toBe(key(filter));
    }
    expect(new Set(filters.map(key)).size).toBe(filters.length);
    expect(key(filters.join("&"))).toBe(key([...filters].reverse().join("&")));
    // Each sort's own direction is left out of the key (decision 109): the cheapest first is the price sort's.
    expect(key("sort=price")).toBe(key("sort=price&order=asc"));
    expect(key("sort=price")).not.toBe(key("sort=price&order=desc"));
    expect(key("sort=rating")).not.toBe(plain);
  });

  it("gives a bad or out-of-range value the key of what the page reads", () => {
    expect(key("open=true&licence=x&writes=xx&rating=z")).toBe(key(""));
    expect(key("rating=7")).toBe(key("rating=5"));
    expect(key("min=30000&max=1000")).toBe(key("max=30000&min=1000"));
  });
});
