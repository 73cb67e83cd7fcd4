// A request submitted through the door, then read on the order page (issue 63): the lines submission stores name the
// order's own snapshot choices, so the Payment tab words them by the titles the client picked, and the licence the
// picks grant is on the panel. The read side's other cases are order-price-lines-view.test.ts's.
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { orderPanelTexts } from "#app/loaders/orders/order-panel-texts.server";
import { withMessageLocale } from "#worker/messages/message-locale";
import { getOrderDetail } from "#worker/orders/services/order-views";
import { seedCreator } from "../support/catalog-fixtures";
import { call, db } from "../support/helpers";
import { newMember } from "../support/media-fixtures";

const FORM = {
  title: { en: "Price sheet" },
  price: null,
  questions: [
    {
      type: "SINGLE_CHOICE",
      required: true,
      title: "Plan",
      choices: [
        { title: "Bust-up", price: 20_000 },
        { title: "Full body", price: 30_000 },
      ],
    },
    {
      type: "MULTIPLE_CHOICE",
      required: false,
      title: "Extras",
      choices: [
        { title: "Background", price: 5_000 },
        { title: "Commercial - goods", price: null },
      ],
    },
  ],
};

const rows = <T>(sql: string, ...binds: unknown[]) =>
  env.DB.prepare(sql)
    .bind(...binds)
    .all<T>()
    .then((r) => r.results);

describe("a submitted request's lines on its order page", () => {
  it("name the choices the client picked, in the creator's words, with the licence the picks grant", async () => {
    const seller = await seedCreator({
      handle: `pl${crypto.randomUUID().slice(0, 8)}`,
      open: true,
      forms: [FORM],
      services: [{ title: "Portrait", price: 10_000, formIndex: 0 }],
    });
    const [plan, extras] = await rows<{ id: string }>(
      "SELECT id FROM commission_form_questions WHERE form_id = ? ORDER BY user_index",
      seller.forms[0].id,
    );
    const choicesOf = (questionId: string) =>
      rows<{ id: string }>(
        "SELECT id FROM commission_form_question_choices WHERE question_id = ? ORDER BY user_index",
        questionId,
      ).then((r) => r.map((c) => c.id));
    const [bust] = await choicesOf(plan!.id);
    const [background, goods] = await choicesOf(extras!.id);
    // The sheet as the creator prices it (issue 63): the plan sets the base, commercial use for goods +100%.
    await env.DB.batch([
      env.DB.prepare("UPDATE commission_form_question_choices SET price_kind = 'plan' WHERE question_id = ?").bind(
        plan!.id,
      ),
      env.DB.prepare(
        "UPDATE commission_form_question_choices SET price_kind = 'percent', price_percent = 100, licence = 'goods' WHERE id = ?",
      ).bind(goods),
    ]);

    const buyer = await newMember("plby");
    const now = Date.now();
    await env.DB.prepare(
      "INSERT INTO payment_account_methods (id, user_account_id, stripe_method_id, brand, last4, exp_month, exp_year, created_at, updated_at) VALUES (?, ?, ?, 'visa', '4242', 12, 2099, ?, ?)",
    )
      .bind(crypto.randomUUID(), buyer.accountId, `pm_${crypto.randomUUID()}`, now, now)
      .run();
    const picked = (questionId: string, type: string, ids: string[]) => ({
      formQuestionId: questionId,
      formQuestionType: type,
      answer: { text: null, date: null, medias: [] },
      questionChoices: ids.map((id) => ({ formQuestionChoiceId: id, formQuestionChoiceStatus: "SELECTED" })),
    });
    const submitted = await call("/api/features/commission/service/submit", {
      method: "POST",
      cookie: buyer.cookie,
      json: {
        serviceId: seller.services[0],
        paymentAccountMethodId: null,
        isAgreedToTerms: true,
        isAcknowledged: true,
        formQuestionAnswers: [
          picked(plan!.id, "SINGLE_CHOICE", [bust!]),
          picked(extras!.id, "MULTIPLE_CHOICE", [background!, goods!]),
        ],
      },
    });
    expect(submitted.status, await submitted.clone().text()).toBe(200);

    const [order] = await rows<{ code: string; price_amount: number }>(
      "SELECT o.code, o.price_amount FROM commission_orders o JOIN commission_accounts ca ON ca.id = o.buyer_id WHERE ca.user_account_id = ?",
      buyer.accountId,
    );
    expect(order!.price_amount).toBe(45_000);
    const [account] = await rows<{ id: string }>(
      "SELECT id FROM commission_accounts WHERE user_account_id = ?",
      buyer.accountId,
    );
    const detail = await getOrderDetail(db(), env, order!.code, {
      commissionAccountId: account!.id,
      profileId: buyer.profileId,
      locale: "en",
      displayCurrencyCode: "JPY",
    });
    const texts = withMessageLocale("en", "http://localhost", () => orderPanelTexts(detail!, Date.now()));
    expect(texts.priceLines?.map(({ label, detail, amount }) => [label, detail, amount])).toEqual([
      ["Bust-up", null, "¥20,000"],
      ["Background", null, "¥5,000"],
      ["Commercial - goods", "+100%", "¥20,000"],
    ]);
    expect(texts.facts.at(-1)).toEqual({ label: "Licence", value: "Commercial use: goods" });
  });
});
