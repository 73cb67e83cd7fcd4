import { m } from "#app/paraglide/messages.js";
import type { TableTexts } from "./sales-table";

/**
 * The history tables' words (columns, statuses, the pager), rendered by the loaders of the pages that show them
 * (sales and billing histories, billing, the wallet) in the request's language, so the tables ship no messages
 * (decision 016's pattern; decision 037).
 */
export function tableTexts(): TableTexts {
  return {
    date: m.history_column_date(),
    order: m.history_column_order(),
    status: m.history_column_status(),
    paid: m.history_status_paid(),
    refunded: m.history_status_refunded(),
    previous: m.history_page_previous(),
    next: m.history_page_next(),
    stages: {
      label: m.history_column_stages(),
      states: {
        released: m.history_stage_state_released(),
        held: m.history_stage_state_held(),
        refunded: m.history_stage_state_refunded(),
      },
      fee: m.history_stage_fee(),
      transferred: m.history_stage_payout_transferred(),
      payoutHeld: m.history_stage_payout_held(),
      refunded: m.history_staged_refunded(),
      kept: m.history_staged_kept(),
    },
    amounts: {
      totalAmount: m.orders_breakdown_total(),
      taxAmount: m.orders_breakdown_tax(),
      salesAmount: m.orders_breakdown_sales(),
      feeAmount: m.orders_breakdown_fee(),
      incomeAmount: m.orders_breakdown_income(),
    },
  };
}

/** The billing history's own words: the creator column and the empty state. */
export function billingTexts() {
  return {
    creator: m.history_column_creator(),
    empty: m.dashboard_billing_empty(),
    emptyDetail: m.dashboard_billing_empty_detail(),
    findCreators: m.dashboard_find_creators(),
  };
}
export type BillingTexts = ReturnType<typeof billingTexts>;
