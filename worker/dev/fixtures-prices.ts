/**
 * A creator's price sheet as a published form (issue 63, decision 099), for the browser walk of prices that add up:
 * the default template made in `locale` (any of LOCALES, else English) and priced `priceAmount` (its plan sizes set
 * the base: face, bust-up, full body at 10,000, 20,000, 30,000 yen), its commercial usage choices priced as a
 * percentage of the base (streaming +50%, goods and advertising +100%), and two questions of the creator's own, worded
 * in `locale` too: extras (a background +5,000 yen, extra characters at 8,000 yen each, up to 3) and the delivery speed
 * (standard, or rush within 5 days at +30%). Registered with the others in fixtures.ts; development and test builds
 * only.
 */
import { createDb } from "../db/client";
import { isLocale, type Locale } from "../domain/locales";
import { createFormFromTemplate, setFormStatus } from "../services/commission-forms";
import {
  commissionAccountOfEmail,
  type Env,
  type Fields,
  optionalNum,
  optionalStr,
  required,
  str,
} from "./fixture-input";

/** A title in each of Comet's languages: the form's own is the one in `locale`, its original. */
type Titles = Record<Locale, string>;

interface ChoiceRow {
  title: Titles;
  kind: "add" | "percent" | "each" | "plan";
  amount?: number;
  percent?: number;
  maxCount?: number;
  rushDays?: number;
}

const EXTRAS: ChoiceRow[] = [
  {
    title: { en: "Background", ja: "背景", "zh-Hans": "背景", "zh-Hant": "背景", ko: "배경" },
    kind: "add",
    amount: 5_000,
  },
  {
    title: {
      en: "Extra character",
      ja: "キャラクター追加",
      "zh-Hans": "额外角色",
      "zh-Hant": "額外角色",
      ko: "캐릭터 추가",
    },
    kind: "each",
    amount: 8_000,
    maxCount: 3,
  },
];
const SPEED: ChoiceRow[] = [
  {
    title: { en: "Standard delivery", ja: "通常納期", "zh-Hans": "标准工期", "zh-Hant": "標準工期", ko: "일반 마감" },
    kind: "add",
  },
  {
    title: { en: "Rush", ja: "特急", "zh-Hans": "加急", "zh-Hant": "急件", ko: "급행" },
    kind: "percent",
    percent: 30,
    rushDays: 5,
  },
];
const COMMERCIAL_PERCENT = { streaming: 50, goods: 100, advertising: 100 } as const;

export async function priceSheetForm(env: Env, input: Fields) {
  const d1 = env.DB;
  const account = await commissionAccountOfEmail(d1, str(input, "sellerEmail"));
  const asked = optionalStr(input, "locale");
  const locale = isLocale(asked) ? asked : "en";
  const creator = { accountId: account.user_account_id, commissionAccountId: account.id };
  const db = createDb(d1);
  const formId = await createFormFromTemplate(db, creator, locale, { title: str(input, "title") });
  const yen = required(await d1.prepare("SELECT id FROM currencies WHERE code = 'JPY'").first<{ id: string }>(), "yen");
  const last = required(
    await d1
      .prepare("SELECT max(user_index) AS last FROM commission_form_questions WHERE form_id = ?")
      .bind(formId)
      .first<{ last: number }>(),
    "the form's questions",
  ).last;
  const now = Date.now();
  const question = (index: number, type: "SINGLE_CHOICE" | "MULTIPLE_CHOICE", title: Titles, choices: ChoiceRow[]) => {
    const questionId = crypto.randomUUID();
    return [
      d1
        .prepare(
          `INSERT INTO commission_form_questions (id, form_id, question_type, is_required, question_status, user_index, created_at, updated_at)
           VALUES (?, ?, ?, 0, 'ACTIVE', ?, ?, ?)`,
        )
        .bind(questionId, formId, type, index, now, now),
      text("commission_form_question", questionId, title[locale], locale),
      ...choices.flatMap((choice, position) => {
        const choiceId = crypto.randomUUID();
        return [
          d1
            .prepare(
              `INSERT INTO commission_form_question_choices (id, question_id, price_amount, price_currency_id, price_kind, price_percent, max_count, rush_days, user_index, created_at, updated_at)
               VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
            )
            .bind(
              choiceId,
              questionId,
              choice.amount ?? null,
              choice.amount ? yen.id : null,
              choice.kind,
              choice.percent ?? null,
              choice.maxCount ?? null,
              choice.rushDays ?? null,
              position,
              now,
              now,
            ),
          text("commission_form_question_choice", choiceId, choice.title[locale], locale),
        ];
      }),
    ];
  };
  const text = (entityType: string, entityId: string, value: string, language: string) =>
    d1
      .prepare(
        "INSERT INTO localized_texts (id, entity_type, entity_id, field, language_code, is_original, text) VALUES (?, ?, ?, 'title', ?, 1, ?)",
      )
      .bind(crypto.randomUUID(), entityType, entityId, language, value);
  await d1.batch([
    d1
      .prepare("UPDATE commission_forms SET price_amount = ? WHERE id = ?")
      .bind(optionalNum(input, "priceAmount") ?? 10_000, formId),
    d1.prepare("UPDATE user_profiles SET is_open_commission = 1 WHERE id = ?").bind(account.profile_id),
    ...Object.entries(COMMERCIAL_PERCENT).map(([use, percent]) =>
      d1
        .prepare(
          `UPDATE commission_form_question_choices SET price_kind = 'percent', price_percent = ?
           WHERE licence = ? AND question_id IN (SELECT id FROM commission_form_questions WHERE form_id = ?)`,
        )
        .bind(percent, use, formId),
    ),
    ...question(
      last + 1,
      "MULTIPLE_CHOICE",
      { en: "Extras", ja: "追加オプション", "zh-Hans": "附加选项", "zh-Hant": "加購選項", ko: "추가 옵션" },
      EXTRAS,
    ),
    ...question(
      last + 2,
      "SINGLE_CHOICE",
      { en: "Delivery speed", ja: "納期", "zh-Hans": "交付时间", "zh-Hant": "交件時間", ko: "마감 일정" },
      SPEED,
    ),
  ]);
  await setFormStatus(db, creator.accountId, formId, "PUBLISHED");
  const row = await d1.prepare("SELECT code FROM commission_forms WHERE id = ?").bind(formId).first<{ code: string }>();
  return { id: formId, code: required(row, "the form just made").code };
}
