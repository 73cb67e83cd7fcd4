/**
 * One entry of the stand-in's phrase book (phrasebook.ts): the same sentence in English and Japanese, with the same
 * `{name}` slots on both sides. A leaf, so the hand-written phrases and the demo data's (demo-phrases.ts) both type
 * theirs with it without importing each other.
 */
export interface Phrase {
  en: string;
  ja: string;
}
