// A request priced into lines, and the order keeping them (issue 63, decision 099): through the submission doors on a
// real D1, the order's total is the sum of its lines as a creator's price sheet reads (a plan replacing the base, an
// added background, commercial use at 100% of the base, extra characters at so much each), stored in the form's
// order and naming the order's own snapshot choices, each of which keeps its pricing and the client's count; the
// licence the picks grant; a form request from the form's price; an old-style service; refused counts; dollars in cents.
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { parsePriceLines, type PriceLine } from "#worker/orders/domain/price-lines";
import { parseLicence } from "#worker/orders/domain/licence";
import { getPublicService } from "#worker/orders/services/request-views";
import { getPublicForm } from "#worker/services/catalog";
import { db } from "../support/helpers";
import {
  answersPicking,
  newClient,
  ordersOf,
  priceSheetSetUp,
  requestOf,
  submitForm,
  submitService,
} from "../support/request-pricing-fixtures";

/** The form choice a snapshot choice copies, by the snapshot choice's id. */
const formChoiceOf = (order: Awaited<ReturnType<typeof ordersOf>>[number], orderChoiceId: string) =>
  order.choices.find((choice) => choice.id === orderChoiceId)?.question_choice_id;

describe("a service request priced into lines", () => {
  it("bust plan ¥20,000 (the service's ¥10,000 gives way) + background ¥5,000 + commercial 100% + 2 extra characters at ¥8,000 = ¥61,000", async () => {
    const s = await priceSheetSetUp();
    const client = await newClient();
    const answers = answersPicking(s.shapes.sheet, "Bust", "Background", "Commercial - streaming", [
      "Extra character",
      2,
    ]);
    const response = await submitService(client.cookie, { serviceId: s.serviceId, ...requestOf(answers) });
    expect(response.status).toBe(200);

    const [order] = await ordersOf(client.commissionAccountId);
    expect(order.price_amount).toBe(61_000);
    const lines = parsePriceLines(order.price_lines)!;
    const idOf = (title: string) => s.shapes.sheet.find((row) => row.choice === title)!.choice_id;
    // The lines in the form's order, each naming the order's own snapshot choice (not the form's, which may change).
    expect(lines.map(({ kind, amount }) => ({ kind, amount }))).toEqual([
      { kind: "plan", amount: 20_000 },
      { kind: "add", amount: 5_000 },
      { kind: "percent", amount: 20_000 },
      { kind: "each", amount: 16_000 },
    ]);
    expect(lines.map((line) => "choiceId" in line && formChoiceOf(order, line.choiceId))).toEqual([
      idOf("Bust"),
      idOf("Background"),
      idOf("Commercial - streaming"),
      idOf("Extra character"),
    ]);
    expect(lines[2]).toMatchObject({ percent: 100 });
    expect(lines[3]).toMatchObject({ count: 2, unit: 8_000 });
    expect(lines.reduce((sum, line) => sum + line.amount, 0)).toBe(order.price_amount);
    expect(parseLicence(order.licence)).toEqual({ scope: "commercial", uses: ["streaming"] });
    expect(order.rush_days).toBeNull();

    // Each snapshot choice keeps its pricing as the client saw it, and the count they asked for.
    const snapshot = (title: string) => order.choices.find((choice) => choice.question_choice_id === idOf(title));
    expect(snapshot("Bust")).toMatchObject({
      price_kind: "plan",
      price_amount: 20_000,
      answer_choice_status: "SELECTED",
    });
    expect(snapshot("Full body")).toMatchObject({ price_kind: "plan", answer_choice_status: "UNSELECTED", count: 1 });
    expect(snapshot("Commercial - streaming")).toMatchObject({
      price_kind: "percent",
      price_percent: 100,
      licence: "streaming",
    });
    expect(snapshot("Extra character")).toMatchObject({ price_kind: "each", max_count: 3, count: 2 });
    expect(snapshot("Rush")).toMatchObject({ price_kind: "percent", price_percent: 30, rush_days: 5 });
  });

  it("an old-style service, its choices without kinds: each priced pick adds to the base, and the lines sum to the total", async () => {
    const s = await priceSheetSetUp();
    const client = await newClient();
    const answers = answersPicking(s.shapes.old, "Full body", "Private");
    expect((await submitService(client.cookie, { serviceId: s.oldServiceId, ...requestOf(answers) })).status).toBe(200);
    const [order] = await ordersOf(client.commissionAccountId);
    const lines = parsePriceLines(order.price_lines)!;
    expect(lines.map((line) => [line.kind, line.amount])).toEqual([
      ["base", 10_000],
      ["add", 20_000],
      ["add", 10_000],
    ]);
    expect(order.price_amount).toBe(40_000);
  });

  it("the licence the picks grant: commercial uses together, exclusive over them, and personal use when nothing grants one", async () => {
    const s = await priceSheetSetUp();
    const licenceOfRequest = async (...titles: string[]) => {
      const client = await newClient();
      const answers = answersPicking(s.shapes.sheet, "Bust", ...titles);
      expect((await submitService(client.cookie, { serviceId: s.serviceId, ...requestOf(answers) })).status).toBe(200);
      const [order] = await ordersOf(client.commissionAccountId);
      return { licence: parseLicence(order.licence), total: order.price_amount };
    };
    expect(await licenceOfRequest("Commercial - streaming", "Commercial - goods")).toEqual({
      licence: { scope: "commercial", uses: ["streaming", "goods"] },
      total: 40_000,
    });
    expect(await licenceOfRequest("Commercial - goods", "Exclusive rights")).toEqual({
      licence: { scope: "exclusive" },
      total: 70_000,
    });
    expect(await licenceOfRequest()).toEqual({ licence: { scope: "personal" }, total: 20_000 });
  });
});

describe("a form request priced from the form's price", () => {
  it("the form's ¥8,000 base and a background; a form with no price and nothing priced stays unpriced ('Unsettled')", async () => {
    const s = await priceSheetSetUp();
    const client = await newClient();
    // The size made optional: with no plan picked, the form's own price is the base.
    await env.DB.prepare("UPDATE commission_form_questions SET is_required = 0 WHERE form_id = ?")
      .bind(s.forms.sheet.id)
      .run();
    const base = answersPicking(s.shapes.sheet, "Background", "Personal use");
    expect((await submitForm(client.cookie, { formCode: s.forms.sheet.code, ...requestOf(base) })).status).toBe(200);
    expect((await submitForm(client.cookie, { formCode: s.forms.ask.code, ...requestOf([]) })).status).toBe(200);

    const [priced, unpriced] = await ordersOf(client.commissionAccountId);
    expect(priced).toMatchObject({ order_submit_status: "FORM_SUBMITTED", price_amount: 13_000 });
    expect(parsePriceLines(priced.price_lines)!.map((line) => [line.kind, line.amount])).toEqual([
      ["base", 8_000],
      ["add", 5_000],
    ]);
    expect(parseLicence(priced.licence)).toEqual({ scope: "personal" });
    expect(unpriced).toMatchObject({ order_submit_status: "FORM_SUBMITTED", price_amount: null });
    expect(parsePriceLines(unpriced.price_lines)).toEqual([]);
  });

  it("dollars in cents: a $40.00 form, a $12.50 background and 30% rush come to $64.50, delivered within 5 days", async () => {
    const s = await priceSheetSetUp();
    const client = await newClient();
    const answers = answersPicking(s.shapes.dollars, "Background", "Rush");
    expect((await submitForm(client.cookie, { formCode: s.forms.dollars.code, ...requestOf(answers) })).status).toBe(
      200,
    );
    const [order] = await ordersOf(client.commissionAccountId);
    expect(parsePriceLines(order.price_lines)).toEqual(<PriceLine[]>[
      { kind: "base", amount: 4_000 },
      { kind: "add", choiceId: order.choices[0].id, amount: 1_250 },
      { kind: "percent", choiceId: order.choices[1].id, percent: 30, amount: 1_200 },
    ]);
    expect(order.price_amount).toBe(6_450);
    expect(order.rush_days).toBe(5);
  });
});

describe("counts", () => {
  it("a count above the choice's maximum, on a choice that is not 'each', or not a whole count from 1 is refused, and nothing is written", async () => {
    const s = await priceSheetSetUp();
    const client = await newClient();
    const bodies = [
      answersPicking(s.shapes.sheet, "Bust", ["Extra character", 4]),
      answersPicking(s.shapes.sheet, "Bust", ["Background", 2]),
      answersPicking(s.shapes.sheet, "Bust", ["Extra character", 0]),
      answersPicking(s.shapes.sheet, "Bust", ["Extra character", -1]),
      answersPicking(s.shapes.sheet, "Bust", ["Extra character", 1.5]),
      answersPicking(s.shapes.sheet, "Bust", ["Extra character", 1_000_000]),
    ];
    for (const answers of bodies) {
      const response = await submitService(client.cookie, { serviceId: s.serviceId, ...requestOf(answers) });
      expect(response.status, JSON.stringify(answers)).toBe(400);
      expect(await response.json()).toMatchObject({ error: "requests_error_invalid" });
    }
    expect(await ordersOf(client.commissionAccountId)).toEqual([]);
    // The maximum itself is fine.
    const most = answersPicking(s.shapes.sheet, "Bust", ["Extra character", 3]);
    expect((await submitService(client.cookie, { serviceId: s.serviceId, ...requestOf(most) })).status).toBe(200);
    expect((await ordersOf(client.commissionAccountId))[0].price_amount).toBe(44_000);
  });
});

describe("what the request page reads", () => {
  it("each choice's pricing in minor units, the base unconverted, and rush offered while a slot is free", async () => {
    const s = await priceSheetSetUp();
    const viewer = { locale: "en" as const, accountId: null, displayCurrencyId: null };
    const form = (await getPublicForm(db(), s.forms.dollars.code, viewer))!;
    expect(form.basePrice).toEqual({ amount: 4_000, currencyCode: "USD" });
    expect(form.rushOffered).toBe(true);
    expect(form.questions.flatMap((q) => q.choices.map((c) => c.pricing))).toEqual([
      {
        kind: "add",
        amount: 1_250,
        currencyCode: "USD",
        percent: null,
        maxCount: null,
        licence: null,
        rushDays: null,
      },
      { kind: "percent", amount: null, currencyCode: null, percent: 30, maxCount: null, licence: null, rushDays: 5 },
    ]);
    const service = (await getPublicService(db(), s.seller.handle, s.serviceId, viewer))!;
    expect(service.basePrice).toEqual({ amount: 10_000, currencyCode: "JPY" });
    expect(service.rushOffered).toBe(true);
    const characters = service.questions.flatMap((q) => q.choices).find((c) => c.title === "Extra character");
    expect(characters?.pricing).toMatchObject({ kind: "each", amount: 8_000, maxCount: 3 });
  });
});
