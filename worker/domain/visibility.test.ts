import { describe, expect, it } from "vitest";
import { canAdminItem, canEditItem, canViewItem, noGrants, type GuardedItem, type Visitor } from "./visibility";

const owner: Visitor = { accountId: "owner", roles: ["creator", "user"] };
const friend: Visitor = { accountId: "friend", roles: ["user"] };
const beta: Visitor = { accountId: "beta", roles: ["private-beta-user"] };
const stranger: Visitor = { accountId: "stranger", roles: ["user", "admin"] };

function item(over: Partial<GuardedItem> = {}): GuardedItem {
  return {
    ownerAccountId: "owner",
    workStatus: "PUBLISHED",
    visibility: "PRIVATE",
    hidden: false,
    grants: noGrants(),
    ...over,
  };
}

describe("visibility grants", () => {
  it("lets everyone read a published public or unlisted item, and nobody but its owner a private one", () => {
    for (const visibility of ["PUBLIC", "UNLISTED", null] as const)
      expect(canViewItem(item({ visibility }), null)).toBe(true);
    expect(canViewItem(item(), null)).toBe(false);
    expect(canViewItem(item(), stranger)).toBe(false);
    expect(canViewItem(item(), owner)).toBe(true);
    expect(canViewItem(item({ workStatus: "DRAFT", visibility: "PUBLIC" }), stranger)).toBe(false);
  });

  it("gives a view grant, by user or by role, reading and nothing more", () => {
    const byUser = item({ grants: { ...noGrants(), view: { roleCodes: [], userAccountIds: ["friend"] } } });
    expect(canViewItem(byUser, friend)).toBe(true);
    expect(canEditItem(byUser, friend)).toBe(false);
    expect(canViewItem(byUser, beta)).toBe(false);
    const byRole = item({ grants: { ...noGrants(), view: { roleCodes: ["private-beta-user"], userAccountIds: [] } } });
    expect(canViewItem(byRole, beta)).toBe(true);
    expect(canViewItem(byRole, friend)).toBe(false);
    expect(canViewItem({ ...byUser, workStatus: "DRAFT" }, friend)).toBe(false);
  });

  it("lets an edit grant edit and read drafts, but not manage the grants", () => {
    const edited = item({
      workStatus: "DRAFT",
      grants: { ...noGrants(), edit: { roleCodes: [], userAccountIds: ["friend"] } },
    });
    expect(canEditItem(edited, friend)).toBe(true);
    expect(canViewItem(edited, friend)).toBe(true);
    expect(canAdminItem(edited, friend)).toBe(false);
  });

  it("lets an admin grant manage, edit and read", () => {
    const managed = item({
      grants: { ...noGrants(), admin: { roleCodes: ["private-beta-user"], userAccountIds: [] } },
    });
    expect(canAdminItem(managed, beta)).toBe(true);
    expect(canEditItem(managed, beta)).toBe(true);
    expect(canViewItem(managed, beta)).toBe(true);
    expect(canAdminItem(managed, null)).toBe(false);
  });

  it("keeps a work hidden by an admin for those who may edit it and the platform's admins (decision 089)", () => {
    const admin: Visitor = { accountId: "admin", roles: ["admin"] };
    const hidden = item({
      visibility: "PUBLIC",
      hidden: true,
      grants: {
        ...noGrants(),
        view: { roleCodes: [], userAccountIds: ["friend"] },
        edit: { roleCodes: ["private-beta-user"], userAccountIds: [] },
      },
    });
    expect(canViewItem(hidden, null)).toBe(false);
    expect(canViewItem(hidden, friend)).toBe(false);
    expect(canViewItem(hidden, owner)).toBe(true);
    expect(canViewItem(hidden, beta)).toBe(true);
    expect(canViewItem(hidden, admin)).toBe(true);
    // An admin reads a private work only once it is hidden, never by the role alone.
    expect(canViewItem(item(), admin)).toBe(false);
  });

  it("gives a credit no access", () => {
    const credited = item({ grants: { ...noGrants(), credit: { roleCodes: [], userAccountIds: ["friend"] } } });
    expect(canViewItem(credited, friend)).toBe(false);
    expect(canEditItem(credited, friend)).toBe(false);
  });
});
