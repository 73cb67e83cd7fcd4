// The order's price line by line (issue 63, decision 099), worded for the Payment tab: each line as it was priced,
// named by the order's snapshot choice in the reader's language ("Bust-up", "Background"), or "Base price"; an `each`
// line's unit and count, a percent line's percent; then what the creator changed at approval. The buyer also reads
// each amount approximately in their display currency, as they read the total. An order from before the lines were
// kept has none: its Payment tab shows the total alone, as it always did.
import { m } from "#app/paraglide/messages.js";
import { showApproximation, showMoney } from "#app/components/orders/order-format";
import { READ_AS_WRITTEN, type TextReading } from "#worker/domain/text-reading";
import type { OrderDetail, OrderPriceLineView } from "#worker/orders/services/order-views";

export interface PriceLineText {
  kind: OrderPriceLineView["kind"];
  /** A choice's title as the creator wrote it (read through `reading`), or Comet's own words for the base and the change. */
  label: string;
  reading: TextReading;
  /** "¥8,000 × 2", "+100%"; null when the amount says it all. */
  detail: string | null;
  amount: string;
  /** The buyer's "≈ $33.50"; null for the seller and for an order in their own currency. */
  approximate: string | null;
}

/**
 * A change either way reads as one: "+¥3,000" for a raise, "−¥2,000" for a discount; an approximation keeps its mark
 * first ("≈ −$13.40", "約−$13.40").
 */
function signed(minor: number, show: (minor: number) => string, approximate = false): string {
  const sign = minor < 0 ? "−" : "+";
  const text = show(Math.abs(minor));
  const mark = approximate ? /^(≈ |約)/.exec(text)?.[0] : undefined;
  return mark ? `${mark}${sign}${text.slice(mark.length)}` : `${sign}${text}`;
}

export function orderPriceLineTexts(order: OrderDetail): PriceLineText[] | null {
  if (!order.priceLines) return null;
  const choices = new Map(order.questions.flatMap((q) => q.choices).map((choice) => [choice.id, choice]));
  const money = (minor: number) => showMoney(minor, order.currencyCode);
  return order.priceLines.map((line) => {
    const choice = "choiceId" in line ? choices.get(line.choiceId) : undefined;
    const adjustment = line.kind === "adjustment";
    const display = line.displayAmount;
    const approximate = display
      ? adjustment
        ? signed(display.amount, (minor) => showApproximation(minor, display.currencyCode), true)
        : showApproximation(display.amount, display.currencyCode)
      : null;
    return {
      kind: line.kind,
      label:
        line.kind === "base"
          ? m.orders_price_line_base()
          : adjustment
            ? m.orders_price_line_adjustment()
            : (choice?.title ?? m.orders_price_line_option()),
      reading: choice?.titleReading ?? READ_AS_WRITTEN,
      detail:
        line.kind === "each"
          ? m.orders_price_line_each({ unit: money(line.unit), count: String(line.count) })
          : line.kind === "percent"
            ? m.orders_price_line_percent({ percent: String(line.percent) })
            : null,
      amount: adjustment ? signed(line.amount, money) : money(line.amount),
      approximate,
    };
  });
}
