// The work editor's ogImages, userCategories and visibility grants (032-work-editor-grants.md): what a save writes
// and reads back, who may open and save a work (owner, edit grantee, admin grantee, stranger) and what each may change.
import { env } from "cloudflare:test";
import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { media, mediaAttachments, portfolioWorkUserCategories, userAccountRoles } from "#worker/db/schema";
import { parseWorkDraft, type WorkDraft } from "#worker/domain/portfolio";
import { emptyGrantsDraft, type WorkGrantsDraft } from "#worker/domain/work-grants";
import { deleteWork, getWorkForEdit, saveWork } from "#worker/services/portfolio";
import { loadItemVisibility } from "#worker/services/visibility";
import { workUserCategories } from "#worker/media/services/work-access";
import { call, db } from "../support/helpers";
import { PNG, newMember, objectExists, signWriteAs } from "../support/media-fixtures";

const draft = (patch: Partial<WorkDraft> = {}): WorkDraft => ({
  title: "Granted work",
  description: "A work others may see or edit.",
  medias: [{ url: "https://example.com/cat.png" }],
  ogImages: [],
  contentRatingCode: "all-ages",
  categoryCodes: [],
  userCategories: [],
  tags: [],
  visibility: "PRIVATE",
  grants: emptyGrantsDraft(),
  credits: "",
  ...patch,
});

function parsed(d: WorkDraft) {
  const result = parseWorkDraft(d);
  if (!result.ok) throw new Error(JSON.stringify(result.errors));
  return result.data;
}

const grants = (patch: Partial<WorkGrantsDraft>): WorkGrantsDraft => ({ ...emptyGrantsDraft(), ...patch });

async function ownedWork(owner: { accountId: string }, patch: Partial<WorkDraft> = {}) {
  const saved = await saveWork(db(), owner.accountId, null, parsed(draft(patch)), "en", env.MEDIA);
  if (!saved.ok) throw new Error(JSON.stringify(saved));
  return saved.workId;
}

async function grantsOf(workId: string) {
  return (await loadItemVisibility(db(), "portfolio_work", [workId])).get(workId)!;
}

describe("ogImages and userCategories", () => {
  it("are saved, read back for the editor, and deleted with the work", async () => {
    const owner = await newMember("Wogi");
    const workId = await ownedWork(owner, { userCategories: [" Fan art ", "fan art", "", "Sketch"] });
    const key = `v1/portfolio-work/${workId}/og_images/${crypto.randomUUID()}.png`;
    await env.MEDIA.put(key, PNG, { httpMetadata: { contentType: "image/png" } });
    const stored = (await getWorkForEdit(db(), owner.accountId, workId, "en"))!;
    const saved = await saveWork(
      db(),
      owner.accountId,
      workId,
      parsed({ ...stored, ogImages: [{ url: `/media/${key}`, formatType: "FILE" }] }),
      "en",
      env.MEDIA,
    );
    expect(saved).toMatchObject({ ok: true });

    const edit = (await getWorkForEdit(db(), owner.accountId, workId, "en"))!;
    expect(edit.userCategories).toEqual(["Fan art", "Sketch"]);
    expect(edit.ogImages).toEqual([
      expect.objectContaining({ url: `/media/${key}`, formatType: "FILE", mediaType: "IMAGE" }),
    ]);
    // The og image is its own list: the work's media are unchanged.
    expect(edit.medias).toEqual([expect.objectContaining({ url: "https://example.com/cat.png" })]);
    expect((await workUserCategories(db(), [workId])).get(workId)).toEqual(["Fan art", "Sketch"]);

    // Saving without the fields (an older payload) keeps them.
    await saveWork(
      db(),
      owner.accountId,
      workId,
      parsed({ ...edit, ogImages: undefined, userCategories: undefined }),
      "en",
      env.MEDIA,
    );
    expect(await getWorkForEdit(db(), owner.accountId, workId, "en")).toMatchObject({
      userCategories: ["Fan art", "Sketch"],
      ogImages: [expect.anything()],
    });

    const ogMediaId = edit.ogImages![0].id!;
    expect(await deleteWork(db(), owner.accountId, workId, env.MEDIA)).toEqual({ ok: true });
    expect(await objectExists(key)).toBe(false);
    expect(await db().select().from(media).where(eq(media.id, ogMediaId)).get()).toBeUndefined();
    expect(
      await db().select().from(portfolioWorkUserCategories).where(eq(portfolioWorkUserCategories.workId, workId)),
    ).toEqual([]);
  });

  it("takes only images as og images, and a few short categories", () => {
    expect(parseWorkDraft(draft({ ogImages: [{ url: "https://www.youtube.com/watch?v=dQw4w9WgXcQ" }] }))).toEqual({
      ok: false,
      errors: { "ogImages.0": "work_editor_og_image_only" },
    });
    expect(
      parseWorkDraft(draft({ ogImages: [{ url: "/media/v1/portfolio-work/x/medias/a.png", formatType: "FILE" }] })),
    ).toEqual({ ok: false, errors: { "ogImages.0": "authoring_media_url" } });
    expect(parseWorkDraft(draft({ userCategories: Array.from({ length: 11 }, (_, i) => `Cat ${i}`) }))).toEqual({
      ok: false,
      errors: { userCategories: "work_editor_user_categories_max" },
    });
    expect(parseWorkDraft(draft({ userCategories: ["x".repeat(31)] }))).toEqual({
      ok: false,
      errors: { userCategories: "work_editor_user_categories_max" },
    });
    expect(parseWorkDraft(draft({ userCategories: ["x".repeat(30)] })).ok).toBe(true);
  });

  it("refuses an og image file from another work's folder", async () => {
    const owner = await newMember("Wogf");
    const workId = await ownedWork(owner);
    const other = await ownedWork(owner);
    const key = `v1/portfolio-work/${other}/og_images/${crypto.randomUUID()}.png`;
    await env.MEDIA.put(key, PNG, { httpMetadata: { contentType: "image/png" } });
    const result = await saveWork(
      db(),
      owner.accountId,
      workId,
      parsed(draft({ ogImages: [{ url: `/media/${key}`, formatType: "FILE" }] })),
      "en",
      env.MEDIA,
    );
    expect(result).toEqual({ ok: false, reason: "invalid", errors: { "ogImages.0": "authoring_media_forbidden" } });
  });
});

describe("visibility grants in the editor", () => {
  it("writes the lists by user and role, and disconnects what a later save removes", async () => {
    const [owner, viewer, editor] = await Promise.all([newMember("Wgro"), newMember("Wgrv"), newMember("Wgre")]);
    const workId = await ownedWork(owner, {
      grants: grants({
        view: { roles: ["public-beta-user"], users: [`@${viewer.handle.toLowerCase()}`] },
        edit: { roles: [], users: [editor.handle] },
      }),
      credits: editor.handle,
    });
    expect(await grantsOf(workId)).toEqual({
      visibility: "PRIVATE",
      grants: {
        view: { roleCodes: ["public-beta-user"], userAccountIds: [viewer.accountId] },
        edit: { roleCodes: [], userAccountIds: [editor.accountId] },
        admin: { roleCodes: [], userAccountIds: [] },
        credit: { roleCodes: [], userAccountIds: [editor.accountId] },
      },
    });
    const edit = (await getWorkForEdit(db(), owner.accountId, workId, "en"))!;
    expect(edit.grants).toEqual(
      grants({
        view: { roles: ["public-beta-user"], users: [viewer.handle] },
        edit: { roles: [], users: [editor.handle] },
      }),
    );
    expect(edit.credits).toBe(editor.handle);

    // Remove the viewer and the role, keep the editor: only the removed ones go.
    await saveWork(
      db(),
      owner.accountId,
      workId,
      parsed({ ...edit, grants: grants({ edit: { roles: [], users: [editor.handle] } }), credits: "" }),
      "en",
      env.MEDIA,
    );
    expect((await grantsOf(workId)).grants).toEqual({
      view: { roleCodes: [], userAccountIds: [] },
      edit: { roleCodes: [], userAccountIds: [editor.accountId] },
      admin: { roleCodes: [], userAccountIds: [] },
      credit: { roleCodes: [], userAccountIds: [] },
    });
  });

  it("refuses an unknown handle at its list and changes nothing", async () => {
    const [owner, viewer] = await Promise.all([newMember("Wgbo"), newMember("Wgbv")]);
    const workId = await ownedWork(owner, { grants: grants({ view: { roles: [], users: [viewer.handle] } }) });
    const before = await grantsOf(workId);
    const result = await saveWork(
      db(),
      owner.accountId,
      workId,
      parsed(
        draft({
          title: "Renamed work",
          visibility: "PUBLIC",
          grants: grants({ view: { roles: [], users: [] }, admin: { roles: [], users: ["NoSuchUser999"] } }),
        }),
      ),
      "en",
      env.MEDIA,
    );
    expect(result).toEqual({
      ok: false,
      reason: "invalid",
      errors: { "grants.admin.users": "work_editor_user_unknown" },
    });
    expect(await grantsOf(workId)).toEqual(before);
    expect((await getWorkForEdit(db(), owner.accountId, workId, "en"))!.title).toBe("Granted work");
    expect(parseWorkDraft(draft({ grants: grants({ view: { roles: ["ban"], users: [] } }) })).ok).toBe(false);
  });

  it("lets an edit grantee save the content into the owner's work, but not its grants, visibility or deletion", async () => {
    const [owner, editor, viewer] = await Promise.all([newMember("Wgeo"), newMember("Wgee"), newMember("Wgev")]);
    const workId = await ownedWork(owner, { grants: grants({ edit: { roles: [], users: [editor.handle] } }) });
    const before = await grantsOf(workId);
    const opened = (await getWorkForEdit(db(), editor.accountId, workId, "en"))!;
    expect(opened.access).toEqual({ canAdmin: false, isOwner: false });

    const result = await saveWork(
      db(),
      editor.accountId,
      workId,
      parsed({
        ...opened,
        title: "Edited by a grantee",
        medias: [...opened.medias, { url: "https://example.com/dog.png" }],
        visibility: "PUBLIC",
        grants: grants({ view: { roles: [], users: [viewer.handle] } }),
        credits: viewer.handle,
      }),
      "en",
      env.MEDIA,
    );
    expect(result).toMatchObject({ ok: true, workId, isOwner: false });
    const after = (await getWorkForEdit(db(), owner.accountId, workId, "en"))!;
    expect(after.title).toBe("Edited by a grantee");
    expect(await grantsOf(workId)).toEqual(before);
    // The new media row is the owner's, like the rest of the work.
    const rows = await db()
      .select({ owner: media.ownerUserAccountId })
      .from(mediaAttachments)
      .innerJoin(media, eq(media.id, mediaAttachments.mediaId))
      .where(and(eq(mediaAttachments.ownerId, workId), eq(mediaAttachments.field, "medias")));
    expect(rows.map((r) => r.owner)).toEqual([owner.accountId, owner.accountId]);
    expect(await deleteWork(db(), editor.accountId, workId, env.MEDIA)).toEqual({ ok: false });
    expect(await getWorkForEdit(db(), owner.accountId, workId, "en")).not.toBeNull();
  });

  it("lets an admin grantee change the grants and visibility", async () => {
    const [owner, manager, viewer] = await Promise.all([newMember("Wgao"), newMember("Wgam"), newMember("Wgav")]);
    const workId = await ownedWork(owner, { grants: grants({ admin: { roles: [], users: [manager.handle] } }) });
    const opened = (await getWorkForEdit(db(), manager.accountId, workId, "en"))!;
    expect(opened.access).toEqual({ canAdmin: true, isOwner: false });
    const wanted = grants({
      view: { roles: [], users: [viewer.handle] },
      admin: { roles: [], users: [manager.handle] },
    });
    expect(
      await saveWork(
        db(),
        manager.accountId,
        workId,
        parsed({ ...opened, visibility: "UNLISTED", grants: wanted }),
        "en",
        env.MEDIA,
      ),
    ).toMatchObject({ ok: true });
    expect(await grantsOf(workId)).toMatchObject({
      visibility: "UNLISTED",
      grants: { view: { userAccountIds: [viewer.accountId] }, admin: { userAccountIds: [manager.accountId] } },
    });
  });

  it("gives an edit grant by role to every account with the role", async () => {
    const [owner, beta] = await Promise.all([newMember("Wgrr"), newMember("Wgrb")]);
    await db().insert(userAccountRoles).values({ userAccountId: beta.accountId, roleCode: "private-beta-creator" });
    const workId = await ownedWork(owner, { grants: grants({ edit: { roles: ["private-beta-creator"], users: [] } }) });
    expect(await getWorkForEdit(db(), beta.accountId, workId, "en")).toMatchObject({ access: { canAdmin: false } });
  });

  it("treats a stranger and a view grantee as not found, on load and on save, and changes nothing", async () => {
    const [owner, viewer, stranger] = await Promise.all([newMember("Wgso"), newMember("Wgsv"), newMember("Wgss")]);
    const workId = await ownedWork(owner, { grants: grants({ view: { roles: [], users: [viewer.handle] } }) });
    for (const visitor of [viewer, stranger]) {
      expect(await getWorkForEdit(db(), visitor.accountId, workId, "en")).toBeNull();
      expect(
        await saveWork(db(), visitor.accountId, workId, parsed(draft({ title: "Taken over" })), "en", env.MEDIA),
      ).toEqual({ ok: false, reason: "not_found" });
      expect(await deleteWork(db(), visitor.accountId, workId, env.MEDIA)).toEqual({ ok: false });
    }
    expect((await getWorkForEdit(db(), owner.accountId, workId, "en"))!.title).toBe("Granted work");
  });

  it("lets an edit grantee upload into the work's folder; a stranger may not", async () => {
    const [owner, editor, stranger] = await Promise.all([newMember("Wguo"), newMember("Wgue"), newMember("Wgus")]);
    const workId = await ownedWork(owner, { grants: grants({ edit: { roles: [], users: [editor.handle] } }) });
    const path = `v1/portfolio-work/${workId}/og_images/cover.png`;
    expect((await signWriteAs(editor.cookie, path, PNG.byteLength)).key).toContain(
      `portfolio-work/${workId}/og_images/`,
    );
    const refused = await call("/api/google/storage/sign/write", {
      method: "POST",
      cookie: stranger.cookie,
      json: { path, contentType: "image/png", size: PNG.byteLength },
    });
    expect(refused.status).toBe(403);
  });

  it("lets an edit grantee by role upload into the work's folder, and nobody without the role", async () => {
    const [owner, beta, other] = await Promise.all([newMember("Wgur"), newMember("Wgub"), newMember("Wguo")]);
    await db().insert(userAccountRoles).values({ userAccountId: beta.accountId, roleCode: "private-beta-user" });
    const workId = await ownedWork(owner, { grants: grants({ edit: { roles: ["private-beta-user"], users: [] } }) });
    const path = `v1/portfolio-work/${workId}/medias/part.png`;
    expect((await signWriteAs(beta.cookie, path, PNG.byteLength)).key).toContain(`portfolio-work/${workId}/medias/`);
    const refused = await call("/api/google/storage/sign/write", {
      method: "POST",
      cookie: other.cookie,
      json: { path, contentType: "image/png", size: PNG.byteLength },
    });
    expect(refused.status).toBe(403);
  });
});
