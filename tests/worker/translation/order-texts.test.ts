// Issue 46: an order's texts read across the language wall. What one party writes for the other (a request's answers,
// a revision comment, the service details) is translated in the background after the write, against the translator's
// stand-in, and the other party's order view finds it stored: one provider call, none on the next view. A failing
// translator leaves the original readable, a text in the reader's own language is never sent, and a stranger learns
// nothing. The stand-in is shared with other test files running at once: each test's texts carry its own tag, its
// faults are scoped to the tag, and only calls carrying it are counted.
import { env } from "cloudflare:workers";
import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { createRoutesStub } from "react-router";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { OrderDetails } from "#app/components/orders/order-details";
import { stageTimelineTexts } from "#app/loaders/orders/order-stage-texts.server";
import { OrderStageTimeline } from "#app/components/orders/order-stage-timeline";
import * as managementsPage from "#app/routes/dashboard/commission-managements";
import { requestContext } from "#app/lib/request-context";
import { withMessageLocale } from "#worker/messages/message-locale";
import { pageContext } from "../support/page-context";
import { stagesOfPlan, type OrderStage } from "#worker/orders/domain/order-stages";
import { listPayments } from "#worker/orders/services/order-history";
import { getOrderDetail, listOrders, type OrderViewer } from "#worker/orders/services/order-views";
import { storedReadings } from "#worker/services/translations";
import { uid } from "../support/auth-helpers";
import { seedCreator } from "../support/catalog-fixtures";
import { call, db } from "../support/helpers";
import { newMember } from "../support/media-fixtures";
import { insertSnapshot } from "../support/order-snapshot-fixtures";
import { insertOrderIn, newParty, type Party } from "../support/order-states";
import {
  setStandInFault,
  standInCallsWith,
  type StandInCall,
  textCode,
} from "#tests/worker/support/translator-standin";
import { callsTo, intoEachOther, repeatedCalls } from "./standin-targets";

let tag = "";
const faults = (body: Omit<Parameters<typeof setStandInFault>[0], "match">) => setStandInFault({ ...body, match: tag });
type Call = StandInCall;
const calls = (part = tag) => standInCallsWith([part]);

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * The background translation runs after the answer (waitUntil): waits until the stand-in has had `n` calls for the
 * test's tag into `to`, the language of the reading the test then asserts, and, unless the translator was told to
 * fail, until each is stored (the stand-in logs a call as it arrives; the row is written after its answer). Returns
 * those calls. The same texts go to the other languages too (issue 65): those calls are not waited for.
 */
async function callsReach(n: number, to: "en" | "ja", { stored = true } = {}): Promise<Call[]> {
  for (let i = 0; i < 200; i++) {
    const found = callsTo(await calls(), to);
    if (found.length >= n) {
      if (!stored) return found;
      const readings = await Promise.all(found.map((c) => storedReadings(db(), [c.text], to)));
      if (readings.every(([reading]) => reading?.kind === "translated")) return found;
    }
    await pause(50);
  }
  throw new Error(`the stand-in never got ${n} call(s) into ${to} with ${tag}, stored`);
}

beforeEach(() => {
  tag = `[${textCode()}]`;
});
afterEach(async () => {
  await faults({ mode: "ok" });
});

async function profileIdOf(userAccountId: string) {
  const row = await env.DB.prepare("SELECT id FROM user_profiles WHERE account_id = ?")
    .bind(userAccountId)
    .first<{ id: string }>();
  return row!.id;
}
const viewerOf = async (
  party: { commissionAccountId: string; userAccountId: string },
  locale: "en" | "ja",
): Promise<OrderViewer> => ({
  commissionAccountId: party.commissionAccountId,
  profileId: await profileIdOf(party.userAccountId),
  locale,
  displayCurrencyCode: "JPY",
});
const view = async (code: string, party: { commissionAccountId: string; userAccountId: string }, locale: "en" | "ja") =>
  getOrderDetail(db(), env, code, await viewerOf(party, locale));

// ───────────────────────── a request's answers ─────────────────────────

async function sentRequest(answer: string) {
  const seller = await seedCreator({
    handle: `tr${uid()}`,
    forms: [
      { title: { en: "Sheet" }, price: 8000, questions: [{ type: "LONG_TEXT", required: true, title: "Details" }] },
    ],
    services: [{ title: "Portrait", price: 10_000, formIndex: 0 }],
  });
  const buyer = await newMember("trby");
  const now = Date.now();
  await env.DB.prepare(
    "INSERT INTO payment_account_methods (id, user_account_id, stripe_method_id, brand, last4, exp_month, exp_year, created_at, updated_at) VALUES (?, ?, ?, 'visa', '4242', 12, 2099, ?, ?)",
  )
    .bind(crypto.randomUUID(), buyer.accountId, `pm_${crypto.randomUUID()}`, now, now)
    .run();
  const question = await env.DB.prepare("SELECT id FROM commission_form_questions WHERE form_id = ?")
    .bind(seller.forms[0]!.id)
    .first<{ id: string }>();
  const response = await call("/api/features/commission/service/submit", {
    method: "POST",
    cookie: buyer.cookie,
    json: {
      serviceId: seller.services[0],
      paymentAccountMethodId: null,
      isAgreedToTerms: true,
      isAcknowledged: true,
      formQuestionAnswers: [
        {
          formQuestionId: question!.id,
          formQuestionType: "LONG_TEXT",
          answer: { text: { text: answer, languageCode: "en" }, date: null, medias: [] },
          questionChoices: [],
        },
      ],
    },
  });
  expect(response.status).toBe(200);
  const { data } = await response.json<{ data: { code: string } }>();
  const buyerAccount = await env.DB.prepare("SELECT id FROM commission_accounts WHERE user_account_id = ?")
    .bind(buyer.accountId)
    .first<{ id: string }>();
  return {
    code: data.code,
    seller: { commissionAccountId: seller.commissionAccountId, userAccountId: seller.accountId },
    buyer: { commissionAccountId: buyerAccount!.id, userAccountId: buyer.accountId },
  };
}

describe("a request's answers", () => {
  it("are translated once after the request is sent, and the creator reading Japanese finds them stored", async () => {
    const answer = `A knight with a red cape, please. ${tag}`;
    const sent = await sentRequest(answer);
    const made = await callsReach(1, "ja");
    expect(made).toMatchObject([{ text: answer, source_lang: "en", target_lang: "ja" }]);

    const forCreator = (await view(sent.code, sent.seller, "ja"))!;
    const reading = forCreator.questions[0]!.answer!.textReading;
    expect(reading).toMatchObject({ kind: "translated", from: "en" });
    // The original is kept beside it, one click away.
    expect(forCreator.questions[0]!.answer!.text).toBe(answer);
    // Rendered as text: the page shows the translation and its mark.
    const html = renderToStaticMarkup(createElement(OrderDetails, { order: forCreator, choicePrices: {} }));
    expect(html).toContain("data-translation-marker");
    expect(html).toContain(reading.kind === "translated" ? reading.text.replace(/&/g, "&amp;") : "");

    // A second view asks no translator.
    await view(sent.code, sent.seller, "ja");
    expect(callsTo(await calls(), "ja")).toHaveLength(1);

    // The client wrote it: they read it as written; so does a creator reading English (no call for them either).
    expect((await view(sent.code, sent.buyer, "ja"))!.questions[0]!.answer!.textReading).toEqual({ kind: "original" });
    expect((await view(sent.code, sent.seller, "en"))!.questions[0]!.answer!.textReading).toEqual({
      kind: "original",
    });
    expect(callsTo(await calls(), "ja")).toHaveLength(1);
    expect(callsTo(await calls(), "en")).toEqual([]);
    // Nor is it sent twice into any of the other languages the background translates it into.
    expect(repeatedCalls(await calls())).toEqual([]);
  });
});

// ───────────────────────── a stage's revision comment ─────────────────────────

const PLAN = stagesOfPlan([
  { title: "Sketch", sharePercent: 50, includedRevisions: 2 },
  { title: "Finish", sharePercent: 50, includedRevisions: 0 },
]);

async function orderInReview() {
  const [seller, buyer, stranger] = await Promise.all([newParty(), newParty(), newParty()]);
  const order = await insertOrderIn("PAID", seller, buyer);
  const stages: OrderStage[] = [
    { ...PLAN[0]!, status: "IN_REVIEW", previewedAt: Date.now(), reviewDeadline: Date.now() + 86_400_000 },
    PLAN[1]!,
  ];
  await env.DB.prepare("UPDATE commission_orders SET stages = ? WHERE id = ?")
    .bind(JSON.stringify(stages), order.id)
    .run();
  return { order, seller, buyer, stranger };
}
const askRevision = (party: Party, orderId: string, comment: string) =>
  call("/api/features/commission/order/stage/revision", {
    method: "POST",
    cookie: party.cookie,
    json: { orderId, stage: 0, comment },
  });

describe("a revision comment", () => {
  it("is translated once after it is posted, and the creator reading Japanese finds it stored", async () => {
    const { order, seller, buyer } = await orderInReview();
    const comment = `Please make the cape blue. ${tag}`;
    expect((await askRevision(buyer, order.id, comment)).status).toBe(200);
    expect(await callsReach(1, "ja")).toMatchObject([{ text: comment, source_lang: "en", target_lang: "ja" }]);

    const forCreator = (await view(order.code, seller, "ja"))!;
    const note = forCreator.stages[0]!.revisionNotes[0]!;
    expect(note.comment).toBe(comment);
    expect(note.reading).toMatchObject({ kind: "translated", from: "en" });
    await view(order.code, seller, "ja");
    expect(callsTo(await calls(), "ja")).toHaveLength(1);
    expect(repeatedCalls(await calls())).toEqual([]);
    // The client reads their own comment as written.
    expect((await view(order.code, buyer, "ja"))!.stages[0]!.revisionNotes[0]!.reading).toEqual({ kind: "original" });
  });

  it("stays readable when the translator fails: the view says pending, never an error", async () => {
    const { order, seller, buyer } = await orderInReview();
    await faults({ mode: "fail" });
    const comment = `Could you fix the hands? ${tag}`;
    expect((await askRevision(buyer, order.id, comment)).status).toBe(200);
    await callsReach(1, "ja", { stored: false });

    const forCreator = (await view(order.code, seller, "ja"))!;
    const note = forCreator.stages[0]!.revisionNotes[0]!;
    expect(note.comment).toBe(comment);
    // Nothing stored: the page shows the original and asks the door again (which answers unavailable, with a retry).
    expect(note.reading).toEqual({ kind: "pending", from: "en", ticket: expect.any(String) });
  });

  it("a stranger still gets 404 and sees no order, and nothing is translated for them", async () => {
    const { order, stranger } = await orderInReview();
    const response = await askRevision(stranger, order.id, `Let me in ${tag}`);
    expect(response.status).toBe(404);
    expect(await view(order.code, stranger, "ja")).toBeNull();
    await pause(300);
    expect(await calls()).toEqual([]);
  });
});

// ───────────────────────── the service details ─────────────────────────

async function orderWithService() {
  const [seller, buyer] = await Promise.all([newParty(), newParty()]);
  const order = await insertOrderIn("DRAFT", seller, buyer);
  const serviceId = crypto.randomUUID();
  await env.DB.batch([
    env.DB.prepare(
      "INSERT INTO commission_order_services (id, order_id, price_currency_id) VALUES (?, ?, (SELECT id FROM currencies WHERE code = 'JPY'))",
    ).bind(serviceId, order.id),
    env.DB.prepare(
      "INSERT INTO localized_texts (id, entity_type, entity_id, field, language_code, is_original, text) VALUES (?, 'commission_order_service', ?, 'title', 'ja', 1, 'バストアップ')",
    ).bind(crypto.randomUUID(), serviceId),
  ]);
  return { order, seller, buyer };
}
const updateDetails = (seller: Party, orderId: string, title: string, description: string) =>
  call("/api/features/commission/order/service/update", {
    method: "POST",
    cookie: seller.cookie,
    json: { orderId, title, description, languageCode: "ja" },
  });

describe("the order's service details", () => {
  it("are translated for the client after an edit, and an edit is translated anew", async () => {
    const { order, seller, buyer } = await orderWithService();
    const description = `背景は夜空でお願いします。${tag}`;
    expect((await updateDetails(seller, order.id, `全身イラスト ${tag}`, description)).status).toBe(200);
    await callsReach(2, "en");

    const first = (await view(order.code, buyer, "en"))!;
    expect(first.title).toBe(`全身イラスト ${tag}`);
    expect(first.titleReading).toMatchObject({ kind: "translated", from: "ja" });
    expect(first.descriptionReading).toMatchObject({ kind: "translated", from: "ja" });
    // The seller wrote them: read as written.
    expect((await view(order.code, seller, "en"))!.titleReading).toEqual({ kind: "original" });

    // A new title is a new text; the description, unchanged, is not sent again.
    expect((await updateDetails(seller, order.id, `全身イラストと背景 ${tag}`, description)).status).toBe(200);
    const made = await callsReach(3, "en");
    expect(made.map((c) => c.text)).toEqual([`全身イラスト ${tag}`, description, `全身イラストと背景 ${tag}`]);
    const second = (await view(order.code, buyer, "en"))!;
    expect(second.title).toBe(`全身イラストと背景 ${tag}`);
    expect(second.titleReading).toMatchObject({ kind: "translated", from: "ja" });
    expect(second.titleReading).not.toEqual(first.titleReading);
    // The client's list of orders reads the title the same way, from what is stored.
    const list = await listOrders(db(), {
      commissionAccountId: buyer.commissionAccountId,
      side: "buyer",
      filter: "all",
      page: 1,
      locale: "en",
    });
    expect(list.items.find((item) => item.code === order.code)!.titleReading).toEqual(second.titleReading);
    expect(callsTo(await calls(), "en")).toHaveLength(3);
    // The unchanged description was not sent again into any language.
    expect(repeatedCalls(await calls())).toEqual([]);
  });
});

// ───────────────────────── stage titles, from the order page ─────────────────────────

describe("stage titles set on the order page", () => {
  it("are translated in the request's waitUntil, and the client's timeline shows them translated and marked", async () => {
    const [seller, buyer] = await Promise.all([newParty(), newParty()]);
    const order = await insertOrderIn("DRAFT", seller, buyer);
    await env.DB.prepare("INSERT INTO user_account_roles (user_account_id, role_code) VALUES (?, 'creator')")
      .bind(seller.userAccountId)
      .run();
    const path = "/dashboard/commission/managements";
    const context = await pageContext(seller.userAccountId, "ja", path);
    const background: Promise<unknown>[] = [];
    context.set(requestContext, {
      ...context.get(requestContext),
      executionCtx: { waitUntil: (work: Promise<unknown>) => background.push(work) } as unknown as ExecutionContext,
    });
    const body = new FormData();
    body.set("orderId", order.id);
    body.set("intent", "setStages");
    for (const [title, share] of [
      [`ラフ ${tag}`, "40"],
      [`仕上げ ${tag}`, "60"],
    ]) {
      body.append("stageTitle", title!);
      body.append("stageShare", share!);
      body.append("stageRevisions", "1");
    }
    const result = await managementsPage.action({
      context,
      request: new Request(`http://localhost${path}`, { method: "POST", body }),
    } as never);
    expect(result).toMatchObject({ ok: true });
    await Promise.all(background);
    // Each title into each other language, once, the client's English first.
    expect((await calls()).map((c) => [c.text, c.target_lang])).toEqual(
      intoEachOther([`ラフ ${tag}`, `仕上げ ${tag}`], "ja"),
    );

    const forClient = (await view(order.code, buyer, "en"))!;
    expect(forClient.stages.map((stage) => stage.titleReading.kind)).toEqual(["translated", "translated"]);
    const timeline = withMessageLocale("en", "http://localhost", () => stageTimelineTexts(forClient)!);
    // The timeline's forms need a data router around them.
    const Page = createRoutesStub([
      { path: "/", Component: () => createElement(OrderStageTimeline, { orderId: order.id, timeline }) },
    ]);
    const html = withMessageLocale("en", "http://localhost", () =>
      renderToStaticMarkup(createElement(Page, { initialEntries: ["/"] })),
    );
    expect(html).toContain("Translated from Japanese");
    expect(html).toContain("Show original");
    // The creator reads their own titles as written.
    const forCreator = (await view(order.code, seller, "ja"))!;
    expect(forCreator.stages.map((stage) => stage.titleReading.kind)).toEqual(["original", "original"]);
  });
});

// ───────────────────────── the client's billing history ─────────────────────────

describe("the client's billing history", () => {
  it("titles each order as the client reads it, from stored translations only", async () => {
    const [seller, buyer] = await Promise.all([newParty(), newParty()]);
    const order = await insertOrderIn("PAID", seller, buyer);
    const title = `うちの子の立ち絵 ${tag}`;
    await insertSnapshot(order.id, { serviceTitle: title });
    const now = Date.now();
    await env.DB.prepare(
      `INSERT INTO payment_transactions (id, order_id, buyer_id, transaction_status, idempotency_key, amount, currency_id, paid_at, created_at, updated_at)
       VALUES (?, ?, ?, 'COMPLETED', ?, 10000, (SELECT id FROM currencies WHERE code = 'JPY'), ?, ?, ?)`,
    )
      .bind(crypto.randomUUID(), order.id, buyer.commissionAccountId, `test-${uid()}`, now, now, now)
      .run();
    const history = async () =>
      (
        await listPayments(db(), {
          userAccountId: buyer.userAccountId,
          page: 1,
          locale: "en",
          displayCurrencyCode: "JPY",
        })
      ).items.find((item) => item.code === order.code)!;

    // Nothing stored yet: shown as written, and the list asked no translator.
    const shown = await history();
    expect(shown).toMatchObject({ title, titleReading: { kind: "pending", from: "ja", ticket: expect.any(String) } });
    expect(await calls()).toEqual([]);

    // Once the client's page has asked for it (the door, with the list's ticket), the history finds it stored.
    const door = await call("/api/features/translation/read", {
      method: "POST",
      cookie: buyer.cookie,
      json: { text: title, target: "en", ticket: (shown.titleReading as { ticket: string }).ticket },
    });
    expect(door.status).toBe(200);
    expect((await history()).titleReading).toMatchObject({ kind: "translated", from: "ja" });
    expect(await calls()).toHaveLength(1);
  });
});
