/**
 * One entry of the stand-in's phrase book (phrasebook.ts): the same sentence in Comet's five languages, with the same
 * `{name}` slots on every side. A leaf, so the hand-written phrases and the demo data's (demo-phrases.ts) both type
 * theirs with it without importing each other.
 */
export interface Phrase {
  en: string;
  ja: string;
  "zh-Hans": string;
  "zh-Hant": string;
  ko: string;
}
