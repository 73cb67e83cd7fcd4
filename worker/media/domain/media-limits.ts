/**
 * What media are (spec sections 3 and 5) and how many a list may hold, with the error texts of spec sections 5 and 8.
 * A module of its own: an editor that needs a list's limit loads no upload rules, sniffing or URL detection with it.
 */

export type MediaType = "IMAGE" | "AUDIO" | "VIDEO" | "MODEL" | "DOCUMENT" | "OTHER";
export type MediaFormatType = "FILE" | "LINK" | "EMBED";

// ───────────────────────── errors (exact texts of spec sections 5 and 8) ─────────────────────────

export const MEDIA_ERROR_TEXTS = {
  media_error_too_large: "Error: file size is too large.",
  media_error_unsupported_type: "Error: file type is not supported.",
  media_error_too_many: "Error: too many files.",
  media_limit_exceeded: "Limit exceeded",
  // Comet's own, beside the spec's four (issue 45, decision 076): a posting with no file, a stage preview's pictures
  // over the posting's pixel budget, and a preview's folders asked of the generic upload.
  media_error_no_files: "Error: choose at least one file.",
  media_error_preview_pixels:
    "Error: these pictures are too large to prepare together. One posting takes pictures of up to 24 megapixels in all: send fewer or smaller ones.",
  media_error_door_only: "Error: a stage's preview files are posted with the preview, not uploaded here.",
  // A stored work file's own structures, read before anyone takes it (issue 60, decision 096).
  media_error_zip_directory:
    "Error: this ZIP's table of contents does not match the archive (it is incomplete, damaged or made to mislead). Create the archive again and upload it.",
  media_error_zip_too_many:
    "Error: this ZIP holds too many files. One archive may hold up to 20,000: split it into several.",
  media_error_damaged:
    "Error: this file is incomplete or damaged: its contents do not match its own header. Save or export it again and upload it.",
} as const;
export type MediaErrorCode = keyof typeof MEDIA_ERROR_TEXTS;

// ───────────────────────── limits ─────────────────────────

export const MB = 1024 * 1024;
/** Spec section 9: default maximum 104857600 bytes, one file, jpg/jpeg/png/gif/mp4/mov. */
export const DEFAULT_UPLOAD_MAX_BYTES = 104857600;
export const PORTFOLIO_MEDIA_MAX_BYTES = 20971520;
export const PORTFOLIO_MEDIA_MAX_FILES = 10;
/** A commission form question shows at most this many media (references, examples); a choice shows one image. */
export const FORM_QUESTION_MEDIA_MAX = 4;
export const FORM_CHOICE_MEDIA_MAX = 1;
/** An order's deliverable files (decision 024): at most this many on one order. */
export const ORDER_DELIVERABLES_MAX_FILES = 10;
/**
 * A deliverable sent in parts (R2 multipart, decision 096): up to 5 GiB a file, the size of a 4K master or a Live2D
 * package with its sources, and at most 20 GiB on one order in all (what a month of it costs to keep: decision 096).
 */
export const DELIVERABLE_FILE_MAX_BYTES = 5 * 1024 * MB;
export const ORDER_DELIVERABLES_MAX_TOTAL_BYTES = 20 * 1024 * MB;
/**
 * A stage's preview (decision 073, "Previews"): 1 to 10 files a posting. A picture is decoded in the Worker to make the
 * client's watermarked copy, so its bytes and pixels are capped below the Worker's 128 MB of memory (the posting's
 * body, the decoded picture and its copy are in memory at once); a clip is stored as posted.
 */
export const STAGE_PREVIEW_MAX_FILES = 10;
export const STAGE_PREVIEW_IMAGE_MAX_BYTES = 10 * MB;
export const STAGE_PREVIEW_CLIP_MAX_BYTES = 20 * MB;
/** What one posting's files may add up to (its request body, read into memory whole). */
export const STAGE_PREVIEW_POSTING_MAX_BYTES = 32 * MB;
/** Files one upload call may add to an order's chat folder; a message's own limit is its room's (docs/decisions/027). */
export const CHAT_MEDIA_MAX_FILES = 20;
/** Files a party attaches to one dispute statement (decision 088): screenshots, clips, recordings. */
export const DISPUTE_FILES_MAX = 5;
/**
 * A service's gallery holds as many media as a work (issue 10).
 * @alias
 */
export const SERVICE_MEDIA_MAX_FILES = PORTFOLIO_MEDIA_MAX_FILES;

export type MediaCheck<T> = { ok: true; value: T } | { ok: false; error: MediaErrorCode };

/** A list that already holds `existing` media cannot take `adding` more past `max` (the 'Limit exceeded' alert). */
export function checkMediaLimit(existing: number, adding: number, max = PORTFOLIO_MEDIA_MAX_FILES): MediaCheck<number> {
  return existing + adding > max
    ? { ok: false, error: "media_limit_exceeded" }
    : { ok: true, value: existing + adding };
}

/**
 * The longest media link or stored-file URL a record keeps (issue 31): browsers and CDNs stop near 2,000 characters,
 * and one 300 KB link once made the explore page 941 KB for every visitor.
 */
export const MEDIA_URL_MAX = 2000;
/** The longest file name a media keeps (the usual file system limit). */
export const MEDIA_FILE_NAME_MAX = 255;
