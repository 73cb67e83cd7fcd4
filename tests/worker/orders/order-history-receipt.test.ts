// Each payment in the histories is a receipt of its order (issue 63): the client's billing history and the creator's
// sales history list the order's price lines as priced (named by its snapshot choices in the reader's language), the
// creator's change at approval, and the licence; an order from before the lines and licences reads "—", as before.
import { env } from "cloudflare:workers";
import { createElement, Fragment } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { receiptColumn } from "#app/components/history/sales-table";
import { tableTexts } from "#app/loaders/history/table-texts.server";
import type { Locale } from "#worker/domain/locales";
import { withMessageLocale } from "#worker/messages/message-locale";
import { listPayments, listSales, type HistoryEntry } from "#worker/orders/services/order-history";
import { freshUser } from "../support/auth-helpers";
import { db, signUp } from "../support/helpers";
import { commissionAccountByEmail } from "../support/order-fixtures";
import { pricedOrder } from "../support/priced-order-fixtures";

async function party() {
  const user = freshUser();
  await signUp(user.handle, user.email);
  const account = await commissionAccountByEmail(user.email);
  return { commissionAccountId: account.id, userAccountId: account.userAccountId };
}

/** The priced order paid, at `price` (the creator's price at approval). */
async function paid(order: { id: string }, buyerId: string, price: number) {
  const now = Date.now();
  const transactionId = crypto.randomUUID();
  await env.DB.batch([
    env.DB.prepare(
      "UPDATE commission_orders SET price_amount = ?, order_progress_status = 'APPROVED', order_payment_status = 'COMPLETED' WHERE id = ?",
    ).bind(price, order.id),
    env.DB.prepare(
      `INSERT INTO payment_transactions (id, order_id, buyer_id, transaction_status, idempotency_key, amount, currency_id, paid_at, created_at, updated_at)
       VALUES (?, ?, ?, 'COMPLETED', ?, ?, (SELECT id FROM currencies WHERE code = 'JPY'), ?, ?, ?)`,
    ).bind(transactionId, order.id, buyerId, `test-${transactionId}`, price, now, now, now),
  ]);
}

const input = (p: { userAccountId: string }, locale: Locale) => ({
  userAccountId: p.userAccountId,
  page: 1,
  locale,
  displayCurrencyCode: "JPY",
});

/** The receipt cell as the page renders it, in `locale`, as its text. */
function receipt(entry: HistoryEntry, locale: Locale): string {
  return withMessageLocale(locale, "http://localhost", () => {
    const markup = renderToStaticMarkup(createElement(Fragment, null, receiptColumn(tableTexts()).cell(entry)));
    return markup.replace(/<[^>]+>/g, "|").replace(/\|+/g, "|");
  });
}

describe("the histories' receipts", () => {
  it("list the order's lines, the creator's change and the licence, for the client in Japanese and the creator in English", async () => {
    const [seller, buyer] = await Promise.all([party(), party()]);
    const order = await pricedOrder(seller, buyer);
    // The creator raised the price at approval: ¥61,000 as priced, ¥65,000 paid.
    await paid(order, buyer.commissionAccountId, 65_000);

    const bought = (await listPayments(db(), input(buyer, "ja"))).items.find((i) => i.code === order.code)!;
    expect(bought.priceLines?.map((line) => [line.kind, line.title, line.amount])).toEqual([
      ["plan", "バストアップ", 20_000],
      ["add", "背景", 5_000],
      ["percent", "商用利用", 20_000],
      ["each", "キャラクター追加", 16_000],
      ["adjustment", null, 4_000],
    ]);
    expect(bought.licence).toEqual({ scope: "commercial", uses: ["streaming", "goods"] });
    expect(receipt(bought, "ja")).toBe(
      "|バストアップ|¥20,000|背景|¥5,000|商用利用| +100%|¥20,000|キャラクター追加| ¥8,000 × 2|¥16,000|" +
        "クリエイターによる金額の変更|+¥4,000|利用範囲：商用利用：配信、グッズ|",
    );

    const sold = (await listSales(db(), input(seller, "en"))).items.find((i) => i.code === order.code)!;
    expect(receipt(sold, "en")).toBe(
      "|Bust-up|¥20,000|Background|¥5,000|Commercial use| +100%|¥20,000|Extra character| ¥8,000 × 2|¥16,000|" +
        "Changed by the creator|+¥4,000|Licence: Commercial use: streaming, goods|",
    );
  });

  it("an order from before the lines and licences reads as before: no lines, no licence, a dash", async () => {
    const [seller, buyer] = await Promise.all([party(), party()]);
    const order = await pricedOrder(seller, buyer, { lines: false, licence: false });
    await paid(order, buyer.commissionAccountId, 61_000);
    const bought = (await listPayments(db(), input(buyer, "en"))).items.find((i) => i.code === order.code)!;
    expect([bought.priceLines, bought.licence]).toEqual([null, null]);
    expect(receipt(bought, "en")).toBe("—");
  });
});
