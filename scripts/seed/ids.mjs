/**
 * Deterministic ids and randomness for the seed: the same seed name always yields the same rows,
 * so re-running the seed with INSERT OR IGNORE changes nothing. Pure JS (no node: imports) so that
 * the generator also runs inside workerd tests.
 */

/** 128-bit string hash (cyrb128), as four unsigned 32-bit words. */
function hash128(input) {
  let h1 = 1779033703,
    h2 = 3144134277,
    h3 = 1013904242,
    h4 = 2773480762;
  for (let i = 0; i < input.length; i++) {
    const k = input.charCodeAt(i);
    h1 = h2 ^ Math.imul(h1 ^ k, 597399067);
    h2 = h3 ^ Math.imul(h2 ^ k, 2869860233);
    h3 = h4 ^ Math.imul(h3 ^ k, 951274213);
    h4 = h1 ^ Math.imul(h4 ^ k, 2716044179);
  }
  h1 = Math.imul(h3 ^ (h1 >>> 18), 597399067);
  h2 = Math.imul(h4 ^ (h2 >>> 22), 2869860233);
  h3 = Math.imul(h1 ^ (h3 >>> 17), 951274213);
  h4 = Math.imul(h2 ^ (h4 >>> 19), 2716044179);
  h1 ^= h2 ^ h3 ^ h4;
  h2 ^= h1;
  h3 ^= h1;
  h4 ^= h1;
  return [h1 >>> 0, h2 >>> 0, h3 >>> 0, h4 >>> 0];
}

const HEX = Array.from({ length: 256 }, (_, i) => i.toString(16).padStart(2, "0"));
const hex8 = (n) => HEX[n >>> 24] + HEX[(n >>> 16) & 255] + HEX[(n >>> 8) & 255] + HEX[n & 255];

/** A UUID (version 8, "custom") derived from a name: seedUuid("user:sakuramochi"). */
export function seedUuid(name) {
  const [a, b, c, d] = hash128(name);
  const h = hex8(a) + hex8(b) + hex8(c) + hex8(d);
  const variant = ((parseInt(h[16], 16) & 0x3) | 0x8).toString(16);
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-8${h.slice(13, 16)}-${variant}${h.slice(17, 20)}-${h.slice(20, 32)}`;
}

const BASE62 = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz";

/** A short public code (forms, orders) derived from a name. */
export function seedCode(name, length = 8) {
  const words = hash128(name);
  let out = "";
  for (let i = 0; i < length; i++) {
    const w = words[i % 4];
    out += BASE62[(w >>> ((i * 5) % 27)) % 62];
    words[i % 4] = Math.imul(w ^ (w >>> 15), 2246822507) >>> 0;
  }
  return out;
}

/** mulberry32 PRNG seeded from a name, with a few helpers. */
export function rng(name) {
  let state = hash128(name)[0];
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return {
    next,
    int: (min, max) => min + Math.floor(next() * (max - min + 1)),
    pick: (list) => list[Math.floor(next() * list.length)],
    chance: (p) => next() < p,
    /** k distinct items of list, in list order. */
    sample: (list, k) => {
      const idx = list.map((_, i) => i);
      for (let i = idx.length - 1; i > 0; i--) {
        const j = Math.floor(next() * (i + 1));
        [idx[i], idx[j]] = [idx[j], idx[i]];
      }
      return idx
        .slice(0, Math.min(k, list.length))
        .sort((x, y) => x - y)
        .map((i) => list[i]);
    },
  };
}
