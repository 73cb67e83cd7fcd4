/**
 * A creator's monthly and yearly statements (decision 102): a closed month's or year's sales, refunds, Comet's fees
 * and payouts, in Japan time, totalled by currency (a creator may sell in yen and dollars, and is paid out in what the
 * charges settled in). Statements are not invoices: no tax, no registration claim. Pure.
 */
import type { CurrencyTotal } from "./document-body";
import { type DocumentDraft, type PartyFacts, partyOf } from "./document-draft";
import { COMET_ISSUER_KEY } from "./document-numbers";
import { DOCUMENT_SOURCES } from "./document-sources";
import { COMET_PARTY } from "./comet-issuer";
import type { PeriodKind } from "./tokyo-periods";

/** One amount of activity in a period, as the sweep's queries hand it over. */
export interface PeriodAmount {
  currency: string;
  kind: keyof Omit<CurrencyTotal, "currency">;
  amount: number;
}

/** The amounts added up by currency, currencies in alphabetical order; a currency with nothing in it is left out. */
export function totalsByCurrency(amounts: readonly PeriodAmount[]): CurrencyTotal[] {
  const totals = new Map<string, CurrencyTotal>();
  for (const { currency, kind, amount } of amounts) {
    const total = totals.get(currency) ?? { currency, sales: 0, refunds: 0, fees: 0, payouts: 0 };
    total[kind] += amount;
    totals.set(currency, total);
  }
  return [...totals.values()]
    .filter((t) => t.sales !== 0 || t.refunds !== 0 || t.fees !== 0 || t.payouts !== 0)
    .sort((a, b) => (a.currency < b.currency ? -1 : a.currency > b.currency ? 1 : 0));
}

/**
 * The statement of a period with activity, or null when there was none (no statement is issued for an empty period).
 * Its body's `currency` and `total` name the one currency and its sales when there is one; with several, the page
 * reads `totals` (the row's currency and total are null, as for every statement).
 */
export function periodStatementDraft(
  kind: PeriodKind,
  period: string,
  creator: PartyFacts,
  amounts: readonly PeriodAmount[],
): DocumentDraft | null {
  const totals = totalsByCurrency(amounts);
  if (totals.length === 0) return null;
  const documentKind = kind === "month" ? "MONTHLY_STATEMENT" : "YEARLY_STATEMENT";
  const only = totals.length === 1 ? totals[0]! : null;
  return {
    kind: documentKind,
    issuerKey: COMET_ISSUER_KEY,
    sourceKey: DOCUMENT_SOURCES[kind](creator.userAccountId, period),
    recipientUserAccountId: creator.userAccountId,
    orderId: null,
    period,
    currency: null,
    total: null,
    taxAmount: null,
    body: {
      kind: documentKind,
      issuer: COMET_PARTY,
      recipient: partyOf(creator),
      intermediary: null,
      qualified: false,
      currency: only?.currency ?? "",
      lines: [],
      total: only?.sales ?? 0,
      tax: null,
      order: null,
      period,
      totals,
      refersTo: null,
      replaces: null,
    },
  };
}
