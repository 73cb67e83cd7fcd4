import { and, asc, eq, inArray } from "drizzle-orm";
import { MISSING_TEXT } from "../domain/localized-text";
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
  userProfiles,
} from "../db/schema";
import { LOCALIZED, MEDIA_OWNERS } from "../db/schema/localized-entities";
import { CURRENCIES, asCurrencyCode, type CurrencyCode } from "../domain/currency";
import { formatPriceInput, type ParsedService, type ServiceDraft } from "../domain/commission-form";
import type { Locale } from "../domain/constants";
import { parseMediaKey } from "../domain/media";
import { commissionAccountIdOf, pickText } from "./commission-forms";
import { checkAttachment, markUploadsAttached, ownsObject } from "./storage";

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

async function thumbnails(db: Database, serviceIds: string[]): Promise<Map<string, string>> {
  if (serviceIds.length === 0) return new Map();
  const rows = await db
    .select({ ownerId: mediaAttachments.ownerId, position: mediaAttachments.position, url: media.thumbnailUrl, linkUrl: media.linkUrl, fileUrl: media.fileUrl })
    .from(mediaAttachments)
    .innerJoin(media, eq(media.id, mediaAttachments.mediaId))
    .where(and(eq(mediaAttachments.ownerType, OWNER), eq(mediaAttachments.field, "medias"), inArray(mediaAttachments.ownerId, serviceIds)))
    .orderBy(asc(mediaAttachments.position));
  const map = new Map<string, string>();
  for (const r of rows) if (!map.has(r.ownerId)) map.set(r.ownerId, r.url ?? r.fileUrl ?? r.linkUrl ?? "");
  return map;
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
  const texts = ids.length
    ? await db.select().from(localizedTexts).where(and(eq(localizedTexts.entityType, SERVICE), inArray(localizedTexts.entityId, ids)))
    : [];
  const thumbs = await thumbnails(db, ids);
  return rows.map((r) => ({
    id: r.id,
    title: pickText(texts, r.id, "title", locale) ?? MISSING_TEXT,
    priceAmount: r.priceAmount,
    currency: asCurrencyCode(r.currency),
    thumbnailUrl: thumbs.get(r.id) || null,
  }));
}

async function ownedService(db: Database, userAccountId: string, serviceId: string) {
  return db
    .select({ id: commissionServices.id, formId: commissionServices.formId, policyId: commissionServices.policyId, priceAmount: commissionServices.priceAmount, currency: currencies.code })
    .from(commissionServices)
    .innerJoin(commissionAccounts, eq(commissionAccounts.id, commissionServices.commissionAccountId))
    .innerJoin(currencies, eq(currencies.id, commissionServices.priceCurrencyId))
    .where(and(eq(commissionServices.id, serviceId), eq(commissionAccounts.userAccountId, userAccountId)))
    .get();
}

export async function getServiceForEdit(db: Database, userAccountId: string, serviceId: string, locale: Locale): Promise<ServiceDraft | null> {
  const service = await ownedService(db, userAccountId, serviceId);
  if (!service) return null;
  const currency: CurrencyCode = asCurrencyCode(service.currency);
  const texts = await db
    .select()
    .from(localizedTexts)
    .where(and(eq(localizedTexts.entityType, SERVICE), eq(localizedTexts.entityId, serviceId)));
  const terms = service.policyId
    ? await db.select().from(localizedTexts).where(and(eq(localizedTexts.entityType, POLICY), eq(localizedTexts.entityId, service.policyId)))
    : [];
  const categories = await db.select({ code: commissionServiceCategories.categoryCode }).from(commissionServiceCategories).where(eq(commissionServiceCategories.serviceId, serviceId));
  return {
    title: pickText(texts, serviceId, "title", locale) ?? "",
    description: pickText(texts, serviceId, "description", locale) ?? "",
    thumbnailUrl: (await thumbnails(db, [serviceId])).get(serviceId) ?? "",
    price: formatPriceInput(service.priceAmount, currency),
    currency,
    formId: service.formId ?? "",
    terms: service.policyId ? (pickText(terms, service.policyId, "terms", locale) ?? "") : "",
    categoryCodes: categories.map((c) => c.code),
  };
}

export type ServiceWriteResult = { ok: true; serviceId: string } | { ok: false; reason: "not_found" } | { ok: false; reason: "invalid"; errors: Record<string, string> };

/**
 * Create (serviceId null) or update a service; a saved service is listed (PUBLISHED: the editor has no draft step). The linked form must be the creator's own; categories must be
 * active. Texts are written in the writer's language. Someone else's service is refused and left unchanged.
 */
export async function saveService(
  db: Database,
  userAccountId: string,
  serviceId: string | null,
  input: ParsedService,
  locale: Locale,
  bucket: R2Bucket,
): Promise<ServiceWriteResult> {
  const commissionAccountId = await commissionAccountIdOf(db, userAccountId);
  if (!commissionAccountId) return { ok: false, reason: "not_found" };
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
    if (found.length !== input.categoryCodes.length) return { ok: false, reason: "invalid", errors: { categoryCodes: "authoring_category" } };
  }
  // A thumbnail that is one of our stored objects must be in a folder the creator owns, and its bytes pass the upload rule.
  const thumbnailKey = input.thumbnailUrl ? parseMediaKey(input.thumbnailUrl) : null;
  if (thumbnailKey) {
    const profile = await db.select({ id: userProfiles.id }).from(userProfiles).where(eq(userProfiles.accountId, userAccountId)).get();
    const checked = await checkAttachment(bucket, thumbnailKey, (key) => (profile ? ownsObject(db, { profileId: profile.id }, key) : false));
    if (!checked.ok) {
      const error = checked.error === "forbidden" ? "authoring_media_forbidden" : checked.error === "not_found" ? "authoring_invalid" : checked.error;
      return { ok: false, reason: "invalid", errors: { thumbnailUrl: error } };
    }
  }
  const currencyRows = await db.select({ id: currencies.id, code: currencies.code }).from(currencies).where(inArray(currencies.code, [...CURRENCIES]));
  const currencyId = currencyRows.find((c) => c.code === input.currency)!.id;

  const id = existing?.id ?? crypto.randomUUID();
  const policyId = existing?.policyId ?? crypto.randomUUID();
  const text = (entityType: string, entityId: string, field: string, value: string) =>
    db.insert(localizedTexts).values({ id: crypto.randomUUID(), entityType, entityId, field, languageCode: locale, isOriginal: true, text: value });
  const statements: BatchItem<"sqlite">[] = [];
  if (!existing?.policyId) statements.push(db.insert(commissionPolicies).values({ id: policyId, commissionAccountId }));
  if (existing) {
    statements.push(
      db.update(commissionServices).set({ formId: input.formId, policyId, priceAmount: input.priceAmount, priceCurrencyId: currencyId, serviceStatus: "PUBLISHED", updatedAt: new Date() }).where(eq(commissionServices.id, id)),
    );
  } else {
    statements.push(db.insert(commissionServices).values({ id, commissionAccountId, formId: input.formId, policyId, priceAmount: input.priceAmount, priceCurrencyId: currencyId, serviceStatus: "PUBLISHED" }));
  }
  statements.push(
    db.delete(localizedTexts).where(and(eq(localizedTexts.entityType, SERVICE), eq(localizedTexts.entityId, id))),
    db.delete(localizedTexts).where(and(eq(localizedTexts.entityType, POLICY), eq(localizedTexts.entityId, policyId))),
    text(SERVICE, id, "title", input.title),
    db.delete(commissionServiceCategories).where(eq(commissionServiceCategories.serviceId, id)),
    // The thumbnail link media is owned by this service alone; replace it.
    db.delete(media).where(inArray(media.id, db.select({ id: mediaAttachments.mediaId }).from(mediaAttachments).where(and(eq(mediaAttachments.ownerType, OWNER), eq(mediaAttachments.ownerId, id))))),
    db.delete(mediaAttachments).where(and(eq(mediaAttachments.ownerType, OWNER), eq(mediaAttachments.ownerId, id))),
  );
  if (input.description) statements.push(text(SERVICE, id, "description", input.description));
  if (input.terms) statements.push(text(POLICY, policyId, "terms", input.terms));
  for (const code of input.categoryCodes) statements.push(db.insert(commissionServiceCategories).values({ serviceId: id, categoryCode: code }));
  if (input.thumbnailUrl) {
    const mediaId = crypto.randomUUID();
    statements.push(
      db.insert(media).values({ id: mediaId, ownerUserAccountId: userAccountId, formatType: "LINK", mediaType: "IMAGE", linkUrl: input.thumbnailUrl, linkSite: new URL(input.thumbnailUrl).hostname, thumbnailUrl: input.thumbnailUrl }),
      db.insert(mediaAttachments).values({ id: crypto.randomUUID(), mediaId, ownerType: OWNER, ownerId: id, field: "medias", position: 0 }),
    );
  }
  // A thumbnail that is one of our objects is attached by this save: no longer a pending upload.
  const attached = markUploadsAttached(db, [thumbnailKey]);
  if (attached) statements.push(attached);
  await db.batch(statements as [BatchItem<"sqlite">, ...BatchItem<"sqlite">[]]);
  return { ok: true, serviceId: id };
}

export async function deleteService(db: Database, userAccountId: string, serviceId: string): Promise<{ ok: boolean }> {
  const existing = await ownedService(db, userAccountId, serviceId);
  if (!existing) return { ok: false };
  await db.batch([
    db.delete(media).where(inArray(media.id, db.select({ id: mediaAttachments.mediaId }).from(mediaAttachments).where(and(eq(mediaAttachments.ownerType, OWNER), eq(mediaAttachments.ownerId, serviceId))))),
    db.delete(mediaAttachments).where(and(eq(mediaAttachments.ownerType, OWNER), eq(mediaAttachments.ownerId, serviceId))),
    db.delete(localizedTexts).where(and(eq(localizedTexts.entityType, SERVICE), eq(localizedTexts.entityId, serviceId))),
    db.delete(commissionServices).where(eq(commissionServices.id, serviceId)),
  ]);
  return { ok: true };
}
