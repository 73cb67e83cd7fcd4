// Issue 31, bad input never breaks anything: the money history pages read ?page= through one rule
// (worker/domain/paging.ts): a page past what D1 takes as an OFFSET, or no number at all, is page 1, never a 500
// ("datatype mismatch"); a huge but safe number is capped. The services bound any page a caller passes the same way.
import { env } from "cloudflare:workers";
import { RouterContextProvider } from "react-router";
import { describe, expect, it } from "vitest";
import { requestContext } from "#app/lib/request-context";
import * as billingPage from "#app/routes/dashboard/history-billing";
import * as salesPage from "#app/routes/dashboard/history-sales";
import { MAX_PAGE } from "#worker/domain/paging";
import { listPayments, listSales } from "#worker/orders/services/order-history";
import { listOrders } from "#worker/orders/services/order-views";
import { createSession, getSessionUser } from "#worker/services/sessions";
import { freshUser } from "../support/auth-helpers";
import { db, signUp } from "../support/helpers";
import { commissionAccountByEmail, insertOrder } from "../support/order-fixtures";
import { insertSnapshot } from "../support/order-snapshot-fixtures";

async function party() {
  const user = freshUser();
  await signUp(user.handle, user.email);
  const account = await commissionAccountByEmail(user.email);
  return { commissionAccountId: account.id, userAccountId: account.userAccountId };
}

/** A sale paid in yen between a creator and a client: the one row on each of their history pages. */
async function paidSale() {
  const [seller, buyer] = await Promise.all([party(), party()]);
  await env.DB.prepare("INSERT INTO user_account_roles (user_account_id, role_code) VALUES (?, 'creator')")
    .bind(seller.userAccountId)
    .run();
  const { id, code } = await insertOrder({
    sellerId: seller.commissionAccountId,
    buyerId: buyer.commissionAccountId,
    priceAmount: 10_000,
    approvalDeadline: Date.now() + 86_400_000,
  });
  await insertSnapshot(id, { serviceTitle: `Portrait ${code}` });
  const now = Date.now();
  await env.DB.batch([
    env.DB.prepare(
      "UPDATE commission_orders SET order_progress_status = 'APPROVED', order_payment_status = 'COMPLETED' WHERE id = ?",
    ).bind(id),
    env.DB.prepare(
      `INSERT INTO payment_transactions (id, order_id, buyer_id, transaction_status, idempotency_key, amount, currency_id, paid_at, created_at, updated_at)
       VALUES (?, ?, ?, 'COMPLETED', ?, 10000, (SELECT id FROM currencies WHERE code = 'JPY'), ?, ?, ?)`,
    ).bind(crypto.randomUUID(), id, buyer.commissionAccountId, `test-${id}`, now, now, now),
  ]);
  return { seller, buyer, code };
}

async function pageContext(accountId: string, search: string) {
  const { token } = await createSession(db(), accountId);
  const context = new RouterContextProvider();
  context.set(requestContext, {
    env,
    url: new URL(`http://localhost/dashboard/history${search}`),
    executionCtx: {} as ExecutionContext,
    db: db(),
    user: await getSessionUser(db(), token),
    sessionToken: token,
    locale: "en",
  });
  return context;
}

const UNREADABLE_PAGES = ["99999999999999999999", "1e30", "-5", "0", "2.5", "abc", ""];

describe("history pages: ?page= is bounded", () => {
  it("billing: an unreadable or out-of-range page is page 1 with the buyer's payment, never an error", async () => {
    const { buyer, code } = await paidSale();
    for (const page of UNREADABLE_PAGES) {
      const loaded = await billingPage.loader({
        context: await pageContext(buyer.userAccountId, `/billing?page=${encodeURIComponent(page)}`),
      } as never);
      expect(loaded.page, page).toBe(1);
      expect(
        loaded.items.map((item) => item.code),
        page,
      ).toEqual([code]);
    }
  });

  it("sales: an unreadable or out-of-range page is page 1 with the seller's sale and totals, never an error", async () => {
    const { seller, code } = await paidSale();
    for (const page of UNREADABLE_PAGES) {
      const loaded = await salesPage.loader({
        context: await pageContext(seller.userAccountId, `/sales?page=${encodeURIComponent(page)}`),
      } as never);
      expect(loaded.page, page).toBe(1);
      expect(
        loaded.items.map((item) => item.code),
        page,
      ).toEqual([code]);
      expect(loaded.totals).toMatchObject([{ currencyCode: "JPY", count: 1, totalAmount: 10_000 }]);
    }
  });

  it("a huge but safe page is capped at MAX_PAGE (empty), and page 2 is still page 2", async () => {
    const { seller, buyer } = await paidSale();
    const capped = await salesPage.loader({
      context: await pageContext(seller.userAccountId, `/sales?page=${Number.MAX_SAFE_INTEGER}`),
    } as never);
    expect(capped).toMatchObject({ page: MAX_PAGE, items: [], hasMore: false });
    const second = await billingPage.loader({
      context: await pageContext(buyer.userAccountId, "/billing?page=2"),
    } as never);
    expect(second).toMatchObject({ page: 2, items: [], hasMore: false });
  });

  it("the services take any page a caller passes: past 2^53 or not a whole number is page 1", async () => {
    const { seller, buyer, code } = await paidSale();
    const input = (userAccountId: string, page: number) => ({
      userAccountId,
      page,
      locale: "en" as const,
      displayCurrencyCode: "JPY",
    });
    for (const page of [1e20, Number.POSITIVE_INFINITY, Number.NaN, -3, 1.5]) {
      expect(
        (await listSales(db(), input(seller.userAccountId, page))).items.map((item) => item.code),
        String(page),
      ).toEqual([code]);
      expect(
        (await listPayments(db(), input(buyer.userAccountId, page))).items.map((item) => item.code),
        String(page),
      ).toEqual([code]);
    }
  });

  it("the order lists (managements, client requests) bound their page the same way", async () => {
    const { seller, buyer, code } = await paidSale();
    for (const page of [1e20, Number.NaN, -3, 1.5]) {
      for (const [side, party] of [
        ["seller", seller],
        ["buyer", buyer],
      ] as const) {
        const list = await listOrders(db(), {
          commissionAccountId: party.commissionAccountId,
          side,
          filter: "all",
          page,
          locale: "en",
        });
        expect(
          list.items.map((item) => item.code),
          `${side} ${page}`,
        ).toEqual([code]);
      }
    }
  });
});
