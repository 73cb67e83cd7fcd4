/**
 * A ZIP's table of contents read from its central directory with Range reads, never by unpacking it (issue 60,
 * decision 096). Pure: it takes the file's size and a `read(offset, length)` function, and returns the listing or a
 * typed refusal. It never throws on hostile input (a read that fails is the caller's error and propagates).
 *
 * What it refuses, and why:
 * - no end record whose comment reaches the file's end (not a whole ZIP, or bytes appended to one);
 * - an archive split over several disks (the other parts are not here);
 * - more than `maxEntries` entries (issue 60's case is 100,000), or a central directory over `maxDirectoryBytes`:
 *   refused before the directory is read, from the end record's own counts;
 * - a directory that lies: outside the file or not ending where the end records begin, entries that do not fill it
 *   exactly, a count that disagrees with the end record, an entry whose header, name and data (30 + name length +
 *   compressed size, the least it takes) run past the next entry's header or into the directory (overlapping entries:
 *   the non-recursive zip bomb), a stored entry whose two sizes differ, a deflated one claiming more than deflate can
 *   expand to, sizes past 2^53.
 * Names with `..` segments, absolute paths, NUL, other control or bidirectional characters are listed as they are and
 * flagged (`unsafeName`): Comet never unpacks an archive, and the person about to take it should see the name as it is.
 *
 * Reads: one of the tail (the end record, ZIP64's locator and record, and often the whole directory), then the
 * directory in one read if it was not in the tail, and the ZIP64 end record if it was not either: at most three.
 */
import type { ZipEntry, ZipListing } from "./file-details";

export type ZipRead = (offset: number, length: number) => Promise<Uint8Array>;

/** At most this many entries (a 2 GB Live2D package with its motions and textures holds some thousands). */
export const ZIP_MAX_ENTRIES = 20_000;
/** At most this many bytes of central directory (20,000 entries with names of some 300 bytes), read into memory whole. */
const ZIP_MAX_DIRECTORY_BYTES = 8 * 1024 * 1024;
/** The entries a listing keeps (the first in directory order); `totalEntries` counts them all. */
export const ZIP_LISTING_SHOWN_MAX = 1_000;
/** Deflate never expands a byte to more than 1,032 (RFC 1951's longest match on a 258-byte run, per bit). */
const DEFLATE_MAX_RATIO = 1032;

export type ZipDirectoryError =
  | { code: "not_a_zip"; detail: string }
  | { code: "split_archive"; detail: string }
  | { code: "too_many_entries"; entries: number; max: number }
  | { code: "directory_too_large"; bytes: number; max: number }
  | { code: "inconsistent"; detail: string };

export type ZipDirectoryResult = { ok: true; listing: ZipListing } | { ok: false; error: ZipDirectoryError };

export interface ZipDirectoryOptions {
  maxEntries?: number;
  maxDirectoryBytes?: number;
  shownEntries?: number;
}

const EOCD_SIG = 0x06054b50;
const EOCD64_SIG = 0x06064b50;
const LOCATOR_SIG = 0x07064b50;
const CENTRAL_SIG = 0x02014b50;
const EOCD_SIZE = 22;
const LOCATOR_SIZE = 20;
const EOCD64_SIZE = 56;
const CENTRAL_SIZE = 46;
const LOCAL_SIZE = 30;
const MAX_COMMENT = 0xffff;
/** Enough of the tail for the end record and its longest comment, ZIP64's locator and end record. */
const TAIL_BYTES = EOCD_SIZE + MAX_COMMENT + LOCATOR_SIZE + EOCD64_SIZE;

const inconsistent = (detail: string): ZipDirectoryResult => ({ ok: false, error: { code: "inconsistent", detail } });

/** A u64 as a number, or null past 2^53 (no real archive; a lie to make arithmetic wrap). */
function u64(view: DataView, at: number): number | null {
  const value = view.getBigUint64(at, true);
  return value > BigInt(Number.MAX_SAFE_INTEGER) ? null : Number(value);
}

export async function readZipDirectory(
  read: ZipRead,
  size: number,
  options: ZipDirectoryOptions = {},
): Promise<ZipDirectoryResult> {
  const maxEntries = options.maxEntries ?? ZIP_MAX_ENTRIES;
  const maxDirectoryBytes = options.maxDirectoryBytes ?? ZIP_MAX_DIRECTORY_BYTES;
  const shown = options.shownEntries ?? ZIP_LISTING_SHOWN_MAX;
  if (!Number.isSafeInteger(size) || size < EOCD_SIZE)
    return { ok: false, error: { code: "not_a_zip", detail: "shorter than an end record" } };

  // Read the directory in the same request when it is small (most archives): the tail plus a margin.
  const tailStart = Math.max(0, size - TAIL_BYTES - 64 * 1024);
  const tail = await read(tailStart, size - tailStart);
  if (tail.length !== size - tailStart) return inconsistent("the file is shorter than its size");
  const tailView = new DataView(tail.buffer, tail.byteOffset, tail.byteLength);
  const at = (offset: number) => offset - tailStart;

  // The end record: the last signature whose comment length reaches exactly the file's end.
  let eocd = -1;
  for (let i = tail.length - EOCD_SIZE; i >= Math.max(0, tail.length - EOCD_SIZE - MAX_COMMENT); i--) {
    if (tailView.getUint32(i, true) === EOCD_SIG && i + EOCD_SIZE + tailView.getUint16(i + 20, true) === tail.length) {
      eocd = i;
      break;
    }
  }
  if (eocd < 0) return { ok: false, error: { code: "not_a_zip", detail: "no end of central directory record" } };
  const eocdOffset = tailStart + eocd;
  const disk = tailView.getUint16(eocd + 4, true);
  const directoryDisk = tailView.getUint16(eocd + 6, true);
  let diskEntries = tailView.getUint16(eocd + 8, true);
  let entries = tailView.getUint16(eocd + 10, true);
  let directorySize = tailView.getUint32(eocd + 12, true);
  let directoryOffset = tailView.getUint32(eocd + 16, true);
  // Where the central directory must end: at the end record, or at ZIP64's end record when there is one.
  let directoryEnd = eocdOffset;

  const zip64 =
    entries === 0xffff || diskEntries === 0xffff || directorySize === 0xffffffff || directoryOffset === 0xffffffff;
  const locatorOffset = eocdOffset - LOCATOR_SIZE;
  const hasLocator =
    locatorOffset >= 0 && at(locatorOffset) >= 0 && tailView.getUint32(at(locatorOffset), true) === LOCATOR_SIG;
  if (zip64 || hasLocator) {
    if (!hasLocator) return inconsistent("ZIP64 values without a ZIP64 locator");
    const l = at(locatorOffset);
    const end64Disk = tailView.getUint32(l + 4, true);
    const end64Offset = u64(tailView, l + 8);
    const disks = tailView.getUint32(l + 16, true);
    if (end64Disk !== 0 || disks > 1)
      return { ok: false, error: { code: "split_archive", detail: "the archive spans several disks" } };
    if (end64Offset === null || end64Offset + EOCD64_SIZE > locatorOffset)
      return inconsistent("the ZIP64 end record lies outside the file");
    let end64: DataView;
    if (end64Offset >= tailStart) end64 = new DataView(tail.buffer, tail.byteOffset + at(end64Offset), EOCD64_SIZE);
    else {
      const bytes = await read(end64Offset, EOCD64_SIZE);
      if (bytes.length !== EOCD64_SIZE) return inconsistent("the file is shorter than its size");
      end64 = new DataView(bytes.buffer, bytes.byteOffset, EOCD64_SIZE);
    }
    if (end64.getUint32(0, true) !== EOCD64_SIG) return inconsistent("no ZIP64 end record where the locator points");
    const recordSize = u64(end64, 4);
    if (recordSize === null || recordSize < EOCD64_SIZE - 12 || end64Offset + 12 + recordSize !== locatorOffset)
      return inconsistent("the ZIP64 end record's size disagrees with its place");
    if (end64.getUint32(16, true) !== 0 || end64.getUint32(20, true) !== 0)
      return { ok: false, error: { code: "split_archive", detail: "the archive spans several disks" } };
    const diskEntries64 = u64(end64, 24);
    const entries64 = u64(end64, 32);
    const size64 = u64(end64, 40);
    const offset64 = u64(end64, 48);
    if (diskEntries64 === null || entries64 === null || size64 === null || offset64 === null)
      return inconsistent("a ZIP64 count or offset past 2^53");
    // The 32-bit fields are either the sentinel or the same value.
    if (
      (entries !== 0xffff && entries !== entries64) ||
      (directorySize !== 0xffffffff && directorySize !== size64) ||
      (directoryOffset !== 0xffffffff && directoryOffset !== offset64)
    )
      return inconsistent("the end record and the ZIP64 end record disagree");
    diskEntries = diskEntries64;
    entries = entries64;
    directorySize = size64;
    directoryOffset = offset64;
    directoryEnd = end64Offset;
  } else if (disk !== 0 || directoryDisk !== 0) {
    return { ok: false, error: { code: "split_archive", detail: "the archive spans several disks" } };
  }
  if (diskEntries !== entries) return { ok: false, error: { code: "split_archive", detail: "entries on other disks" } };

  if (entries > maxEntries) return { ok: false, error: { code: "too_many_entries", entries, max: maxEntries } };
  if (directorySize > maxDirectoryBytes)
    return { ok: false, error: { code: "directory_too_large", bytes: directorySize, max: maxDirectoryBytes } };
  if (directoryOffset + directorySize !== directoryEnd)
    return inconsistent("the central directory does not end where the end record begins");
  if (entries * CENTRAL_SIZE > directorySize) return inconsistent("the central directory is too small for its entries");

  let directory: Uint8Array;
  if (directoryOffset >= tailStart) directory = tail.subarray(at(directoryOffset), at(directoryOffset) + directorySize);
  else {
    directory = await read(directoryOffset, directorySize);
    if (directory.length !== directorySize) return inconsistent("the file is shorter than its size");
  }
  return parseDirectory(directory, { entries, directoryOffset, shown });
}

interface Placed {
  offset: number;
  /** The least the entry takes from its local header: 30 + name length + compressed size. */
  extent: number;
}

function parseDirectory(
  directory: Uint8Array,
  context: { entries: number; directoryOffset: number; shown: number },
): ZipDirectoryResult {
  const view = new DataView(directory.buffer, directory.byteOffset, directory.byteLength);
  const listed: ZipEntry[] = [];
  const placed: Placed[] = [];
  let totalSize = 0;
  let p = 0;
  for (let index = 0; index < context.entries; index++) {
    if (p + CENTRAL_SIZE > directory.length) return inconsistent(`entry ${index + 1} runs past the central directory`);
    if (view.getUint32(p, true) !== CENTRAL_SIG) return inconsistent(`entry ${index + 1} has no header signature`);
    const flags = view.getUint16(p + 8, true);
    const method = view.getUint16(p + 10, true);
    let compressedSize = view.getUint32(p + 20, true);
    let size = view.getUint32(p + 24, true);
    const nameLength = view.getUint16(p + 28, true);
    const extraLength = view.getUint16(p + 30, true);
    const commentLength = view.getUint16(p + 32, true);
    let diskStart = view.getUint16(p + 34, true);
    const externalAttributes = view.getUint32(p + 38, true);
    let localOffset = view.getUint32(p + 42, true);
    const end = p + CENTRAL_SIZE + nameLength + extraLength + commentLength;
    if (end > directory.length) return inconsistent(`entry ${index + 1} runs past the central directory`);
    const nameBytes = directory.subarray(p + CENTRAL_SIZE, p + CENTRAL_SIZE + nameLength);
    const extra = directory.subarray(p + CENTRAL_SIZE + nameLength, p + CENTRAL_SIZE + nameLength + extraLength);

    // ZIP64's extra field holds, in this order, each value whose 32-bit field is the sentinel.
    const needed = [
      size === 0xffffffff,
      compressedSize === 0xffffffff,
      localOffset === 0xffffffff,
      diskStart === 0xffff,
    ];
    if (needed.some(Boolean)) {
      const field = findExtra(extra, 0x0001);
      if (!field) return inconsistent(`entry ${index + 1} lacks its ZIP64 sizes`);
      const fv = new DataView(field.buffer, field.byteOffset, field.byteLength);
      let q = 0;
      const next64 = () => {
        if (q + 8 > field.length) return null;
        const v = u64(fv, q);
        q += 8;
        return v;
      };
      const values: (number | null)[] = [];
      for (let k = 0; k < 3; k++) values.push(needed[k] ? next64() : 0);
      if (needed[3]) {
        if (q + 4 > field.length) return inconsistent(`entry ${index + 1} lacks its ZIP64 sizes`);
        diskStart = fv.getUint32(q, true);
      }
      if (values.some((v) => v === null))
        return inconsistent(`entry ${index + 1}'s ZIP64 sizes are cut short or too large`);
      if (needed[0]) size = values[0]!;
      if (needed[1]) compressedSize = values[1]!;
      if (needed[2]) localOffset = values[2]!;
    }
    if (diskStart !== 0) return { ok: false, error: { code: "split_archive", detail: "an entry on another disk" } };

    const encrypted = (flags & 0x0001) !== 0;
    if (method === 0 && !encrypted && size !== compressedSize)
      return inconsistent(`stored entry ${index + 1} claims two different sizes`);
    if (method === 8 && size > compressedSize * DEFLATE_MAX_RATIO + 1024)
      return inconsistent(`entry ${index + 1} claims more than deflate can expand to`);
    const extent = LOCAL_SIZE + nameLength + compressedSize;
    if (localOffset + extent > context.directoryOffset)
      return inconsistent(`entry ${index + 1}'s data runs into the central directory`);
    totalSize += size;
    if (!Number.isSafeInteger(totalSize)) return inconsistent("the sizes add up past 2^53");
    placed.push({ offset: localOffset, extent });

    if (listed.length < context.shown) {
      const name = decodeName(nameBytes, flags, extra);
      const directoryEntry = name.endsWith("/") || (size === 0 && (externalAttributes & 0x10) !== 0);
      const entry: ZipEntry = { name, size, compressedSize, directory: directoryEntry };
      if (isUnsafeName(name)) entry.unsafeName = true;
      if (encrypted) entry.encrypted = true;
      listed.push(entry);
    }
    p = end;
  }
  if (p !== directory.length) return inconsistent("the central directory holds more than its entries");

  // No entry's bytes may reach the next entry's header: overlapping entries are how a small archive claims to unpack to
  // terabytes, and entries at one offset are two names for the same bytes.
  placed.sort((a, b) => a.offset - b.offset);
  for (let i = 0; i + 1 < placed.length; i++) {
    if (placed[i].offset + placed[i].extent > placed[i + 1].offset) return inconsistent("two entries overlap");
  }
  return { ok: true, listing: { entries: listed, totalEntries: context.entries, totalSize } };
}

function findExtra(extra: Uint8Array, id: number): Uint8Array | null {
  const view = new DataView(extra.buffer, extra.byteOffset, extra.byteLength);
  let p = 0;
  while (p + 4 <= extra.length) {
    const fieldId = view.getUint16(p, true);
    const length = view.getUint16(p + 2, true);
    if (p + 4 + length > extra.length) return null;
    if (fieldId === id) return extra.subarray(p + 4, p + 4 + length);
    p += 4 + length;
  }
  return null;
}

// ───────────────────────── names ─────────────────────────

const CP437_HIGH =
  "ÇüéâäàåçêëèïîìÄÅÉæÆôöòûùÿÖÜ¢£¥₧ƒáíóúñÑªº¿⌐¬½¼¡«»░▒▓│┤╡╢╖╕╣║╗╝╜╛┐└┴┬├─┼╞╟╚╔╩╦╠═╬╧╨╤╥╙╘╒╓╫╪┘┌█▄▌▐▀αßΓπΣσµτΦΘΩδ∞φε∩≡±≥≤⌠⌡÷≈°∙·√ⁿ²■\u00a0";

function tryDecode(label: string, bytes: Uint8Array): string | null {
  try {
    return new TextDecoder(label, { fatal: true }).decode(bytes);
  } catch {
    // Not valid in this encoding, or a runtime without it (Shift_JIS needs full ICU).
    return null;
  }
}

/**
 * An entry's name: UTF-8 when the archive says so (flag bit 11, or Info-ZIP's Unicode path field whose CRC matches
 * the name); otherwise UTF-8 if the bytes are valid UTF-8 (macOS writes it unflagged), else Shift_JIS (what Windows
 * writes on a Japanese system, likelier here than any other legacy encoding), else CP437 (the format's default).
 */
function decodeName(bytes: Uint8Array, flags: number, extra: Uint8Array): string {
  if (flags & 0x0800) return new TextDecoder("utf-8").decode(bytes);
  const unicodePath = findExtra(extra, 0x7075);
  if (unicodePath && unicodePath.length >= 5 && unicodePath[0] === 1) {
    const crc = new DataView(unicodePath.buffer, unicodePath.byteOffset, 5).getUint32(1, true);
    if (crc === crc32(bytes)) {
      const name = tryDecode("utf-8", unicodePath.subarray(5));
      if (name !== null) return name;
    }
  }
  if (bytes.every((b) => b < 0x80)) return String.fromCharCode(...bytes);
  return (
    tryDecode("utf-8", bytes) ??
    tryDecode("shift_jis", bytes) ??
    Array.from(bytes, (b) => (b < 0x80 ? String.fromCharCode(b) : CP437_HIGH[b - 0x80])).join("")
  );
}

let CRC_TABLE: Uint32Array | null = null;
function crc32(data: Uint8Array): number {
  if (!CRC_TABLE) {
    CRC_TABLE = new Uint32Array(256);
    for (let n = 0; n < 256; n++) {
      let c = n;
      for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
      CRC_TABLE[n] = c >>> 0;
    }
  }
  let c = 0xffffffff;
  for (let i = 0; i < data.length; i++) c = CRC_TABLE[(c ^ data[i]) & 0xff] ^ (c >>> 8);
  return ~c >>> 0;
}

/** Control characters (NUL included), and the bidirectional controls that make a name read otherwise than it is. */
const HIDDEN = /[\u0000-\u001f\u007f-\u009f\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]/u;

/**
 * A name that would reach outside the folder it is unpacked into, or that hides what it is: a `..` segment, an
 * absolute path (`/`, `\`, a drive letter), control characters or bidirectional overrides.
 */
export function isUnsafeName(name: string): boolean {
  if (HIDDEN.test(name)) return true;
  if (/^[/\\]/.test(name) || /^[A-Za-z]:/.test(name)) return true;
  return name.split(/[/\\]/).some((segment) => segment === "..");
}
