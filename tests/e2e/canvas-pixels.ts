/**
 * What a canvas the page draws holds (the 3D viewer's, issue 60): the share of its pixels drawn (not transparent),
 * in how many colours, its width, and a checksum of the picture, to tell a turned model from the first frame.
 */
import type { Locator } from "@playwright/test";

export function drawn(canvas: Locator) {
  return canvas.evaluate((element) => {
    const source = element as HTMLCanvasElement;
    const copy = document.createElement("canvas");
    copy.width = source.width;
    copy.height = source.height;
    const context = copy.getContext("2d")!;
    context.drawImage(source, 0, 0);
    const { data } = context.getImageData(0, 0, copy.width, copy.height);
    const colours = new Set<number>();
    let pixels = 0;
    let sum = 0;
    for (let i = 0; i < data.length; i += 4) {
      if (data[i + 3] === 0) continue;
      pixels++;
      colours.add((data[i] << 16) | (data[i + 1] << 8) | data[i + 2]);
      sum = (sum * 31 + (i >> 2) * (data[i] + 1)) % 1_000_000_007;
    }
    return { share: pixels / (copy.width * copy.height), colours: colours.size, width: source.width, sum };
  });
}
