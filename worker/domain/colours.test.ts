// The media preview's swatch logic (worker/domain/colours.ts): hex parsing, the luminance-100 text rule, and the
// median-cut palette of at most 8 distinct colours.
import { describe, expect, it } from "vitest";
import { extractPalette, isValidHex, luminance, MAX_EXTRACTED_COLOURS, parseHex, textToneFor, toHex } from "./colours";

/** The text tone for a hex code, or null when the code is not a valid colour. */
function textToneForHex(value: string): "dark" | "light" | null {
  const rgb = parseHex(value);
  return rgb ? textToneFor(rgb) : null;
}

function pixels(colours: [number, number, number][], alpha = 255): Uint8ClampedArray {
  return Uint8ClampedArray.from(colours.flatMap(([r, g, b]) => [r, g, b, alpha]));
}

describe("hex codes", () => {
  it("parses six- and three-digit codes, with or without #, in any case", () => {
    expect(parseHex("#FF8000")).toEqual({ r: 255, g: 128, b: 0 });
    expect(parseHex("0a0b0c")).toEqual({ r: 10, g: 11, b: 12 });
    expect(parseHex("#fa0")).toEqual({ r: 255, g: 170, b: 0 });
  });

  it("rejects anything that is not a hex colour", () => {
    for (const bad of ["", "#", "#ff", "#ggg", "#12345", "#1234567", "red", "rgb(0,0,0)"]) {
      expect(parseHex(bad), bad).toBeNull();
      expect(isValidHex(bad), bad).toBe(false);
      expect(textToneForHex(bad), bad).toBeNull();
    }
  });

  it("formats as lower-case #rrggbb, rounding and clamping", () => {
    expect(toHex({ r: 255, g: 0, b: 15.6 })).toBe("#ff0010");
    expect(toHex({ r: 300, g: -4, b: 0 })).toBe("#ff0000");
  });
});

describe("text tone at the luminance threshold of 100", () => {
  it("weighs channels 0.299 / 0.587 / 0.114", () => {
    expect(luminance({ r: 255, g: 255, b: 255 })).toBeCloseTo(255);
    expect(luminance({ r: 100, g: 0, b: 0 })).toBeCloseTo(29.9);
    expect(luminance({ r: 0, g: 100, b: 0 })).toBeCloseTo(58.7);
  });

  it("gives dark text above 100 and light text at or below it", () => {
    expect(textToneFor({ r: 100, g: 100, b: 100 })).toBe("light"); // exactly 100
    expect(textToneFor({ r: 101, g: 101, b: 101 })).toBe("dark");
    expect(textToneForHex("#ffffff")).toBe("dark");
    expect(textToneForHex("#000000")).toBe("light");
    expect(textToneForHex("#00ff00")).toBe("dark"); // 149.7
    expect(textToneForHex("#0000ff")).toBe("light"); // 29.1
  });
});

describe("extractPalette", () => {
  it("returns each distinct colour of a few-colour image, most common first", () => {
    const image = pixels([...Array(6).fill([255, 0, 0]), ...Array(3).fill([0, 0, 255]), [0, 255, 0]]);
    expect(extractPalette(image)).toEqual(["#ff0000", "#0000ff", "#00ff00"]);
  });

  it("never returns more than 8 colours, and no duplicates", () => {
    const many: [number, number, number][] = [];
    for (let i = 0; i < 64 * 64; i++) many.push([(i * 37) % 256, (i * 91) % 256, (i * 13) % 256]);
    const palette = extractPalette(pixels(many));
    expect(palette.length).toBe(MAX_EXTRACTED_COLOURS);
    expect(new Set(palette).size).toBe(palette.length);
    for (const hex of palette) expect(isValidHex(hex)).toBe(true);
  });

  it("returns one colour for a flat image and none for a transparent or empty one", () => {
    expect(extractPalette(pixels(Array(100).fill([12, 34, 56])))).toEqual(["#0c2238"]);
    expect(extractPalette(pixels(Array(100).fill([12, 34, 56]), 0))).toEqual([]);
    expect(extractPalette(new Uint8ClampedArray())).toEqual([]);
  });

  it("honours a smaller maximum", () => {
    const image = pixels([
      [0, 0, 0],
      [255, 255, 255],
      [255, 0, 0],
      [0, 0, 255],
    ]);
    expect(extractPalette(image, 2)).toHaveLength(2);
  });
});
