import { describe, expect, it } from "vitest";
import { PRIMARY_NEXT, bookmarkAnswer, bookmarkToReturn, d1SessionStart, parseBookmark } from "./d1-sessions";

const BOOKMARK = "00000000-00000017-00000000-00000000000000000000000000000000";

describe("parseBookmark", () => {
  it("keeps a bookmark of D1's shape", () => {
    expect(parseBookmark(BOOKMARK)).toBe(BOOKMARK);
    expect(parseBookmark("0000002a-00000002-00004fa8-1a5ef45e9cec85f0a6fa9b22bd8f2af8")).not.toBeNull();
  });

  it("ignores what is missing, too long, or of another alphabet", () => {
    for (const bad of [
      undefined,
      null,
      "",
      "garbage",
      "first-primary",
      "first-unconstrained",
      "00000000",
      `${BOOKMARK}-${"0".repeat(100)}`,
      `${BOOKMARK};`,
      `${BOOKMARK} `,
      "0000-<script>",
      "-0000-0000",
    ]) {
      expect(parseBookmark(bad), String(bad)).toBeNull();
    }
  });
});

describe("d1SessionStart", () => {
  it("starts a read from the client's bookmark", () => {
    expect(d1SessionStart("GET", BOOKMARK)).toBe(BOOKMARK);
    expect(d1SessionStart("HEAD", BOOKMARK)).toBe(BOOKMARK);
  });

  it("starts a read without a bookmark at any replica", () => {
    expect(d1SessionStart("GET", null)).toBe("first-unconstrained");
  });

  it("starts the read after a write on the primary, where an object's writes are too", () => {
    expect(d1SessionStart("GET", PRIMARY_NEXT)).toBe("first-primary");
  });

  it("starts every write on the primary, bookmark or not", () => {
    for (const method of ["POST", "PUT", "PATCH", "DELETE", "post"]) {
      expect(d1SessionStart(method, null), method).toBe("first-primary");
      expect(d1SessionStart(method, BOOKMARK), method).toBe("first-primary");
    }
  });
});

describe("bookmarkAnswer", () => {
  const signedOutRead = {
    method: "GET",
    signedIn: false,
    carriedBookmark: false,
    responseSetsCookie: false,
    responseIsPublic: false,
  };

  it("sends nothing back to a plain signed-out read, so the edge cache may keep it", () => {
    expect(bookmarkAnswer(signedOutRead)).toEqual({ cookie: false, header: false });
  });

  it("answers a signed-in write with the cookie and the header", () => {
    expect(bookmarkAnswer({ ...signedOutRead, method: "POST", signedIn: true })).toEqual({
      cookie: true,
      header: true,
    });
  });

  it("answers a signed-out write (a page-visit count) with the header only, so its next pages stay cacheable", () => {
    expect(bookmarkAnswer({ ...signedOutRead, method: "POST" })).toEqual({ cookie: false, header: true });
  });

  it("answers a signed-in read, and an answer that sets a cookie anyway, with both", () => {
    expect(bookmarkAnswer({ ...signedOutRead, signedIn: true })).toEqual({ cookie: true, header: true });
    expect(bookmarkAnswer({ ...signedOutRead, responseSetsCookie: true })).toEqual({ cookie: true, header: true });
  });

  it("answers a signed-out read that carried a bookmark with the header only", () => {
    expect(bookmarkAnswer({ ...signedOutRead, carriedBookmark: true })).toEqual({ cookie: false, header: true });
  });

  it("never puts a bookmark on an answer marked public", () => {
    expect(
      bookmarkAnswer({
        ...signedOutRead,
        method: "POST",
        signedIn: true,
        carriedBookmark: true,
        responseIsPublic: true,
      }),
    ).toEqual({ cookie: false, header: false });
  });
});

describe("bookmarkToReturn", () => {
  it("returns the session's bookmark after a read, and tells the next read to start on the primary after a write", () => {
    expect(bookmarkToReturn("GET", BOOKMARK)).toBe(BOOKMARK);
    expect(bookmarkToReturn("GET", null)).toBeNull();
    expect(bookmarkToReturn("POST", BOOKMARK)).toBe(PRIMARY_NEXT);
    expect(bookmarkToReturn("DELETE", null)).toBe(PRIMARY_NEXT);
  });
});
