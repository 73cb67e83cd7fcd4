// The timed jobs' documents about payments (decision 102; worker/documents/services/issue-due-documents.ts): a paid
// order's receipt in the creator's series with its price lines, licence and 1/11 tax, and Comet's fee invoice; a
// registered creator's receipt as a qualified invoice with both registration numbers; and after an admin's split
// settlement (a real charge and refund at the Stripe emulator) the refund note of what was given back, pointing at the
// receipt.
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { COMET_PARTY } from "#worker/documents/domain/comet-issuer";
import { creatorIssuerKey, displayPrefix } from "#worker/documents/domain/document-numbers";
import { LINE_KEYS } from "#worker/documents/domain/issue-documents";
import { splitTotal } from "#worker/domain/money";
import { call } from "../support/helpers";
import { commissionAccountByEmail } from "../support/order-fixtures";
import { newAdmin, newParty, type Party } from "../support/order-states";
import { approvedOrder } from "../support/payments-helpers";
import { pricedOrder } from "../support/priced-order-fixtures";
import { documentOf, handleOf, insertCharge, sweepUntilQuiet } from "./issue-fixtures";

const REGISTRATION = { number: "T7123456789012", name: "Sato Mika (registered)" };

async function register(party: Party) {
  await env.DB.prepare(
    "INSERT INTO invoice_registrations (user_account_id, registration_number, registered_name, created_at, updated_at) VALUES (?, ?, ?, ?, ?)",
  )
    .bind(party.userAccountId, REGISTRATION.number, REGISTRATION.name, Date.now(), Date.now())
    .run();
}

describe("receipts and fee invoices", () => {
  it("a paid order's receipt is the creator's to the client, with the order's lines, licence and tax", async () => {
    const [seller, buyer] = await Promise.all([newParty(), newParty()]);
    const order = await pricedOrder(seller, buyer);
    const charge = await insertCharge(order.id, buyer, { amount: 61_000, currency: "JPY", paidAt: Date.now() - 1_000 });
    await sweepUntilQuiet();

    const receipt = await documentOf(`receipt:${charge.transactionId}`);
    const issuerKey = creatorIssuerKey(seller.userAccountId);
    expect(receipt).toMatchObject({
      kind: "RECEIPT",
      issuerKey,
      recipientUserAccountId: buyer.userAccountId,
      orderId: order.id,
      currency: "JPY",
      total: 61_000,
      taxAmount: 5_545,
    });
    expect(receipt.body.displayNumber).toMatch(new RegExp(`^${displayPrefix(issuerKey)}\\d{6}$`));
    expect(receipt.body).toMatchObject({
      issuer: { name: await handleOf(seller), registrationNumber: null, userAccountId: seller.userAccountId },
      recipient: { name: await handleOf(buyer), userAccountId: buyer.userAccountId },
      intermediary: null,
      qualified: false,
      tax: { ratePercent: 10, taxableAmount: 61_000, taxAmount: 5_545 },
      order: { code: order.code, licence: ["streaming", "goods"] },
    });
    // The lines as the sheet priced them, each choice by its title as written (English), summing to the charge.
    expect(receipt.body.lines.map((l) => [l.label, l.amount])).toEqual([
      ["Bust-up", 20_000],
      ["Background", 5_000],
      ["Commercial use (+100%)", 20_000],
      ["Extra character × 2", 16_000],
    ]);

    const invoice = await documentOf(`fee:${charge.transactionId}`);
    const fee = splitTotal(61_000, [charge.feeNumerator]).feeAmount;
    expect(invoice).toMatchObject({
      kind: "FEE_INVOICE",
      issuerKey: "comet",
      recipientUserAccountId: seller.userAccountId,
      total: fee,
      taxAmount: Math.round(fee / 11),
    });
    expect(invoice.body).toMatchObject({
      issuer: COMET_PARTY,
      qualified: true,
      lines: [{ label: LINE_KEYS.fee, amount: fee }],
    });
    expect(invoice.body.displayNumber).toMatch(/^CMT-\d{6}$/);
  });

  it("a registered creator's receipt is a qualified invoice under the registered name, Comet beside it with its number", async () => {
    const [seller, buyer] = await Promise.all([newParty(), newParty()]);
    await register(seller);
    const order = await pricedOrder(seller, buyer, { lines: false });
    const charge = await insertCharge(order.id, buyer, { amount: 61_000, currency: "JPY", paidAt: Date.now() - 1_000 });
    await sweepUntilQuiet();
    const receipt = await documentOf(`receipt:${charge.transactionId}`);
    expect(receipt.body).toMatchObject({
      issuer: { name: REGISTRATION.name, registrationNumber: REGISTRATION.number, userAccountId: seller.userAccountId },
      intermediary: { name: COMET_PARTY.name, registrationNumber: COMET_PARTY.registrationNumber },
      qualified: true,
    });
    // An order from before lines were kept is one line of its title (none here: 'Unknown'), the whole charge.
    expect(receipt.body.lines.map((l) => l.amount)).toEqual([61_000]);
    // Comet's invoice to a registered creator names the creator by their registration too.
    expect((await documentOf(`fee:${charge.transactionId}`)).body.recipient).toMatchObject({
      name: REGISTRATION.name,
      registrationNumber: REGISTRATION.number,
    });
  });
});

describe("refund notes", () => {
  it("after a split settlement, the note gives back ¥3,500 with its tax and refers to the ¥10,000 receipt", async () => {
    const order = await approvedOrder();
    const post = (path: string, cookie: string, json: unknown) => call(path, { method: "POST", cookie, json });
    expect(
      (await post("/api/features/commission/order/pay", order.buyer.cookie, { orderId: order.id, confirmed: true }))
        .status,
    ).toBe(200);
    const opened = await post("/api/features/commission/order/dispute/open", order.buyer.cookie, {
      orderId: order.id,
      reason: "quality",
      statement: "Half done.",
    });
    expect(opened.status).toBe(200);
    const admin = await newAdmin();
    const settled = await post("/api/admin/disputes/settle", admin.cookie, {
      orderId: order.id,
      outcome: "split",
      refundAmount: 3_500,
      confirmed: true,
      reason: "Both sides' files read: the work is as agreed in part.",
    });
    expect(settled.status).toBe(200);
    const transaction = (await env.DB.prepare(
      "SELECT id, transaction_status, refunded_amount FROM payment_transactions WHERE order_id = ?",
    )
      .bind(order.id)
      .first<{ id: string; transaction_status: string; refunded_amount: number }>())!;
    expect(transaction).toMatchObject({ transaction_status: "PARTIALLY_REFUNDED", refunded_amount: 3_500 });
    await sweepUntilQuiet();

    const [seller, buyer] = await Promise.all([
      commissionAccountByEmail(order.seller.email),
      commissionAccountByEmail(order.buyer.email),
    ]);
    const receipt = await documentOf(`receipt:${transaction.id}`);
    expect(receipt).toMatchObject({ total: 10_000, taxAmount: 909, recipientUserAccountId: buyer.userAccountId });
    const note = await documentOf(`refund:${transaction.id}`);
    expect(note).toMatchObject({
      kind: "REFUND_NOTE",
      issuerKey: creatorIssuerKey(seller.userAccountId),
      recipientUserAccountId: buyer.userAccountId,
      orderId: order.id,
      total: 3_500,
      taxAmount: 318,
    });
    expect(note.body).toMatchObject({
      refersTo: receipt.body.displayNumber,
      total: 3_500,
      tax: { ratePercent: 10, taxableAmount: 3_500, taxAmount: 318 },
      lines: [{ label: LINE_KEYS.refund, isKey: true, orderCode: order.code, amount: 3_500 }],
      qualified: false,
    });
    // In the creator's series after the receipt it refers to.
    expect(note.number).toBe(receipt.number + 1);
  });
});
