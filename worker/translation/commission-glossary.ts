/**
 * The words of a commission, Japanese and English, as the instruct model is told to render them (instruct-prompt.ts
 * gives it the entries whose word the text uses).
 * These are the words where a literal translation costs a retake: ラフ is not "rough" but the first draft shown for
 * approval, 差分 is not "difference" but a variant of the same picture, 厚塗り is a painting style. A `note` is for the
 * model, where the English alone would not say what the word means in a commission; the reader never sees it.
 */
export interface GlossaryEntry {
  ja: string;
  en: string;
  note?: string;
}

export const COMMISSION_GLOSSARY: readonly GlossaryEntry[] = [
  // The order and its parties.
  { ja: "依頼", en: "commission", note: "a request for paid work; also 'request' where it means the act of asking" },
  { ja: "依頼主", en: "client", note: "the person who commissions and pays" },
  { ja: "クライアント", en: "client" },
  { ja: "絵師", en: "artist", note: "an illustrator who takes commissions, not a fine-art painter" },
  { ja: "見積もり", en: "quote", note: "the price the artist proposes before work starts" },
  { ja: "納品", en: "delivery", note: "handing over the finished files; 納品します: I will deliver the files" },
  { ja: "納期", en: "deadline", note: "the agreed delivery date" },
  { ja: "締切", en: "deadline" },
  { ja: "無償", en: "free of charge" },
  { ja: "有償", en: "paid", note: "for an extra fee, as in 有償リテイク: a paid revision" },
  // The stages of a picture.
  { ja: "ラフ", en: "rough sketch", note: "the first loose draft shown for approval, not the adjective 'rough'" },
  { ja: "色ラフ", en: "colour rough", note: "a rough sketch with rough colours" },
  { ja: "線画", en: "line art" },
  { ja: "清書", en: "clean line art", note: "the clean final lines drawn over the approved sketch" },
  { ja: "塗り", en: "colouring", note: "the painting stage after the line art" },
  { ja: "厚塗り", en: "painterly (thick paint) style", note: "opaque, blended painting without strong outlines" },
  { ja: "アニメ塗り", en: "cel shading", note: "flat anime-style colours with hard-edged shadows" },
  { ja: "構図", en: "composition" },
  { ja: "参考資料", en: "reference material", note: "images or notes the client sends to show what they want" },
  // What is drawn.
  { ja: "立ち絵", en: "standing portrait", note: "a character standing, as used for VTuber and visual-novel sprites" },
  { ja: "全身", en: "full body" },
  { ja: "半身", en: "half body", note: "the character from the waist up" },
  { ja: "バストアップ", en: "bust-up", note: "head and shoulders to the chest" },
  { ja: "背景", en: "background" },
  { ja: "差分", en: "variants", note: "alternate versions of the same picture with one thing changed" },
  { ja: "表情差分", en: "expression variants", note: "the same picture with other facial expressions" },
  { ja: "衣装差分", en: "outfit variants", note: "the same picture in other clothes" },
  {
    ja: "パーツ分け",
    en: "layer separation",
    note: "the picture split into parts on separate layers for Live2D rigging",
  },
  { ja: "ゆるキャラ", en: "mascot character", note: "a simple, cute, deliberately clumsy mascot" },
  { ja: "透過PNG", en: "transparent PNG", note: "a PNG with a transparent background" },
  // Revisions.
  { ja: "リテイク", en: "revision", note: "a request to redo part of the work; 'retake' where the text counts them" },
  { ja: "修正", en: "revision", note: "a change asked for or made to the work" },
  { ja: "差し替え", en: "replacement", note: "a corrected file sent in place of one already delivered" },
  // Rights.
  { ja: "商用利用", en: "commercial use" },
  { ja: "二次利用", en: "secondary use", note: "using the work beyond the agreed purpose, such as on merchandise" },
  { ja: "著作権", en: "copyright" },
  { ja: "著作権譲渡", en: "transfer of copyright" },
  { ja: "クレジット表記", en: "credit", note: "showing the artist's name with the work" },
];
