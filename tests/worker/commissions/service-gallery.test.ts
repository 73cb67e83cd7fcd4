import { env } from "cloudflare:workers";
import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { commissionServices, media, mediaAttachments } from "#worker/db/schema";
import { MEDIA_OWNERS } from "#worker/db/schema/localized-entities";
import { parseServiceDraft, type ServiceDraft } from "#worker/domain/commission-form";
import { parseMediaKey } from "#worker/media/domain/media-keys";
import { translateAuthoringErrors } from "#worker/messages/authoring";
import { deleteService, getServiceForEdit, listServices, saveService } from "#worker/services/commission-services";
import { getPublicService } from "#worker/orders/services/request-views";
import { objectAccess } from "#worker/media/services/media-access";
import { call, db, creatorOf } from "../support/helpers";
import { PNG, newMember } from "../support/media-fixtures";

/**
 * A service's gallery (issue 10, "Services show media"): up to 10 files, links and embeds in order, files under the
 * service's own folder (upload domain "commission-service"), re-sniffed when attached, public once published.
 */

const OWNER = MEDIA_OWNERS.commissionService.type;
const EMBED = '<iframe src="https://www.youtube.com/embed/dQw4w9WgXcQ" title="YouTube video player"></iframe>';

const draft = (patch: Partial<ServiceDraft> = {}): ServiceDraft => ({
  title: "Gallery service",
  description: "",
  medias: [],
  price: "3000",
  currency: "JPY",
  formId: "",
  terms: "",
  categoryCodes: [],
  ...patch,
});

function parsed(d: ServiceDraft) {
  const result = parseServiceDraft(d);
  if (!result.ok) throw new Error(JSON.stringify(result.errors));
  return result.data;
}

async function newService(accountId: string, patch: Partial<ServiceDraft> = {}) {
  const saved = await saveService(db(), await creatorOf(accountId), null, parsed(draft(patch)), "en", env.MEDIA);
  if (!saved.ok) throw new Error(JSON.stringify(saved));
  return saved.serviceId;
}

/** A file stored under the service's folder the way /upload stores it; `body` defaults to a real PNG. */
async function storedFile(serviceId: string, body: Uint8Array = PNG) {
  const key = `v1/commission-service/${serviceId}/medias/${crypto.randomUUID()}.png`;
  await env.MEDIA.put(key, body, { httpMetadata: { contentType: "image/png" } });
  return { key, url: `/media/${key}` };
}

async function attachmentsOf(serviceId: string) {
  return db()
    .select({
      mediaId: mediaAttachments.mediaId,
      position: mediaAttachments.position,
      formatType: media.formatType,
      fileUrl: media.fileUrl,
      linkUrl: media.linkUrl,
    })
    .from(mediaAttachments)
    .innerJoin(media, eq(media.id, mediaAttachments.mediaId))
    .where(
      and(
        eq(mediaAttachments.ownerType, OWNER),
        eq(mediaAttachments.ownerId, serviceId),
        eq(mediaAttachments.field, "medias"),
      ),
    )
    .orderBy(mediaAttachments.position);
}

function uploadForm(serviceId: string, count: number) {
  const form = new FormData();
  for (let i = 0; i < count; i++) form.append("files", new File([PNG], `${i}.png`, { type: "image/png" }));
  form.set("domainPath", "commission-service");
  form.set("domainIdPath", serviceId);
  form.set("fieldPath", "medias");
  return form;
}
const upload = (cookie: string, form: FormData) =>
  call("/api/google/storage/upload", { method: "POST", cookie, body: form });

describe("service gallery: order", () => {
  it("keeps files, links and embeds in the order saved; a reorder moves them and the first is the card's thumbnail", async () => {
    const owner = await newMember("Sgal");
    const serviceId = await newService(owner.accountId, {
      medias: [{ url: "https://example.com/first.png" }, { url: "https://soundcloud.com/artist/track" }],
    });
    const file = await storedFile(serviceId);
    const stored = (await getServiceForEdit(db(), owner.accountId, serviceId, "en"))!.medias;
    expect(stored.map((m) => m.url)).toEqual(["https://example.com/first.png", "https://soundcloud.com/artist/track"]);

    // The file first, then the embed, then the two kept links swapped.
    const medias = [
      { url: file.url, formatType: "FILE" as const },
      { url: "", formatType: "EMBED" as const, code: EMBED },
      { id: stored[1].id!, url: stored[1].url },
      { id: stored[0].id!, url: stored[0].url },
    ];
    expect(
      await saveService(db(), await creatorOf(owner.accountId), serviceId, parsed(draft({ medias })), "en", env.MEDIA),
    ).toEqual({ ok: true, serviceId });
    const rows = await attachmentsOf(serviceId);
    expect(rows.map((r) => [r.position, r.formatType])).toEqual([
      [0, "FILE"],
      [1, "EMBED"],
      [2, "LINK"],
      [3, "LINK"],
    ]);
    expect(rows[2].mediaId).toBe(stored[1].id);
    expect(rows[3].mediaId).toBe(stored[0].id);
    expect(rows[0].fileUrl).toBe(file.url);
    expect((await listServices(db(), owner.accountId, "en")).find((s) => s.id === serviceId)?.thumbnailUrl).toBe(
      file.url,
    );
    expect((await getServiceForEdit(db(), owner.accountId, serviceId, "en"))!.medias.map((m) => m.formatType)).toEqual([
      "FILE",
      "EMBED",
      "LINK",
      "LINK",
    ]);
  });

  it("drops a removed file's row and object, but keeps a media an order's snapshot attached too", async () => {
    const owner = await newMember("Sgal");
    const serviceId = await newService(owner.accountId);
    const [a, b] = [await storedFile(serviceId), await storedFile(serviceId)];
    await saveService(
      db(),
      await creatorOf(owner.accountId),
      serviceId,
      parsed(
        draft({
          medias: [
            { url: a.url, formatType: "FILE" },
            { url: b.url, formatType: "FILE" },
          ],
        }),
      ),
      "en",
      env.MEDIA,
    );
    const [rowA, rowB] = await attachmentsOf(serviceId);
    // A submitted order attaches the service's media again (the snapshot): that one must outlive the edit.
    await db().insert(mediaAttachments).values({
      id: crypto.randomUUID(),
      mediaId: rowB.mediaId,
      ownerType: "commission_order_service",
      ownerId: crypto.randomUUID(),
      field: "medias",
      position: 0,
    });

    expect(
      (
        await saveService(
          db(),
          await creatorOf(owner.accountId),
          serviceId,
          parsed(draft({ medias: [] })),
          "en",
          env.MEDIA,
        )
      ).ok,
    ).toBe(true);
    expect(await attachmentsOf(serviceId)).toEqual([]);
    expect(await db().select().from(media).where(eq(media.id, rowA.mediaId)).get()).toBeUndefined();
    expect(await env.MEDIA.head(a.key)).toBeNull();
    expect(await db().select().from(media).where(eq(media.id, rowB.mediaId)).get()).toBeDefined();
    expect(await env.MEDIA.head(b.key)).not.toBeNull();
  });
});

describe("service gallery: the limit of 10", () => {
  it("refuses an 11th media on save ('Limit exceeded') and an 11-file upload ('Error: too many files.')", async () => {
    const links = (n: number) => Array.from({ length: n }, (_, i) => ({ url: `https://example.com/${i}.png` }));
    const refused = parseServiceDraft(draft({ medias: links(11) }));
    expect(refused).toEqual({ ok: false, errors: { medias: "media_limit_exceeded" } });
    if (refused.ok) return;
    expect(translateAuthoringErrors(refused.errors, "en")).toEqual({ medias: "Limit exceeded" });
    expect(parseServiceDraft(draft({ medias: links(10) })).ok).toBe(true);

    const owner = await newMember("Sgal");
    const serviceId = await newService(owner.accountId);
    const eleven = await upload(owner.cookie, uploadForm(serviceId, 11));
    expect(eleven.status).toBe(400);
    expect(await eleven.json()).toEqual({ error: "Error: too many files.", code: "media_error_too_many" });
    expect((await env.MEDIA.list({ prefix: `v1/commission-service/${serviceId}/` })).objects).toEqual([]);
    const ten = await upload(owner.cookie, uploadForm(serviceId, 10));
    expect(ten.status).toBe(200);
    expect((await ten.json<{ urls: string[] }>()).urls).toHaveLength(10);
  });
});

describe("service gallery: another creator's service", () => {
  it("cannot be uploaded to, saved, or have its files attached elsewhere; nothing of the owner's changes", async () => {
    const owner = await newMember("Sgal");
    const stranger = await newMember("Sgal");
    const serviceId = await newService(owner.accountId, { medias: [{ url: "https://example.com/mine.png" }] });
    const file = await storedFile(serviceId);

    expect((await upload(stranger.cookie, uploadForm(serviceId, 1))).status).toBe(403);
    const overwrite = parsed(draft({ title: "Stolen", medias: [{ url: file.url, formatType: "FILE" }] }));
    expect(await saveService(db(), await creatorOf(stranger.accountId), serviceId, overwrite, "en", env.MEDIA)).toEqual(
      { ok: false, reason: "not_found" },
    );
    // The stranger's own service may not point at the owner's file (and the file is left alone).
    const theirs = await newService(stranger.accountId);
    const borrowed = await saveService(
      db(),
      await creatorOf(stranger.accountId),
      theirs,
      parsed(draft({ medias: [{ url: file.url, formatType: "FILE" }] })),
      "en",
      env.MEDIA,
    );
    expect(borrowed).toEqual({ ok: false, reason: "invalid", errors: { "medias.0": "authoring_media_forbidden" } });
    expect(await env.MEDIA.head(file.key)).not.toBeNull();
    // Nor keep one of the owner's media rows by id.
    const [ownerRow] = await attachmentsOf(serviceId);
    const kept = await saveService(
      db(),
      await creatorOf(stranger.accountId),
      theirs,
      parsed(draft({ medias: [{ id: ownerRow.mediaId, url: "" }] })),
      "en",
      env.MEDIA,
    );
    expect(kept).toEqual({ ok: false, reason: "invalid", errors: { "medias.0": "authoring_invalid" } });
    expect(await attachmentsOf(theirs)).toEqual([]);
    expect((await attachmentsOf(serviceId)).map((r) => r.linkUrl)).toEqual(["https://example.com/mine.png"]);
    // Deleting is the owner's only.
    expect(await deleteService(db(), stranger.accountId, serviceId, env.MEDIA)).toEqual({ ok: false });
    expect(await attachmentsOf(serviceId)).toHaveLength(1);
  });
});

describe("service gallery: attaching re-sniffs the bytes", () => {
  it("refuses a stored .png holding HTML, deletes it and saves nothing", async () => {
    const owner = await newMember("Sgal");
    const serviceId = await newService(owner.accountId, { medias: [{ url: "https://example.com/kept.png" }] });
    const forged = await storedFile(serviceId, new TextEncoder().encode("<!doctype html><script>alert(1)</script>"));
    const result = await saveService(
      db(),
      await creatorOf(owner.accountId),
      serviceId,
      parsed(draft({ title: "Changed", medias: [{ url: forged.url, formatType: "FILE" }] })),
      "en",
      env.MEDIA,
    );
    expect(result).toEqual({ ok: false, reason: "invalid", errors: { "medias.0": "media_error_unsupported_type" } });
    expect(await env.MEDIA.head(forged.key)).toBeNull();
    const after = await getServiceForEdit(db(), owner.accountId, serviceId, "en");
    expect(after?.title).toBe("Gallery service");
    expect(after?.medias.map((m) => m.url)).toEqual(["https://example.com/kept.png"]);
  });

  it("takes no file into a new service (it has no folder yet)", async () => {
    const owner = await newMember("Sgal");
    const elsewhere = await newService(owner.accountId);
    const file = await storedFile(elsewhere);
    const result = await saveService(
      db(),
      await creatorOf(owner.accountId),
      null,
      parsed(draft({ medias: [{ url: file.url, formatType: "FILE" }] })),
      "en",
      env.MEDIA,
    );
    expect(result).toEqual({ ok: false, reason: "invalid", errors: { "medias.0": "authoring_media_forbidden" } });
  });
});

describe("service gallery: who sees the files", () => {
  it("serves a published service's files to anyone, a draft's to its owner only", async () => {
    const owner = await newMember("Sgal");
    const stranger = await newMember("Sgal");
    const serviceId = await newService(owner.accountId);
    const key = parseMediaKey((await storedFile(serviceId)).key)!;
    expect(await objectAccess(db(), key, null)).toBe("public");
    expect((await call(`/media/${key.key}`)).status).toBe(200);
    // The modal's read: the published gallery in order, as the players take it.
    await saveService(
      db(),
      await creatorOf(owner.accountId),
      serviceId,
      parsed(
        draft({
          medias: [{ url: `/media/${key.key}`, formatType: "FILE" }, { url: "https://soundcloud.com/artist/track" }],
        }),
      ),
      "en",
      env.MEDIA,
    );
    const viewer = { locale: "en" as const, accountId: null, displayCurrencyId: null };
    expect((await getPublicService(db(), owner.handle, serviceId, viewer))?.medias).toEqual([
      expect.objectContaining({
        formatType: "FILE",
        mediaType: "IMAGE",
        url: `/media/${key.key}`,
        thumbnailUrl: `/media/${key.key}`,
      }),
      expect.objectContaining({
        formatType: "LINK",
        mediaType: "AUDIO",
        site: "soundcloud",
        url: "https://soundcloud.com/artist/track",
        code: null,
      }),
    ]);
    await db().update(commissionServices).set({ serviceStatus: "DRAFT" }).where(eq(commissionServices.id, serviceId));
    expect(await getPublicService(db(), owner.handle, serviceId, viewer)).toBeNull();
    expect(await objectAccess(db(), key, null)).toBe("denied");
    expect(await objectAccess(db(), key, { profileId: stranger.profileId })).toBe("denied");
    expect(await objectAccess(db(), key, { profileId: owner.profileId })).toBe("owner");
    expect((await call(`/media/${key.key}`)).status).toBe(404);
  });
});
