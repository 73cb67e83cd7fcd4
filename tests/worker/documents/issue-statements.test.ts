// The timed jobs' statements (decision 102; worker/documents/services/issue-due-statements.ts): a creator's closed
// months and year in Japan time, totalled by currency across yen and dollars (sales, refunds, Comet's fees, payouts),
// none for a month without activity, a payout's own statement; and the sweep, run again, issues nothing new.
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { issueDueDocuments } from "#worker/documents/services/issue-due-documents";
import { insertOrderIn, newParty } from "../support/order-states";
import { documentOf, insertCharge, insertTransfer, sweepUntilQuiet } from "./issue-fixtures";

const at = (iso: string) => Date.parse(iso);

describe("monthly and yearly statements", () => {
  it("add up a creator's closed months and year by currency, in Japan time", async () => {
    const [seller, buyer] = await Promise.all([newParty(), newParty()]);
    const [yenOrder, dollarOrder, lateOrder] = await Promise.all([
      insertOrderIn("COMPLETED", seller, buyer),
      insertOrderIn("COMPLETED", seller, buyer),
      insertOrderIn("COMPLETED", seller, buyer),
    ]);
    const yen = await insertCharge(yenOrder.id, buyer, {
      amount: 10_000,
      currency: "JPY",
      paidAt: at("2023-05-10T03:00:00Z"),
    });
    const dollars = await insertCharge(dollarOrder.id, buyer, {
      amount: 5_000,
      currency: "USD",
      paidAt: at("2023-05-20T03:00:00Z"),
      refunded: { amount: 1_000, at: at("2023-05-25T03:00:00Z") },
    });
    // 15:00 UTC on 31 May is midnight on 1 June in Tokyo: June's.
    const june = await insertCharge(lateOrder.id, buyer, {
      amount: 2_000,
      currency: "JPY",
      paidAt: at("2023-05-31T15:00:00Z"),
    });
    await insertTransfer(yenOrder.id, yen.transactionId, seller, {
      amount: 7_000,
      currency: "JPY",
      at: at("2023-05-28T03:00:00Z"),
    });
    const payoutId = await insertTransfer(dollarOrder.id, dollars.transactionId, seller, {
      amount: 40_000,
      currency: "JPY",
      at: at("2023-06-02T03:00:00Z"),
    });
    await sweepUntilQuiet();

    const may = await documentOf(`month:${seller.userAccountId}:2023-05`);
    expect(may).toMatchObject({
      kind: "MONTHLY_STATEMENT",
      issuerKey: "comet",
      recipientUserAccountId: seller.userAccountId,
      period: "2023-05",
      currency: null,
      total: null,
      taxAmount: null,
    });
    expect(may.body.totals).toEqual([
      { currency: "JPY", sales: 10_000, refunds: 0, fees: yen.feeAmount, payouts: 7_000 },
      { currency: "USD", sales: 5_000, refunds: 1_000, fees: dollars.feeAmount, payouts: 0 },
    ]);
    expect(may.body).toMatchObject({
      period: "2023-05",
      tax: null,
      qualified: false,
      recipient: { userAccountId: seller.userAccountId },
    });
    expect((await documentOf(`month:${seller.userAccountId}:2023-06`)).body.totals).toEqual([
      { currency: "JPY", sales: 2_000, refunds: 0, fees: june.feeAmount, payouts: 40_000 },
    ]);
    const year = await documentOf(`year:${seller.userAccountId}:2023`);
    expect(year).toMatchObject({ kind: "YEARLY_STATEMENT", period: "2023" });
    expect(year.body.totals).toEqual([
      { currency: "JPY", sales: 12_000, refunds: 0, fees: yen.feeAmount + june.feeAmount, payouts: 47_000 },
      { currency: "USD", sales: 5_000, refunds: 1_000, fees: dollars.feeAmount, payouts: 0 },
    ]);
    // A month without activity has no statement.
    const april = await env.DB.prepare("SELECT count(*) AS n FROM issued_documents WHERE source_key = ?")
      .bind(`month:${seller.userAccountId}:2023-04`)
      .first<number>("n");
    expect(april).toBe(0);
    // The payout sent in yen for the dollar order has its own statement, in yen.
    expect(await documentOf(`payout:${payoutId}`)).toMatchObject({
      kind: "PAYOUT_STATEMENT",
      issuerKey: "comet",
      currency: "JPY",
      total: 40_000,
      taxAmount: null,
      orderId: dollarOrder.id,
    });
  });

  it("leave the month still running alone: a charge paid this month has its receipt and no statement yet", async () => {
    const [seller, buyer] = await Promise.all([newParty(), newParty()]);
    const order = await insertOrderIn("PAID", seller, buyer);
    const charge = await insertCharge(order.id, buyer, { amount: 3_000, currency: "JPY", paidAt: Date.now() });
    await sweepUntilQuiet();
    await documentOf(`receipt:${charge.transactionId}`);
    const statements = await env.DB.prepare(
      "SELECT count(*) AS n FROM issued_documents WHERE recipient_user_account_id = ? AND kind IN ('MONTHLY_STATEMENT', 'YEARLY_STATEMENT')",
    )
      .bind(seller.userAccountId)
      .first<number>("n");
    expect(statements).toBe(0);
  });
});

describe("the sweep", () => {
  it("run again once it has nothing left, issues nothing and spends no number", async () => {
    const [seller, buyer] = await Promise.all([newParty(), newParty()]);
    const order = await insertOrderIn("COMPLETED", seller, buyer);
    await insertCharge(order.id, buyer, {
      amount: 8_000,
      currency: "JPY",
      paidAt: at("2024-02-10T03:00:00Z"),
      refunded: { amount: 8_000, at: at("2024-02-12T03:00:00Z") },
    });
    expect(await sweepUntilQuiet()).toBeGreaterThan(0);
    const before = await env.DB.batch([
      env.DB.prepare("SELECT count(*) AS n FROM issued_documents"),
      env.DB.prepare("SELECT issuer_key, last_number FROM document_counters ORDER BY issuer_key"),
    ]);
    expect(await issueDueDocuments(env.DB, Date.now())).toEqual({
      receipts: 0,
      feeInvoices: 0,
      refundNotes: 0,
      payoutStatements: 0,
      monthlyStatements: 0,
      yearlyStatements: 0,
    });
    const after = await env.DB.batch([
      env.DB.prepare("SELECT count(*) AS n FROM issued_documents"),
      env.DB.prepare("SELECT issuer_key, last_number FROM document_counters ORDER BY issuer_key"),
    ]);
    expect(after.map((r) => r.results)).toEqual(before.map((r) => r.results));
    // A charge refunded in full has its receipt and refund note, and no fee invoice: Comet kept no fee on it.
    const kinds = await env.DB.prepare("SELECT kind FROM issued_documents WHERE order_id = ? ORDER BY number")
      .bind(order.id)
      .all<{ kind: string }>();
    expect(kinds.results.map((r) => r.kind).sort()).toEqual(["RECEIPT", "REFUND_NOTE"]);
  });
});
