/** What a file really is, by its bytes (never its name or the browser's claim): spec section 9, decision 033. */
import type { MediaType } from "./media-limits";

export type FileKind =
  | "jpg"
  | "png"
  | "gif"
  | "webp"
  | "mp4"
  | "mov"
  | "m4a"
  | "webm"
  | "mp3"
  | "aac"
  | "wav"
  | "ogg"
  | "flac"
  | "glb"
  | "pdf"
  // The work's own files (issue 60, decision 096): archives, layered sources, 3D and Live2D models, studio audio.
  | "zip"
  | "7z"
  | "psd"
  | "psb"
  | "clip"
  | "blend"
  | "fbx"
  | "vrm"
  | "moc3"
  | "aiff"
  | "rf64";

export interface SniffedType {
  kind: FileKind;
  /** The extension used in object keys. */
  ext: string;
  mimeType: string;
  mediaType: MediaType;
}

/** Each kind's key extension, MIME type and media type. */
export const FILE_KINDS: Record<FileKind, Omit<SniffedType, "kind">> = {
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
  // Every MIME type below is one kind's own (kindForMimeType names the key's extension after it), but RF64's, which
  // shares WAV's extension too. The mediaType agrees with the MIME type's top level, which Comet's other readers go by
  // (mediaTypeForMimeType): MODEL is what the 3D viewer opens, IMAGE what an <img> shows, AUDIO what an <audio> plays.
  zip: { ext: "zip", mimeType: "application/zip", mediaType: "OTHER" },
  "7z": { ext: "7z", mimeType: "application/x-7z-compressed", mediaType: "OTHER" },
  // Not the registered image/vnd.adobe.photoshop: an image/ type is a picture to Comet's players, and no browser draws
  // a PSD. PSB needs a type of its own besides, or its key would be named .psd.
  psd: { ext: "psd", mimeType: "application/x-photoshop", mediaType: "OTHER" },
  psb: { ext: "psb", mimeType: "application/x-photoshop-large", mediaType: "OTHER" },
  clip: { ext: "clip", mimeType: "application/x-clip-studio", mediaType: "OTHER" },
  blend: { ext: "blend", mimeType: "application/x-blender", mediaType: "OTHER" },
  // A 3D file, but not one the viewer (glTF/VRM) opens: OTHER, so no player offers to show it.
  fbx: { ext: "fbx", mimeType: "application/x-fbx", mediaType: "OTHER" },
  // A GLB naming VRM's extension: the first bytes are a GLB's, so only the deep inspection (gltf-header.ts) says vrm.
  // Its own type, so a key declared VRM is named .vrm and checked as one (kindForMimeType stays unambiguous).
  vrm: { ext: "vrm", mimeType: "model/vrm", mediaType: "MODEL" },
  moc3: { ext: "moc3", mimeType: "application/x-live2d-moc3", mediaType: "OTHER" },
  aiff: { ext: "aiff", mimeType: "audio/aiff", mediaType: "AUDIO" },
  // A WAV master past 4 GB (EBU RF64, and its BW64 twin): a .wav, but a kind of its own, since browsers do not play it.
  rf64: { ext: "wav", mimeType: "audio/wav", mediaType: "AUDIO" },
};

/** How many leading bytes sniffMediaType needs (the longest signature read is FBX's, 27 bytes; WebM's DocType is later). */
export const SNIFF_BYTES = 64;

const ascii = (bytes: Uint8Array, start: number, length: number) =>
  String.fromCharCode(...bytes.subarray(start, start + length));
const startsWith = (bytes: Uint8Array, signature: number[], offset = 0) =>
  signature.every((b, i) => bytes[offset + i] === b);

function sniffKind(b: Uint8Array): FileKind | null {
  if (startsWith(b, [0xff, 0xd8, 0xff])) return "jpg";
  // A PNG's first chunk is always its 13-byte IHDR (the PNG spec): the signature alone, then garbage, is no image.
  if (startsWith(b, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))
    return startsWith(b, [0, 0, 0, 0x0d, 0x49, 0x48, 0x44, 0x52], 8) ? "png" : null;
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
  return workKind(b);
}

const u16be = (b: Uint8Array, at: number) => (b[at] << 8) | b[at + 1];

/**
 * The work's own files (issue 60, decision 096), each by the signature its format's writer always puts first. ZIP's
 * container formats (Krita .kra, OpenRaster .ora, Procreate, VRoid .vroid, Office files) are zip: their listing tells
 * what is inside, and a kind of their own would add nothing the listing doesn't.
 */
function workKind(b: Uint8Array): FileKind | null {
  // A local file header, or the end record alone (the empty archive). A spanned archive's PK\x07\x08 is refused.
  if (startsWith(b, [0x50, 0x4b, 0x03, 0x04]) || startsWith(b, [0x50, 0x4b, 0x05, 0x06])) return "zip";
  // 7z: six signature bytes, then the major format version, always 0.
  if (startsWith(b, [0x37, 0x7a, 0xbc, 0xaf, 0x27, 0x1c, 0x00])) return "7z";
  // Photoshop: "8BPS", version 1 (PSD) or 2 (PSB, the large document format), six reserved zero bytes.
  if (ascii(b, 0, 4) === "8BPS" && startsWith(b, [0, 0, 0, 0, 0, 0], 6)) {
    const version = u16be(b, 4);
    return version === 1 ? "psd" : version === 2 ? "psb" : null;
  }
  if (ascii(b, 0, 8) === "CSFCHUNK") return "clip";
  // Blender: "BLENDER", pointer size (- 64-bit, _ 32-bit), endianness (v little, V big), three version digits; or
  // Blender 5's header "BLENDER", its size "17", "-", the format "01", endianness and four digits. A compressed .blend
  // (zstd since Blender 3, gzip before) says only "compressed data" in its first bytes, and is refused.
  if (/^BLENDER(?:[-_][vV]\d{3}|\d{2}-\d{2}[vV]\d{4})/.test(ascii(b, 0, 17))) return "blend";
  // Binary FBX: "Kaydara FBX Binary", two spaces, NUL, then 0x1A 0x00. ASCII FBX (text) is refused.
  if (ascii(b, 0, 23) === "Kaydara FBX Binary  \0\x1a\0") return "fbx";
  // Live2D Cubism: "MOC3", a version byte (1 = Cubism 3.0 … 5 = 5.0; a few more allowed) and the endianness flag.
  if (ascii(b, 0, 4) === "MOC3" && b[4] >= 1 && b[4] <= 16 && b[5] <= 1) return "moc3";
  // AIFF and AIFF-C: an IFF FORM of type AIFF or AIFC.
  if (ascii(b, 0, 4) === "FORM" && (ascii(b, 8, 4) === "AIFF" || ascii(b, 8, 4) === "AIFC")) return "aiff";
  // A WAV past 4 GB: RF64 (EBU Tech 3306) or BW64 (ITU-R BS.2088), of form WAVE.
  if ((ascii(b, 0, 4) === "RF64" || ascii(b, 0, 4) === "BW64") && ascii(b, 8, 4) === "WAVE") return "rf64";
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
  return kind ? { kind, ...FILE_KINDS[kind] } : null;
}

/** The MIME type a stored file's key names by its extension (keys are named after the sniffed kind); null if none. */
export function mimeTypeForKeyFile(file: string): string | null {
  const ext = file.split(".").pop()?.toLowerCase() ?? "";
  return Object.values(FILE_KINDS).find((k) => k.ext === ext)?.mimeType ?? null;
}

/** A declared content type (signed writes) must name one of the rule's kinds; the bytes are checked again later. */
export function kindForMimeType(mimeType: string, rule: { kinds: readonly FileKind[] }): SniffedType | null {
  const normalized = mimeType.split(";")[0].trim().toLowerCase().replace("image/jpg", "image/jpeg");
  const kind = rule.kinds.find((k) => FILE_KINDS[k].mimeType === normalized);
  return kind ? { kind, ...FILE_KINDS[kind] } : null;
}
