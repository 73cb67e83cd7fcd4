/**
 * The creator wallet's rules (issue 12, docs/decisions/029): where a creator stands with their connected account,
 * what they must still do, and whether their held payouts can go. Pure: the Stripe account arrives as plain facts.
 */

/** What the wallet knows of a creator's connected account (spec section 7 `/api/stripe/connect/get`). */
export interface ConnectStatus {
  /** False until the creator first starts onboarding (no connected account yet). */
  connected: boolean;
  detailsSubmitted: boolean;
  chargesEnabled: boolean;
  payoutsEnabled: boolean;
  /** Stripe's `requirements.currently_due` and `past_due`: what is still missing, by Stripe's field names. */
  requirementsDue: string[];
}

export const NOT_CONNECTED: ConnectStatus = {
  connected: false,
  detailsSubmitted: false,
  chargesEnabled: false,
  payoutsEnabled: false,
  requirementsDue: [],
};

/**
 * The one onboarding state the wallet shows, each with one thing for the creator to do:
 * - not_connected: start onboarding;      - incomplete: finish the onboarding form;
 * - requirements_due: give what Stripe still asks for;   - in_review: wait, Stripe is checking;
 * - ready: nothing; payouts go to the account.
 */
export type OnboardingState = "not_connected" | "incomplete" | "requirements_due" | "in_review" | "ready";

export function onboardingState(status: ConnectStatus): OnboardingState {
  if (!status.connected) return "not_connected";
  if (!status.detailsSubmitted) return "incomplete";
  if (status.requirementsDue.length > 0) return "requirements_due";
  if (!status.payoutsEnabled) return "in_review";
  return "ready";
}

/**
 * A held payout is transferred only to an account Stripe says can be paid out (`payouts_enabled`: Stripe's own
 * verdict, which may stay true while some requirement is due before its deadline); until then it waits, shown as held.
 * The release query reads the same column (`stripe_connected_accounts.payouts_enabled`).
 */
export function canReceivePayouts(status: ConnectStatus): boolean {
  return status.connected && status.payoutsEnabled;
}

/** The key a transfer is sent with: one per order, so every retry and every racing release asks for the same transfer. */
export function transferIdempotencyKey(orderId: string): string {
  return `comet-order-${orderId}-transfer`;
}

/** A stage's transfer key (decision 073): one per order and stage, so a stage's share goes once however often it is released. */
export function stageTransferIdempotencyKey(orderId: string, stageIndex: number): string {
  return `comet-order-${orderId}-stage-${stageIndex}-transfer`;
}

/** A dispute's award key (decision 088): one per order, so a split's share goes once however often it is released. */
export function awardTransferIdempotencyKey(orderId: string): string {
  return `comet-order-${orderId}-award-transfer`;
}

/** A deposit order's rest, paid by its own charge, goes as its own transfer (decision 100). */
export function restTransferIdempotencyKey(orderId: string): string {
  return `comet-order-${orderId}-rest-transfer`;
}

/** A deposit the creator kept when the client walked away from the order (decision 100). */
export function keptDepositTransferIdempotencyKey(orderId: string): string {
  return `comet-order-${orderId}-kept-deposit-transfer`;
}
