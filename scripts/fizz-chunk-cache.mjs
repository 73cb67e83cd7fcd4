// A Vite plugin for the Worker's build: React's server renderer (Fizz, the edge build React Router renders with in
// workerd) turns every attribute name, attribute value and text it writes into bytes with its own
// `TextEncoder.encode` call. In workerd each call costs far more than the copy it makes: a CPU profile of
// /explore/creators put a fifth of the Worker's time in `pushAttribute`, nearly all of it these calls. Most of
// these strings repeat on every page (`class`, the same class lists, labels), so this memoizes the encoding of short
// strings. Docs: docs/decisions/036-page-budgets-round-5.md.
//
// Safe to share between requests: a string under 256 characters encodes to under 1 KB, and Fizz copies any chunk
// of 4 KB or less into its own buffer (`writeChunk`), never handing it to the stream, where it would be detached.
// React already shares its precomputed chunks (`stringToPrecomputedChunk`) the same way.

/** The function the plugin replaces, as it stands in react-dom's edge and browser production builds. */
export const ORIGINAL = "function stringToChunk(content) {\n  return textEncoder.encode(content);\n}";

/** Strings this long or longer are encoded each time (unique texts: descriptions, URLs of long names). */
export const CACHED_MAX_LENGTH = 256;
/** Entries before the cache starts over: a bound on memory (about 0.3 MB), refilled with what repeats. */
export const CACHE_ENTRIES = 4096;

const REPLACEMENT = `var encodedChunks = new Map();
function stringToChunk(content) {
  if (content.length >= ${CACHED_MAX_LENGTH}) return textEncoder.encode(content);
  var chunk = encodedChunks.get(content);
  if (chunk === undefined) {
    if (encodedChunks.size >= ${CACHE_ENTRIES}) encodedChunks.clear();
    chunk = textEncoder.encode(content);
    encodedChunks.set(content, chunk);
  }
  return chunk;
}`;

const FIZZ_BUILD = /react-dom[\\/]cjs[\\/]react-dom-server\.(edge|browser)\.production\.js$/;

/** The patched source; throws when React's source no longer has the function, so an upgrade cannot skip it silently. */
export function cacheEncodedChunks(code, id = "react-dom-server") {
  const at = code.indexOf(ORIGINAL);
  if (at === -1 || code.indexOf(ORIGINAL, at + 1) !== -1) {
    throw new Error(
      `fizz-chunk-cache: ${id} no longer defines stringToChunk as expected; check the React upgrade (docs/decisions/036)`,
    );
  }
  return code.replace(ORIGINAL, REPLACEMENT);
}

/** Applies `cacheEncodedChunks` to React's production server renderer in a production build. */
export function fizzChunkCache() {
  return {
    name: "comet:fizz-chunk-cache",
    apply: "build",
    transform(code, id) {
      if (!FIZZ_BUILD.test(id)) return null;
      return { code: cacheEncodedChunks(code, id), map: null };
    },
  };
}
