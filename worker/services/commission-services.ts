import { and, asc, eq, inArray, sql } from "drizzle-orm";
import { MISSING_TEXT, pickText } from "../domain/localized-text";
import type { BatchItem } from "drizzle-orm/batch";
import type { Database } from "../db/client";
import {
  commissionAccounts,
  commissionCategories,
  commissionForms,
  commissionPolicies,
  commissionServiceCategories,
  commissionServices,
  currencies,
  localizedTexts,
  media,
  mediaAttachments,
} from "../db/schema";
import { LOCALIZED, MEDIA_OWNERS } from "../db/schema/localized-entities";
import { CURRENCIES, asCurrencyCode, type CurrencyCode } from "../domain/currency";
import type { ParsedService, ServiceDraft } from "../domain/commission-form";
import { formatPriceInput } from "../domain/pricing";
import type { Locale } from "../domain/locales";
import { parseMediaKey, type MediaKey } from "../media/domain/media-keys";
import type { Creator } from "./commission-forms";
import { loadTexts, translateSavedEntities } from "./localized-texts";
import { MEDIA_READ_COLUMNS, keptMediaErrors, mediaRow, shownMedia } from "../media/services/media-rows";
import { checkAttachment, deleteUnreferencedFiles, markUploadsAttached } from "../media/services/storage";
import { purgeAccountPages } from "./public-pages";
import { rowsOfPlan, storedStagePlan } from "../orders/domain/stage-plan-rows";

const SERVICE = LOCALIZED.commissionService.type;
const POLICY = LOCALIZED.commissionPolicy.type;
const OWNER = MEDIA_OWNERS.commissionService.type;

export interface ServiceListItem {
  id: string;
  title: string;
  priceAmount: number | null;
  currency: CurrencyCode;
  thumbnailUrl: string | null;
}

/** The gallery of each service, in order (one query). */
async function attachedMedia(db: Database, serviceIds: string[]) {
  if (serviceIds.length === 0) return [];
  return db
    .select({ serviceId: mediaAttachments.ownerId, ...MEDIA_READ_COLUMNS })
    .from(mediaAttachments)
    .innerJoin(media, eq(media.id, mediaAttachments.mediaId))
    .where(
      and(
        eq(mediaAttachments.ownerType, OWNER),
        eq(mediaAttachments.field, "medias"),
        inArray(mediaAttachments.ownerId, serviceIds),
      ),
    )
    .orderBy(asc(mediaAttachments.position));
}
type AttachedRow = Awaited<ReturnType<typeof attachedMedia>>[number];

/** What a list shows for a media: its thumbnail, else an image's own URL (a card never puts a page URL in an <img>). */
function thumbnailOf(row: AttachedRow): string | null {
  return row.thumbnailUrl ?? (row.mediaType === "IMAGE" ? (row.fileUrl ?? row.linkUrl) : null);
}

/** The card's thumbnail: the gallery's first media. */
async function thumbnails(db: Database, serviceIds: string[]): Promise<Map<string, string>> {
  const map = new Map<string, string>();
  for (const r of await attachedMedia(db, serviceIds))
    if (!map.has(r.serviceId)) map.set(r.serviceId, thumbnailOf(r) ?? "");
  return map;
}

/** Is this object key one of the service's own gallery files (v1/commission-service/{serviceId}/medias/…)? */
function isServiceObject(key: Pick<MediaKey, "domain" | "id" | "field">, serviceId: string): boolean {
  return key.domain === "commission-service" && key.id === serviceId && key.field === "medias";
}

/**
 * Of these media rows (being dropped from a service), the ids nothing else points at and their files under the
 * service's folder: a submitted order's snapshot attaches the service's media again (contracts: "the service's media
 * ids attached again"), and what the client saw must outlive the service's edits. Whether a file's object may go is
 * decided after the rows are dropped (deleteUnreferencedFiles: the snapshot may hold a copy of the row).
 */
async function removableMedia(
  db: Database,
  rows: AttachedRow[],
  userAccountId: string,
  serviceId: string,
): Promise<{ ids: string[]; files: MediaKey[] }> {
  const own = rows.filter((r) => r.ownerUserAccountId === userAccountId);
  if (own.length === 0) return { ids: [], files: [] };
  const elsewhere = await db
    .select({ mediaId: mediaAttachments.mediaId })
    .from(mediaAttachments)
    .where(
      and(
        inArray(
          mediaAttachments.mediaId,
          own.map((r) => r.id),
        ),
        sql`NOT (${mediaAttachments.ownerType} = ${OWNER} AND ${mediaAttachments.ownerId} = ${serviceId})`,
      ),
    );
  const kept = new Set(elsewhere.map((r) => r.mediaId));
  const removable = own.filter((r) => !kept.has(r.id));
  const files = removable.flatMap((r) => {
    const key = r.formatType === "FILE" && r.fileUrl ? parseMediaKey(r.fileUrl) : null;
    return key && isServiceObject(key, serviceId) ? [key] : [];
  });
  return { ids: removable.map((r) => r.id), files };
}

export async function listServices(db: Database, userAccountId: string, locale: Locale): Promise<ServiceListItem[]> {
  const rows = await db
    .select({ id: commissionServices.id, priceAmount: commissionServices.priceAmount, currency: currencies.code })
    .from(commissionServices)
    .innerJoin(commissionAccounts, eq(commissionAccounts.id, commissionServices.commissionAccountId))
    .innerJoin(currencies, eq(currencies.id, commissionServices.priceCurrencyId))
    .where(eq(commissionAccounts.userAccountId, userAccountId))
    .orderBy(asc(commissionServices.userIndex), asc(commissionServices.createdAt));
  const ids = rows.map((r) => r.id);
  const texts = await loadTexts(db, SERVICE, ids);
  const thumbs = await thumbnails(db, ids);
  return rows.map((r) => ({
    id: r.id,
    title: pickText(texts.get(r.id), locale, "title") ?? MISSING_TEXT,
    priceAmount: r.priceAmount,
    currency: asCurrencyCode(r.currency),
    thumbnailUrl: thumbs.get(r.id) || null,
  }));
}

async function ownedService(db: Database, userAccountId: string, serviceId: string) {
  return db
    .select({
      id: commissionServices.id,
      formId: commissionServices.formId,
      policyId: commissionServices.policyId,
      priceAmount: commissionServices.priceAmount,
      currency: currencies.code,
      stagePlan: commissionServices.stagePlan,
      slotCount: commissionServices.slotCount,
      deliveryDays: commissionServices.deliveryDays,
      contentRatingCode: commissionServices.contentRatingCode,
    })
    .from(commissionServices)
    .innerJoin(commissionAccounts, eq(commissionAccounts.id, commissionServices.commissionAccountId))
    .innerJoin(currencies, eq(currencies.id, commissionServices.priceCurrencyId))
    .where(and(eq(commissionServices.id, serviceId), eq(commissionAccounts.userAccountId, userAccountId)))
    .get();
}

export async function getServiceForEdit(
  db: Database,
  userAccountId: string,
  serviceId: string,
  locale: Locale,
): Promise<ServiceDraft | null> {
  const service = await ownedService(db, userAccountId, serviceId);
  if (!service) return null;
  const currency: CurrencyCode = asCurrencyCode(service.currency);
  const texts = await loadTexts(db, SERVICE, [serviceId]);
  const terms = service.policyId ? await loadTexts(db, POLICY, [service.policyId]) : new Map();
  const categories = await db
    .select({ code: commissionServiceCategories.categoryCode })
    .from(commissionServiceCategories)
    .where(eq(commissionServiceCategories.serviceId, serviceId));
  return {
    title: pickText(texts.get(serviceId), locale, "title") ?? "",
    description: pickText(texts.get(serviceId), locale, "description") ?? "",
    medias: (await attachedMedia(db, [serviceId])).map(shownMedia),
    price: formatPriceInput(service.priceAmount, currency),
    currency,
    formId: service.formId ?? "",
    terms: service.policyId ? (pickText(terms.get(service.policyId), locale, "terms") ?? "") : "",
    categoryCodes: categories.map((c) => c.code),
    stagePlan: rowsOfPlan(storedStagePlan(service.stagePlan)),
    slots: service.slotCount === null ? "" : String(service.slotCount),
    deliveryDays: service.deliveryDays === null ? "" : String(service.deliveryDays),
    contentRatingCode: service.contentRatingCode ?? "all-ages",
  };
}

export type ServiceWriteResult =
  | { ok: true; serviceId: string }
  | { ok: false; reason: "not_found" }
  | { ok: false; reason: "invalid"; errors: Record<string, string> };

/**
 * Create (serviceId null) or update a service; a saved service is listed (PUBLISHED: the editor has no draft step). The linked form must be the creator's own; categories must be
 * active. Texts are written in the writer's language. Someone else's service is refused and left unchanged.
 * The gallery (up to SERVICE_MEDIA_MAX_FILES files, links and embeds) is saved as a work's media (saveWork).
 */
export async function saveService(
  db: Database,
  { accountId: userAccountId, commissionAccountId }: Creator,
  serviceId: string | null,
  input: ParsedService,
  locale: Locale,
  bucket: R2Bucket,
): Promise<ServiceWriteResult> {
  const existing = serviceId ? await ownedService(db, userAccountId, serviceId) : null;
  if (serviceId && !existing) return { ok: false, reason: "not_found" };
  if (input.formId) {
    const form = await db
      .select({ id: commissionForms.id })
      .from(commissionForms)
      .where(and(eq(commissionForms.id, input.formId), eq(commissionForms.commissionAccountId, commissionAccountId)))
      .get();
    if (!form) return { ok: false, reason: "invalid", errors: { formId: "authoring_invalid" } };
  }
  if (input.categoryCodes.length) {
    const found = await db
      .select({ code: commissionCategories.code })
      .from(commissionCategories)
      .where(and(inArray(commissionCategories.code, input.categoryCodes), eq(commissionCategories.isActive, true)));
    if (found.length !== input.categoryCodes.length)
      return { ok: false, reason: "invalid", errors: { categoryCodes: "authoring_category" } };
  }
  // The gallery, as a work's: kept media must already be this service's; a new FILE must be in this service's own
  // folder (so a new service, which has no folder yet, takes links and embeds only) and its bytes pass the upload
  // rule again (checkAttachment re-sniffs: a presigned PUT never passed the Worker).
  const id = existing?.id ?? crypto.randomUUID();
  const currentMedia = existing ? await attachedMedia(db, [id]) : [];
  const mediaErrors = keptMediaErrors(input.medias, new Set(currentMedia.map((m) => m.id)), "medias");
  const fileSizes = new Map<number, { size: number; type: string | null }>();
  for (const [i, m] of input.medias.entries()) {
    const key = m.entry?.url ? parseMediaKey(m.entry.url) : null;
    if (!key) continue;
    const checked = await checkAttachment(bucket, key, (k) => Boolean(existing) && isServiceObject(k, id));
    if (!checked.ok)
      mediaErrors[`medias.${i}`] =
        checked.error === "forbidden"
          ? "authoring_media_forbidden"
          : checked.error === "not_found"
            ? "authoring_invalid"
            : checked.error;
    else fileSizes.set(i, { size: checked.size, type: checked.mimeType });
  }
  if (Object.keys(mediaErrors).length) return { ok: false, reason: "invalid", errors: mediaErrors };
  const dropped = await removableMedia(
    db,
    currentMedia.filter((m) => !input.medias.some((x) => x.id === m.id)),
    userAccountId,
    id,
  );

  const currencyRows = await db
    .select({ id: currencies.id, code: currencies.code })
    .from(currencies)
    .where(inArray(currencies.code, [...CURRENCIES]));
  const currencyId = currencyRows.find((c) => c.code === input.currency)!.id;

  const policyId = existing?.policyId ?? crypto.randomUUID();
  const text = (entityType: string, entityId: string, field: string, value: string) =>
    db.insert(localizedTexts).values({
      id: crypto.randomUUID(),
      entityType,
      entityId,
      field,
      languageCode: locale,
      isOriginal: true,
      text: value,
    });
  const statements: BatchItem<"sqlite">[] = [];
  if (!existing?.policyId) statements.push(db.insert(commissionPolicies).values({ id: policyId, commissionAccountId }));
  if (existing) {
    statements.push(
      db
        .update(commissionServices)
        .set({
          formId: input.formId,
          policyId,
          priceAmount: input.priceAmount,
          priceCurrencyId: currencyId,
          serviceStatus: "PUBLISHED",
          // Milestones (decision 073): a save without the editor's rows keeps the plan; orders already made keep theirs.
          ...(input.stagePlan && { stagePlan: JSON.stringify(input.stagePlan) }),
          // Its typical delivery time (decision 109): a save without the field keeps it.
          ...(input.deliveryDays !== undefined && { deliveryDays: input.deliveryDays }),
          // Its content rating (decision 110): a save without the field keeps it.
          ...(input.contentRatingCode !== undefined && { contentRatingCode: input.contentRatingCode }),
          updatedAt: new Date(),
        })
        .where(eq(commissionServices.id, id)),
    );
  } else {
    statements.push(
      db.insert(commissionServices).values({
        id,
        commissionAccountId,
        formId: input.formId,
        policyId,
        priceAmount: input.priceAmount,
        priceCurrencyId: currencyId,
        serviceStatus: "PUBLISHED",
        stagePlan: JSON.stringify(input.stagePlan ?? []),
        deliveryDays: input.deliveryDays ?? null,
        contentRatingCode: input.contentRatingCode ?? null,
      }),
    );
  }
  statements.push(
    db.delete(localizedTexts).where(and(eq(localizedTexts.entityType, SERVICE), eq(localizedTexts.entityId, id))),
    db.delete(localizedTexts).where(and(eq(localizedTexts.entityType, POLICY), eq(localizedTexts.entityId, policyId))),
    text(SERVICE, id, "title", input.title),
    db.delete(commissionServiceCategories).where(eq(commissionServiceCategories.serviceId, id)),
    // The gallery is attached again in the order given; media no longer listed (and nowhere else) go.
    db
      .delete(mediaAttachments)
      .where(
        and(
          eq(mediaAttachments.ownerType, OWNER),
          eq(mediaAttachments.ownerId, id),
          eq(mediaAttachments.field, "medias"),
        ),
      ),
  );
  if (dropped.ids.length)
    statements.push(
      db.delete(media).where(and(inArray(media.id, dropped.ids), eq(media.ownerUserAccountId, userAccountId))),
    );
  if (input.description) statements.push(text(SERVICE, id, "description", input.description));
  if (input.terms) statements.push(text(POLICY, policyId, "terms", input.terms));
  for (const code of input.categoryCodes)
    statements.push(db.insert(commissionServiceCategories).values({ serviceId: id, categoryCode: code }));
  input.medias.forEach((m, position) => {
    const mediaId = m.id ?? crypto.randomUUID();
    if (m.entry)
      statements.push(
        db.insert(media).values(mediaRow(mediaId, userAccountId, m.entry, position, fileSizes.get(position))),
      );
    statements.push(
      db
        .insert(mediaAttachments)
        .values({ id: crypto.randomUUID(), mediaId, ownerType: OWNER, ownerId: id, field: "medias", position }),
    );
  });
  // The new files are attached by this save: no longer pending uploads (the cron deletes unattached ones).
  const attached = markUploadsAttached(
    db,
    input.medias.map((m) => (m.entry?.formatType === "FILE" ? parseMediaKey(m.entry.url ?? "") : null)),
  );
  if (attached) statements.push(attached);
  await db.batch(statements as [BatchItem<"sqlite">, ...BatchItem<"sqlite">[]]);
  await deleteUnreferencedFiles(db, bucket, dropped.files);
  await purgeAccountPages(db, userAccountId);
  // The terms too (issue 62): a client of the other language reads them translated from the first visit, however long.
  translateSavedEntities(
    async () => [
      { entityType: SERVICE, ids: [id], fields: ["title", "description"] },
      { entityType: POLICY, ids: [policyId], fields: ["terms"] },
    ],
    userAccountId,
  );
  return { ok: true, serviceId: id };
}

/**
 * Delete a service with its texts and gallery: media rows nothing else attaches (an order's snapshot keeps its own),
 * and with `bucket` their files under the service's folder that no media row refers to any more.
 */
export async function deleteService(
  db: Database,
  userAccountId: string,
  serviceId: string,
  bucket?: R2Bucket,
): Promise<{ ok: boolean }> {
  const existing = await ownedService(db, userAccountId, serviceId);
  if (!existing) return { ok: false };
  const removable = await removableMedia(db, await attachedMedia(db, [serviceId]), userAccountId, serviceId);
  await db.batch([
    db
      .delete(mediaAttachments)
      .where(and(eq(mediaAttachments.ownerType, OWNER), eq(mediaAttachments.ownerId, serviceId))),
    ...(removable.ids.length ? [db.delete(media).where(inArray(media.id, removable.ids))] : []),
    db
      .delete(localizedTexts)
      .where(and(eq(localizedTexts.entityType, SERVICE), eq(localizedTexts.entityId, serviceId))),
    db.delete(commissionServices).where(eq(commissionServices.id, serviceId)),
  ]);
  if (bucket) await deleteUnreferencedFiles(db, bucket, removable.files);
  await purgeAccountPages(db, userAccountId);
  return { ok: true };
}
