/**
 * Media rules of spec sections 3, 5 and 9, pure: what a file really is (by its bytes, never its name or the
 * browser's claim), which files each (domain, field) accepts, where an object lives in the bucket, and what a
 * pasted URL or embed code points at.
 */

export type MediaType = "IMAGE" | "AUDIO" | "VIDEO" | "MODEL" | "DOCUMENT" | "OTHER";
export type MediaFormatType = "FILE" | "LINK" | "EMBED";

// ───────────────────────── errors (exact texts of spec sections 5 and 8) ─────────────────────────

export const MEDIA_ERROR_TEXTS = {
  media_error_too_large: "Error: file size is too large.",
  media_error_unsupported_type: "Error: file type is not supported.",
  media_error_too_many: "Error: too many files.",
  media_limit_exceeded: "Limit exceeded",
} as const;
export type MediaErrorCode = keyof typeof MEDIA_ERROR_TEXTS;

// ───────────────────────── sniffing ─────────────────────────

export type FileKind = "jpg" | "png" | "gif" | "webp" | "mp4" | "mov" | "m4a" | "webm" | "mp3" | "aac" | "wav" | "ogg" | "flac" | "glb" | "pdf";

export interface SniffedType {
  kind: FileKind;
  /** The extension used in object keys. */
  ext: string;
  mimeType: string;
  mediaType: MediaType;
}

const KINDS: Record<FileKind, Omit<SniffedType, "kind">> = {
  jpg: { ext: "jpg", mimeType: "image/jpeg", mediaType: "IMAGE" },
  png: { ext: "png", mimeType: "image/png", mediaType: "IMAGE" },
  gif: { ext: "gif", mimeType: "image/gif", mediaType: "IMAGE" },
  webp: { ext: "webp", mimeType: "image/webp", mediaType: "IMAGE" },
  mp4: { ext: "mp4", mimeType: "video/mp4", mediaType: "VIDEO" },
  mov: { ext: "mov", mimeType: "video/quicktime", mediaType: "VIDEO" },
  m4a: { ext: "m4a", mimeType: "audio/mp4", mediaType: "AUDIO" },
  webm: { ext: "webm", mimeType: "video/webm", mediaType: "VIDEO" },
  mp3: { ext: "mp3", mimeType: "audio/mpeg", mediaType: "AUDIO" },
  aac: { ext: "aac", mimeType: "audio/aac", mediaType: "AUDIO" },
  wav: { ext: "wav", mimeType: "audio/wav", mediaType: "AUDIO" },
  ogg: { ext: "ogg", mimeType: "audio/ogg", mediaType: "AUDIO" },
  flac: { ext: "flac", mimeType: "audio/flac", mediaType: "AUDIO" },
  glb: { ext: "glb", mimeType: "model/gltf-binary", mediaType: "MODEL" },
  pdf: { ext: "pdf", mimeType: "application/pdf", mediaType: "DOCUMENT" },
};

/** How many leading bytes sniffMediaType needs. */
export const SNIFF_BYTES = 64;

const ascii = (bytes: Uint8Array, start: number, length: number) => String.fromCharCode(...bytes.subarray(start, start + length));
const startsWith = (bytes: Uint8Array, signature: number[], offset = 0) => signature.every((b, i) => bytes[offset + i] === b);

function sniffKind(b: Uint8Array): FileKind | null {
  if (startsWith(b, [0xff, 0xd8, 0xff])) return "jpg";
  if (startsWith(b, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return "png";
  if (ascii(b, 0, 6) === "GIF87a" || ascii(b, 0, 6) === "GIF89a") return "gif";
  if (ascii(b, 0, 4) === "RIFF" && ascii(b, 8, 4) === "WEBP") return "webp";
  if (ascii(b, 0, 4) === "RIFF" && ascii(b, 8, 4) === "WAVE") return "wav";
  if (ascii(b, 4, 4) === "ftyp") return isoBrandKind(ascii(b, 8, 4));
  if (startsWith(b, [0x1a, 0x45, 0xdf, 0xa3])) return ascii(b, 0, SNIFF_BYTES).includes("webm") ? "webm" : null;
  if (ascii(b, 0, 3) === "ID3") return "mp3";
  // An MPEG audio frame: 11 sync bits, a known version and a layer that is not the reserved one.
  if (b[0] === 0xff && (b[1] & 0xe0) === 0xe0 && (b[1] & 0x18) !== 0x08 && (b[1] & 0x06) !== 0) return "mp3";
  // An ADTS (raw AAC) frame: 12 sync bits, then the layer bits that are always 00 (what tells it from MPEG audio).
  if (b[0] === 0xff && (b[1] & 0xf6) === 0xf0) return "aac";
  // Ogg carries audio (Vorbis, Opus, FLAC) or Theora video; the first page names its codec. Theora is refused: it is
  // rare, and an "audio" file that is video would mislead the players.
  if (ascii(b, 0, 4) === "OggS") return ascii(b, 28, 7) === "\x80theora" ? null : "ogg";
  if (ascii(b, 0, 4) === "fLaC") return "flac";
  if (ascii(b, 0, 4) === "glTF") return "glb";
  if (ascii(b, 0, 5) === "%PDF-") return "pdf";
  return null;
}

/**
 * An ISO base media file (`ftyp` box) by its major brand (decision 033): M4A/M4B (and the protected M4P) are audio,
 * `qt  ` is QuickTime, HEIF/AVIF images are refused, every other brand (isom, mp41, mp42, avc1, M4V, dash, 3gp…) is
 * an MP4 video. Audio-only files under a video brand play in a <video> element anyway.
 */
function isoBrandKind(brand: string): FileKind | null {
  if (brand === "qt  ") return "mov";
  if (brand === "M4A " || brand === "M4B " || brand === "M4P ") return "m4a";
  if (/^(heic|heix|hevc|hevx|heim|heis|mif1|msf1|avif|avis)$/.test(brand)) return null;
  // A brand is four printable characters; anything else is not a real ftyp box.
  return /^[\x20-\x7e]{4}$/.test(brand) ? "mp4" : null;
}

/** The real type of a file from its first bytes, or null when it is none of the accepted kinds. */
export function sniffMediaType(head: Uint8Array): SniffedType | null {
  const kind = sniffKind(head);
  return kind ? { kind, ...KINDS[kind] } : null;
}

// ───────────────────────── upload rules ─────────────────────────

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
/** Files one upload call may add to an order's chat folder; a message's own limit is its room's (docs/decisions/027). */
const CHAT_MEDIA_MAX_FILES = 20;
/** A service's gallery holds as many media as a work (issue 10). */
export const SERVICE_MEDIA_MAX_FILES = PORTFOLIO_MEDIA_MAX_FILES;

export type MediaDomain = "user-profile" | "portfolio-work" | "commission-form" | "commission-request" | "commission-order" | "commission-service";
/** Who must own the id in the path: the signed-in user's profile, or a portfolio work / commission form / order / service of theirs. */
export type OwnershipKind = "profile" | "portfolio-work" | "commission-form" | "commission-order" | "commission-order-party" | "commission-service";

export interface UploadRule {
  domain: MediaDomain;
  field: string;
  maxBytes: number;
  maxFiles: number;
  kinds: readonly FileKind[];
  /** One object at a time: a new upload replaces (deletes) the previous one. */
  single: boolean;
  /** Private objects are read only through signed URLs, never /media/. */
  private: boolean;
  ownership: OwnershipKind;
  /** The user_profiles column a single-file field updates. */
  profileColumn?: "avatarUrl" | "coverUrl";
}

const PICTURE_KINDS = ["jpg", "png", "gif"] as const satisfies readonly FileKind[];
/** Spec section 9's default types (jpg and jpeg are one kind). */
export const DEFAULT_UPLOAD_KINDS = ["jpg", "png", "gif", "mp4", "mov"] as const satisfies readonly FileKind[];
/** The common audio types of issue 13, each recognised by its bytes (decision 033). */
export const AUDIO_KINDS = ["mp3", "m4a", "aac", "wav", "ogg", "flac"] as const satisfies readonly FileKind[];
// The lists below are written out, not spread from the ones above: a top-level spread counts as a side effect to the
// bundler, which would then load this whole module on every page that imports anything from it.
/** What a work's or a service's media list takes as files: pictures, video (the default kinds and WebM) and audio. */
const PORTFOLIO_FILE_KINDS = ["jpg", "png", "gif", "mp4", "mov", "webm", "mp3", "m4a", "aac", "wav", "ogg", "flac"] as const satisfies readonly FileKind[];
/** What a private exchange takes (request answers, deliverables, chat): the spec's default kinds, WebM and audio. */
const EXCHANGE_FILE_KINDS = ["jpg", "png", "gif", "mp4", "mov", "webm", "mp3", "m4a", "aac", "wav", "ogg", "flac"] as const satisfies readonly FileKind[];

export const UPLOAD_RULES: readonly UploadRule[] = [
  { domain: "user-profile", field: "avatar", maxBytes: DEFAULT_UPLOAD_MAX_BYTES, maxFiles: 1, kinds: PICTURE_KINDS, single: true, private: false, ownership: "profile", profileColumn: "avatarUrl" },
  { domain: "user-profile", field: "cover", maxBytes: DEFAULT_UPLOAD_MAX_BYTES, maxFiles: 1, kinds: PICTURE_KINDS, single: true, private: false, ownership: "profile", profileColumn: "coverUrl" },
  // Spec section 5 keeps 20 MB for a work's media; issue 13 adds video and audio files (decision 033). Models stay URLs.
  { domain: "portfolio-work", field: "medias", maxBytes: PORTFOLIO_MEDIA_MAX_BYTES, maxFiles: PORTFOLIO_MEDIA_MAX_FILES, kinds: PORTFOLIO_FILE_KINDS, single: false, private: false, ownership: "portfolio-work" },
  { domain: "portfolio-work", field: "og_images", maxBytes: PORTFOLIO_MEDIA_MAX_BYTES, maxFiles: PORTFOLIO_MEDIA_MAX_FILES, kinds: PICTURE_KINDS, single: false, private: false, ownership: "portfolio-work" },
  // Form questions and choices: files live under the form (question and choice ids change on every save, decision 006).
  // Not single: a choice's one image must not delete the other choices' images in the same folder.
  // A question's references play in the same players as a work's, so they take the same files; a choice shows one image.
  { domain: "commission-form", field: "question_medias", maxBytes: PORTFOLIO_MEDIA_MAX_BYTES, maxFiles: FORM_QUESTION_MEDIA_MAX, kinds: PORTFOLIO_FILE_KINDS, single: false, private: false, ownership: "commission-form" },
  { domain: "commission-form", field: "choice_media", maxBytes: PORTFOLIO_MEDIA_MAX_BYTES, maxFiles: FORM_CHOICE_MEDIA_MAX, kinds: PICTURE_KINDS, single: false, private: false, ownership: "commission-form" },
  // A client's files answering a MEDIA question: uploaded into their own folder (id = their profile), copied into the
  // order's folder (id = the order) when the request is sent (docs/decisions/025). Never public.
  { domain: "commission-request", field: "answer_medias", maxBytes: DEFAULT_UPLOAD_MAX_BYTES, maxFiles: PORTFOLIO_MEDIA_MAX_FILES, kinds: EXCHANGE_FILE_KINDS, single: false, private: true, ownership: "profile" },
  // An order's deliverables (decision 024): under the order's id, written by its seller only, read by its two parties.
  { domain: "commission-order", field: "deliverables", maxBytes: DEFAULT_UPLOAD_MAX_BYTES, maxFiles: ORDER_DELIVERABLES_MAX_FILES, kinds: EXCHANGE_FILE_KINDS, single: false, private: true, ownership: "commission-order" },
  // Files in the order's chat (decision 027): under the order's id, written by either party, read by the two of them.
  { domain: "commission-order", field: "chat_medias", maxBytes: DEFAULT_UPLOAD_MAX_BYTES, maxFiles: CHAT_MEDIA_MAX_FILES, kinds: EXCHANGE_FILE_KINDS, single: false, private: true, ownership: "commission-order-party" },
  // A service's gallery takes what a work's does (issue 10: "like works"); files live under the service's folder.
  { domain: "commission-service", field: "medias", maxBytes: PORTFOLIO_MEDIA_MAX_BYTES, maxFiles: SERVICE_MEDIA_MAX_FILES, kinds: PORTFOLIO_FILE_KINDS, single: false, private: false, ownership: "commission-service" },
];

export function findUploadRule(domain: string, field: string): UploadRule | null {
  return UPLOAD_RULES.find((rule) => rule.domain === domain && rule.field === field) ?? null;
}

/** Extensions a picker should offer beyond the kind's own (systems name some types differently: audio/x-m4a, audio/x-wav). */
const EXTRA_EXTENSIONS: Partial<Record<FileKind, string[]>> = { jpg: ["jpeg"], m4a: ["m4b"], ogg: ["oga", "opus"] };

/**
 * The `accept` attribute of a file input for a rule (a hint for the picker; the server sniffs anyway): the MIME
 * types, then the extensions, since a system that names a type otherwise (audio/x-wav) still matches by extension.
 */
export function acceptAttribute(rule: Pick<UploadRule, "kinds">): string {
  const types = rule.kinds.map((kind) => KINDS[kind].mimeType);
  const extensions = rule.kinds.flatMap((kind) => [KINDS[kind].ext, ...(EXTRA_EXTENSIONS[kind] ?? [])].map((ext) => `.${ext}`));
  return [...new Set([...types, ...extensions])].join(",");
}

export type MediaCheck<T> = { ok: true; value: T } | { ok: false; error: MediaErrorCode };

export function checkFileCount(count: number, rule: Pick<UploadRule, "maxFiles">): MediaCheck<number> {
  if (count < 1 || count > rule.maxFiles) return { ok: false, error: "media_error_too_many" };
  return { ok: true, value: count };
}

/** A list that already holds `existing` media cannot take `adding` more past `max` (the 'Limit exceeded' alert). */
export function checkMediaLimit(existing: number, adding: number, max = PORTFOLIO_MEDIA_MAX_FILES): MediaCheck<number> {
  return existing + adding > max ? { ok: false, error: "media_limit_exceeded" } : { ok: true, value: existing + adding };
}

/**
 * One file against its rule: size first (cheap, and known before the bytes arrive for presigned uploads), then the
 * sniffed type. Shared by the multipart upload, the signed write and the Worker PUT endpoint.
 */
export function checkFile(input: { size: number; head?: Uint8Array }, rule: Pick<UploadRule, "maxBytes" | "kinds">): MediaCheck<SniffedType | null> {
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
export function checkStoredObject(input: { size: number; head: Uint8Array; file: string }, rule: Pick<UploadRule, "maxBytes" | "kinds">): MediaCheck<SniffedType> {
  const checked = checkFile(input, rule);
  if (!checked.ok) return checked;
  const sniffed = checked.value!;
  if (input.file.split(".").pop()?.toLowerCase() !== sniffed.ext) return { ok: false, error: "media_error_unsupported_type" };
  return { ok: true, value: sniffed };
}

/** The MIME type a stored file's key names by its extension (keys are named after the sniffed kind); null if none. */
export function mimeTypeForKeyFile(file: string): string | null {
  const ext = file.split(".").pop()?.toLowerCase() ?? "";
  return Object.values(KINDS).find((k) => k.ext === ext)?.mimeType ?? null;
}

/** A declared content type (signed writes) must name one of the rule's kinds; the bytes are checked again later. */
export function kindForMimeType(mimeType: string, rule: Pick<UploadRule, "kinds">): SniffedType | null {
  const normalized = mimeType.split(";")[0].trim().toLowerCase().replace("image/jpg", "image/jpeg");
  const kind = rule.kinds.find((k) => KINDS[k].mimeType === normalized);
  return kind ? { kind, ...KINDS[kind] } : null;
}

// ───────────────────────── object keys ─────────────────────────

const ID_PATTERN = /^[A-Za-z0-9_-]{1,64}$/;
const FILE_PATTERN = /^[0-9a-f-]{36}\.[a-z0-9]{2,5}$/;

export interface MediaKey {
  domain: MediaDomain;
  id: string;
  field: string;
  file: string;
  key: string;
  rule: UploadRule;
}

export function isValidDomainId(id: string): boolean {
  return ID_PATTERN.test(id);
}

/** `v1/{domain}/{id}/{field}/{uuid.ext}`. */
export function buildMediaKey(domain: string, id: string, field: string, uuid: string, ext: string): string {
  return `v1/${domain}/${id}/${field}/${uuid}.${ext}`;
}

/**
 * A video's poster frame (decision 033): the browser takes a frame after the upload and stores it as a JPEG under the
 * video's own key with `.jpg`, so the poster is found from the video alone (no second id to carry or trust), lives in
 * the same folder under the same access rule, and is attached (or cleaned up) with it. Null for anything not a video.
 */
export function posterKeyFor(key: MediaKey): string | null {
  const ext = key.file.split(".").pop() ?? "";
  const kind = (Object.keys(KINDS) as FileKind[]).find((k) => KINDS[k].ext === ext);
  if (!kind || KINDS[kind].mediaType !== "VIDEO" || !key.rule.kinds.includes("jpg")) return null;
  return buildMediaKey(key.domain, key.id, key.field, key.file.slice(0, key.file.lastIndexOf(".")), "jpg");
}

/** The objects a stored file consists of: itself and, for a video, its poster frame. Deleting the file deletes both. */
export function objectKeysOfFile(key: MediaKey): string[] {
  const poster = posterKeyFor(key);
  return poster ? [key.key, poster] : [key.key];
}

/** The URL stored for a public object: the path of /media/{key}, no host and no query. */
export function mediaUrlForKey(key: string): string {
  return `/media/${key}`;
}

/** The Worker's signed object route (local signed PUTs, signed GETs): `${OBJECT_ROUTE}{key}?token=…`. */
export const OBJECT_ROUTE = "/api/google/storage/object/";

/** A key from a key, a stored URL (/media/…), or a full or signed URL; null unless it is one of our object keys. */
export function parseMediaKey(pathOrUrl: string): MediaKey | null {
  let path = pathOrUrl.trim();
  if (/^https?:\/\//i.test(path)) {
    try {
      path = new URL(path).pathname;
    } catch {
      return null;
    }
  }
  path = path.split(/[?#]/)[0];
  try {
    path = decodeURIComponent(path);
  } catch {
    return null;
  }
  path = path.replace(/^\/+/, "").replace(/^media\//, "").replace(/^api\/google\/storage\/object\//, "");
  const parts = path.split("/");
  if (parts.length !== 5 || parts[0] !== "v1") return null;
  const [, domain, id, field, file] = parts;
  const rule = findUploadRule(domain, field);
  if (!rule || !ID_PATTERN.test(id) || !FILE_PATTERN.test(file)) return null;
  return { domain: rule.domain, id, field, file, key: path, rule };
}

/** The ownership rule: may this user write or delete objects under this domain id? `targetOwnerProfileId` is the
 *  profile that owns the id (the profile itself, or the portfolio work's profile), null when the id is unknown; for
 *  an order's party-written folder (the chat), the profiles of both parties. */
export function canWriteUnder(userProfileId: string, ownership: OwnershipKind, domainId: string, targetOwnerProfileId: string | readonly (string | null)[] | null): boolean {
  if (ownership === "profile") return domainId === userProfileId;
  if (Array.isArray(targetOwnerProfileId)) return targetOwnerProfileId.includes(userProfileId);
  return targetOwnerProfileId !== null && targetOwnerProfileId === userProfileId;
}

// ───────────────────────── URLs and embed codes ─────────────────────────

export type MediaSite = "youtube" | "soundcloud" | "niconico" | "tiktok" | "bandcamp" | "mixcloud" | "x" | "direct" | "other";

export interface DetectedMedia {
  site: MediaSite;
  mediaType: MediaType;
  /** The canonical URL of what was pasted (for embed codes, the URL inside the code). */
  url: string;
  /** The id the site's player needs, when there is one (YouTube video id, niconico sm id, TikTok id, tweet id). */
  embedId?: string;
  thumbnailUrl?: string;
}

const YOUTUBE_ID = /^[A-Za-z0-9_-]{11}$/;

export function youtubeThumbnailUrl(videoId: string): string {
  return `https://i.ytimg.com/vi/${videoId}/hqdefault.jpg`;
}

function youtubeVideoId(url: URL): string | null {
  const host = url.hostname.replace(/^(www|m|music)\./, "");
  let id: string | null = null;
  if (host === "youtu.be") id = url.pathname.split("/")[1] ?? null;
  else if (host === "youtube.com" || host === "youtube-nocookie.com") {
    if (url.pathname === "/watch") id = url.searchParams.get("v");
    else {
      const match = url.pathname.match(/^\/(?:embed|shorts|live|v)\/([^/?#]+)/);
      id = match?.[1] ?? null;
    }
  }
  return id && YOUTUBE_ID.test(id) ? id : null;
}

const EXTENSION_TYPES: Record<string, MediaType> = {
  jpg: "IMAGE", jpeg: "IMAGE", png: "IMAGE", gif: "IMAGE", webp: "IMAGE", avif: "IMAGE", svg: "IMAGE",
  mp4: "VIDEO", mov: "VIDEO", webm: "VIDEO", m4v: "VIDEO",
  mp3: "AUDIO", wav: "AUDIO", ogg: "AUDIO", oga: "AUDIO", m4a: "AUDIO", flac: "AUDIO", aac: "AUDIO",
  glb: "MODEL", gltf: "MODEL", vrm: "MODEL", obj: "MODEL", fbx: "MODEL", stl: "MODEL",
  pdf: "DOCUMENT",
};

function hostIs(host: string, domain: string) {
  return host === domain || host.endsWith(`.${domain}`);
}

/** What a pasted URL points at; null when it is not an http(s) URL. */
export function detectMediaFromUrl(input: string): DetectedMedia | null {
  let url: URL;
  try {
    url = new URL(input.trim());
  } catch {
    return null;
  }
  if (url.protocol !== "https:" && url.protocol !== "http:") return null;
  const host = url.hostname.toLowerCase();
  const href = url.toString();

  const youtubeId = youtubeVideoId(url);
  if (youtubeId) return { site: "youtube", mediaType: "VIDEO", url: href, embedId: youtubeId, thumbnailUrl: youtubeThumbnailUrl(youtubeId) };
  if (hostIs(host, "soundcloud.com")) {
    // The widget carries the track in its url parameter.
    const inner = url.searchParams.get("url");
    return { site: "soundcloud", mediaType: "AUDIO", url: host.startsWith("w.") && inner ? inner : href };
  }
  if (hostIs(host, "nicovideo.jp") || host === "nico.ms") {
    const id = url.pathname.match(/((?:sm|nm|so)\d+)/)?.[1];
    return { site: "niconico", mediaType: "VIDEO", url: href, ...(id ? { embedId: id } : {}) };
  }
  if (hostIs(host, "tiktok.com")) {
    const id = url.pathname.match(/\/(?:video|v2|v)\/(\d+)/)?.[1];
    return { site: "tiktok", mediaType: "VIDEO", url: href, ...(id ? { embedId: id } : {}) };
  }
  if (hostIs(host, "bandcamp.com")) return { site: "bandcamp", mediaType: "AUDIO", url: href };
  if (hostIs(host, "mixcloud.com")) {
    const feed = url.searchParams.get("feed");
    return { site: "mixcloud", mediaType: "AUDIO", url: host.startsWith("player-widget.") && feed ? `https://www.mixcloud.com${feed.startsWith("/") ? "" : "/"}${feed}` : href };
  }
  if (hostIs(host, "twitter.com") || hostIs(host, "x.com")) {
    const id = url.pathname.match(/\/status(?:es)?\/(\d+)/)?.[1];
    return { site: "x", mediaType: "OTHER", url: href, ...(id ? { embedId: id } : {}) };
  }
  const ext = url.pathname.toLowerCase().match(/\.([a-z0-9]+)$/)?.[1];
  const mediaType = ext ? EXTENSION_TYPES[ext] : undefined;
  if (mediaType) return { site: "direct", mediaType, url: href, ...(mediaType === "IMAGE" ? { thumbnailUrl: href } : {}) };
  return { site: "other", mediaType: "OTHER", url: href };
}

/** The URL an embed code points at: an iframe's src, a tweet or TikTok blockquote's link, or a bare URL. */
export function urlFromEmbedCode(code: string): string | null {
  const trimmed = code.trim();
  if (/^https?:\/\//i.test(trimmed) && !/\s/.test(trimmed)) return trimmed;
  const decode = (value: string) => value.replace(/&amp;/g, "&");
  const iframe = trimmed.match(/<iframe\b[^>]*\bsrc\s*=\s*["']([^"']+)["']/i);
  if (iframe) return decode(iframe[1]);
  const cite = trimmed.match(/<blockquote\b[^>]*\bcite\s*=\s*["']([^"']+)["']/i);
  if (cite) return decode(cite[1]);
  if (/<blockquote\b/i.test(trimmed)) {
    const links = [...trimmed.matchAll(/\bhref\s*=\s*["']([^"']+)["']/gi)].map((m) => decode(m[1]));
    return links.find((link) => /\/status(?:es)?\/\d+/.test(link)) ?? links.at(-1) ?? null;
  }
  return null;
}

export function detectMediaFromEmbedCode(code: string): DetectedMedia | null {
  const url = urlFromEmbedCode(code);
  return url ? detectMediaFromUrl(url) : null;
}

/** The mediaType of a stored file from its MIME type. */
export function mediaTypeForMimeType(mimeType: string): MediaType {
  if (mimeType.startsWith("image/")) return "IMAGE";
  if (mimeType.startsWith("video/")) return "VIDEO";
  if (mimeType.startsWith("audio/")) return "AUDIO";
  if (mimeType.startsWith("model/")) return "MODEL";
  if (mimeType === "application/pdf") return "DOCUMENT";
  return "OTHER";
}

// ───────────────────────── media entries ─────────────────────────

export interface MediaEntry {
  formatType: MediaFormatType;
  mediaType: MediaType;
  site: MediaSite | null;
  /** FILE: the stored URL; LINK: the link. */
  url: string | null;
  /** EMBED: the code as pasted. */
  code: string | null;
  thumbnailUrl: string | null;
}

export type MediaEntryInput =
  /** `thumbnailUrl`: a video's poster frame (see posterKeyFor); the caller has checked it is this video's. */
  | { formatType: "FILE"; url: string; mimeType: string; thumbnailUrl?: string | null }
  | { formatType: "LINK"; url: string }
  | { formatType: "EMBED"; code: string };

/** Spec section 5: a media entry is built as FILE, LINK or EMBED depending on input; null when the input says nothing. */
export function buildMediaEntry(input: MediaEntryInput): MediaEntry | null {
  if (input.formatType === "FILE") {
    const mediaType = mediaTypeForMimeType(input.mimeType);
    const thumbnailUrl = mediaType === "IMAGE" ? input.url : mediaType === "VIDEO" ? (input.thumbnailUrl ?? null) : null;
    return { formatType: "FILE", mediaType, site: null, url: input.url, code: null, thumbnailUrl };
  }
  if (input.formatType === "LINK") {
    const detected = detectMediaFromUrl(input.url);
    if (!detected) return null;
    return { formatType: "LINK", mediaType: detected.mediaType, site: detected.site, url: detected.url, code: null, thumbnailUrl: detected.thumbnailUrl ?? null };
  }
  const detected = detectMediaFromEmbedCode(input.code);
  if (!detected) return null;
  return { formatType: "EMBED", mediaType: detected.mediaType, site: detected.site, url: detected.url, code: input.code.trim(), thumbnailUrl: detected.thumbnailUrl ?? null };
}
