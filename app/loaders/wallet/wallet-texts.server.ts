// The payout account's state in words, made by the wallet's loader (decision 016's pattern): the page shows one
// state, its one thing to do, its button's label and the account's facts, so the other states' words never ship to
// the browser.
import { m } from "#app/paraglide/messages.js";
import type { OnboardingState } from "#worker/orders/domain/payouts";
import type { WalletView } from "#worker/orders/services/wallet";
import type { WalletStateTexts } from "#app/components/wallet/wallet-view";

const STATE_LABELS: Record<OnboardingState, () => string> = {
  not_connected: m.wallet_state_not_connected,
  incomplete: m.wallet_state_incomplete,
  requirements_due: m.wallet_state_requirements_due,
  in_review: m.wallet_state_in_review,
  ready: m.wallet_state_ready,
};
const TODO: Record<OnboardingState, () => string> = {
  not_connected: m.wallet_todo_not_connected,
  incomplete: m.wallet_todo_incomplete,
  requirements_due: m.wallet_todo_requirements_due,
  in_review: m.wallet_todo_in_review,
  ready: m.wallet_todo_ready,
};
/** The one button of each state: set up, continue onboarding, or Stripe's dashboard (wallet-view.tsx's STRIPE_CALL). */
const ACTION_LABELS: Record<OnboardingState, () => string> = {
  not_connected: m.wallet_action_set_up,
  incomplete: m.wallet_action_continue,
  requirements_due: m.wallet_action_continue,
  in_review: m.wallet_action_dashboard,
  ready: m.wallet_action_dashboard,
};

/** The connected account's facts, each a label and its value. */
function accountFacts(status: WalletView["status"]): WalletStateTexts["facts"] {
  if (!status.connected) return [];
  const yesNo = (value: boolean) => (value ? m.wallet_yes() : m.wallet_no());
  return [
    { label: m.wallet_fact_details_submitted(), value: yesNo(status.detailsSubmitted) },
    { label: m.wallet_fact_charges_enabled(), value: yesNo(status.chargesEnabled) },
    { label: m.wallet_fact_payouts_enabled(), value: yesNo(status.payoutsEnabled) },
    {
      label: m.wallet_fact_requirements_due(),
      value: status.requirementsDue.length ? status.requirementsDue.join(", ") : m.wallet_none(),
    },
  ];
}

export const walletStateTexts = (status: WalletView["status"]): WalletStateTexts => ({
  state: STATE_LABELS[status.state](),
  todo: TODO[status.state](),
  action: ACTION_LABELS[status.state](),
  facts: accountFacts(status),
});
