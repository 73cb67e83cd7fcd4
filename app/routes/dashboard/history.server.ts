// The loaders the money history pages share (docs/decisions/026): the caller's commission account, the page from
// ?page=N, and one D1 batch from worker/services/order-history.ts.
import type { RouterContextProvider } from "react-router";
import { requestContext } from "~/lib/request-context";
import { listPayments, listSales } from "../../../worker/services/order-history";
import { commissionAccountOf } from "../../../worker/services/orders";
import type { SessionUser } from "../../../worker/services/sessions";

type Context = Readonly<RouterContextProvider>;

async function historyInput(context: Context, user: SessionUser) {
  const { db, url, locale } = context.get(requestContext);
  const page = Math.max(1, Number.parseInt(url.searchParams.get("page") ?? "1", 10) || 1);
  const commissionAccountId = await commissionAccountOf(db.$client, user.accountId);
  return { db, page, input: commissionAccountId ? { commissionAccountId, page, locale, displayCurrencyCode: user.displayCurrencyCode } : null };
}

export async function loadSales(context: Context, user: SessionUser) {
  const { db, page, input } = await historyInput(context, user);
  const sales = input ? await listSales(db, input) : { items: [], totals: [], hasMore: false };
  return { page, ...sales };
}

export async function loadPayments(context: Context, user: SessionUser) {
  const { db, page, input } = await historyInput(context, user);
  const payments = input ? await listPayments(db, input) : { items: [], hasMore: false };
  return { page, ...payments };
}
