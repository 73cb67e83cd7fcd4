// The money history (worker/orders/services/order-history.ts): each paid order's figures are money.ts's amountBreakdown with
// the fees frozen on the transaction (else today's), in yen and dollars; another user's payments never appear; a
// refunded payment is marked refunded and left out of the sales totals; a dispute's split is told as what moved, beside
// the order's Payment tab (issue 59, decision 094).
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { freshUser } from "../support/auth-helpers";
import { paidOrder as paidAtStripe } from "../support/connect-helpers";
import { call, db, signUp } from "../support/helpers";
import { commissionAccountByEmail, insertOrder } from "../support/order-fixtures";
import { insertSnapshot } from "../support/order-snapshot-fixtures";
import { newParty, type Party as OrderParty } from "../support/order-states";
import { statusText } from "#app/components/history/sales-table";
import { tableTexts } from "#app/loaders/history/table-texts.server";
import { refundNoteText } from "#app/components/orders/order-refund-texts";
import enOrders from "#messages/orders/en.json";
import jaOrders from "#messages/orders/ja.json";
import { amountBreakdown, splitTotal } from "#worker/domain/money";
import { stageTransferAmount } from "#worker/orders/domain/order-stages";
import { formatMoney } from "#worker/domain/pricing";
import { withMessageLocale } from "#worker/messages/message-locale";
import { listPayments, listSales } from "#worker/orders/services/order-history";
import { getOrderDetail } from "#worker/orders/services/order-views";
import { PRICE_BOOK_SQL, priceBookOf } from "#worker/services/price-book";

async function party() {
  const user = freshUser();
  await signUp(user.handle, user.email);
  const account = await commissionAccountByEmail(user.email);
  return { handle: user.handle, commissionAccountId: account.id, userAccountId: account.userAccountId };
}
type Party = Awaited<ReturnType<typeof party>>;

/** A paid order: the order in `currency`, and its transaction with `status`, its fee frozen at `frozenNumerator` if given. */
async function paidOrder(
  seller: Party,
  buyer: Party,
  amount: number,
  currency: "JPY" | "USD",
  status: "COMPLETED" | "REFUNDED" | "PENDING",
  frozenNumerator?: number,
) {
  const { id, code } = await insertOrder({
    sellerId: seller.commissionAccountId,
    buyerId: buyer.commissionAccountId,
    priceAmount: amount,
    approvalDeadline: Date.now() + 86_400_000,
  });
  await insertSnapshot(id, { serviceTitle: `Portrait ${code}` });
  const transactionId = crypto.randomUUID();
  const now = Date.now();
  const statements = [
    env.DB.prepare(
      "UPDATE commission_orders SET price_currency_id = (SELECT id FROM currencies WHERE code = ?), order_progress_status = 'APPROVED', order_payment_status = 'COMPLETED' WHERE id = ?",
    ).bind(currency, id),
    env.DB.prepare(
      `INSERT INTO payment_transactions (id, order_id, buyer_id, transaction_status, idempotency_key, amount, currency_id, paid_at, created_at, updated_at)
       VALUES (?, ?, ?, ?, ?, ?, (SELECT id FROM currencies WHERE code = ?), ?, ?, ?)`,
    ).bind(
      transactionId,
      id,
      buyer.commissionAccountId,
      status,
      `test-${transactionId}`,
      amount,
      currency,
      status === "PENDING" ? null : now,
      now,
      now,
    ),
  ];
  if (frozenNumerator !== undefined) {
    statements.push(
      env.DB.prepare(
        "INSERT INTO payment_transaction_fees (id, transaction_id, fee_id, numerator_value, amount, created_at) SELECT ?, ?, id, ?, 0, ? FROM fees WHERE is_active = 1 LIMIT 1",
      ).bind(crypto.randomUUID(), transactionId, frozenNumerator, now),
    );
  }
  await env.DB.batch(statements);
  return { id, code };
}

const priceBook = async () =>
  priceBookOf((await env.DB.prepare(PRICE_BOOK_SQL).all<Record<string, unknown>>()).results[0]);
const activeNumerators = async () =>
  (
    await env.DB.prepare("SELECT numerator_value FROM fees WHERE is_active = 1").all<{ numerator_value: number }>()
  ).results.map((f) => f.numerator_value);
const input = (p: Pick<Party, "userAccountId">, displayCurrencyCode = "JPY") => ({
  userAccountId: p.userAccountId,
  page: 1,
  locale: "en" as const,
  displayCurrencyCode,
});

describe("sales history", () => {
  it("shows each paid sale's breakdown from money.ts, in yen and in dollars, and totals per currency", async () => {
    const [seller, buyer] = await Promise.all([party(), party()]);
    const yen = await paidOrder(seller, buyer, 12_139, "JPY", "COMPLETED");
    const dollars = await paidOrder(seller, buyer, 12_050, "USD", "COMPLETED", 500);
    await paidOrder(seller, buyer, 9_000, "JPY", "PENDING");
    const book = await priceBook();
    const { items, totals, hasMore } = await listSales(db(), input(seller, "USD"));
    expect(hasMore).toBe(false);
    expect(items.map((i) => i.code).sort()).toEqual([yen.code, dollars.code].sort());
    const byCode = Object.fromEntries(items.map((i) => [i.code, i]));
    // The seller's figures stay in the order's currency; the yen sale uses today's fees, the dollar one its frozen fee.
    expect(byCode[yen.code].breakdown).toEqual(amountBreakdown(12_139, "JPY", await activeNumerators(), "JPY", book));
    expect(byCode[dollars.code].breakdown).toEqual(amountBreakdown(12_050, "USD", [500], "USD", book));
    expect(byCode[yen.code]).toMatchObject({
      title: `Portrait ${yen.code}`,
      counterpart: { handle: buyer.handle },
      refunded: false,
    });
    expect(totals).toEqual([
      { currencyCode: "JPY", count: 1, ...pick(byCode[yen.code].breakdown) },
      { currencyCode: "USD", count: 1, ...pick(byCode[dollars.code].breakdown) },
    ]);
  });

  it("marks a refunded sale as refunded and leaves it out of the totals; another user's sales never appear", async () => {
    const [seller, buyer, other] = await Promise.all([party(), party(), party()]);
    const kept = await paidOrder(seller, buyer, 20_000, "JPY", "COMPLETED");
    const refunded = await paidOrder(seller, buyer, 30_000, "JPY", "REFUNDED");
    await paidOrder(other, buyer, 40_000, "JPY", "COMPLETED");
    const { items, totals } = await listSales(db(), input(seller));
    expect(items.map((i) => [i.code, i.refunded]).sort()).toEqual(
      [
        [kept.code, false],
        [refunded.code, true],
      ].sort(),
    );
    expect(totals).toMatchObject([{ currencyCode: "JPY", count: 1, totalAmount: 20_000 }]);
    // The buyer sold nothing; the stranger sees only their own sale.
    expect((await listSales(db(), input(buyer))).items).toEqual([]);
    expect((await listSales(db(), input(other))).items.map((i) => i.code)).not.toContain(kept.code);
  });
});

describe("a canceled sale (issue 33, decision 061)", () => {
  it("reads refunded from the cancel on, before Stripe has refunded it, and is left out of the totals", async () => {
    const [seller, buyer] = await Promise.all([party(), party()]);
    const kept = await paidOrder(seller, buyer, 20_000, "JPY", "COMPLETED");
    const canceled = await paidOrder(seller, buyer, 30_000, "JPY", "COMPLETED");
    // The Order object has canceled it; its refund is owed, and the transaction still reads COMPLETED meanwhile.
    await env.DB.prepare(
      "UPDATE commission_orders SET order_progress_status = 'CANCELED', canceled_at = ? WHERE id = ?",
    )
      .bind(Date.now(), canceled.id)
      .run();
    const { items, totals } = await listSales(db(), input(seller));
    expect(items.map((i) => [i.code, i.refunded]).sort()).toEqual(
      [
        [kept.code, false],
        [canceled.code, true],
      ].sort(),
    );
    expect(totals).toMatchObject([{ currencyCode: "JPY", count: 1, totalAmount: 20_000 }]);
  });
});

describe("billing history", () => {
  it("lists the buyer's payments with the display-currency approximation and the refund, and nobody else's", async () => {
    const [seller, buyer, stranger] = await Promise.all([party(), party(), party()]);
    const paid = await paidOrder(seller, buyer, 12_139, "JPY", "COMPLETED");
    const refunded = await paidOrder(seller, buyer, 5_000, "USD", "REFUNDED");
    await paidOrder(seller, stranger, 8_000, "JPY", "COMPLETED");
    const book = await priceBook();
    const { items } = await listPayments(db(), input(buyer, "USD"));
    expect(items.map((i) => [i.code, i.refunded]).sort()).toEqual(
      [
        [paid.code, false],
        [refunded.code, true],
      ].sort(),
    );
    const yen = items.find((i) => i.code === paid.code)!;
    expect(yen.breakdown).toEqual(amountBreakdown(12_139, "JPY", await activeNumerators(), "USD", book));
    expect(yen.breakdown.displayCurrencyCode).toBe("USD");
    expect(yen.counterpart).toMatchObject({ handle: seller.handle });
    expect((await listPayments(db(), input(seller))).items).toEqual([]);
  });
});

describe("a dispute settled as a split on an order without stages (issue 59, decision 094)", () => {
  it("tells the ¥1,800 refunded and the ¥3,200 kept with their reason, and the creator's share of the ¥3,200 alone", async () => {
    // The issue's walk: ¥5,000 paid by card, disputed by the client, split by an admin with ¥1,800 back.
    const [seller, buyer, admin] = await Promise.all([newParty(), newParty(), newParty()]);
    await env.DB.prepare("INSERT INTO user_account_roles (user_account_id, role_code) VALUES (?, 'admin')")
      .bind(admin.userAccountId)
      .run();
    const order = await paidAtStripe("PAID", seller, buyer, { amount: 5_000 });
    const post = (path: string, who: OrderParty, json: unknown) =>
      call(path, { method: "POST", cookie: who.cookie, json });
    const opened = await post("/api/features/commission/order/dispute/open", buyer, {
      orderId: order.id,
      reason: "not_as_agreed",
      statement: "The colours are not the ones we agreed.",
    });
    expect(opened.status, await opened.clone().text()).toBe(200);
    const settled = await post("/api/admin/disputes/settle", admin, {
      orderId: order.id,
      outcome: "split",
      refundAmount: 1_800,
      confirmed: true,
      reason: "The sketch was as agreed, the colours were not.",
    });
    expect(settled.status, await settled.clone().text()).toBe(200);
    expect(await settled.json()).toMatchObject({ data: { orderProgressStatus: "CANCELED", money: "refunded" } });

    const fees = await activeNumerators();
    const kept = splitTotal(3_200, fees);
    const story = {
      status: "partly_refunded",
      paidAmount: 5_000,
      refund: { amount: 1_800, reason: "dispute_split", done: true },
      kept: [{ amount: 3_200, reason: "dispute_award" }],
      keptAmount: 3_200,
      heldAmount: 0,
      creator: {
        amount: 3_200,
        taxAmount: kept.taxAmount,
        salesAmount: kept.salesAmount,
        feeAmount: kept.feeAmount,
        incomeAmount: kept.incomeAmount,
        payoutAmount: stageTransferAmount(3_200, fees),
        final: true,
      },
      stages: [],
    };
    // Not the ¥4,118 income of the whole ¥5,000: the ¥3,200 kept, less its tax and the fee the payout takes.
    expect(story.creator).toMatchObject({ taxAmount: 291, feeAmount: 273, incomeAmount: 2_636, payoutAmount: 2_927 });

    const sales = await listSales(db(), input(seller));
    const sale = sales.items.find((i) => i.code === order.code)!;
    expect(sale.money).toEqual(story);
    expect(sale.refunded).toBe(true);
    expect(sale.breakdown.totalAmount).toBe(5_000);
    // The award's payout: one row, the ¥3,200 less the fee on it.
    expect(sale.payout).toMatchObject({ amount: 2_927 });
    // What the creator kept counts in the totals, as its share.
    expect(sales.totals).toEqual([{ currencyCode: "JPY", count: 1, ...pick(kept) }]);

    const payment = (await listPayments(db(), input(buyer))).items.find((i) => i.code === order.code)!;
    expect(payment.money).toEqual(story);
    expect(payment.breakdown.totalAmount).toBe(5_000);

    // The status words: partly refunded, in both languages, never "Refunded".
    for (const locale of ["en", "ja"] as const) {
      const texts = withMessageLocale(locale, "http://localhost", () => tableTexts());
      expect(statusText(texts, sale)).toBe(texts.statuses.partly_refunded);
      expect(statusText(texts, sale)).not.toBe(texts.refunded);
    }

    // The order's Payment tab, on both sides: the same story, and the settlement's own sentence.
    for (const [who, side] of [
      [seller, "seller"],
      [buyer, "buyer"],
    ] as const) {
      const detail = (await getOrderDetail(db(), env, order.code, await viewerOf(who)))!;
      expect(detail.side).toBe(side);
      expect(detail.money).toEqual(story);
      for (const locale of ["en", "ja"] as const) {
        const messages: Record<string, string> = locale === "en" ? enOrders : jaOrders;
        const yen = (amount: number) => formatMoney(amount, "JPY", locale);
        const note = withMessageLocale(locale, "http://localhost", () => refundNoteText(detail));
        expect(note).toBe(
          `${messages.orders_money_why_dispute_split} ${messages[`orders_money_part_done_${side}`]
            .replace("{refund}", yen(1_800))
            .replace("{kept}", yen(3_200))}`,
        );
        // Not the staged order's sentence: no approved stages here.
        expect(note).not.toMatch(locale === "en" ? /approved stages/ : /承認済み/);
      }
    }
  });
});

async function viewerOf(party: OrderParty) {
  const profile = await env.DB.prepare("SELECT id FROM user_profiles WHERE account_id = ?")
    .bind(party.userAccountId)
    .first<{ id: string }>();
  return {
    commissionAccountId: party.commissionAccountId,
    profileId: profile!.id,
    locale: "en" as const,
    displayCurrencyCode: "JPY",
  };
}

function pick(b: {
  totalAmount: number;
  taxAmount: number;
  salesAmount: number;
  feeAmount: number;
  incomeAmount: number;
}) {
  return {
    totalAmount: b.totalAmount,
    taxAmount: b.taxAmount,
    salesAmount: b.salesAmount,
    feeAmount: b.feeAmount,
    incomeAmount: b.incomeAmount,
  };
}
