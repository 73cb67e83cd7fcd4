import { and, asc, desc, eq, inArray, isNotNull, isNull, or, sql } from "drizzle-orm";
import { MISSING_TEXT, pickText } from "../domain/localized-text";
import type { BatchItem } from "drizzle-orm/batch";
import type { Database } from "../db/client";
import {
  commissionCategories,
  contentRatings,
  localizedTexts,
  media,
  mediaAttachments,
  portfolioWorkCategories,
  portfolioWorkContentRatings,
  portfolioWorks,
  portfolioWorkTags,
  portfolioWorkUserCategories,
  userProfiles,
  visibilityGrants,
  visibilitySettings,
} from "../db/schema";
import type { MediaType, VisibilityStatus } from "../db/schema/enums";
import { LOCALIZED, MEDIA_OWNERS } from "../db/schema/localized-entities";
import type { Locale } from "../domain/locales";
import { GUARDED_VIEWER, visibleRatingSql } from "../domain/content-gate";
import { listedWorkSql, workStatusOnSave } from "../domain/public-items";
import { TAG_MAX_LENGTH } from "../domain/portfolio-fields";
import { cleanSearchText, textMatchSql } from "../domain/search-text";
import {
  MEDIA_READ_COLUMNS,
  keptMediaErrors,
  mediaRow,
  shownMedia,
  type ShownMedia,
} from "../media/services/media-rows";
import { parseMediaKey, type MediaKey } from "../media/domain/media-keys";
import type { ParsedWork, WorkDraft } from "../domain/portfolio";
import type { ParsedMediaDraft } from "../media/domain/media-drafts";
import { noGrants, type ItemGrants } from "../domain/visibility";
import { grantChanges } from "../domain/work-grants";
import { VISIBILITY_PERMISSIONS } from "../db/schema/enums";
import {
  editableWork,
  grantStatements,
  grantsDraftOf,
  wantedGrants,
  workUserCategories,
} from "../media/services/work-access";
import { removedClientCredit, resolveClient } from "./client-works";

// The named client's own action lives with the client-works rules; re-exported for the pages that call it here.
export { removeMeFromWork } from "./client-works";
import { loadTexts, translateSavedEntities } from "./localized-texts";
import { checkAttachment, deleteUnreferencedFiles, markUploadsAttached } from "../media/services/storage";
import { purgeAccountPages } from "./public-pages";

const WORK = LOCALIZED.portfolioWork.type;
const OWNER = MEDIA_OWNERS.portfolioWork.type;
const ITEM = "portfolio_work";

/** Who a client work was made for (on the creator's list) or by (on the client's "Made for you"). */
export interface WorkPerson {
  role: "client" | "creator";
  /** null: the account is gone ("a former client"). */
  profile: { name: string; handle: string; avatarUrl: string | null } | null;
  /** Creator's list only: the client removed themselves from the work (removeMeFromWork). */
  removed?: true;
}

export interface WorkListItem {
  id: string;
  title: string;
  mediaType: MediaType | null;
  thumbnailUrl: string | null;
  mediaCount: number;
  visibility: VisibilityStatus;
  /** Hidden by an admin after a report (decision 089): its owner still lists and edits it, nobody else sees it. */
  hidden: boolean;
  medias: ShownMedia[];
  /** Client works only. */
  person?: WorkPerson;
}

/** A creator's own works vs. client works (made for a client: client_account_id or commission_order_id set). */
export type WorkKind = "own" | "client";
const isClientWorkSql = or(isNotNull(portfolioWorks.clientAccountId), isNotNull(portfolioWorks.commissionOrderId));
const isOwnWorkSql = and(isNull(portfolioWorks.clientAccountId), isNull(portfolioWorks.commissionOrderId));

type AttachedRow = Awaited<ReturnType<typeof attachedMedia>>[number];

async function profileIdOf(db: Database, userAccountId: string): Promise<string | null> {
  const row = await db
    .select({ id: userProfiles.id })
    .from(userProfiles)
    .where(eq(userProfiles.accountId, userAccountId))
    .get();
  return row?.id ?? null;
}

/** The works' attachment fields: the media shown on the work, and the images for link previews (og:image). */
type WorkMediaField = "medias" | "og_images";
const WORK_MEDIA_FIELDS: readonly WorkMediaField[] = ["medias", "og_images"];

async function attachedMedia(db: Database, workIds: string[], fields: readonly WorkMediaField[] = ["medias"]) {
  if (workIds.length === 0) return [];
  return db
    .select({
      workId: mediaAttachments.ownerId,
      field: mediaAttachments.field,
      ...MEDIA_READ_COLUMNS,
    })
    .from(mediaAttachments)
    .innerJoin(media, eq(media.id, mediaAttachments.mediaId))
    .where(
      and(
        eq(mediaAttachments.ownerType, OWNER),
        inArray(mediaAttachments.field, [...fields]),
        inArray(mediaAttachments.ownerId, workIds),
      ),
    )
    .orderBy(asc(mediaAttachments.position));
}

/** Name (in the viewer's language, else the handle), handle and avatar of each account that still has a profile. */
async function profileRefs(
  db: Database,
  accountIds: string[],
  locale: Locale,
): Promise<Map<string, NonNullable<WorkPerson["profile"]>>> {
  const ids = [...new Set(accountIds)];
  if (ids.length === 0) return new Map();
  const profiles = await db
    .select({
      id: userProfiles.id,
      accountId: userProfiles.accountId,
      handle: userProfiles.originalHandle,
      avatarUrl: userProfiles.avatarUrl,
    })
    .from(userProfiles)
    .where(inArray(userProfiles.accountId, ids));
  const texts = await loadTexts(
    db,
    LOCALIZED.userProfile.type,
    profiles.map((p) => p.id),
    "name",
  );
  return new Map(
    profiles.map((p) => [
      p.accountId,
      { name: pickText(texts.get(p.id), locale, "name") || p.handle, handle: p.handle, avatarUrl: p.avatarUrl },
    ]),
  );
}

type ListedRow = { id: string; visibility: VisibilityStatus | null; hiddenAt?: Date | null; person?: WorkPerson };

/** Titles and media of the listed works, in the given order. */
async function toListItems(db: Database, works: ListedRow[], locale: Locale): Promise<WorkListItem[]> {
  const ids = works.map((w) => w.id);
  const texts = await loadTexts(db, WORK, ids);
  const medias = await attachedMedia(db, ids);
  return works.map((w) => {
    const own = medias.filter((m) => m.workId === w.id);
    const first = own[0];
    return {
      id: w.id,
      title: pickText(texts.get(w.id), locale, "title") ?? MISSING_TEXT,
      mediaType: first?.mediaType ?? null,
      thumbnailUrl: first
        ? (first.thumbnailUrl ?? (first.mediaType === "IMAGE" ? (first.fileUrl ?? first.linkUrl) : null))
        : null,
      mediaCount: own.length,
      visibility: w.visibility ?? "PUBLIC",
      hidden: Boolean(w.hiddenAt),
      medias: own.map(shownMedia),
      ...(w.person ? { person: w.person } : {}),
    };
  });
}

/**
 * The user's works of one kind: "own" (the portfolio pages) or "client" (/dashboard/portfolio/creator/client, each
 * with the client it was made for; a deleted client's work says "a former client").
 */
export async function listWorks(
  db: Database,
  userAccountId: string,
  locale: Locale,
  kind: WorkKind = "own",
): Promise<WorkListItem[]> {
  const profileId = await profileIdOf(db, userAccountId);
  if (!profileId) return [];
  const works = await db
    .select({
      id: portfolioWorks.id,
      visibility: visibilitySettings.visibilityStatus,
      clientAccountId: portfolioWorks.clientAccountId,
      clientRemovedAt: portfolioWorks.clientRemovedAt,
      hiddenAt: portfolioWorks.hiddenAt,
    })
    .from(portfolioWorks)
    .leftJoin(
      visibilitySettings,
      and(eq(visibilitySettings.itemType, ITEM), eq(visibilitySettings.itemId, portfolioWorks.id)),
    )
    .where(and(eq(portfolioWorks.profileId, profileId), kind === "client" ? isClientWorkSql : isOwnWorkSql))
    .orderBy(asc(portfolioWorks.userIndex), desc(portfolioWorks.createdAt));
  if (kind === "own") return toListItems(db, works, locale);
  const clients = await profileRefs(
    db,
    works.flatMap((w) => (w.clientAccountId ? [w.clientAccountId] : [])),
    locale,
  );
  const person = (w: (typeof works)[number]): WorkPerson => ({
    role: "client",
    profile: (w.clientAccountId && clients.get(w.clientAccountId)) || null,
    ...(w.clientAccountId && w.clientRemovedAt ? { removed: true as const } : {}),
  });
  return toListItems(
    db,
    works.map((w) => ({ ...w, person: person(w) })),
    locale,
  );
}

/**
 * "Made for you": public works (the catalog's rule) whose client is this account and who has not removed themselves
 * from them, each with its creator. Read-only, but for removeMeFromWork.
 */
export async function listWorksMadeFor(db: Database, clientAccountId: string, locale: Locale): Promise<WorkListItem[]> {
  const works = await db
    .select({
      id: portfolioWorks.id,
      visibility: visibilitySettings.visibilityStatus,
      creatorAccountId: userProfiles.accountId,
    })
    .from(portfolioWorks)
    .innerJoin(userProfiles, eq(userProfiles.id, portfolioWorks.profileId))
    .leftJoin(
      visibilitySettings,
      and(eq(visibilitySettings.itemType, ITEM), eq(visibilitySettings.itemId, portfolioWorks.id)),
    )
    .where(
      and(
        eq(portfolioWorks.clientAccountId, clientAccountId),
        isNull(portfolioWorks.clientRemovedAt),
        sql.raw(listedWorkSql('"portfolio_works"')),
      ),
    )
    .orderBy(desc(portfolioWorks.createdAt));
  const creators = await profileRefs(
    db,
    works.map((w) => w.creatorAccountId),
    locale,
  );
  return toListItems(
    db,
    works.map((w) => ({
      ...w,
      person: { role: "creator" as const, profile: creators.get(w.creatorAccountId) ?? null },
    })),
    locale,
  );
}

/** What the editor's visitor may do besides editing the content (032-work-editor-grants.md). */
export interface WorkEditAccess {
  /** Change visibility, grants, credits and client, and delete the work. */
  canAdmin: boolean;
  isOwner: boolean;
}

/**
 * The work as the editor fills it in, for anyone who may edit it (owner, edit or admin grant); null otherwise.
 */
export async function getWorkForEdit(
  db: Database,
  userAccountId: string,
  workId: string,
  locale: Locale,
): Promise<(WorkDraft & { access: WorkEditAccess }) | null> {
  const work = await editableWork(db, userAccountId, workId);
  if (!work) return null;
  const [texts, medias, categories, ratings, tags, userCategories, grants] = await Promise.all([
    loadTexts(db, WORK, [workId]),
    attachedMedia(db, [workId], WORK_MEDIA_FIELDS),
    db
      .select({ code: portfolioWorkCategories.categoryCode })
      .from(portfolioWorkCategories)
      .where(eq(portfolioWorkCategories.workId, workId)),
    db
      .select({ code: portfolioWorkContentRatings.contentRatingCode })
      .from(portfolioWorkContentRatings)
      .where(eq(portfolioWorkContentRatings.workId, workId)),
    db.select({ tag: portfolioWorkTags.tag }).from(portfolioWorkTags).where(eq(portfolioWorkTags.workId, workId)),
    workUserCategories(db, [workId]),
    grantsDraftOf(db, work.grants),
  ]);
  // The client is credited by saveWork; the credits field lists only the other credited users.
  const creditIds = work.grants.credit.userAccountIds.filter((id) => id !== work.clientAccountId);
  const credits = await profileRefs(db, creditIds, locale);
  // A client who removed themselves is not filled in again: the field starts empty (see resolveClient).
  const shownClient = work.clientRemovedAt ? null : work.clientAccountId;
  const clientHandle = shownClient
    ? (await profileRefs(db, [shownClient], locale)).get(shownClient)?.handle
    : undefined;
  const isClientWork = Boolean(work.clientAccountId || work.commissionOrderId);
  const draftOf = (field: WorkMediaField) =>
    medias
      .filter((m) => m.field === field)
      .map((m) => {
        const shown = shownMedia(m);
        return {
          id: m.id,
          url: shown.url,
          formatType: shown.formatType,
          code: shown.code,
          mediaType: shown.mediaType,
          site: shown.site,
          thumbnailUrl: shown.thumbnailUrl,
          name: shown.name,
        };
      });
  return {
    id: workId,
    title: pickText(texts.get(workId), locale, "title") ?? "",
    description: pickText(texts.get(workId), locale, "description") ?? "",
    medias: draftOf("medias"),
    ogImages: draftOf("og_images"),
    contentRatingCode: ratings[0]?.code ?? "",
    categoryCodes: categories.map((c) => c.code),
    userCategories: userCategories.get(workId) ?? [],
    tags: tags.map((t) => t.tag),
    visibility: work.visibility ?? "PUBLIC",
    grants,
    credits: creditIds.flatMap((id) => (credits.has(id) ? [credits.get(id)!.handle] : [])).join(", "),
    ...(isClientWork ? { client: clientHandle ?? "" } : {}),
    access: { canAdmin: work.canAdmin, isOwner: work.isOwner },
  };
}

/** `isOwner`: the saver owns the work (false for an edit or admin grantee, whose lists do not show it). */
export type WorkWriteResult =
  | { ok: true; workId: string; isClientWork: boolean; isOwner: boolean }
  | { ok: false; reason: "not_found" }
  | { ok: false; reason: "invalid"; errors: Record<string, string> };

/**
 * Create (workId null) or update a work. Texts are written in the writer's language.
 * Who may save (032-work-editor-grants.md): a new work is the user's own; a stored one takes anyone who may edit it
 * (its owner, an edit or admin grant), and everything is written as the owner's (media rows, folders). Only an admin
 * of the work (owner or admin grant) changes its visibility, grants, credits and client; an edit grantee's save
 * leaves them as stored. Anyone else is refused (not_found) and nothing changes.
 * Media (the "medias" and "og_images" lists): kept media (by id) must already be this work's in that list, each
 * listed once (keptMediaErrors); new entries (FILE, LINK, EMBED) become media rows owned by the work's owner,
 * attached in the order given. A new entry pointing at one of our stored objects must be under this work's own
 * folder for that list (v1/portfolio-work/{workId}/{field}/) and, when `bucket` is given, exist there: anyone else's
 * path is refused (so a new work, which has no folder yet, takes no files). Removed media rows are deleted, and a
 * removed FILE's object too when it is the owner's, under this work's folder, and no other media row refers to it
 * (deleteUnreferencedFiles). A null ogImages, userCategories or grants (absent from the payload) leaves them as stored.
 * Grants are connected and disconnected as the lists say (grantChanges); an unknown handle is a field error and
 * nothing is written. A client work (008-client-works.md) names its client by handle (see resolveClient), who is
 * credited too; `isClientWork` tells the caller which list the work is on.
 */
export async function saveWork(
  db: Database,
  userAccountId: string,
  workId: string | null,
  input: ParsedWork,
  /** The language the texts are written in, stored as their original (inputLanguageOf the writer). */
  locale: Locale,
  bucket: R2Bucket,
): Promise<WorkWriteResult> {
  const existing = workId ? await editableWork(db, userAccountId, workId) : null;
  if (workId && !existing) return { ok: false, reason: "not_found" };
  const profileId = existing?.profileId ?? (await profileIdOf(db, userAccountId));
  if (!profileId) return { ok: false, reason: "not_found" };
  const id = existing?.id ?? crypto.randomUUID();
  const ownerAccountId = existing?.ownerAccountId ?? userAccountId;
  const mayAdmin = existing?.canAdmin ?? true;

  const errors: Record<string, string> = {};
  // An edit grantee's save keeps the client as stored (it is who the work is credited to: an admin's choice).
  const client = mayAdmin
    ? await resolveClient(db, ownerAccountId, existing ?? null, input.clientHandle)
    : { accountId: existing!.clientAccountId, removed: Boolean(existing!.clientRemovedAt) };
  if ("error" in client) errors.client = client.error;
  const clientAccountId = "error" in client ? null : client.accountId;
  // A client who removed themselves stays named (the creator's list says so) but is credited no more.
  const clientRemoved = "error" in client ? false : client.removed;
  if (input.categoryCodes.length) {
    const found = await db
      .select({ code: commissionCategories.code })
      .from(commissionCategories)
      .where(and(inArray(commissionCategories.code, input.categoryCodes), eq(commissionCategories.isActive, true)));
    if (found.length !== input.categoryCodes.length) errors.categoryCodes = "authoring_category";
  }
  if (input.contentRatingCode) {
    const rating = await db
      .select({ code: contentRatings.code })
      .from(contentRatings)
      .where(eq(contentRatings.code, input.contentRatingCode))
      .get();
    if (!rating) errors.contentRatingCode = "authoring_content_rating";
  }
  const stored: ItemGrants = existing?.grants ?? noGrants();
  const wanted = mayAdmin
    ? await wantedGrants(db, input, stored, { clientAccountId, clientRemoved, ownerAccountId }, errors)
    : stored;

  const lists: { field: WorkMediaField; prefix: string; items: ParsedMediaDraft[] }[] = [
    { field: "medias", prefix: "medias", items: input.medias },
  ];
  if (input.ogImages) lists.push({ field: "og_images", prefix: "ogImages", items: input.ogImages });
  const currentMedia = existing
    ? await attachedMedia(
        db,
        [id],
        lists.map((l) => l.field),
      )
    : [];
  const fileSizes = new Map<string, { size: number; type: string | null }>();
  for (const list of lists) {
    const currentIds = new Set(currentMedia.filter((m) => m.field === list.field).map((m) => m.id));
    Object.assign(errors, keptMediaErrors(list.items, currentIds, list.prefix));
    for (const [i, m] of list.items.entries()) {
      const at = `${list.prefix}.${i}`;
      const key = m.entry?.url ? parseMediaKey(m.entry.url) : null;
      if (m.entry?.formatType === "FILE" && !key) errors[at] = "authoring_invalid";
      if (!key) continue;
      const checked = await checkAttachment(bucket, key, (k) => Boolean(existing) && isWorkObject(k, id, list.field));
      if (!checked.ok)
        errors[at] =
          checked.error === "forbidden"
            ? "authoring_media_forbidden"
            : checked.error === "not_found"
              ? "authoring_invalid"
              : checked.error;
      else fileSizes.set(at, { size: checked.size, type: checked.mimeType });
    }
  }
  if (Object.keys(errors).length) return { ok: false, reason: "invalid", errors };

  const settingId =
    (
      await db
        .select({ id: visibilitySettings.id })
        .from(visibilitySettings)
        .where(and(eq(visibilitySettings.itemType, ITEM), eq(visibilitySettings.itemId, id)))
        .get()
    )?.id ?? crypto.randomUUID();
  const text = (field: string, value: string) =>
    db.insert(localizedTexts).values({
      id: crypto.randomUUID(),
      entityType: WORK,
      entityId: id,
      field,
      languageCode: locale,
      isOriginal: true,
      text: value,
    });
  const workStatus = workStatusOnSave(input.medias.length);
  const statements: BatchItem<"sqlite">[] = [
    existing
      ? db
          .update(portfolioWorks)
          .set({
            workStatus,
            clientAccountId,
            // The same client keeps the stored mark, even one set after `existing` was read; a new client clears it.
            clientRemovedAt: sql`CASE WHEN ${portfolioWorks.clientAccountId} IS ${clientAccountId} THEN ${portfolioWorks.clientRemovedAt} ELSE NULL END`,
            updatedAt: new Date(),
          })
          .where(eq(portfolioWorks.id, id))
      : db.insert(portfolioWorks).values({ id, profileId, workStatus, clientAccountId }),
    db.delete(localizedTexts).where(and(eq(localizedTexts.entityType, WORK), eq(localizedTexts.entityId, id))),
    text("title", input.title),
    text("description", input.description),
    db.delete(portfolioWorkCategories).where(eq(portfolioWorkCategories.workId, id)),
    db.delete(portfolioWorkContentRatings).where(eq(portfolioWorkContentRatings.workId, id)),
    db.delete(portfolioWorkTags).where(eq(portfolioWorkTags.workId, id)),
  ];
  if (mayAdmin) {
    statements.push(
      db
        .insert(visibilitySettings)
        .values({ id: settingId, itemType: ITEM, itemId: id, visibilityStatus: input.visibility })
        .onConflictDoUpdate({
          target: [visibilitySettings.itemType, visibilitySettings.itemId],
          set: { visibilityStatus: input.visibility, updatedAt: new Date() },
        }),
      ...grantStatements(
        db,
        settingId,
        grantChanges(stored, wanted, input.grants ? VISIBILITY_PERMISSIONS : ["credit"]),
      ),
    );
  }
  // Media no longer listed were made for this work: drop the rows (their attachments cascade) and, after the batch,
  // the stored objects of dropped files that no other row refers to.
  const droppedFiles: MediaKey[] = [];
  for (const list of lists) {
    statements.push(
      db
        .delete(mediaAttachments)
        .where(
          and(
            eq(mediaAttachments.ownerType, OWNER),
            eq(mediaAttachments.ownerId, id),
            eq(mediaAttachments.field, list.field),
          ),
        ),
    );
    const dropped = currentMedia.filter((m) => m.field === list.field && !list.items.some((item) => item.id === m.id));
    droppedFiles.push(...ownFilesOf(dropped, ownerAccountId, id, list.field));
    if (dropped.length)
      statements.push(
        db.delete(media).where(
          and(
            inArray(
              media.id,
              dropped.map((m) => m.id),
            ),
            eq(media.ownerUserAccountId, ownerAccountId),
          ),
        ),
      );
    list.items.forEach((m, position) => {
      const mediaId = m.id ?? crypto.randomUUID();
      if (m.entry)
        statements.push(
          db
            .insert(media)
            .values(mediaRow(mediaId, ownerAccountId, m.entry, position, fileSizes.get(`${list.prefix}.${position}`))),
        );
      statements.push(
        db
          .insert(mediaAttachments)
          .values({ id: crypto.randomUUID(), mediaId, ownerType: OWNER, ownerId: id, field: list.field, position }),
      );
    });
  }
  for (const code of input.categoryCodes)
    statements.push(db.insert(portfolioWorkCategories).values({ workId: id, categoryCode: code }));
  if (input.contentRatingCode)
    statements.push(
      db.insert(portfolioWorkContentRatings).values({ workId: id, contentRatingCode: input.contentRatingCode }),
    );
  for (const tag of input.tags) statements.push(db.insert(portfolioWorkTags).values({ workId: id, tag }));
  if (input.userCategories) {
    statements.push(db.delete(portfolioWorkUserCategories).where(eq(portfolioWorkUserCategories.workId, id)));
    input.userCategories.forEach((name, position) =>
      statements.push(db.insert(portfolioWorkUserCategories).values({ workId: id, name, position })),
    );
  }
  // A client who removed themselves is never credited again, also when they did so while this save was being
  // prepared: the batch is one transaction, and this runs after the update above kept their mark.
  if (clientAccountId)
    statements.push(
      db
        .delete(visibilityGrants)
        .where(and(eq(visibilityGrants.visibilitySettingId, settingId), removedClientCredit(id))),
    );
  // The new files are attached by this save: no longer pending uploads (the cron deletes unattached ones).
  const attached = markUploadsAttached(
    db,
    lists.flatMap((l) =>
      l.items.map((m) => (m.entry?.formatType === "FILE" ? parseMediaKey(m.entry.url ?? "") : null)),
    ),
  );
  if (attached) statements.push(attached);
  await db.batch(statements as [BatchItem<"sqlite">, ...BatchItem<"sqlite">[]]);
  await deleteUnreferencedFiles(db, bucket, droppedFiles);
  // The work's page is tagged with its owner, client and credited users; the owner's profile and the lists change too.
  await purgeAccountPages(db, ownerAccountId);
  // Its tags too (issue 62): a reader of the other language reads them translated on the work's page.
  translateSavedEntities(
    async () => [{ entityType: WORK, ids: [id], fields: ["title", "description"] }, { texts: input.tags }],
    ownerAccountId,
  );
  return {
    ok: true,
    workId: id,
    isClientWork: Boolean(clientAccountId || existing?.commissionOrderId),
    isOwner: existing?.isOwner ?? true,
  };
}

/** Is this object key one of the work's own files of that list (v1/portfolio-work/{workId}/{field}/…)? */
function isWorkObject(
  key: { domain: string; id: string; field: string },
  workId: string,
  field: WorkMediaField,
): boolean {
  return key.domain === "portfolio-work" && key.id === workId && key.field === field;
}

/** The files of FILE rows the owner owns under the work's folder (what deleting them may remove from the bucket). */
function ownFilesOf(rows: AttachedRow[], ownerAccountId: string, workId: string, field: WorkMediaField): MediaKey[] {
  return rows.flatMap((row) => {
    if (row.formatType !== "FILE" || row.ownerUserAccountId !== ownerAccountId || !row.fileUrl) return [];
    const key = parseMediaKey(row.fileUrl);
    return key && isWorkObject(key, workId, field) ? [key] : [];
  });
}

/**
 * Delete a work with its texts, attachments, its media of both lists (with `bucket`, the stored files no other media
 * row refers to), its own categories and visibility rows. Only its owner or an admin grantee (canAdminItem); anyone
 * else gets not found.
 */
export async function deleteWork(
  db: Database,
  userAccountId: string,
  workId: string,
  bucket?: R2Bucket,
): Promise<{ ok: boolean }> {
  const work = await editableWork(db, userAccountId, workId);
  if (!work?.canAdmin) return { ok: false };
  const rows = await attachedMedia(db, [workId], WORK_MEDIA_FIELDS);
  const mediaIds = rows.map((m) => m.id);
  // Without the bucket the FILE rows stay (their objects would be orphaned otherwise).
  const removable = bucket ? mediaIds : rows.filter((m) => m.formatType !== "FILE").map((m) => m.id);
  await db.batch([
    db.delete(mediaAttachments).where(and(eq(mediaAttachments.ownerType, OWNER), eq(mediaAttachments.ownerId, workId))),
    ...(removable.length
      ? [db.delete(media).where(and(inArray(media.id, removable), eq(media.ownerUserAccountId, work.ownerAccountId)))]
      : []),
    db.delete(localizedTexts).where(and(eq(localizedTexts.entityType, WORK), eq(localizedTexts.entityId, workId))),
    db.delete(portfolioWorkUserCategories).where(eq(portfolioWorkUserCategories.workId, workId)),
    db
      .delete(visibilitySettings)
      .where(and(eq(visibilitySettings.itemType, ITEM), eq(visibilitySettings.itemId, workId))),
    db.delete(portfolioWorks).where(eq(portfolioWorks.id, workId)),
  ]);
  const files = WORK_MEDIA_FIELDS.flatMap((field) =>
    ownFilesOf(
      rows.filter((m) => m.field === field),
      work.ownerAccountId,
      workId,
      field,
    ),
  );
  if (bucket) await deleteUnreferencedFiles(db, bucket, files);
  await purgeAccountPages(db, work.ownerAccountId);
  return { ok: true };
}

/**
 * Tags starting with `query` (ASCII case ignored, as everywhere in search: textMatchSql), most used first: the tag
 * input's suggestions for this user. Only tags the user may already see are suggested: those on the user's own works
 * (any status or visibility) and on public works (the one rule, listedWorkSql) not rated for adults (decision 110);
 * uses are counted the same way, so hidden works do not rank a tag.
 */
export async function searchTags(db: Database, viewerAccountId: string, query: string, limit = 8): Promise<string[]> {
  const q = cleanSearchText(query, TAG_MAX_LENGTH);
  if (!q) return [];
  const startsWith = textMatchSql("t.tag", q, "startsWith");
  const rows = await db.$client
    .prepare(
      `SELECT t.tag FROM portfolio_work_tags t JOIN portfolio_works w ON w.id = t.work_id
      WHERE ${startsWith.sql}
        AND (w.profile_id IN (SELECT id FROM user_profiles WHERE account_id = ?)
          OR (${listedWorkSql("w")} AND ${visibleRatingSql("w", GUARDED_VIEWER)}))
      GROUP BY t.tag ORDER BY count(*) DESC, t.tag ASC LIMIT ?`,
    )
    .bind(startsWith.param, viewerAccountId, limit)
    .all<{ tag: string }>();
  return rows.results.map((r) => r.tag);
}

export async function listContentRatings(db: Database, locale: Locale): Promise<{ code: string; name: string }[]> {
  const rows = await db
    .select({ id: contentRatings.id, code: contentRatings.code })
    .from(contentRatings)
    .orderBy(asc(contentRatings.userIndex));
  const ids = rows.map((r) => r.id);
  const texts = await loadTexts(db, LOCALIZED.contentRating.type, ids);
  return rows.map((r) => ({ code: r.code, name: pickText(texts.get(r.id), locale, "name") || r.code }));
}
