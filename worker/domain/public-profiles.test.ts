import { describe, expect, it } from "vitest";
import { isProfileShownTo } from "./public-profiles";

const owner = { accountId: "owner", roles: ["creator"] };
const admin = { accountId: "admin", roles: ["admin", "creator"] };
const stranger = { accountId: "stranger", roles: ["user"] };

describe("who a profile shows to (issue 59)", () => {
  it("a profile in good standing: everyone, signed out too", () => {
    const profile = { ownerAccountId: "owner", hidden: false, banned: false };
    for (const viewer of [null, owner, admin, stranger]) expect(isProfileShownTo(profile, viewer)).toBe(true);
  });

  it("one the admins hid: its owner and the admins only", () => {
    const profile = { ownerAccountId: "owner", hidden: true, banned: false };
    expect(isProfileShownTo(profile, owner)).toBe(true);
    expect(isProfileShownTo(profile, admin)).toBe(true);
    expect(isProfileShownTo(profile, stranger)).toBe(false);
    expect(isProfileShownTo(profile, null)).toBe(false);
  });

  it("a banned account's: nobody, whether hidden or not", () => {
    for (const hidden of [false, true])
      for (const viewer of [null, owner, admin, stranger])
        expect(isProfileShownTo({ ownerAccountId: "owner", hidden, banned: true }, viewer)).toBe(false);
  });
});
