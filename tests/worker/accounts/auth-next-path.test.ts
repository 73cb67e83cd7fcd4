import { describe, expect, it } from "vitest";
import { safeNextFromSearch, safeNextPath } from "#app/lib/safe-next-path";

const ORIGIN = "https://comet.example";

describe("the path to return to after signing in", () => {
  it.each([
    ["/dashboard/setting/profile/account", "/dashboard/setting/profile/account"],
    ["/explore/creators?q=cat#top", "/explore/creators?q=cat#top"],
    ["/a/../dashboard", "/dashboard"],
    // Encoded slashes and backslashes stay a path on this site.
    ["/%2F%2Fevil.example", "/%2F%2Fevil.example"],
    ["/%5Cevil.example", "/%5Cevil.example"],
  ])("keeps %j as %j", (next, expected) => {
    expect(safeNextPath(next, ORIGIN)).toBe(expected);
  });

  it.each([
    "/\t/evil.example/",
    "/\n/evil.example/",
    "/\r\n/evil.example/",
    "\t//evil.example/",
    "//evil.example/phish",
    "/\\evil.example",
    "/\\/evil.example",
    "\\\\evil.example",
    "/.//evil.example",
    "https://evil.example/",
    "https://comet.example.evil.example/",
    "javascript:alert(1)",
    " javascript:alert(1)",
    "",
  ])("refuses %j", (next) => {
    expect(safeNextPath(next, ORIGIN)).toBeNull();
  });

  it.each([
    "?next=/%09/evil.example/",
    "?next=/%0A/evil.example/",
    "?next=/%5C/evil.example/",
    "?next=%2F%2Fevil.example",
    "?next=javascript%3Aalert(1)",
  ])("refuses the query string %s", (search) => expect(safeNextFromSearch(search, ORIGIN)).toBeNull());

  it("reads next from the query string", () => {
    expect(safeNextFromSearch("?auth=signin&next=%2Fdashboard%2Fsetting%2Fprofile%2Faccount", ORIGIN)).toBe(
      "/dashboard/setting/profile/account",
    );
    expect(safeNextFromSearch("?auth=signin", ORIGIN)).toBeNull();
  });
});
