import { env } from "cloudflare:workers";
import { and, eq, inArray } from "drizzle-orm";
import { RouterContextProvider } from "react-router";
import { describe, expect, it } from "vitest";
import { requestContext } from "#app/lib/request-context";
import * as editServicePage from "#app/routes/dashboard/commission-forms-service-edit";
import * as editWorkPage from "#app/routes/dashboard/portfolio-creator-edit";
import { media, mediaAttachments } from "#worker/db/schema";
import { MEDIA_OWNERS } from "#worker/db/schema/localized-entities";
import { parseServiceDraft, type ServiceDraft } from "#worker/domain/commission-form";
import type { WorkMediaDraft } from "#worker/media/domain/media-drafts";
import { parseWorkDraft, type WorkDraft } from "#worker/domain/portfolio";
import { deleteService, saveService } from "#worker/services/commission-services";
import { deleteWork, saveWork } from "#worker/services/portfolio";
import { createSession, getSessionUser } from "#worker/services/sessions";
import { call, db, creatorOf } from "../support/helpers";
import { PNG, newMember, objectExists } from "../support/media-fixtures";

/**
 * Issue 31, bad input never breaks anything: a gallery that lists one stored media twice is refused with a field
 * error (400) and nothing changes, never a 500 from the attachments' unique index; and one uploaded file attached
 * twice (twice in a gallery, or in the copy an order's snapshot keeps) keeps its object until nothing refers to it.
 */

const WORK = MEDIA_OWNERS.portfolioWork.type;
const SERVICE = MEDIA_OWNERS.commissionService.type;

const workDraft = (medias: WorkMediaDraft[]): WorkDraft => ({
  title: "Twice work",
  description: "A work whose gallery repeats.",
  medias,
  contentRatingCode: "all-ages",
  categoryCodes: [],
  tags: [],
  visibility: "PUBLIC",
  credits: "",
});

const serviceDraft = (medias: WorkMediaDraft[]): ServiceDraft => ({
  title: "Twice service",
  description: "",
  medias,
  price: "3000",
  currency: "JPY",
  formId: "",
  terms: "",
  categoryCodes: [],
});

function parsedWork(medias: WorkMediaDraft[]) {
  const result = parseWorkDraft(workDraft(medias));
  if (!result.ok) throw new Error(JSON.stringify(result.errors));
  return result.data;
}

function parsedService(medias: WorkMediaDraft[]) {
  const result = parseServiceDraft(serviceDraft(medias));
  if (!result.ok) throw new Error(JSON.stringify(result.errors));
  return result.data;
}

async function creator() {
  const member = await newMember("Mdup");
  await env.DB.prepare("INSERT INTO user_account_roles (user_account_id, role_code) VALUES (?, 'creator')")
    .bind(member.accountId)
    .run();
  return member;
}

async function pageContext(accountId: string) {
  const { token } = await createSession(db(), accountId);
  const context = new RouterContextProvider();
  context.set(requestContext, {
    env,
    url: new URL("http://localhost/dashboard"),
    executionCtx: {} as ExecutionContext,
    db: db(),
    user: await getSessionUser(db(), token),
    sessionToken: token,
    locale: "en",
  });
  return context;
}

/** A page action's answer as status and body: data() returns its init, redirect() a Response, errors are thrown. */
async function answerOf(run: () => Promise<unknown>): Promise<{ status: number; body: unknown }> {
  const answer = await run();
  if (answer instanceof Response) return { status: answer.status, body: null };
  const init = (answer as { init?: { status?: number } } | null)?.init;
  return { status: init?.status ?? 200, body: (answer as { data?: unknown }).data ?? answer };
}

function saveWorkPage(accountId: string, workId: string, medias: WorkMediaDraft[]) {
  return answerOf(async () => {
    const body = new FormData();
    body.set("payload", JSON.stringify(workDraft(medias)));
    const request = new Request(`http://localhost/dashboard/portfolio/${workId}/edit`, { method: "POST", body });
    return editWorkPage.action({ request, context: await pageContext(accountId), params: { workId } } as never);
  });
}

function saveServicePage(accountId: string, serviceId: string, medias: WorkMediaDraft[]) {
  return answerOf(async () => {
    const body = new FormData();
    const draft = serviceDraft(medias);
    for (const [name, value] of Object.entries(draft)) if (!Array.isArray(value)) body.set(name, String(value));
    body.set("medias", JSON.stringify(medias));
    const request = new Request(`http://localhost/dashboard/commission/setting/service/${serviceId}`, {
      method: "POST",
      body,
    });
    return editServicePage.action({ request, context: await pageContext(accountId), params: { serviceId } } as never);
  });
}

/** A PNG stored in a record's folder the way /upload stores it. */
async function storedFile(folder: string) {
  const key = `${folder}/${crypto.randomUUID()}.png`;
  await env.MEDIA.put(key, PNG, { httpMetadata: { contentType: "image/png" } });
  return { key, url: `/media/${key}` };
}

async function savedWorkWithFile(accountId: string) {
  const created = await saveWork(db(), accountId, null, parsedWork([]), "en", env.MEDIA);
  if (!created.ok) throw new Error(JSON.stringify(created));
  return { workId: created.workId, file: await storedFile(`v1/portfolio-work/${created.workId}/medias`) };
}

async function savedServiceWithFile(accountId: string) {
  const created = await saveService(db(), await creatorOf(accountId), null, parsedService([]), "en", env.MEDIA);
  if (!created.ok) throw new Error(JSON.stringify(created));
  return { serviceId: created.serviceId, file: await storedFile(`v1/commission-service/${created.serviceId}/medias`) };
}

/** The record's attached media in order: media id and what it shows. */
async function galleryOf(ownerType: string, ownerId: string) {
  return db()
    .select({
      mediaId: mediaAttachments.mediaId,
      position: mediaAttachments.position,
      fileUrl: media.fileUrl,
      linkUrl: media.linkUrl,
    })
    .from(mediaAttachments)
    .innerJoin(media, eq(media.id, mediaAttachments.mediaId))
    .where(
      and(
        eq(mediaAttachments.ownerType, ownerType),
        eq(mediaAttachments.ownerId, ownerId),
        eq(mediaAttachments.field, "medias"),
      ),
    )
    .orderBy(mediaAttachments.position);
}

const kept = (row: { mediaId: string; fileUrl: string | null; linkUrl: string | null }): WorkMediaDraft => ({
  id: row.mediaId,
  url: row.fileUrl ?? row.linkUrl ?? "",
});
const mediaRowCount = async (ids: string[]) =>
  (await db().select({ id: media.id }).from(media).where(inArray(media.id, ids))).length;

/** The copy of a media row an order's snapshot keeps (order-requests.ts copyMedia): a new row, the same file. */
async function snapshotCopy(mediaId: string) {
  const copyId = crypto.randomUUID();
  await env.DB.batch([
    env.DB.prepare(
      "INSERT INTO media (id, owner_user_account_id, format_type, media_type, file_url, thumbnail_url) SELECT ?, owner_user_account_id, format_type, media_type, file_url, thumbnail_url FROM media WHERE id = ?",
    ).bind(copyId, mediaId),
    env.DB.prepare(
      "INSERT INTO media_attachments (id, media_id, owner_type, owner_id, field, position) VALUES (?, ?, 'commission_order_service', ?, 'medias', 0)",
    ).bind(crypto.randomUUID(), copyId, crypto.randomUUID()),
  ]);
  return copyId;
}

describe("a gallery listing one stored media twice", () => {
  it("work: answers 400 with a field error at the repeat, and the work keeps its media, rows and file", async () => {
    const owner = await creator();
    const { workId, file } = await savedWorkWithFile(owner.accountId);
    expect(
      (
        await saveWork(
          db(),
          owner.accountId,
          workId,
          parsedWork([{ url: file.url, formatType: "FILE" }, { url: "https://example.com/a.png" }]),
          "en",
          env.MEDIA,
        )
      ).ok,
    ).toBe(true);
    const before = await galleryOf(WORK, workId);

    const answer = await saveWorkPage(owner.accountId, workId, [kept(before[0]), kept(before[0]), kept(before[1])]);

    expect(answer.status).toBe(400);
    expect(answer.body).toEqual({ errors: { "medias.1": "This value is not valid." } });
    expect(await galleryOf(WORK, workId)).toEqual(before);
    expect(await mediaRowCount(before.map((row) => row.mediaId))).toBe(2);
    expect(await objectExists(file.key)).toBe(true);
  });

  it("service: answers 400 with a field error at the repeat, and the service keeps its gallery, rows and file", async () => {
    const owner = await creator();
    const { serviceId, file } = await savedServiceWithFile(owner.accountId);
    expect(
      (
        await saveService(
          db(),
          await creatorOf(owner.accountId),
          serviceId,
          parsedService([{ url: "https://example.com/b.png" }, { url: file.url, formatType: "FILE" }]),
          "en",
          env.MEDIA,
        )
      ).ok,
    ).toBe(true);
    const before = await galleryOf(SERVICE, serviceId);

    const answer = await saveServicePage(owner.accountId, serviceId, [
      kept(before[1]),
      kept(before[0]),
      kept(before[1]),
    ]);

    expect(answer.status).toBe(400);
    expect(answer.body).toMatchObject({ errors: { "medias.2": "This value is not valid." } });
    expect(await galleryOf(SERVICE, serviceId)).toEqual(before);
    expect(await mediaRowCount(before.map((row) => row.mediaId))).toBe(2);
    expect(await objectExists(file.key)).toBe(true);
  });
});

describe("one uploaded file attached twice", () => {
  it("work: dropping one of two media showing the file keeps its object; dropping the last deletes it", async () => {
    const owner = await creator();
    const { workId, file } = await savedWorkWithFile(owner.accountId);
    const twice = [
      { url: file.url, formatType: "FILE" as const },
      { url: file.url, formatType: "FILE" as const },
    ];
    expect((await saveWork(db(), owner.accountId, workId, parsedWork(twice), "en", env.MEDIA)).ok).toBe(true);
    const [first, second] = await galleryOf(WORK, workId);

    expect((await saveWork(db(), owner.accountId, workId, parsedWork([kept(second)]), "en", env.MEDIA)).ok).toBe(true);
    expect(await mediaRowCount([first.mediaId])).toBe(0);
    expect(await galleryOf(WORK, workId)).toEqual([{ ...second, position: 0 }]);
    expect(await objectExists(file.key)).toBe(true);

    expect((await saveWork(db(), owner.accountId, workId, parsedWork([]), "en", env.MEDIA)).ok).toBe(true);
    expect(await objectExists(file.key)).toBe(false);
  });

  it("work: deleting a work whose gallery shows the file twice deletes its object once nothing refers to it", async () => {
    const owner = await creator();
    const { workId, file } = await savedWorkWithFile(owner.accountId);
    const twice = [
      { url: file.url, formatType: "FILE" as const },
      { url: file.url, formatType: "FILE" as const },
    ];
    expect((await saveWork(db(), owner.accountId, workId, parsedWork(twice), "en", env.MEDIA)).ok).toBe(true);
    expect(await deleteWork(db(), owner.accountId, workId, env.MEDIA)).toEqual({ ok: true });
    expect(await objectExists(file.key)).toBe(false);
  });

  it("service: dropping one of two media showing the file keeps its object; dropping the last deletes it", async () => {
    const owner = await creator();
    const { serviceId, file } = await savedServiceWithFile(owner.accountId);
    const twice = [
      { url: file.url, formatType: "FILE" as const },
      { url: file.url, formatType: "FILE" as const },
    ];
    expect(
      (await saveService(db(), await creatorOf(owner.accountId), serviceId, parsedService(twice), "en", env.MEDIA)).ok,
    ).toBe(true);
    const [first, second] = await galleryOf(SERVICE, serviceId);

    expect(
      (
        await saveService(
          db(),
          await creatorOf(owner.accountId),
          serviceId,
          parsedService([kept(first)]),
          "en",
          env.MEDIA,
        )
      ).ok,
    ).toBe(true);
    expect(await mediaRowCount([second.mediaId])).toBe(0);
    expect(await objectExists(file.key)).toBe(true);

    expect(
      (await saveService(db(), await creatorOf(owner.accountId), serviceId, parsedService([]), "en", env.MEDIA)).ok,
    ).toBe(true);
    expect(await objectExists(file.key)).toBe(false);
  });

  it("service: an edit or the deletion keeps a file whose media row an order's snapshot copied", async () => {
    const owner = await creator();
    const { serviceId, file } = await savedServiceWithFile(owner.accountId);
    expect(
      (
        await saveService(
          db(),
          await creatorOf(owner.accountId),
          serviceId,
          parsedService([{ url: file.url, formatType: "FILE" }]),
          "en",
          env.MEDIA,
        )
      ).ok,
    ).toBe(true);
    const [shown] = await galleryOf(SERVICE, serviceId);
    const copyId = await snapshotCopy(shown.mediaId);

    expect(
      (await saveService(db(), await creatorOf(owner.accountId), serviceId, parsedService([]), "en", env.MEDIA)).ok,
    ).toBe(true);
    expect(await mediaRowCount([shown.mediaId, copyId])).toBe(1);
    expect(await objectExists(file.key)).toBe(true);

    // Attached again, then the service deleted: the snapshot's copy still refers to the file.
    expect(
      (
        await saveService(
          db(),
          await creatorOf(owner.accountId),
          serviceId,
          parsedService([{ url: file.url, formatType: "FILE" }]),
          "en",
          env.MEDIA,
        )
      ).ok,
    ).toBe(true);
    expect(await deleteService(db(), owner.accountId, serviceId, env.MEDIA)).toEqual({ ok: true });
    expect(await objectExists(file.key)).toBe(true);
  });

  it("POST /delete refuses (403) a file a media row refers to, and keeps it; an unattached upload still goes", async () => {
    const owner = await creator();
    const { workId, file } = await savedWorkWithFile(owner.accountId);
    expect(
      (
        await saveWork(
          db(),
          owner.accountId,
          workId,
          parsedWork([{ url: file.url, formatType: "FILE" }]),
          "en",
          env.MEDIA,
        )
      ).ok,
    ).toBe(true);
    const remove = (path: string) =>
      call("/api/google/storage/delete", { method: "POST", cookie: owner.cookie, json: { path } });

    expect((await remove(file.url)).status).toBe(403);
    expect(await objectExists(file.key)).toBe(true);
    expect(await galleryOf(WORK, workId)).toHaveLength(1);

    const loose = await storedFile(`v1/portfolio-work/${workId}/medias`);
    expect((await remove(loose.url)).status).toBe(200);
    expect(await objectExists(loose.key)).toBe(false);
  });
});
