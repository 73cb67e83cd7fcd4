/** Which files each (domain, field) accepts, and the checks a file or a stored object passes (spec section 9, decision 033). */
import {
  CHAT_MEDIA_MAX_FILES,
  DEFAULT_UPLOAD_MAX_BYTES,
  DELIVERABLE_FILE_MAX_BYTES,
  DISPUTE_FILES_MAX,
  FORM_CHOICE_MEDIA_MAX,
  FORM_QUESTION_MEDIA_MAX,
  ORDER_DELIVERABLES_MAX_FILES,
  STAGE_PREVIEW_CLIP_MAX_BYTES,
  STAGE_PREVIEW_IMAGE_MAX_BYTES,
  STAGE_PREVIEW_MAX_FILES,
  PORTFOLIO_MEDIA_MAX_BYTES,
  PORTFOLIO_MEDIA_MAX_FILES,
  SERVICE_MEDIA_MAX_FILES,
  type MediaCheck,
} from "./media-limits";
import { FILE_KINDS, sniffMediaType, type FileKind, type SniffedType } from "./media-sniff";

export type MediaDomain =
  | "user-profile"
  | "portfolio-work"
  | "commission-form"
  | "commission-request"
  | "commission-order"
  | "commission-service";
/** Who must own the id in the path: the signed-in user's profile, or a portfolio work / commission form / order / service of theirs. */
export type OwnershipKind =
  | "profile"
  | "portfolio-work"
  | "commission-form"
  | "commission-order"
  | "commission-order-party"
  | "commission-service";

export interface UploadRule {
  domain: MediaDomain;
  field: string;
  /** The largest file a single-request door (POST /upload, a signed PUT) takes. */
  maxBytes: number;
  /**
   * The largest file the multipart door takes (decision 096), for the fields that have it; an object stored through
   * it is checked against this, not `maxBytes`.
   */
  multipartMaxBytes?: number;
  maxFiles: number;
  kinds: readonly FileKind[];
  /** One object at a time: a new upload replaces (deletes) the previous one. */
  single: boolean;
  /** Private objects are read only through signed URLs, never /media/. */
  private: boolean;
  /**
   * A signed read URL of this field opens only with the session of the reader it was signed for, and lives 5 minutes
   * wherever it is issued (an order's deliverables: what the client paid for; decision 059).
   */
  sessionBound?: true;
  ownership: OwnershipKind;
  /**
   * The order's buyer reads it only once the order is COMPLETED; its seller always (a stage preview's original,
   * decision 073). Asked at every signed read, so no URL issued earlier opens it sooner.
   */
  heldUntilCompletion?: true;
  /**
   * Written only by its own door (a stage preview: the Worker makes the client's watermarked copy as it stores the
   * original), never by the generic upload or a signed write.
   */
  doorOnly?: true;
  /** A dispute's evidence: still taken by a closed order while it may be disputed (media/domain/order-folders.ts). */
  disputeEvidence?: true;
  /** The user_profiles column a single-file field updates. */
  profileColumn?: "avatarUrl" | "coverUrl";
}

const PICTURE_KINDS = ["jpg", "png", "gif"] as const satisfies readonly FileKind[];
// The lists below are written out, not spread from shorter lists (spec section 9's default kinds jpg, png, gif, mp4,
// mov; the audio kinds of issue 13, decision 033): a top-level spread counts as a side effect to the bundler, which
// would then load this whole module on every page that imports anything from it.
/**
 * What a work's or a service's media list takes as files: pictures, video (the default kinds and WebM), audio, and the
 * 3D models the spec's "3D model viewer" shows (GLB and VRM; decision 096). Only what a visitor's page can show: no
 * AIFF or RF64 (most browsers play neither), no sources or archives.
 */
const PORTFOLIO_FILE_KINDS = [
  "jpg",
  "png",
  "gif",
  "mp4",
  "mov",
  "webm",
  "mp3",
  "m4a",
  "aac",
  "wav",
  "ogg",
  "flac",
  "glb",
  "vrm",
] as const satisfies readonly FileKind[];
/** A stage preview's pictures (decoded to be watermarked) and clips (stored as posted; decision 073). */
export const STAGE_PREVIEW_IMAGE_KINDS = ["jpg", "png", "gif"] as const satisfies readonly FileKind[];
export const STAGE_PREVIEW_CLIP_KINDS = ["mp4", "webm", "mp3", "m4a", "wav"] as const satisfies readonly FileKind[];
/**
 * What the order's chat takes (decision 096): what the players show (the spec's default kinds, WebM, audio) and PDF (a
 * reference sheet, a brief). Not the work's own files: the work goes in the deliverables, where it is held until
 * completion, listed, checksummed and recorded as delivered (decisions 059, 073); a ZIP in the chat would be a delivery
 * none of that covers, as the drive link it replaces was.
 */
const CHAT_FILE_KINDS = [
  "jpg",
  "png",
  "gif",
  "mp4",
  "mov",
  "webm",
  "mp3",
  "m4a",
  "aac",
  "wav",
  "ogg",
  "flac",
  "pdf",
] as const satisfies readonly FileKind[];
/**
 * What the work itself travels as (issue 60, decision 096): deliverables and held sources, a request's references and
 * a dispute's evidence. The exchange's kinds and PDF, then archives, layered sources, 3D and Live2D models and studio
 * audio. glb before vrm and wav before rf64: kindForMimeType takes a rule's first kind of a MIME type.
 */
export const WORK_FILE_KINDS = [
  "jpg",
  "png",
  "gif",
  "mp4",
  "mov",
  "webm",
  "mp3",
  "m4a",
  "aac",
  "wav",
  "ogg",
  "flac",
  "pdf",
  "zip",
  "7z",
  "psd",
  "psb",
  "clip",
  "blend",
  "fbx",
  "glb",
  "vrm",
  "moc3",
  "aiff",
  "rf64",
] as const satisfies readonly FileKind[];

export const UPLOAD_RULES: readonly UploadRule[] = [
  {
    domain: "user-profile",
    field: "avatar",
    maxBytes: DEFAULT_UPLOAD_MAX_BYTES,
    maxFiles: 1,
    kinds: PICTURE_KINDS,
    single: true,
    private: false,
    ownership: "profile",
    profileColumn: "avatarUrl",
  },
  {
    domain: "user-profile",
    field: "cover",
    maxBytes: DEFAULT_UPLOAD_MAX_BYTES,
    maxFiles: 1,
    kinds: PICTURE_KINDS,
    single: true,
    private: false,
    ownership: "profile",
    profileColumn: "coverUrl",
  },
  // Spec section 5 keeps 20 MB for a work's media; issue 13 adds video and audio files (decision 033), issue 60 GLB and
  // VRM models for the 3D viewer (decision 096).
  {
    domain: "portfolio-work",
    field: "medias",
    maxBytes: PORTFOLIO_MEDIA_MAX_BYTES,
    maxFiles: PORTFOLIO_MEDIA_MAX_FILES,
    kinds: PORTFOLIO_FILE_KINDS,
    single: false,
    private: false,
    ownership: "portfolio-work",
  },
  {
    domain: "portfolio-work",
    field: "og_images",
    maxBytes: PORTFOLIO_MEDIA_MAX_BYTES,
    maxFiles: PORTFOLIO_MEDIA_MAX_FILES,
    kinds: PICTURE_KINDS,
    single: false,
    private: false,
    ownership: "portfolio-work",
  },
  // Form questions and choices: files live under the form (question and choice ids change on every save, decision 006).
  // Not single: a choice's one image must not delete the other choices' images in the same folder.
  // A question's references play in the same players as a work's, so they take the same files; a choice shows one image.
  {
    domain: "commission-form",
    field: "question_medias",
    maxBytes: PORTFOLIO_MEDIA_MAX_BYTES,
    maxFiles: FORM_QUESTION_MEDIA_MAX,
    kinds: PORTFOLIO_FILE_KINDS,
    single: false,
    private: false,
    ownership: "commission-form",
  },
  {
    domain: "commission-form",
    field: "choice_media",
    maxBytes: PORTFOLIO_MEDIA_MAX_BYTES,
    maxFiles: FORM_CHOICE_MEDIA_MAX,
    kinds: PICTURE_KINDS,
    single: false,
    private: false,
    ownership: "commission-form",
  },
  // A client's files answering a MEDIA question: uploaded into their own folder (id = their profile), copied into the
  // order's folder (id = the order) when the request is sent (docs/decisions/025). Never public.
  {
    domain: "commission-request",
    field: "answer_medias",
    maxBytes: DEFAULT_UPLOAD_MAX_BYTES,
    maxFiles: PORTFOLIO_MEDIA_MAX_FILES,
    kinds: WORK_FILE_KINDS,
    single: false,
    private: true,
    ownership: "profile",
  },
  // An order's deliverables (decision 024): under the order's id, written by its seller only, read by its two parties.
  {
    domain: "commission-order",
    field: "deliverables",
    maxBytes: DEFAULT_UPLOAD_MAX_BYTES,
    multipartMaxBytes: DELIVERABLE_FILE_MAX_BYTES,
    maxFiles: ORDER_DELIVERABLES_MAX_FILES,
    kinds: WORK_FILE_KINDS,
    single: false,
    private: true,
    sessionBound: true,
    ownership: "commission-order",
  },
  // A deliverable the creator holds until completion (decision 096): a source (the PSD, the CLIP, the Live2D package)
  // whose size, checksum and listing the client sees at once, and whose bytes they take once the order completes.
  {
    domain: "commission-order",
    field: "deliverable_sources",
    maxBytes: DEFAULT_UPLOAD_MAX_BYTES,
    multipartMaxBytes: DELIVERABLE_FILE_MAX_BYTES,
    maxFiles: ORDER_DELIVERABLES_MAX_FILES,
    kinds: WORK_FILE_KINDS,
    single: false,
    private: true,
    sessionBound: true,
    ownership: "commission-order",
    heldUntilCompletion: true,
  },
  // Files in the order's chat (decision 027): under the order's id, written by either party, read by the two of them.
  {
    domain: "commission-order",
    field: "chat_medias",
    maxBytes: DEFAULT_UPLOAD_MAX_BYTES,
    maxFiles: CHAT_MEDIA_MAX_FILES,
    kinds: CHAT_FILE_KINDS,
    single: false,
    private: true,
    ownership: "commission-order-party",
  },
  // Evidence for a dispute's statement (decision 088): under the order's id, written by either party, read by the two
  // of them, and by an admin only through the console's logged door while the order is disputed.
  {
    domain: "commission-order",
    field: "dispute_files",
    maxBytes: DEFAULT_UPLOAD_MAX_BYTES,
    maxFiles: DISPUTE_FILES_MAX,
    kinds: WORK_FILE_KINDS,
    single: false,
    private: true,
    ownership: "commission-order-party",
    disputeEvidence: true,
  },
  // A stage's preview (decision 073): the creator's original pictures, read by the client only once the order completes,
  // and what the client sees before that (the watermarked JPEG the Worker made of each picture, and clips as posted).
  {
    domain: "commission-order",
    field: "stage_previews",
    maxBytes: STAGE_PREVIEW_IMAGE_MAX_BYTES,
    maxFiles: STAGE_PREVIEW_MAX_FILES,
    kinds: STAGE_PREVIEW_IMAGE_KINDS,
    single: false,
    private: true,
    sessionBound: true,
    ownership: "commission-order",
    heldUntilCompletion: true,
    doorOnly: true,
  },
  {
    domain: "commission-order",
    field: "stage_preview_copies",
    maxBytes: STAGE_PREVIEW_CLIP_MAX_BYTES,
    maxFiles: STAGE_PREVIEW_MAX_FILES,
    kinds: ["jpg", "mp4", "webm", "mp3", "m4a", "wav"],
    single: false,
    private: true,
    sessionBound: true,
    ownership: "commission-order",
    doorOnly: true,
  },
  // A service's gallery takes what a work's does (issue 10: "like works"); files live under the service's folder.
  {
    domain: "commission-service",
    field: "medias",
    maxBytes: PORTFOLIO_MEDIA_MAX_BYTES,
    maxFiles: SERVICE_MEDIA_MAX_FILES,
    kinds: PORTFOLIO_FILE_KINDS,
    single: false,
    private: false,
    ownership: "commission-service",
  },
];

export function findUploadRule(domain: string, field: string): UploadRule | null {
  return UPLOAD_RULES.find((rule) => rule.domain === domain && rule.field === field) ?? null;
}

/** Extensions a picker should offer beyond the kind's own (systems name some types differently: audio/x-m4a, audio/x-wav). */
const EXTRA_EXTENSIONS: Partial<Record<FileKind, string[]>> = {
  jpg: ["jpeg"],
  m4a: ["m4b"],
  ogg: ["oga", "opus"],
  // ZIP inside (decision 096): Krita, OpenRaster and Procreate files are sniffed as zip.
  zip: ["kra", "ora", "procreate"],
  aiff: ["aif", "aifc"],
};

/**
 * The `accept` attribute of a file input for a rule (a hint for the picker; the server sniffs anyway): the MIME
 * types, then the extensions, since a system that names a type otherwise (audio/x-wav) still matches by extension.
 */
export function acceptAttribute(rule: Pick<UploadRule, "kinds">): string {
  const types = rule.kinds.map((kind) => FILE_KINDS[kind].mimeType);
  const extensions = rule.kinds.flatMap((kind) =>
    [FILE_KINDS[kind].ext, ...(EXTRA_EXTENSIONS[kind] ?? [])].map((ext) => `.${ext}`),
  );
  return [...new Set([...types, ...extensions])].join(",");
}

export function checkFileCount(count: number, rule: Pick<UploadRule, "maxFiles">): MediaCheck<number> {
  // None is not "too many" (issue 45): its own message.
  if (count < 1) return { ok: false, error: "media_error_no_files" };
  if (count > rule.maxFiles) return { ok: false, error: "media_error_too_many" };
  return { ok: true, value: count };
}

/**
 * One file against its rule: size first (cheap, and known before the bytes arrive for presigned uploads), then the
 * sniffed type. Shared by the multipart upload, the signed write and the Worker PUT endpoint.
 */
export function checkFile(
  input: { size: number; head?: Uint8Array },
  rule: Pick<UploadRule, "maxBytes" | "kinds">,
): MediaCheck<SniffedType | null> {
  if (!Number.isFinite(input.size) || input.size > rule.maxBytes) return { ok: false, error: "media_error_too_large" };
  if (input.size <= 0) return { ok: false, error: "media_error_unsupported_type" };
  if (!input.head) return { ok: true, value: null };
  const sniffed = sniffMediaType(input.head);
  if (!sniffed || !rule.kinds.includes(sniffed.kind)) return { ok: false, error: "media_error_unsupported_type" };
  return { ok: true, value: sniffed };
}

/**
 * An object already in the bucket (a presigned PUT skips the Worker) against its rule: the same size and sniffed-type
 * check as an upload, and the bytes must be the kind the key's extension names (the key was named after the declared type).
 */
export function checkStoredObject(
  input: { size: number; head: Uint8Array; file: string },
  rule: Pick<UploadRule, "maxBytes" | "multipartMaxBytes" | "kinds">,
): MediaCheck<SniffedType> {
  // A stored object may have come through the multipart door, which takes larger files than a single request.
  const checked = checkFile(input, {
    kinds: rule.kinds,
    maxBytes: Math.max(rule.maxBytes, rule.multipartMaxBytes ?? 0),
  });
  if (!checked.ok) return checked;
  const sniffed = checked.value!;
  const ext = input.file.split(".").pop()?.toLowerCase();
  // A VRM's first bytes are a GLB's: a key declared .vrm passes here as vrm provisionally, and inspectStoredFile
  // (worker/media/services/file-inspection.ts) refuses it unless its JSON chunk names VRM's extension.
  if (ext === "vrm" && sniffed.kind === "glb" && rule.kinds.includes("vrm"))
    return { ok: true, value: { kind: "vrm", ...FILE_KINDS.vrm } };
  if (ext !== sniffed.ext) return { ok: false, error: "media_error_unsupported_type" };
  return { ok: true, value: sniffed };
}
