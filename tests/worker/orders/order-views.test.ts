// The order read side (worker/orders/services/order-views.ts): each party's list, one order's detail for its seller and
// buyer and for nobody else, the title rule, the amount breakdown and the buyer's display-currency approximation,
// the snapshot of answers, and the event log after a transition.
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { freshUser } from "../support/auth-helpers";
import { call, db, signUp } from "../support/helpers";
import { commissionAccountByEmail, insertOrder } from "../support/order-fixtures";
import { insertSnapshot } from "../support/order-snapshot-fixtures";
import { getOrderDetail, listOrders, type OrderViewer } from "#worker/orders/services/order-views";

async function party() {
  const user = freshUser();
  const cookie = await signUp(user.handle, user.email);
  const account = await commissionAccountByEmail(user.email);
  const profile = await env.DB.prepare("SELECT id FROM user_profiles WHERE account_id = ?")
    .bind(account.userAccountId)
    .first<{ id: string }>();
  return {
    cookie,
    handle: user.handle,
    commissionAccountId: account.id,
    userAccountId: account.userAccountId,
    profileId: profile!.id,
  };
}
type Party = Awaited<ReturnType<typeof party>>;

const viewer = (p: Party, displayCurrencyCode = "JPY", locale: "en" | "ja" = "en"): OrderViewer => ({
  commissionAccountId: p.commissionAccountId,
  profileId: p.profileId,
  locale,
  displayCurrencyCode,
});
const order = (seller: Party, buyer: Party, priceAmount: number | null = 11_000) =>
  insertOrder({
    sellerId: seller.commissionAccountId,
    buyerId: buyer.commissionAccountId,
    priceAmount,
    approvalDeadline: Date.now() + 7 * 86_400_000,
  });

describe("the lists", () => {
  it("the seller sees the orders they sell, the buyer those they bought, a stranger none; newest first, by status", async () => {
    const [seller, buyer, stranger] = await Promise.all([party(), party(), party()]);
    const first = await order(seller, buyer);
    await insertSnapshot(first.id, { serviceTitle: "Bust-up portrait", formTitle: "Inquiry" });
    const second = await order(seller, buyer);
    await env.DB.prepare("UPDATE commission_orders SET submitted_at = submitted_at + 1000 WHERE id = ?")
      .bind(second.id)
      .run();
    expect(
      (
        await call("/api/features/commission/order/approve", {
          method: "POST",
          cookie: seller.cookie,
          json: { orderId: second.id },
        })
      ).status,
    ).toBe(200);

    const sold = await listOrders(db(), {
      commissionAccountId: seller.commissionAccountId,
      side: "seller",
      filter: "all",
      page: 1,
      locale: "en",
    });
    expect(sold.items.map((o) => o.code)).toEqual([second.code, first.code]);
    expect(sold.items[1]).toMatchObject({
      title: "Bust-up portrait",
      side: "seller",
      counterpart: { handle: buyer.handle },
      facts: { progress: "DRAFT" },
    });
    expect(sold.hasMore).toBe(false);

    const accepted = await listOrders(db(), {
      commissionAccountId: seller.commissionAccountId,
      side: "seller",
      filter: "accepted",
      page: 1,
      locale: "en",
    });
    expect(accepted.items.map((o) => o.code)).toEqual([second.code]);

    const bought = await listOrders(db(), {
      commissionAccountId: buyer.commissionAccountId,
      side: "buyer",
      filter: "all",
      page: 1,
      locale: "en",
    });
    expect(bought.items.map((o) => [o.code, o.counterpart?.handle])).toEqual([
      [second.code, seller.handle],
      [first.code, seller.handle],
    ]);
    // The buyer's orders are not the buyer's sales, and a stranger has neither.
    expect(
      (
        await listOrders(db(), {
          commissionAccountId: buyer.commissionAccountId,
          side: "seller",
          filter: "all",
          page: 1,
          locale: "en",
        })
      ).items,
    ).toEqual([]);
    expect(
      (
        await listOrders(db(), {
          commissionAccountId: stranger.commissionAccountId,
          side: "buyer",
          filter: "all",
          page: 1,
          locale: "en",
        })
      ).items,
    ).toEqual([]);
  });
});

describe("one order", () => {
  it("is null for a stranger and for an unknown code, and the same order for seller and buyer", async () => {
    const [seller, buyer, stranger] = await Promise.all([party(), party(), party()]);
    const { code } = await order(seller, buyer);
    await insertSnapshot(
      (await env.DB.prepare("SELECT id FROM commission_orders WHERE code = ?").bind(code).first<{ id: string }>())!.id,
      { formTitle: "Inquiry" },
    );
    expect(await getOrderDetail(db(), env, code, viewer(stranger))).toBeNull();
    expect(await getOrderDetail(db(), env, "NOSUCHCD", viewer(seller))).toBeNull();
    const forSeller = await getOrderDetail(db(), env, code, viewer(seller));
    const forBuyer = await getOrderDetail(db(), env, code, viewer(buyer));
    expect(forSeller).toMatchObject({ side: "seller", title: "Inquiry", counterpart: { handle: buyer.handle } });
    expect(forBuyer).toMatchObject({ side: "buyer", title: "Inquiry", counterpart: { handle: seller.handle } });
  });

  it("reads 'Unknown' without a service or form title", async () => {
    const [seller, buyer] = await Promise.all([party(), party()]);
    const { id, code } = await order(seller, buyer);
    await insertSnapshot(id);
    expect((await getOrderDetail(db(), env, code, viewer(seller)))!.title).toBe("Unknown");
  });

  it("has the answers snapshot: questions, choices with the selected one, and the answer text", async () => {
    const [seller, buyer] = await Promise.all([party(), party()]);
    const { id, code } = await order(seller, buyer);
    await insertSnapshot(id, { serviceTitle: "Portrait", answer: "A knight" });
    const detail = (await getOrderDetail(db(), env, code, viewer(buyer)))!;
    expect(detail.questions.map((q) => [q.title, q.questionType, q.isRequired])).toEqual([
      ["Commission details", "LONG_TEXT", true],
      ["Price list plan", "SINGLE_CHOICE", false],
    ]);
    expect(detail.questions[0].answer).toMatchObject({ text: "A knight", medias: [] });
    expect(detail.questions[1].choices.map((c) => [c.title, c.priceAmount, c.selected])).toEqual([
      ["Face", 10_000, false],
      ["Bust", 20_000, true],
    ]);
  });

  it("splits the total with money.ts; the buyer sees it approximated in their display currency, the seller in the order's", async () => {
    const [seller, buyer] = await Promise.all([party(), party()]);
    const { code } = await order(seller, buyer, 12_139);
    const forSeller = (await getOrderDetail(db(), env, code, viewer(seller, "USD")))!;
    // 12,139 yen: tax 1,104 (1/11), sales 11,035, income 10,000 (sales / 1.1036), fee 1,035.
    expect(forSeller.breakdown).toMatchObject({
      currencyCode: "JPY",
      totalAmount: 12_139,
      taxAmount: 1_104,
      salesAmount: 11_035,
      incomeAmount: 9_999,
      feeAmount: 1_036,
      displayCurrencyCode: "JPY",
      displayTotalAmount: 12_139,
    });
    const forBuyer = (await getOrderDetail(db(), env, code, viewer(buyer, "USD")))!;
    expect(forBuyer.breakdown).toMatchObject({ totalAmount: 12_139, displayCurrencyCode: "USD" });
    expect(forBuyer.breakdown!.displayTotalAmount).toBeGreaterThan(0);
    expect(forBuyer.breakdown!.displayTotalAmount).not.toBe(12_139);
  });

  it("has no breakdown while the order has no price", async () => {
    const [seller, buyer] = await Promise.all([party(), party()]);
    const { code } = await order(seller, buyer, null);
    expect((await getOrderDetail(db(), env, code, viewer(seller)))!.breakdown).toBeNull();
  });

  it("shows the event log to both parties after a transition", async () => {
    const [seller, buyer] = await Promise.all([party(), party()]);
    const { id, code } = await order(seller, buyer);
    await call("/api/features/commission/order/approve", {
      method: "POST",
      cookie: seller.cookie,
      json: { orderId: id },
    });
    for (const p of [seller, buyer]) {
      const detail = (await getOrderDetail(db(), env, code, viewer(p)))!;
      expect(detail.events.map((e) => [e.version, e.type, e.actor])).toEqual([[1, "APPROVED", "seller"]]);
      expect(detail.facts).toMatchObject({ progress: "APPROVED", chat: "OPENED" });
      expect(detail.facts.paymentDeadline).toBeGreaterThan(detail.facts.submittedAt);
    }
  });
});
