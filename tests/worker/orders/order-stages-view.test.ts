// A staged order on the order page (issue 36, decision 073): the read model gives each party the stages with their
// amounts (the buyer's approximated in their display currency), states and the client's revision notes, and nobody
// else anything; each stage move through the Order object tells the other party (a deadline's approval both); the
// panel's next step and log speak of stages.
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { orderPanelTexts } from "#app/loaders/orders/order-panel-texts.server";
import { stagesOfPlan, type OrderStage } from "#worker/orders/domain/order-stages";
import { withMessageLocale } from "#worker/messages/message-locale";
import { getOrderDetail, type OrderViewer } from "#worker/orders/services/order-views";
import { freshUser } from "../support/auth-helpers";
import { db, signUp } from "../support/helpers";
import { commissionAccountByEmail } from "../support/order-fixtures";
import { insertOrderIn } from "../support/order-states";
import { orderStub } from "#worker/orders/order-stub";

const DAY = 86_400_000;

async function party() {
  const user = freshUser();
  const cookie = await signUp(user.handle, user.email);
  const account = await commissionAccountByEmail(user.email);
  const profile = await env.DB.prepare("SELECT id FROM user_profiles WHERE account_id = ?")
    .bind(account.userAccountId)
    .first<{ id: string }>();
  return { cookie, commissionAccountId: account.id, userAccountId: account.userAccountId, profileId: profile!.id };
}
type Party = Awaited<ReturnType<typeof party>>;

const viewer = (p: Party, displayCurrencyCode = "JPY"): OrderViewer => ({
  commissionAccountId: p.commissionAccountId,
  profileId: p.profileId,
  locale: "en",
  displayCurrencyCode,
});

const PLAN = stagesOfPlan([
  { title: "Sketch", sharePercent: 30, includedRevisions: 1 },
  { title: "Colours", sharePercent: 40, includedRevisions: 1 },
  { title: "Finish", sharePercent: 30, includedRevisions: 0 },
]);

/** A paid ¥10,000 order with `stages`, its object not yet woken (it loads them from D1). */
async function stagedOrder(stages: OrderStage[]) {
  const [seller, buyer] = await Promise.all([party(), party()]);
  const order = await insertOrderIn("PAID", seller, buyer);
  await env.DB.prepare("UPDATE commission_orders SET stages = ? WHERE id = ?")
    .bind(JSON.stringify(stages), order.id)
    .run();
  return { seller, buyer, order, stub: orderStub(env.ORDER, order.id) };
}

const inReview = (stage: OrderStage, deadline: number): OrderStage => ({
  ...stage,
  status: "IN_REVIEW",
  previewedAt: deadline - 7 * DAY,
  reviewDeadline: deadline,
});

async function noticesOf(orderId: string) {
  const { results } = await env.DB.prepare(
    "SELECT recipient_user_account_id AS recipient, notification_type AS type FROM notifications WHERE order_id = ? ORDER BY created_at, rowid",
  )
    .bind(orderId)
    .all<{ recipient: string; type: string }>();
  return results;
}

describe("a staged order's read model", () => {
  it("gives both parties the stages with amounts, states and the client's revision notes; a stranger gets nothing", async () => {
    const { seller, buyer, order, stub } = await stagedOrder([
      inReview(PLAN[0]!, Date.now() + DAY),
      PLAN[1]!,
      PLAN[2]!,
    ]);
    const revised = await stub.requestStageRevision(0, "Make the cape blue, please.", {
      commissionAccountId: buyer.commissionAccountId,
    });
    expect(revised.status).toBe("done");

    const forSeller = (await getOrderDetail(db(), env, order.code, viewer(seller)))!;
    expect(forSeller.stages.map((s) => [s.title, s.sharePercent, s.amount, s.status])).toEqual([
      ["Sketch", 30, 3_000, "PENDING"],
      ["Colours", 40, 4_000, "PENDING"],
      ["Finish", 30, 3_000, "PENDING"],
    ]);
    expect(forSeller.stages[0]).toMatchObject({
      revisionsUsed: 1,
      revisionNotes: [{ round: 0, comment: "Make the cape blue, please." }],
    });
    expect(forSeller.stages[1]!.revisionNotes).toEqual([]);
    // The seller sees amounts in the order's currency only.
    expect(forSeller.stages.every((s) => s.displayAmount === null)).toBe(true);

    const forBuyer = (await getOrderDetail(db(), env, order.code, viewer(buyer, "USD")))!;
    expect(forBuyer.stages[0]!.revisionNotes.map((n) => n.comment)).toEqual(["Make the cape blue, please."]);
    expect(forBuyer.stages[0]!.displayAmount).toMatchObject({ currencyCode: "USD" });
    expect(forBuyer.stages[0]!.displayAmount!.amount).toBeGreaterThan(0);

    const stranger = await party();
    expect(await getOrderDetail(db(), env, order.code, viewer(stranger))).toBeNull();
  });

  it("an order without stages reads none, and its page shows no timeline", async () => {
    const [seller, buyer] = await Promise.all([party(), party()]);
    const order = await insertOrderIn("PAID", seller, buyer);
    const detail = (await getOrderDetail(db(), env, order.code, viewer(seller)))!;
    expect(detail.stages).toEqual([]);
    expect(withMessageLocale("en", "http://localhost", () => orderPanelTexts(detail, Date.now())).stages).toBeNull();
  });
});

describe("the stage moves' notices and the panel's words", () => {
  it("a revision asked tells the creator, one more allowed and a preview posted tell the client, an approval the creator", async () => {
    const { seller, buyer, order, stub } = await stagedOrder([
      inReview(PLAN[0]!, Date.now() + DAY),
      PLAN[1]!,
      PLAN[2]!,
    ]);
    const asSeller = { commissionAccountId: seller.commissionAccountId };
    const asBuyer = { commissionAccountId: buyer.commissionAccountId };
    expect((await stub.requestStageRevision(0, "Bluer", asBuyer)).status).toBe("done");
    expect((await stub.act({ type: "grantRevision", stage: 0 }, asSeller)).status).toBe("done");
    expect((await stub.act({ type: "submitPreview", stage: 0 }, asSeller)).status).toBe("done");

    const reviewing = (await getOrderDetail(db(), env, order.code, viewer(buyer)))!;
    const panel = withMessageLocale("en", "http://localhost", () => orderPanelTexts(reviewing, Date.now()));
    expect(panel.step).toMatch(/^Review the preview of Sketch by /);
    expect(panel.stages?.items[0]).toMatchObject({
      stateLabel: "Awaiting your review",
      revision: { allowed: true },
      approve: { confirm: "Approve Sketch? This releases ¥3,000 to the creator." },
    });
    expect(panel.buyer?.waiting ?? null).toBeNull();

    expect((await stub.act({ type: "approveStage", stage: 0 }, asBuyer)).status).toBe("done");
    expect(await noticesOf(order.id)).toEqual([
      { recipient: seller.userAccountId, type: "COMMISSION_ORDER_STAGE_REVISION_REQUESTED" },
      { recipient: buyer.userAccountId, type: "COMMISSION_ORDER_STAGE_REVISION_GRANTED" },
      { recipient: buyer.userAccountId, type: "COMMISSION_ORDER_STAGE_PREVIEWED" },
      { recipient: seller.userAccountId, type: "COMMISSION_ORDER_STAGE_APPROVED" },
    ]);

    const after = (await getOrderDetail(db(), env, order.code, viewer(seller)))!;
    const sellerPanel = withMessageLocale("en", "http://localhost", () => orderPanelTexts(after, Date.now()));
    expect(sellerPanel.stages?.items.map((i) => i.stateLabel)).toEqual(["Approved", "In progress", "Upcoming"]);
    expect(sellerPanel.step).toBe("Stage 2 of 3: post the preview of Colours");
    expect(sellerPanel.seller?.posts.find((p) => p.intent === "deliver")).toMatchObject({
      enabled: false,
      hint: "Every stage must be approved before you deliver.",
    });
    expect(sellerPanel.logLines.map((l) => `${l.what} ${l.who}`)).toEqual([
      "Revision requested: stage 1 (Sketch) by the client",
      "One more revision allowed: stage 1 (Sketch) by the creator",
      "Stage preview posted: stage 1 (Sketch) by the creator",
      "Stage approved: stage 1 (Sketch) by the client",
    ]);
  });

  it("a preview its review deadline approved tells both parties, in its own words", async () => {
    const { seller, buyer, order, stub } = await stagedOrder([
      inReview(PLAN[0]!, Date.now() - 1_000),
      PLAN[1]!,
      PLAN[2]!,
    ]);
    expect((await stub.act({ type: "deadlinePassed" }, "system")).status).toBe("done");
    expect(await noticesOf(order.id)).toEqual(
      expect.arrayContaining([
        { recipient: seller.userAccountId, type: "COMMISSION_ORDER_STAGE_AUTO_APPROVED" },
        { recipient: buyer.userAccountId, type: "COMMISSION_ORDER_STAGE_AUTO_APPROVED" },
      ]),
    );
    expect(await noticesOf(order.id)).toHaveLength(2);
    const detail = (await getOrderDetail(db(), env, order.code, viewer(buyer)))!;
    const panel = withMessageLocale("ja", "http://localhost", () => orderPanelTexts(detail, Date.now()));
    expect(panel.stages?.items[0]?.stateLabel).toBe("自動承認済み");
    expect(panel.logLines.at(-1)).toMatchObject({ what: "段階の承認（段階 1：Sketch）", who: "自動" });
  });
});
