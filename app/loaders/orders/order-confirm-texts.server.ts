// What the order page asks before a money action (issue 75): the question its dialog asks with script, and the confirm
// page it answers a post that came without `confirmed` (pressed before its part hydrated, or without script).
import { m } from "#app/paraglide/messages.js";
import { showMoney } from "#app/components/orders/order-format";
import { cancelPromptText } from "#app/components/orders/order-refund-texts";
import type { OrderDetail } from "#worker/orders/services/order-views";
import { stageTimelineTexts } from "./order-stage-texts.server";

/** The creator's Complete: the total goes to them, less the fee, after the client's week (decision 092). */
export const completeConfirmText = (order: Pick<OrderDetail, "facts" | "currencyCode">): string =>
  m.orders_complete_confirm({
    amount:
      order.facts.priceAmount === null ? m.orders_not_set() : showMoney(order.facts.priceAmount, order.currencyCode),
  });

/** The question the dialog asks of that intent, as the page words it now; null when the page would not offer it. */
function questionOf(order: OrderDetail, form: FormData, now: number): string | null {
  switch (String(form.get("intent"))) {
    case "approveStage":
      return stageTimelineTexts(order)?.items[Number(form.get("stage"))]?.approve?.confirm ?? null;
    case "complete":
      return completeConfirmText(order);
    case "cancel":
      return cancelPromptText(order, now);
    default:
      return null;
  }
}

/** The confirm page: what will happen, the post again with `confirmed=true`, and the way back to the order. */
export interface OrderConfirmation {
  heading: string;
  question: string;
  note: string;
  /** The fields as posted, posted again as they were (a typed comment is not lost). */
  fields: [string, string][];
  submit: string;
  back: { href: string; label: string };
}

export function orderConfirmation(order: OrderDetail, form: FormData, back: string, now: number): OrderConfirmation {
  const fields = [...form.entries()].flatMap(([name, value]): [string, string][] =>
    name !== "confirmed" && typeof value === "string" ? [[name, value]] : [],
  );
  return {
    heading: m.orders_confirm_heading(),
    // The order moved on since the page was drawn: the generic question; the confirmed post is then refused as usual.
    question: questionOf(order, form, now) ?? m.orders_confirm_money(),
    note: m.orders_confirm_note(),
    fields,
    submit: m.orders_confirm_submit(),
    back: { href: back, label: m.orders_confirm_back() },
  };
}
