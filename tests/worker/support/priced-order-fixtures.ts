// An order priced as a creator's price sheet reads (issue 63), its lines and licence stored as submission writes them
// (commission_orders.price_lines naming the order's snapshot choices, .licence), for the read side's tests: the
// order page's Payment tab and panel, the histories' receipts, a work's page.
import { env } from "cloudflare:workers";
import type { Locale } from "#worker/domain/locales";
import { licenceOf } from "#worker/orders/domain/licence";
import type { PriceLine } from "#worker/orders/domain/price-lines";
import { insertOrder } from "./order-fixtures";

const JPY = "(SELECT id FROM currencies WHERE code = 'JPY')";

/** The sheet's picks, snapshot choices titled in English (as written) and Japanese. */
const CHOICES = [
  { key: "plan", en: "Bust-up", ja: "バストアップ" },
  { key: "background", en: "Background", ja: "背景" },
  { key: "commercial", en: "Commercial use", ja: "商用利用" },
  { key: "characters", en: "Extra character", ja: "キャラクター追加" },
] as const;

/**
 * An order priced as a sheet reads: a ¥20,000 bust-up plan, a ¥5,000 background, commercial use +100% and two extra
 * characters at ¥8,000 (¥61,000), its lines naming its snapshot choices; `lines: false` leaves it an old order.
 */
export async function pricedOrder(
  seller: { commissionAccountId: string },
  buyer: { commissionAccountId: string },
  { lines = true, licence = true } = {},
) {
  const order = await insertOrder({
    sellerId: seller.commissionAccountId,
    buyerId: buyer.commissionAccountId,
    priceAmount: 61_000,
    approvalDeadline: Date.now() + 7 * 86_400_000,
  });
  const form = crypto.randomUUID();
  const question = crypto.randomUUID();
  const ids = Object.fromEntries(CHOICES.map((c) => [c.key, crypto.randomUUID()])) as Record<
    (typeof CHOICES)[number]["key"],
    string
  >;
  const text = (entityType: string, entityId: string, value: string, language: Locale) =>
    env.DB.prepare(
      "INSERT INTO localized_texts (id, entity_type, entity_id, field, language_code, is_original, text) VALUES (?, ?, ?, 'title', ?, ?, ?)",
    ).bind(crypto.randomUUID(), entityType, entityId, language, language === "en" ? 1 : 0, value);
  await env.DB.batch([
    env.DB.prepare(`INSERT INTO commission_order_forms (id, order_id, price_currency_id) VALUES (?, ?, ${JPY})`).bind(
      form,
      order.id,
    ),
    env.DB.prepare(
      "INSERT INTO commission_order_form_questions (id, order_form_id, question_type, is_required, user_index) VALUES (?, ?, 'MULTIPLE_CHOICE', 1, 0)",
    ).bind(question, form),
    text("commission_order_form_question", question, "Options", "en"),
    ...CHOICES.flatMap((choice, index) => [
      env.DB.prepare(
        `INSERT INTO commission_order_question_choices (id, order_form_question_id, answer_choice_status, user_index) VALUES (?, ?, 'SELECTED', ?)`,
      ).bind(ids[choice.key], question, index),
      text("commission_order_question_choice", ids[choice.key], choice.en, "en"),
      text("commission_order_question_choice", ids[choice.key], choice.ja, "ja"),
    ]),
  ]);
  const priced: PriceLine[] = [
    { kind: "plan", choiceId: ids.plan, amount: 20_000 },
    { kind: "add", choiceId: ids.background, amount: 5_000 },
    { kind: "percent", choiceId: ids.commercial, percent: 100, amount: 20_000 },
    { kind: "each", choiceId: ids.characters, count: 2, unit: 8_000, amount: 16_000 },
  ];
  await env.DB.prepare("UPDATE commission_orders SET price_lines = ?, licence = ? WHERE id = ?")
    .bind(
      lines ? JSON.stringify(priced) : null,
      licence ? JSON.stringify(licenceOf(["streaming", "goods"])) : null,
      order.id,
    )
    .run();
  return order;
}
