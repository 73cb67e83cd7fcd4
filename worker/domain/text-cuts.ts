/**
 * Texts of every length through a translator that takes a few thousand characters at a time (issue 62): a long text is
 * cut into pieces the model can take, each translated apart, and the translations joined in the same order.
 *
 * A piece should be something a person would translate on its own, so the cuts go where the writer paused: between
 * paragraphs first, then lines, then sentences, then words, and only in the last resort anywhere (between graphemes, so
 * an emoji or an accented letter is never split). Never inside a kept span (a URL, an amount…): a translator must see it
 * whole, or it cannot keep it. Small neighbours share a piece while it fits, so a brief of many short paragraphs is a
 * few calls, not one per paragraph.
 */
import { segmentForTranslation } from "./text-language";

/** A part of the text, by UTF-16 offsets: [start, end). */
interface Range {
  start: number;
  end: number;
}

/**
 * Where each level may cut: right after what it matches, so the blank line, the line break or the space that ends a
 * part stays at the end of that part. A Japanese full stop ends a sentence where it stands (Japanese puts no space
 * after it); a Western one only before a space, so "3.5", "e.g.x" and "v1.2" are not sentence ends.
 */
const CUT_LEVELS: readonly RegExp[] = [
  // Paragraphs: a blank line (and whatever blank lines and indent follow it).
  /\n[^\S\n]*\n\s*/g,
  // Lines.
  /\n\s*/g,
  // Sentences, with the closing brackets after their stop.
  /[。！？]+[」』）)]*\s*|[.!?]+[」』）)"'”’]*\s+/gu,
  // Words.
  /\s+/g,
];

const graphemes = new Intl.Segmenter(undefined, { granularity: "grapheme" });

/**
 * `text` cut into pieces of at most `maxCharacters` code points that join back to exactly `text` (none empty; none for
 * an empty text). A piece is longer only when it is one kept span (segmentForTranslation) that is longer by itself.
 */
export function cutForTranslation(text: string, maxCharacters: number): string[] {
  if (!Number.isInteger(maxCharacters) || maxCharacters < 1) throw new RangeError("maxCharacters must be 1 or more");
  if (text === "") return [];
  const cutter = new Cutter(text, maxCharacters);
  return cutter.cut({ start: 0, end: text.length }, 0).map((range) => text.slice(range.start, range.end));
}

class Cutter {
  /** Code points before each UTF-16 offset, so a range's length costs nothing to read. */
  private readonly codePointsBefore: Uint32Array;
  private readonly keptSpans: Range[] = [];

  constructor(
    private readonly text: string,
    private readonly max: number,
  ) {
    this.codePointsBefore = new Uint32Array(text.length + 1);
    for (let at = 0; at < text.length; at++) {
      const secondHalf = at > 0 && isLowSurrogate(text.charCodeAt(at)) && isHighSurrogate(text.charCodeAt(at - 1));
      this.codePointsBefore[at + 1] = this.codePointsBefore[at] + (secondHalf ? 0 : 1);
    }
    let at = 0;
    for (const segment of segmentForTranslation(text)) {
      if (segment.kind !== "text") this.keptSpans.push({ start: at, end: at + segment.value.length });
      at += segment.value.length;
    }
  }

  private length(range: Range): number {
    return this.codePointsBefore[range.end] - this.codePointsBefore[range.start];
  }

  private insideKeptSpan(at: number): boolean {
    return this.keptSpans.some((span) => span.start < at && at < span.end);
  }

  /**
   * The range in pieces that fit: whole if it fits; else its parts at this level, neighbours packed together while they
   * fit, and a part too long by itself cut at the next level.
   */
  cut(range: Range, level: number): Range[] {
    if (this.length(range) <= this.max) return [range];
    const last = level === CUT_LEVELS.length;
    const parts = last ? this.smallestParts(range) : this.partsAt(range, CUT_LEVELS[level]);
    const pieces: Range[] = [];
    let open: Range | null = null;
    for (const part of parts) {
      if (this.length(part) > this.max) {
        if (open) pieces.push(open);
        open = null;
        // At the last level a part this long is one kept span, which is never cut.
        pieces.push(...(last ? [part] : this.cut(part, level + 1)));
      } else if (open && this.length({ start: open.start, end: part.end }) <= this.max) {
        open = { start: open.start, end: part.end };
      } else {
        if (open) pieces.push(open);
        open = part;
      }
    }
    if (open) pieces.push(open);
    return pieces;
  }

  /** The range cut after each match of `pattern`, except inside a kept span. */
  private partsAt(range: Range, pattern: RegExp): Range[] {
    const cuts: number[] = [];
    for (const match of this.text.slice(range.start, range.end).matchAll(pattern)) {
      const at = range.start + match.index + match[0].length;
      if (at < range.end && !this.insideKeptSpan(at)) cuts.push(at);
    }
    return partsBetween(range, cuts);
  }

  /**
   * The last resort: between graphemes, and between code points where a part is still too long and is not a kept span
   * (a letter under hundreds of combining marks, or marks that run on after a span's last letter).
   */
  private smallestParts(range: Range): Range[] {
    const cuts: number[] = [];
    for (const { index } of graphemes.segment(this.text.slice(range.start, range.end))) {
      const at = range.start + index;
      if (!this.insideKeptSpan(at)) cuts.push(at);
    }
    return partsBetween(range, cuts).flatMap((part) =>
      this.length(part) > this.max && !this.isKeptSpan(part) ? partsBetween(part, this.codePointCuts(part)) : [part],
    );
  }

  private codePointCuts(range: Range): number[] {
    const cuts: number[] = [];
    let at = range.start;
    for (const codePoint of this.text.slice(range.start, range.end)) {
      if (!this.insideKeptSpan(at)) cuts.push(at);
      at += codePoint.length;
    }
    return cuts;
  }

  private isKeptSpan(range: Range): boolean {
    return this.keptSpans.some((span) => span.start === range.start && span.end === range.end);
  }
}

function partsBetween(range: Range, cuts: number[]): Range[] {
  const parts: Range[] = [];
  let start = range.start;
  for (const cut of cuts) {
    if (cut <= start) continue;
    parts.push({ start, end: cut });
    start = cut;
  }
  parts.push({ start, end: range.end });
  return parts;
}

const isHighSurrogate = (unit: number) => unit >= 0xd800 && unit <= 0xdbff;
const isLowSurrogate = (unit: number) => unit >= 0xdc00 && unit <= 0xdfff;

/**
 * Whether a piece needs a translator: it has a letter outside its kept spans. A piece of blank lines, numbers, emoji or
 * a lone URL is joined as it is, without a call.
 */
export function isTranslatablePiece(piece: string): boolean {
  return segmentForTranslation(piece).some((segment) => segment.kind === "text" && /\p{L}/u.test(segment.value));
}

/**
 * A piece as a translator should get it: its words, without the whitespace around them, which a model may drop or
 * change. The caller sends `words` and joins `before + translation + after`, so the paragraphs and line breaks between
 * pieces are exactly the writer's.
 */
export function piecePadding(piece: string): { before: string; words: string; after: string } {
  const words = piece.trim();
  if (words === "") return { before: piece, words: "", after: "" };
  const before = piece.slice(0, piece.indexOf(words));
  return { before, words, after: piece.slice(before.length + words.length) };
}
