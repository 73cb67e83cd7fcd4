// The media preview's colour swatches (spec section 9: up to 8 colours from an image, text contrast at luminance 100,
// 'Invalid HEX color.'). The browser draws the image small to a canvas; the palette itself is worker/domain/colours.
import { useEffect, useId, useState } from "react";
import { ErrorText } from "#app/components/form/error-text";
import { useCopyToClipboard } from "#app/lib/use-copy-to-clipboard";
import { m } from "#app/paraglide/messages.js";
import { extractPalette, isValidHex, parseHex, textToneFor, toHex } from "#worker/domain/colours";

/** Sampling size: enough pixels for 8 colours, little work on a phone. */
const SAMPLE_SIZE = 64;
const COPIED_MS = 1500;

/** The image's colours, or [] when it cannot be read (failed load, or a cross-origin image taints the canvas). */
async function paletteOf(src: string): Promise<string[]> {
  const image = new Image();
  image.decoding = "async";
  image.src = src;
  await image.decode();
  const canvas = document.createElement("canvas");
  canvas.width = SAMPLE_SIZE;
  canvas.height = SAMPLE_SIZE;
  const context = canvas.getContext("2d", { willReadFrequently: true });
  if (!context) return [];
  context.drawImage(image, 0, 0, SAMPLE_SIZE, SAMPLE_SIZE);
  return extractPalette(context.getImageData(0, 0, SAMPLE_SIZE, SAMPLE_SIZE).data);
}

/** Swatches of an image's colours; a click copies the hex code. Nothing shows until (or unless) the colours are read. */
export function ColourSwatches({ src }: { src: string }) {
  const [colours, setColours] = useState<string[]>([]);
  useEffect(() => {
    let live = true;
    setColours([]);
    paletteOf(src).then(
      (palette) => live && setColours(palette),
      () => live && setColours([]), // a tainted canvas throws SecurityError: show no swatches rather than fail
    );
    return () => {
      live = false;
    };
  }, [src]);
  if (colours.length === 0) return null;
  return (
    <section aria-label={m.media_colours_heading()} className="space-y-2">
      <h3 className="text-sm font-semibold text-zinc-800 dark:text-zinc-200">{m.media_colours_heading()}</h3>
      <ul className="flex flex-wrap gap-2">
        {colours.map((hex) => (
          <li key={hex}>
            <Swatch hex={hex} />
          </li>
        ))}
      </ul>
      <HexCheck />
    </section>
  );
}

/** A field for any hex code: its swatch (same contrast rule, same copy), or 'Invalid HEX color.' while it is not one. */
function HexCheck() {
  const id = useId();
  const [value, setValue] = useState("");
  const typed = value.trim();
  const invalid = typed !== "" && !isValidHex(typed);
  return (
    <div className="flex flex-wrap items-center gap-2">
      <label htmlFor={id} className="text-sm text-zinc-800 dark:text-zinc-200">
        {m.media_colours_input_label()}
      </label>
      <input
        id={id}
        value={value}
        onChange={(event) => setValue(event.target.value)}
        aria-invalid={invalid}
        aria-describedby={invalid ? `${id}-error` : undefined}
        spellCheck={false}
        autoComplete="off"
        className="min-h-11 w-32 rounded-lg border border-zinc-300 px-2 font-mono text-sm dark:border-zinc-600 dark:bg-zinc-800"
      />
      {typed === "" ? null : invalid ? (
        <ErrorText id={`${id}-error`} text={m.media_colours_invalid()} />
      ) : (
        <Swatch hex={typed} />
      )}
    </div>
  );
}

function Swatch({ hex }: { hex: string }) {
  const { copied, copy } = useCopyToClipboard({ copiedForMs: COPIED_MS });
  const rgb = parseHex(hex);
  if (!rgb) return <span className="text-sm text-red-700 dark:text-red-300">{m.media_colours_invalid()}</span>;
  const code = toHex(rgb);
  const tone = textToneFor(rgb);
  // Large text (20px bold): the spec's brightness-100 rule alone keeps at least 3.18:1 contrast (worst case, a green
  // near the threshold, against white), which passes WCAG AA for large text but not for small.
  return (
    <button
      type="button"
      aria-label={m.media_colours_copy({ hex: code })}
      onClick={() => void copy(code)}
      style={{ backgroundColor: code }}
      className={`min-h-11 min-w-32 rounded-lg border border-zinc-300 px-3 font-mono text-xl font-bold focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600 dark:border-zinc-600 ${tone === "dark" ? "text-zinc-950" : "text-white"}`}
    >
      <span aria-live="polite">{copied ? m.media_colours_copied() : code}</span>
    </button>
  );
}
