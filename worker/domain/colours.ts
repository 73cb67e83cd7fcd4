// The media preview's colour swatches (spec section 9: "Preview extracts up to 8 colours from an image. Colour
// contrast luminance threshold 100."; invalid colour: 'Invalid HEX color.'). Pure: pixels in, hex codes out; the
// browser only draws the image to a canvas and hands over its RGBA bytes.

export const MAX_EXTRACTED_COLOURS = 8;
/** Perceived brightness (0–255) above which a swatch gets dark text; at or below it, light text. */
const LUMINANCE_THRESHOLD = 100;

export interface Rgb {
  r: number;
  g: number;
  b: number;
}

const HEX = /^#?([0-9a-f]{3}|[0-9a-f]{6})$/i;

export function isValidHex(value: string): boolean {
  return HEX.test(value.trim());
}

/** "#abc", "abc", "#AABBCC" → {r,g,b}; anything else → null (the caller shows 'Invalid HEX color.'). */
export function parseHex(value: string): Rgb | null {
  const match = HEX.exec(value.trim());
  if (!match) return null;
  const digits = match[1].length === 3 ? [...match[1]].map((d) => d + d).join("") : match[1];
  const n = Number.parseInt(digits, 16);
  return { r: (n >> 16) & 255, g: (n >> 8) & 255, b: n & 255 };
}

/** Lower-case "#rrggbb". */
export function toHex({ r, g, b }: Rgb): string {
  return `#${[r, g, b]
    .map((c) =>
      Math.round(Math.min(255, Math.max(0, c)))
        .toString(16)
        .padStart(2, "0"),
    )
    .join("")}`;
}

/**
 * Perceived brightness on 0–255: 0.299 R + 0.587 G + 0.114 B (the ITU-R BT.601 luma weights, as in the W3C's
 * "colour brightness" formula), so green counts most and blue least.
 */
export function luminance({ r, g, b }: Rgb): number {
  return 0.299 * r + 0.587 * g + 0.114 * b;
}

/** The swatch's text colour: dark on a light swatch (luminance above 100), light on a dark one. */
export function textToneFor(colour: Rgb): "dark" | "light" {
  return luminance(colour) > LUMINANCE_THRESHOLD ? "dark" : "light";
}

/**
 * Up to `max` dominant colours of RGBA pixel bytes (as from a canvas), by median cut: the box of pixels with the
 * widest channel range is split at its median until there are `max` boxes; each box's average is one colour.
 * Mostly transparent pixels (alpha < 128) are skipped. Colours come back most-populous first, without duplicates.
 */
export function extractPalette(rgba: ArrayLike<number>, max = MAX_EXTRACTED_COLOURS): string[] {
  const pixels: Rgb[] = [];
  for (let i = 0; i + 3 < rgba.length; i += 4) {
    if (rgba[i + 3] >= 128) pixels.push({ r: rgba[i], g: rgba[i + 1], b: rgba[i + 2] });
  }
  if (pixels.length === 0 || max < 1) return [];
  const boxes: Rgb[][] = [pixels];
  while (boxes.length < max) {
    let widest = -1;
    let channel: keyof Rgb = "r";
    let range = 0;
    boxes.forEach((box, i) => {
      for (const c of ["r", "g", "b"] as const) {
        let lo = 255;
        let hi = 0;
        for (const p of box) {
          if (p[c] < lo) lo = p[c];
          if (p[c] > hi) hi = p[c];
        }
        if (hi - lo > range) [widest, channel, range] = [i, c, hi - lo];
      }
    });
    if (widest < 0) break; // every box is one flat colour: nothing left to split
    const box = boxes[widest].slice().sort((a, b) => a[channel] - b[channel]);
    const mid = box.length >> 1;
    boxes.splice(widest, 1, box.slice(0, mid), box.slice(mid));
  }
  const seen = new Set<string>();
  return boxes
    .filter((box) => box.length > 0)
    .sort((a, b) => b.length - a.length)
    .map((box) => toHex(average(box)))
    .filter((hex) => (seen.has(hex) ? false : (seen.add(hex), true)));
}

function average(box: Rgb[]): Rgb {
  const sum = box.reduce((acc, p) => ({ r: acc.r + p.r, g: acc.g + p.g, b: acc.b + p.b }), { r: 0, g: 0, b: 0 });
  return { r: sum.r / box.length, g: sum.g / box.length, b: sum.b / box.length };
}
