// The loaders the money history pages share (docs/decisions/026): the page from ?page=N and one D1 batch from
// worker/orders/services/order-history.ts (which finds the caller's commission account itself), and the tables' words.
import type { RouterContextProvider } from "react-router";
import { billingTexts, tableTexts } from "#app/loaders/history/table-texts.server";
import { documentList } from "#app/loaders/documents/document-list.server";
import { requestContext } from "#app/lib/request-context";
import { pageFromQuery } from "#worker/domain/paging";
import { listPayments, listSales } from "#worker/orders/services/order-history";
import type { SessionUser } from "#worker/services/sessions";

type Context = Readonly<RouterContextProvider>;

function historyInput(context: Context, user: SessionUser) {
  const { db, url, locale } = context.get(requestContext);
  const page = pageFromQuery(url.searchParams.get("page"));
  return {
    db,
    page,
    input: { userAccountId: user.accountId, page, locale, displayCurrencyCode: user.displayCurrencyCode },
  };
}

// Below each table, the documents of that side (decision 102): the creator's statements, fee invoices and the receipts
// issued in their name; the client's receipts and refund notes.
export async function loadSales(context: Context, user: SessionUser) {
  const { db, page, input } = historyInput(context, user);
  const [sales, documents] = await Promise.all([
    listSales(db, input),
    documentList(db.$client, user.accountId, "creator", input.locale),
  ]);
  return { page, ...sales, texts: tableTexts(), documents };
}

export async function loadPayments(context: Context, user: SessionUser) {
  const { db, page, input } = historyInput(context, user);
  const [payments, documents] = await Promise.all([
    listPayments(db, input),
    documentList(db.$client, user.accountId, "client", input.locale),
  ]);
  return { page, ...payments, texts: tableTexts(), billing: billingTexts(), documents };
}
