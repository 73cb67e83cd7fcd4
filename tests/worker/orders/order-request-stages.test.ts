// An order starts with its milestones (issue 36, decision 073): a request copies the service's plan (a service order)
// or the form's (a form order) into the DRAFT order as its stages; the seller edits them on the pending order through
// the order page's action (the Other settings tab's post), and no longer once the order is approved.
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import * as clientRequestsPage from "#app/routes/dashboard/client-requests";
import * as managementsPage from "#app/routes/dashboard/commission-managements";
import { stagesOfPlan } from "#worker/orders/domain/order-stages";
import { translateAuthoringErrors } from "#worker/messages/authoring";
import { seedCreator } from "../support/catalog-fixtures";
import { call } from "../support/helpers";
import { pageContext } from "../support/page-context";
import { newMember } from "../support/media-fixtures";
import { orderStub } from "#worker/orders/order-stub";

const SERVICE_PLAN = [
  { title: "Sketch", sharePercent: 30, includedRevisions: 1 },
  { title: "Line art", sharePercent: 30, includedRevisions: 1 },
  { title: "Colour", sharePercent: 40, includedRevisions: 2 },
];
const FORM_PLAN = [
  { title: "Draft", sharePercent: 50, includedRevisions: 2 },
  { title: "Final", sharePercent: 50, includedRevisions: 0 },
];

async function setUp() {
  const seller = await seedCreator({
    handle: `st${crypto.randomUUID().slice(0, 8)}`,
    forms: [{ title: { en: "Staged form" }, price: 5000, questions: [] }],
    services: [
      { title: "Staged service", price: 10_000 },
      { title: "Plain service", price: 10_000 },
    ],
  });
  const [staged, plain] = seller.services;
  await env.DB.batch([
    env.DB.prepare("UPDATE commission_services SET stage_plan = ? WHERE id = ?").bind(
      JSON.stringify(SERVICE_PLAN),
      staged,
    ),
    env.DB.prepare("UPDATE commission_forms SET stage_plan = ? WHERE id = ?").bind(
      JSON.stringify(FORM_PLAN),
      seller.forms[0].id,
    ),
  ]);
  const buyer = await newMember("stby");
  const now = Date.now();
  await env.DB.prepare(
    "INSERT INTO payment_account_methods (id, user_account_id, stripe_method_id, brand, last4, exp_month, exp_year, created_at, updated_at) VALUES (?, ?, ?, 'visa', '4242', 12, 2099, ?, ?)",
  )
    .bind(crypto.randomUUID(), buyer.accountId, `pm_${crypto.randomUUID()}`, now, now)
    .run();
  return { seller, buyer, staged, plain, formCode: seller.forms[0].code };
}

const REQUEST = { paymentAccountMethodId: null, isAgreedToTerms: true, isAcknowledged: true, formQuestionAnswers: [] };

async function submitted(cookie: string, target: { serviceId: string } | { formCode: string }) {
  const path = "serviceId" in target ? "service" : "form";
  const response = await call(`/api/features/commission/${path}/submit`, {
    method: "POST",
    cookie,
    json: { ...REQUEST, ...target },
  });
  expect(response.status).toBe(200);
  return (await response.json<{ data: { orderId: string } }>()).data.orderId;
}

const stagesOf = async (orderId: string) =>
  JSON.parse(
    (await env.DB.prepare("SELECT stages FROM commission_orders WHERE id = ?")
      .bind(orderId)
      .first<{ stages: string }>())!.stages,
  );

/**
 * The seller's Other settings tab: the milestones section posts its rows to the managements page's action (`page`);
 * the buyer's order page is the client requests page.
 */
async function postStages(
  userAccountId: string,
  orderId: string,
  rows: [string, string, string][],
  page: { action: (args: never) => Promise<unknown> } = managementsPage,
) {
  const path = "/dashboard/commission/managements";
  const context = await pageContext(userAccountId, "en", path);
  const body = new FormData();
  body.set("orderId", orderId);
  body.set("intent", "setStages");
  for (const [title, share, revisions] of rows) {
    body.append("stageTitle", title);
    body.append("stageShare", share);
    body.append("stageRevisions", revisions);
  }
  const result = await page.action({
    context,
    request: new Request(`http://localhost${path}`, { method: "POST", body }),
  } as never);
  return (
    result && typeof result === "object" && "init" in result ? result : { data: result, init: { status: 200 } }
  ) as { data: { ok: boolean; errors?: Record<string, string> }; init: { status: number } };
}

describe("a request's order starts with the plan", () => {
  it("of the service for a service order, of the form for a form order, none for a service without one", async () => {
    const s = await setUp();
    expect(await stagesOf(await submitted(s.buyer.cookie, { serviceId: s.staged }))).toEqual(
      stagesOfPlan(SERVICE_PLAN),
    );
    expect(await stagesOf(await submitted(s.buyer.cookie, { formCode: s.formCode }))).toEqual(stagesOfPlan(FORM_PLAN));
    expect(await stagesOf(await submitted(s.buyer.cookie, { serviceId: s.plain }))).toEqual([]);
  });

  it("a stored plan the rule refuses starts the order with none", async () => {
    const s = await setUp();
    await env.DB.prepare("UPDATE commission_services SET stage_plan = ? WHERE id = ?")
      .bind(JSON.stringify([{ title: "All", sharePercent: 90, includedRevisions: 1 }]), s.staged)
      .run();
    expect(await stagesOf(await submitted(s.buyer.cookie, { serviceId: s.staged }))).toEqual([]);
  });
});

describe("the seller's milestones on a pending order", () => {
  it("are replaced while the order is pending, refused with their message when wrong, fixed once approved", async () => {
    const s = await setUp();
    const orderId = await submitted(s.buyer.cookie, { serviceId: s.staged });

    const changed = await postStages(s.seller.accountId, orderId, [
      ["Rough", "20", "0"],
      ["Finish", "80", "3"],
    ]);
    expect(changed).toMatchObject({ data: { ok: true }, init: { status: 200 } });
    const plan = [
      { title: "Rough", sharePercent: 20, includedRevisions: 0 },
      { title: "Finish", sharePercent: 80, includedRevisions: 3 },
    ];
    expect(await stagesOf(orderId)).toEqual(stagesOfPlan(plan));
    const events = await env.DB.prepare("SELECT event_type FROM commission_order_events WHERE order_id = ?")
      .bind(orderId)
      .all<{ event_type: string }>();
    expect(events.results.map((e) => e.event_type)).toEqual(["STAGES_UPDATED"]);

    const refused = await postStages(s.seller.accountId, orderId, [
      ["Rough", "20", "0"],
      ["Finish", "70", "3"],
    ]);
    expect({ data: refused.data, init: refused.init }).toEqual({
      data: {
        ok: false,
        intent: "setStages",
        errors: translateAuthoringErrors({ stagePlan: "stage_shares_sum" }, "en"),
      },
      init: { status: 400 },
    });
    expect(await stagesOf(orderId)).toEqual(stagesOfPlan(plan));

    // The buyer's side may not set them; the seller removes them with an empty plan.
    expect((await postStages(s.buyer.accountId, orderId, [["Mine", "100", "9"]], clientRequestsPage)).init.status).toBe(
      409,
    );
    expect((await postStages(s.seller.accountId, orderId, [])).data.ok).toBe(true);
    expect(await stagesOf(orderId)).toEqual([]);

    const stub = orderStub(env.ORDER, orderId);
    expect((await stub.act({ type: "approve" }, { commissionAccountId: s.seller.commissionAccountId })).status).toBe(
      "done",
    );
    expect((await postStages(s.seller.accountId, orderId, [["Late", "100", "1"]])).init.status).toBe(409);
    expect(await stagesOf(orderId)).toEqual([]);
  });
});
