// The order page's chargeback banner (decision 103) as the loader hands it over: for each card issuer's dispute of
// the order's payment, what it is and what it does to the money, worded for the viewer's side. The client is reminded
// to ask Comet before their bank; the creator reads that their payouts not yet sent wait, and once lost, who bears it.
import { m } from "#app/paraglide/messages.js";
import type { Database } from "#worker/db/client";
import type { Locale } from "#worker/domain/locales";
import { isChargebackClosed, type ChargebackSummary } from "#worker/orders/domain/chargebacks";
import type { OrderSide } from "#worker/orders/domain/order-display";
import { chargebacksOfOrder } from "#worker/orders/services/chargebacks";
import {
  chargebackMoney,
  chargebackReasonText,
  chargebackTime,
} from "#app/loaders/chargebacks/chargeback-labels.server";

export type ChargebackTone = "open" | "won" | "lost" | "ended";

export interface OrderChargebackBanner {
  id: string;
  tone: ChargebackTone;
  heading: string;
  facts: string;
  body: string;
  terms: { href: string; label: string };
}

const toneOf = (status: string): ChargebackTone =>
  !isChargebackClosed(status) ? "open" : status === "won" ? "won" : status === "lost" ? "lost" : "ended";

const HEADINGS: Record<ChargebackTone, () => string> = {
  open: m.chargebacks_banner_heading_open,
  won: m.chargebacks_banner_heading_won,
  lost: m.chargebacks_banner_heading_lost,
  ended: m.chargebacks_banner_heading_ended,
};

function bodyOf(summary: ChargebackSummary, tone: ChargebackTone, side: OrderSide) {
  if (tone === "ended") return m.chargebacks_banner_ended();
  if (side === "buyer")
    return {
      open: m.chargebacks_banner_buyer_open,
      won: m.chargebacks_banner_buyer_won,
      lost: m.chargebacks_banner_buyer_lost,
    }[tone]();
  if (tone === "open") return m.chargebacks_banner_seller_open();
  if (tone === "won") return m.chargebacks_banner_seller_won();
  return summary.borneBy === "creator"
    ? m.chargebacks_banner_seller_lost_creator()
    : m.chargebacks_banner_seller_lost_comet();
}

/** The banners of an order's chargebacks, open first; null when it has none. The caller has checked the party. */
export async function orderChargebackBanners(
  db: Database,
  order: { id: string; side: OrderSide },
  locale: Locale,
): Promise<OrderChargebackBanner[] | null> {
  const chargebacks = await chargebacksOfOrder(db.$client, order.id);
  if (chargebacks.length === 0) return null;
  const terms = {
    href: order.side === "buyer" ? "/terms/clients#chargebacks" : "/terms/creators#chargebacks",
    label: m.chargebacks_banner_terms(),
  };
  return chargebacks.map((summary) => {
    const tone = toneOf(summary.status);
    return {
      id: summary.id,
      tone,
      heading: HEADINGS[tone](),
      facts: m.chargebacks_banner_facts({
        amount: chargebackMoney(summary.amount, summary.currency, locale),
        reason: chargebackReasonText(summary.reason),
        date: chargebackTime(summary.openedAt, locale).text,
      }),
      body: bodyOf(summary, tone, order.side),
      terms,
    };
  });
}
