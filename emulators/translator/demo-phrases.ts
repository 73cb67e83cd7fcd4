// Every text of the demo data (scripts/seed) as phrases of the stand-in's book, in Comet's five languages: English and
// Japanese read from the seed's own data, so a text the seed changes is still in the book; Chinese and Korean the
// seed's own where it has them (its reference data: categories, currencies, the default form), else from
// demo-phrases-cjk.ts by the English. The seed's templates (a form's description with its delivery days, a work's with
// its tool and tags) become phrases with slots, from the same template functions.
// Two kinds of text are written out here because the seed writes them inline (scripts/seed/core.mjs): the generated
// creators' bios and the demo creator's draft work. The contract test translates every text the seed writes, so a
// drift between the two fails there.
import {
  CATEGORY_CONTENT,
  FORM_DESCRIPTION,
  POLICY_TERMS,
  SERVICE_DESCRIPTION,
  WORK_DESCRIPTION,
} from "#scripts/seed/data/content.mjs";
import { DEMO_ADMIN, DEMO_BANNED, DEMO_CLIENTS, DEMO_CREATORS } from "#scripts/seed/data/creators.mjs";
import {
  COMMISSION_CATEGORIES,
  CONTENT_KINDS,
  CONTENT_RATINGS,
  CURRENCIES,
  DEFAULT_FORM_TEMPLATE,
  FEES,
  LANGUAGES,
  USE_CASES,
} from "#scripts/seed/data/reference.mjs";
import { DEMO_CHAT, DEMO_ORDERS, DEMO_REVIEWS } from "#scripts/seed/orders.mjs";
import { DEMO_TEMPLATES, DEMO_TRANSLATIONS, type DemoTranslations } from "./demo-phrases-cjk.ts";
import type { Phrase } from "./phrase.ts";

/** A demo text as the seed has it, English and Japanese; `full` gives it its other three languages. */
type SeedText = Pick<Phrase, "en" | "ja"> & Partial<DemoTranslations>;
type Template = keyof (typeof DEMO_TEMPLATES)["ko"];

/** A seed text's own Chinese and Korean, when it has all three, and nothing else of its object (a code, a price…). */
function pick(text: Partial<DemoTranslations>): DemoTranslations | undefined {
  const { "zh-Hans": zhHans, "zh-Hant": zhHant, ko } = text;
  return zhHans === undefined || zhHant === undefined || ko === undefined
    ? undefined
    : { "zh-Hans": zhHans, "zh-Hant": zhHant, ko };
}

/** The Chinese and Korean of a seed text, from demo-phrases-cjk.ts by its English; a text it lacks stops the start. */
function translationsOf(en: string): DemoTranslations {
  const translations = DEMO_TRANSLATIONS.get(en);
  if (!translations) throw new Error(`demo-phrases: "${en}" has no Chinese or Korean in demo-phrases-cjk.ts`);
  return translations;
}

/**
 * A templated text in the three languages: the template filled with the translation of `from` (a category, a title):
 * the seed's own where it has one (categories), else demo-phrases-cjk.ts's.
 */
function templated(template: Template, from: SeedText): DemoTranslations {
  const translations = pick(from) ?? translationsOf(from.en);
  return {
    "zh-Hans": DEMO_TEMPLATES["zh-Hans"][template](translations["zh-Hans"]),
    "zh-Hant": DEMO_TEMPLATES["zh-Hant"][template](translations["zh-Hant"]),
    ko: DEMO_TEMPLATES.ko[template](translations.ko),
  };
}

/** The sentence core.mjs closes a generated creator's bio with, one of four. */
const GENERATED_BIO_ENDINGS: SeedText[] = [
  { en: "Requests welcome!", ja: "ご依頼お待ちしています！" },
  { en: "Happy to chat about your idea.", ja: "まずはお気軽にご相談ください。" },
  { en: "Slots open monthly.", ja: "毎月枠を開けています。" },
  { en: "English and Japanese OK.", ja: "英語・日本語対応可。" },
];

/** The demo creator's draft work (core.mjs). */
const DRAFT_WORK: SeedText[] = [
  { en: "Work in progress: client mascot", ja: "制作中：依頼者様のマスコット" },
  { en: "Private until the client approves publication.", ja: "依頼者様の公開許可が出るまで非公開です。" },
];

// An amount on every side ("+10,000 yen fee" / "+10,000円" / "+10,000日元") becomes a slot, so the stand-in carries the
// writer's amount over as written, as it does everywhere (the Worker never has an amount translated).
const AMOUNT = /[¥￥$€£]\s?\d(?:[\d,.]*\d)?|\d[\d,.]*\s?(?:円|日元|日圓|엔|yen\b|dollars?\b)/gu;
const LANGUAGES_OF_A_PHRASE = ["en", "ja", "zh-Hans", "zh-Hant", "ko"] as const;

/** The phrase with its amounts as slots, when every language has as many; else as it is (matched literally). */
function amountsAsSlots(phrase: Phrase): Phrase {
  const count = (phrase.en.match(AMOUNT) ?? []).length;
  const counts = LANGUAGES_OF_A_PHRASE.map((language) => (phrase[language].match(AMOUNT) ?? []).length);
  if (count === 0 || counts.some((other) => other !== count)) return phrase;
  const slotted = { ...phrase };
  for (const language of LANGUAGES_OF_A_PHRASE) {
    let i = 0;
    slotted[language] = phrase[language].replace(AMOUNT, () => `{amount${++i}}`);
  }
  return slotted;
}

/**
 * A seed text in all five languages: its own Chinese and Korean (the seed's reference data has them, a template's are
 * filled in), else demo-phrases-cjk.ts's.
 */
function full(text: SeedText): Phrase {
  return { en: text.en, ja: text.ja, ...(pick(text) ?? translationsOf(text.en)) };
}

function bios(): SeedText[] {
  const people = [...DEMO_CREATORS, ...DEMO_CLIENTS, DEMO_ADMIN, DEMO_BANNED];
  const generated = COMMISSION_CATEGORIES.map((category) => ({
    en: `${category.en} creator with {years} years of experience.`,
    ja: `${category.ja}を制作して{years}年。`,
    ...templated("bio", category),
  }));
  return [...people.map((person) => person.bio), ...generated, ...GENERATED_BIO_ENDINGS];
}

function reference(): SeedText[] {
  // The seed names currencies and languages in all five languages itself: the book says what the seed says.
  const named = [CURRENCIES, LANGUAGES].flatMap((list) =>
    list.map((item) => ({
      en: item.name,
      ja: item.ja,
      "zh-Hans": item["zh-Hans"],
      "zh-Hant": item["zh-Hant"],
      ko: item.ko,
    })),
  );
  const template = DEFAULT_FORM_TEMPLATE.questions.flatMap((question) => [
    question.title,
    question.description,
    ...(question.choices ?? []),
  ]);
  return [
    ...COMMISSION_CATEGORIES,
    ...CONTENT_KINDS,
    ...USE_CASES,
    ...CONTENT_RATINGS,
    ...FEES,
    ...named,
    DEFAULT_FORM_TEMPLATE,
    ...template,
  ];
}

/** Titles and descriptions of the generated forms, services and works, per category. */
function catalogue(): SeedText[] {
  const phrases: SeedText[] = [];
  for (const [code, content] of Object.entries(CATEGORY_CONTENT)) {
    const category = COMMISSION_CATEGORIES.find((candidate) => candidate.code === code);
    if (!category) throw new Error(`demo-phrases: the seed's content names an unknown category ${code}`);
    for (const form of content.forms)
      phrases.push(form, { en: `${form.en} (express)`, ja: `${form.ja}（特急）`, ...templated("express", form) });
    phrases.push(
      {
        en: FORM_DESCRIPTION.en(category.en, "{days}"),
        ja: FORM_DESCRIPTION.ja(category.ja, "{days}"),
        ...templated("form", category),
      },
      {
        en: SERVICE_DESCRIPTION.en(category.en, "{days}"),
        ja: SERVICE_DESCRIPTION.ja(category.ja, "{days}"),
        ...templated("service", category),
      },
    );
    for (const work of content.works)
      phrases.push(work, {
        en: WORK_DESCRIPTION.en(work.en, "{tool}", ["{tags}"]),
        ja: WORK_DESCRIPTION.ja(work.ja, "{tool}", ["{tags}"]),
        ...templated("work", work),
      });
  }
  return [...phrases, POLICY_TERMS, ...DRAFT_WORK];
}

function orders(): SeedText[] {
  return [
    { en: "Commission details", ja: "依頼内容" },
    ...DEMO_ORDERS.map((order) => order.answer),
    ...DEMO_CHAT.map(([, line]) => line),
    DEMO_REVIEWS.buyer,
    DEMO_REVIEWS.seller,
  ];
}

/** Every demo text as a phrase in the five languages (only `en` and `ja` of each seed text read). */
export function demoPhrases(): Phrase[] {
  return [...bios(), ...reference(), ...catalogue(), ...orders()].map((text) => amountsAsSlots(full(text)));
}
