import { index, integer, primaryKey, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
import { MEDIA_FORMAT_TYPES, MEDIA_TYPES } from "./enums";
import { timestamps, userAccounts } from "./accounts";
import { contentRatings } from "./catalog";

/**
 * One uploaded file, external link or embed, owned by the account that added it. Names and descriptions are
 * localized_texts (entity "media"). Which object shows the media, and in what order, is a media_attachments row,
 * so one media row can appear on a portfolio work and on a service without a copy.
 */
export const media = sqliteTable(
  "media",
  {
    id: text("id").primaryKey(),
    ownerUserAccountId: text("owner_user_account_id").references(() => userAccounts.id, { onDelete: "cascade" }),
    formatType: text("format_type", { enum: MEDIA_FORMAT_TYPES }).notNull(),
    mediaType: text("media_type", { enum: MEDIA_TYPES }).notNull(),
    // formatType FILE
    fileName: text("file_name"),
    /** MIME type, e.g. image/png. */
    fileType: text("file_type"),
    /** Bytes. */
    fileSize: integer("file_size"),
    fileWidth: integer("file_width"),
    fileHeight: integer("file_height"),
    fileExtension: text("file_extension"),
    /** "/media/{R2 key}" for stored files; the key follows v1/{domain}/{id}/{field}/{uuid}.{ext}. */
    fileUrl: text("file_url"),
    /** A converted rendition (e.g. a web-friendly video), when one exists. */
    fileConvertUrl: text("file_convert_url"),
    fileLastModified: integer("file_last_modified", { mode: "timestamp_ms" }),
    // formatType LINK
    linkSite: text("link_site"),
    linkUrl: text("link_url"),
    // formatType EMBED (default site youtube)
    embedSite: text("embed_site"),
    embedCode: text("embed_code"),
    thumbnailUrl: text("thumbnail_url"),
    markdown: text("markdown"),
    userIndex: integer("user_index").notNull().default(0),
    isActive: integer("is_active", { mode: "boolean" }).notNull().default(true),
    ...timestamps,
  },
  (t) => [
    index("media_owner").on(t.ownerUserAccountId, t.createdAt),
    // A stored file is deleted only when no media row refers to it any more (worker/media/services/storage.ts).
    index("media_file_url").on(t.fileUrl),
  ],
);

/**
 * Generic link from a media row to the object showing it (see MEDIA_OWNERS for the ownerType/field pairs).
 * No foreign key on ownerId: the service deleting an owner deletes its attachments in the same batch.
 */
export const mediaAttachments = sqliteTable(
  "media_attachments",
  {
    id: text("id").primaryKey(),
    mediaId: text("media_id")
      .notNull()
      .references(() => media.id, { onDelete: "cascade" }),
    ownerType: text("owner_type").notNull(),
    ownerId: text("owner_id").notNull(),
    /** Which list of the owner: "medias", "og_images", "media"... */
    field: text("field").notNull(),
    position: integer("position").notNull().default(0),
    createdAt: timestamps.createdAt,
  },
  (t) => [
    uniqueIndex("media_attachments_owner_media").on(t.ownerType, t.ownerId, t.field, t.mediaId),
    index("media_attachments_owner_position").on(t.ownerType, t.ownerId, t.field, t.position),
    index("media_attachments_media").on(t.mediaId),
  ],
);

export const mediaContentRatings = sqliteTable(
  "media_content_ratings",
  {
    mediaId: text("media_id")
      .notNull()
      .references(() => media.id, { onDelete: "cascade" }),
    contentRatingCode: text("content_rating_code")
      .notNull()
      .references(() => contentRatings.code),
  },
  (t) => [primaryKey({ columns: [t.mediaId, t.contentRatingCode] })],
);

/**
 * A stored object no record has attached yet (an upload in flight, or abandoned). Attaching deletes the row;
 * the cron deletes objects whose row is older than a day.
 */
export const pendingUploads = sqliteTable(
  "pending_uploads",
  {
    key: text("key").primaryKey(),
    ownerProfileId: text("owner_profile_id").notNull(),
    createdAt: integer("created_at", { mode: "timestamp_ms" }).notNull(),
  },
  (t) => [index("pending_uploads_created").on(t.createdAt)],
);
