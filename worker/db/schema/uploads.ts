import { sql } from "drizzle-orm";
import { index, integer, primaryKey, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
import { FILE_CHECKSUM_STATES } from "../../media/domain/file-checksum";
import { MULTIPART_UPLOAD_STATES } from "../../media/domain/multipart-plan";

const ms = (name: string) => integer(name, { mode: "timestamp_ms" });

/**
 * A deliverable sent in parts (R2 multipart, issue 60, decision 096), kept on the server so any part can be sent again
 * and a reloaded page picks up where it stopped: for its uploader alone. `uploading` takes parts; one completion moves
 * it to `completing` by a conditional UPDATE, then `completed` (the object stored, checked, pending until a record
 * attaches it) or `refused` (its bytes not the kind declared: the object deleted); `aborted` by the uploader or the
 * cron. The tab that sends the parts holds a lease (`lease_holder`, `lease_expires_at`; multipart-plan.ts).
 */
export const multipartUploads = sqliteTable(
  "multipart_uploads",
  {
    id: text("id").primaryKey(),
    /** The object's key once complete: `v1/{domain}/{id}/{field}/{uuid}.{ext}`, named after the declared kind. */
    objectKey: text("object_key").notNull().unique(),
    /** R2's id of the multipart upload. */
    r2UploadId: text("r2_upload_id").notNull(),
    uploaderProfileId: text("uploader_profile_id").notNull(),
    targetDomain: text("target_domain").notNull(),
    targetId: text("target_id").notNull(),
    targetField: text("target_field").notNull(),
    /** The file's name as the uploader's device gave it (NFC, trimmed; refused rather than cleaned otherwise). */
    fileName: text("file_name").notNull(),
    declaredSize: integer("declared_size").notNull(),
    partSize: integer("part_size").notNull(),
    partCount: integer("part_count").notNull(),
    /** The FileKind the browser sniffed; the bytes are checked again at completion. */
    kind: text("kind").notNull(),
    /** The file's name, size and last-modified time, to find the upload again after a reload (fileFingerprint). */
    fingerprint: text("fingerprint").notNull(),
    leaseHolder: text("lease_holder"),
    leaseExpiresAt: ms("lease_expires_at"),
    state: text("state", { enum: MULTIPART_UPLOAD_STATES }).notNull().default("uploading"),
    /** The SHA-256 the uploader's browser computed over the whole file, set at completion. */
    sha256: text("sha256"),
    createdAt: ms("created_at").notNull(),
    /** The last activity (a part, a report, a lease taken): what the cron's idle rule reads. */
    updatedAt: ms("updated_at").notNull(),
  },
  (t) => [
    // One unfinished upload per uploader, target and file: a second start for the same file resumes the first.
    uniqueIndex("multipart_uploads_one_per_file")
      .on(t.uploaderProfileId, t.targetDomain, t.targetId, t.targetField, t.fingerprint)
      .where(sql`state IN ('uploading', 'completing')`),
    // An uploader's unfinished uploads of a target (to offer a resume), and an order's (its total).
    index("multipart_uploads_target").on(t.targetId, t.targetDomain, t.state),
    // The cron: unfinished uploads by last activity, closed ones by age.
    index("multipart_uploads_state_updated").on(t.state, t.updatedAt),
  ],
);

/** A part R2 has of an unfinished upload: sent through the Worker (locally) or reported by the browser (production). */
export const multipartUploadParts = sqliteTable(
  "multipart_upload_parts",
  {
    uploadId: text("upload_id")
      .notNull()
      .references(() => multipartUploads.id, { onDelete: "cascade" }),
    partNumber: integer("part_number").notNull(),
    size: integer("size").notNull(),
    etag: text("etag").notNull(),
  },
  (t) => [primaryKey({ columns: [t.uploadId, t.partNumber] })],
);

/**
 * What both parties are told about a stored work file before taking it (issue 60): its SHA-256 and the details read
 * from its own structures (FileDetails as JSON: a ZIP's listing, a PSD's header, a model's kind), beside its object.
 * The SHA-256 shown is Comet's own (issue 75): `sha256` is what the uploader's browser said it sent; the server hashes
 * the stored object after completion (worker/media/services/file-checksum.ts) into `server_sha256`, and `checksum`
 * says whether the two agree. A row stays `pending` until then, and while a run holds it (`check_started_at`).
 */
export const fileFacts = sqliteTable(
  "file_facts",
  {
    objectKey: text("object_key").primaryKey(),
    /** The SHA-256 the uploader's browser computed as it sent the file: a claim, checked against `server_sha256`. */
    sha256: text("sha256").notNull(),
    /** FileDetails (worker/media/domain/file-details.ts) as JSON; null when the kind has nothing more to show. */
    details: text("details"),
    createdAt: ms("created_at").notNull(),
    /** The SHA-256 the server computed over the stored object (streaming); null until it has. */
    serverSha256: text("server_sha256"),
    /** pending (not hashed by the server yet), verified (the browser's claim is the server's) or differs. */
    checksum: text("checksum", { enum: FILE_CHECKSUM_STATES }).notNull().default("pending"),
    /** When a run claimed the row to hash it: another run leaves it until the claim lapses (CHECK_CLAIM_MS). */
    checkStartedAt: ms("check_started_at"),
    /** When the server's hash was written. */
    checkedAt: ms("checked_at"),
  },
  // The files still to hash, oldest first: what the cron's bounded batch reads.
  (t) => [index("file_facts_pending").on(t.checksum, t.createdAt).where(sql`checksum = 'pending'`)],
);
