// The translation check's corpus (issue 62): commission texts as clients and creators write them, each beside a careful
// human translation, one file per direction in corpus/. Read by `npm run translation:eval` and held to its shape by
// tests/node/translation-corpus.test.ts.
import { readFileSync } from "node:fs";
import { join } from "node:path";

/** The texts a commission is decided by, each kind roughly a sixth of a direction. */
export const CORPUS_KINDS = /** @type {const} */ (["request", "chat", "revision", "terms", "review", "dispute"]);

/**
 * @typedef {{ id: string; kind: (typeof CORPUS_KINDS)[number]; source: string; reference: string }} CorpusEntry
 * @typedef {{ name: "en-ja" | "ja-en"; from: "en" | "ja"; to: "en" | "ja" }} CorpusDirection
 */

/** @type {readonly CorpusDirection[]} */
export const CORPUS_DIRECTIONS = [
  { name: "en-ja", from: "en", to: "ja" },
  { name: "ja-en", from: "ja", to: "en" },
];

const CORPUS_FOLDER = join(import.meta.dirname, "corpus");

/**
 * One direction's entries as written, in file order.
 * @param {CorpusDirection["name"]} name
 * @param {string} [folder] another corpus, in the same two files (`--corpus`)
 * @returns {CorpusEntry[]}
 */
export function readCorpus(name, folder = CORPUS_FOLDER) {
  return JSON.parse(readFileSync(join(folder, `${name}.json`), "utf8"));
}
