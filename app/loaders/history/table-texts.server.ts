import { m } from "#app/paraglide/messages.js";
import type { TableTexts } from "#app/components/history/sales-table";

/** The placeholders a money line keeps for its cell to fill (sales-table.tsx `fill`). */
const SLOTS = { amount: "{amount}", reason: "{reason}" };

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
    statuses: {
      unpaid: m.history_status_unpaid(),
      paid: m.history_status_paid(),
      partly_refunded: m.history_status_partly_refunded(),
      refunded: m.history_status_refunded(),
      refunding: m.history_status_refunding(),
      partly_refunding: m.history_status_partly_refunding(),
    },
    // Left as templates (`{amount}`, `{reason}`): the cell fills in each row's own.
    money: {
      seller: {
        back: m.history_money_back_seller(SLOTS),
        goingBack: m.history_money_going_back_seller(SLOTS),
        kept: m.history_money_kept_seller(SLOTS),
      },
      buyer: {
        back: m.history_money_back_buyer(SLOTS),
        goingBack: m.history_money_going_back_buyer(SLOTS),
        kept: m.history_money_kept_buyer(SLOTS),
      },
    },
    reasons: {
      canceled: m.history_reason_canceled(),
      stages_not_approved: m.history_reason_stages_not_approved(),
      dispute_refund: m.history_reason_dispute_refund(),
      dispute_split: m.history_reason_dispute_split(),
      returned: m.history_reason_returned(),
      completed: m.history_reason_completed(),
      approved_stages: m.history_reason_approved_stages(),
      dispute_award: m.history_reason_dispute_award(),
      dispute_release: m.history_reason_dispute_release(),
      kept_deposit: m.history_reason_kept_deposit(),
    },
    share: m.history_column_share(),
    previous: m.history_page_previous(),
    next: m.history_page_next(),
    stages: {
      label: m.history_column_stages(),
      states: {
        released: m.history_stage_state_released(),
        held: m.history_stage_state_held(),
        refunded: m.history_stage_state_refunded(),
        split: m.history_stage_state_split(),
        unpaid: m.history_stage_state_unpaid(),
      },
      fee: m.history_stage_fee(),
      transferred: m.history_stage_payout_transferred(),
      payoutHeld: m.history_stage_payout_held(),
      refunded: m.history_staged_refunded(),
      kept: m.history_staged_kept(),
      awarded: m.history_staged_awarded(),
    },
    // The receipt's lines and licence (issue 63), with `{unit}`, `{count}`, `{percent}` and `{uses}` left for the cell.
    receipt: {
      label: m.orders_price_line_column(),
      base: m.orders_price_line_base(),
      option: m.orders_price_line_option(),
      each: m.orders_price_line_each({ unit: "{unit}", count: "{count}" }),
      percent: m.orders_price_line_percent({ percent: "{percent}" }),
      adjustment: m.orders_price_line_adjustment(),
      licence: {
        line: m.orders_licence_line({ licence: "{licence}" }),
        personal: m.orders_licence_personal(),
        exclusive: m.orders_licence_exclusive(),
        commercial: m.orders_licence_commercial({ uses: "{uses}" }),
        uses: {
          streaming: m.orders_licence_use_streaming(),
          goods: m.orders_licence_use_goods(),
          advertising: m.orders_licence_use_advertising(),
        },
        separator: m.orders_licence_uses_separator(),
      },
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
