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
    expect(publicPageAt("/")).toEqual({ kind: "catalog" });
    expect(publicPageAt("/_root.data")).toEqual({ kind: "catalog" });
    expect(publicPageAt("/explore/creators.data")).toEqual({ kind: "catalog" });
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
  const get = (cookieHeader: string | null) => ({ method: "GET", cookieHeader, hasAuthorization: false });
  it("takes a GET with no cookie, or only the language and theme ones", () => {
    expect(isCacheableRequest(get(null))).toBe(true);
    expect(isCacheableRequest(get("app-language=ja; theme=dark"))).toBe(true);
  });
  it("refuses a session, any other cookie, a non-GET or an Authorization header", () => {
    expect(isCacheableRequest(get("comet_session=x"))).toBe(false);
    expect(isCacheableRequest(get("theme=dark; __Host-comet_session=x"))).toBe(false);
    expect(isCacheableRequest(get("unknown=1"))).toBe(false);
    expect(isCacheableRequest({ method: "POST", cookieHeader: null, hasAuthorization: false })).toBe(false);
    expect(isCacheableRequest({ method: "GET", cookieHeader: null, hasAuthorization: true })).toBe(false);
  });
});

describe("pageCacheKey", () => {
  const key = (url: string, locale: "en" | "ja" = "en", theme?: string) =>
    pageCacheKey({ url: new URL(url), locale, theme });
  it("sorts the query, and keeps language, currency and theme apart", () => {
    expect(key("https://x.test/explore/creators?b=2&a=1")).toBe(key("https://x.test/explore/creators?a=1&b=2"));
    expect(key("https://x.test/a")).toBe("https://x.test/__page-cache/en/JPY/system/a");
    expect(key("https://x.test/a", "ja", "dark")).toBe("https://x.test/__page-cache/ja/JPY/dark/a");
    expect(key("https://x.test/a", "en", "junk")).toBe(key("https://x.test/a"));
    expect(key("https://x.test/a?q=1")).not.toBe(key("https://x.test/a?q=2"));
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
