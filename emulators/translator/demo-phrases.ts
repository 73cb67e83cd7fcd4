// Every text of the demo data (scripts/seed), English and Japanese, as phrases of the stand-in's book: read from the
// seed's own data, so a text the seed changes is still in the book. The seed's templates (a form's description with
// its delivery days, a work's with its tool and tags) become phrases with slots, from the same template functions.
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
import type { Phrase } from "./phrase.ts";

/** The sentence core.mjs closes a generated creator's bio with, one of four. */
const GENERATED_BIO_ENDINGS: Phrase[] = [
  { en: "Requests welcome!", ja: "ご依頼お待ちしています！" },
  { en: "Happy to chat about your idea.", ja: "まずはお気軽にご相談ください。" },
  { en: "Slots open monthly.", ja: "毎月枠を開けています。" },
  { en: "English and Japanese OK.", ja: "英語・日本語対応可。" },
];

/** The demo creator's draft work (core.mjs). */
const DRAFT_WORK: Phrase[] = [
  { en: "Work in progress: client mascot", ja: "制作中：依頼者様のマスコット" },
  { en: "Private until the client approves publication.", ja: "依頼者様の公開許可が出るまで非公開です。" },
];

// An amount on both sides ("+10,000 yen fee" / "+10,000円") becomes a slot, so the stand-in carries the writer's
// amount over as written, as it does everywhere (the Worker never has an amount translated).
const AMOUNT = /[¥￥$€£]\s?\d(?:[\d,.]*\d)?|\d[\d,.]*\s?(?:円|yen\b|dollars?\b)/gu;

function amountsAsSlots({ en, ja }: Phrase): Phrase {
  const enAmounts = en.match(AMOUNT) ?? [];
  if (enAmounts.length === 0 || enAmounts.length !== (ja.match(AMOUNT) ?? []).length) return { en, ja };
  let i = 0;
  let j = 0;
  return { en: en.replace(AMOUNT, () => `{amount${++i}}`), ja: ja.replace(AMOUNT, () => `{amount${++j}}`) };
}

function bios(): Phrase[] {
  const people = [...DEMO_CREATORS, ...DEMO_CLIENTS, DEMO_ADMIN, DEMO_BANNED];
  const generated = COMMISSION_CATEGORIES.map((category) => ({
    en: `${category.en} creator with {years} years of experience.`,
    ja: `${category.ja}を制作して{years}年。`,
  }));
  return [...people.map((person) => person.bio), ...generated, ...GENERATED_BIO_ENDINGS];
}

function reference(): Phrase[] {
  const named = [CURRENCIES, LANGUAGES].flatMap((list) => list.map((item) => ({ en: item.name, ja: item.ja })));
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
function catalogue(): Phrase[] {
  const phrases: Phrase[] = [];
  for (const [code, content] of Object.entries(CATEGORY_CONTENT)) {
    const category = COMMISSION_CATEGORIES.find((candidate) => candidate.code === code);
    if (!category) throw new Error(`demo-phrases: the seed's content names an unknown category ${code}`);
    for (const form of content.forms) phrases.push(form, { en: `${form.en} (express)`, ja: `${form.ja}（特急）` });
    phrases.push(
      { en: FORM_DESCRIPTION.en(category.en, "{days}"), ja: FORM_DESCRIPTION.ja(category.ja, "{days}") },
      { en: SERVICE_DESCRIPTION.en(category.en, "{days}"), ja: SERVICE_DESCRIPTION.ja(category.ja, "{days}") },
    );
    for (const work of content.works)
      phrases.push(work, {
        en: WORK_DESCRIPTION.en(work.en, "{tool}", ["{tags}"]),
        ja: WORK_DESCRIPTION.ja(work.ja, "{tool}", ["{tags}"]),
      });
  }
  return [...phrases, POLICY_TERMS, ...DRAFT_WORK];
}

function orders(): Phrase[] {
  return [
    { en: "Commission details", ja: "依頼内容" },
    ...DEMO_ORDERS.map((order) => order.answer),
    ...DEMO_CHAT.map(([, line]) => line),
    DEMO_REVIEWS.buyer,
    DEMO_REVIEWS.seller,
  ];
}

/** Every demo text as a phrase (only `en` and `ja` of each kept). */
export function demoPhrases(): Phrase[] {
  return [...bios(), ...reference(), ...catalogue(), ...orders()].map(({ en, ja }) => amountsAsSlots({ en, ja }));
}
