import { describe, expect, it } from "vitest";
import {
  GUARDED_VIEWER,
  adultBornBy,
  ageOn,
  confirmAdult,
  contentViewerOf,
  isAdultRating,
  maySeeRating,
  showsAdultContent,
  visibleRatingSql,
} from "./content-gate";

const optedIn = { accountId: "a-adult", showsAdult: true };
const signedIn = { accountId: "a-plain", showsAdult: false };

describe("who may see a work's rating (decision 110)", () => {
  it("gates R-18 only: all-ages and R-15 are shown to everyone", () => {
    expect(isAdultRating("r18")).toBe(true);
    expect(isAdultRating("r15")).toBe(false);
    expect(isAdultRating("all-ages")).toBe(false);
    expect(maySeeRating(GUARDED_VIEWER, ["r15"])).toBe(true);
    expect(maySeeRating(GUARDED_VIEWER, [])).toBe(true);
  });

  it("keeps an adult work from a signed-out visitor and a viewer who has not opted in, whoever owns it", () => {
    expect(maySeeRating(GUARDED_VIEWER, ["r18"], "someone")).toBe(false);
    expect(maySeeRating({ accountId: null, showsAdult: true }, ["r18"])).toBe(false);
    expect(maySeeRating(signedIn, ["r18"], "someone")).toBe(false);
  });

  it("shows it to an opted-in viewer and to its creator", () => {
    expect(maySeeRating(optedIn, ["r18"], "someone")).toBe(true);
    expect(maySeeRating(signedIn, ["r18"], "a-plain")).toBe(true);
  });

  it("says the same in SQL: nothing to check for an opted-in viewer, the owner's own for a signed-in one", () => {
    expect(visibleRatingSql("w", optedIn, "p.account_id")).toBe("1");
    const guarded = visibleRatingSql("w", GUARDED_VIEWER, "p.account_id");
    expect(guarded).toContain("'r18'");
    expect(guarded).not.toContain("p.account_id");
    expect(visibleRatingSql("w", { accountId: "o'x", showsAdult: false }, "p.account_id")).toContain(
      "p.account_id = 'o''x'",
    );
  });

  it("reads a session user, and treats signed out as guarded", () => {
    expect(contentViewerOf(null)).toEqual(GUARDED_VIEWER);
    expect(contentViewerOf({ accountId: "a" })).toEqual({ accountId: "a", showsAdult: false });
    expect(contentViewerOf({ accountId: "a", showsAdult: true })).toEqual({ accountId: "a", showsAdult: true });
  });
});

describe("the age confirmation", () => {
  it("says in SQL's terms the same age as ageOn: born by the day 18 years ago", () => {
    const now = Date.parse("2026-02-28T12:00:00Z");
    expect(adultBornBy(now)).toBe("2008-02-28");
    for (const birthday of ["2008-02-28", "2008-02-29", "2008-03-01", "1990-12-31"])
      expect(birthday <= adultBornBy(now)).toBe(ageOn(birthday, "2026-02-28") >= 18);
  });

  it("counts whole years, a birthday reached on the day itself", () => {
    expect(ageOn("2008-03-01", "2026-02-28")).toBe(17);
    expect(ageOn("2008-03-01", "2026-03-01")).toBe(18);
    expect(ageOn("2008-12-31", "2026-12-30")).toBe(17);
  });

  it("refuses a minor, asks for a missing birthday, needs the box ticked", () => {
    const today = "2026-11-29";
    expect(confirmAdult({ birthday: "2010-01-01", confirmed: true, today })).toEqual({
      ok: false,
      reason: "under_age",
    });
    expect(confirmAdult({ birthday: null, confirmed: true, today })).toEqual({ ok: false, reason: "no_birthday" });
    expect(confirmAdult({ birthday: "1990-01-01", confirmed: false, today })).toEqual({
      ok: false,
      reason: "not_confirmed",
    });
    expect(confirmAdult({ birthday: "1990-01-01", confirmed: true, today })).toEqual({ ok: true });
  });

  it("turns the stored choice off when the birthday no longer makes them 18", () => {
    const now = Date.parse("2026-11-29T00:00:00Z");
    const confirmedAt = new Date(now - 1000);
    expect(showsAdultContent({ confirmedAt, birthday: "1990-01-01", now })).toBe(true);
    expect(showsAdultContent({ confirmedAt, birthday: "2010-01-01", now })).toBe(false);
    expect(showsAdultContent({ confirmedAt, birthday: null, now })).toBe(false);
    expect(showsAdultContent({ confirmedAt: null, birthday: "1990-01-01", now })).toBe(false);
  });
});
