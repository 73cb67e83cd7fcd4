import { describe, expect, it } from "vitest";
import { noGrants } from "./visibility";
import { addHandle, grantChanges } from "./work-grants";

describe("grant lists", () => {
  it("connects what is new, disconnects what was removed, and leaves other permissions alone", () => {
    const stored = noGrants();
    stored.view = { roleCodes: ["creator"], userAccountIds: ["a", "b"] };
    stored.credit = { roleCodes: [], userAccountIds: ["c"] };
    const wanted = noGrants();
    wanted.view = { roleCodes: [], userAccountIds: ["b", "d", "d"] };
    wanted.edit = { roleCodes: ["public-beta-user"], userAccountIds: [] };
    expect(grantChanges(stored, wanted, ["view", "edit", "admin"])).toEqual({
      connect: [
        { permission: "view", roleCode: null, userAccountId: "d" },
        { permission: "edit", roleCode: "public-beta-user", userAccountId: null },
      ],
      disconnect: [
        { permission: "view", roleCode: "creator", userAccountId: null },
        { permission: "view", roleCode: null, userAccountId: "a" },
      ],
    });
    expect(grantChanges(stored, stored, ["view", "edit", "admin", "credit"])).toEqual({ connect: [], disconnect: [] });
  });

  it("adds a typed handle once, without its @", () => {
    expect(addHandle(["Alice"], " @alice ")).toEqual(["Alice"]);
    expect(addHandle(["Alice"], "@bob")).toEqual(["Alice", "bob"]);
    expect(addHandle([], "  ")).toEqual([]);
  });
});
