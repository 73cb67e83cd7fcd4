/**
 * A creator's connected account (spec section 7 `/api/stripe/connect/*`, issue 12, docs/decisions/029): created once
 * per creator, onboarded through Stripe's hosted page, read back from Stripe. The row in `stripe_connected_accounts`
 * mirrors the account's flags so the payout release can ask "can this creator be paid?" in SQL; Stripe stays the
 * source: every status read and every `account.updated` re-reads the account and refreshes the row, and an account
 * that can now be paid out gets its held payouts.
 */
import type Stripe from "stripe";
import { NOT_CONNECTED, canReceivePayouts, type ConnectStatus } from "../orders/domain/payouts";
import { releaseHeldPayouts, type PayoutDeps } from "../orders/services/payouts";
import { isAccountGone } from "../payments/stripe-errors";

async function findConnectedAccountId(d1: D1Database, userAccountId: string): Promise<string | null> {
  const row = await d1
    .prepare("SELECT stripe_account_id FROM stripe_connected_accounts WHERE user_account_id = ?")
    .bind(userAccountId)
    .first<{ stripe_account_id: string }>();
  return row?.stripe_account_id ?? null;
}

/**
 * The creator's account, created the first time: racing first calls send the same idempotency key, so Stripe makes
 * one account, and the unique row per user keeps one; both read it back.
 */
async function ensureConnectedAccount(
  deps: PayoutDeps,
  user: { accountId: string; email: string },
  now = Date.now(),
  replacing?: string,
): Promise<string> {
  const existing = await findConnectedAccountId(deps.d1, user.accountId);
  if (existing) return existing;
  const account = await deps.stripe.accounts.create(
    {
      type: "express",
      email: user.email,
      capabilities: { card_payments: { requested: true }, transfers: { requested: true } },
      metadata: { userAccountId: user.accountId },
    },
    {
      idempotencyKey: replacing
        ? `comet-connect-${user.accountId}-replacing-${replacing}`
        : `comet-connect-${user.accountId}`,
    },
  );
  await deps.d1
    .prepare(
      `INSERT INTO stripe_connected_accounts (id, user_account_id, stripe_account_id, charges_enabled, payouts_enabled, details_submitted, created_at, updated_at)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?) ON CONFLICT DO NOTHING`,
    )
    .bind(
      crypto.randomUUID(),
      user.accountId,
      account.id,
      account.charges_enabled ? 1 : 0,
      account.payouts_enabled ? 1 : 0,
      account.details_submitted ? 1 : 0,
      now,
      now,
    )
    .run();
  return (await findConnectedAccountId(deps.d1, user.accountId))!;
}

/** `signup`: the hosted onboarding page's link (single use, short-lived: made on each request). */
export async function onboardingLink(
  deps: PayoutDeps,
  user: { accountId: string; email: string },
  urls: { returnUrl: string; refreshUrl: string },
): Promise<string> {
  const link = (account: string) =>
    deps.stripe.accountLinks.create({
      account,
      type: "account_onboarding",
      return_url: urls.returnUrl,
      refresh_url: urls.refreshUrl,
    });
  const account = await ensureConnectedAccount(deps, user);
  try {
    return (await link(account)).url;
  } catch (error) {
    if (!isAccountGone(error)) throw error;
    // The stored account is gone at Stripe: forget it and onboard a new one (a new idempotency key: the old key would
    // replay the gone account).
    await deps.d1.prepare("DELETE FROM stripe_connected_accounts WHERE stripe_account_id = ?").bind(account).run();
    return (await link(await ensureConnectedAccount(deps, user, Date.now(), account))).url;
  }
}

/** `signin`: a login link to the account's Express dashboard; null before onboarding is submitted (Stripe refuses it). */
export async function dashboardLink(deps: PayoutDeps, userAccountId: string): Promise<string | null> {
  const account = await findConnectedAccountId(deps.d1, userAccountId);
  if (!account) return null;
  const status = await refreshConnectedAccount(deps, account);
  if (!status.detailsSubmitted) return null;
  return (await deps.stripe.accounts.createLoginLink(account)).url;
}

function statusOf(account: Stripe.Account): ConnectStatus {
  const requirements = account.requirements;
  return {
    connected: true,
    detailsSubmitted: account.details_submitted ?? false,
    chargesEnabled: account.charges_enabled ?? false,
    payoutsEnabled: account.payouts_enabled ?? false,
    requirementsDue: [...new Set([...(requirements?.past_due ?? []), ...(requirements?.currently_due ?? [])])],
  };
}

/**
 * Reads the account from Stripe (never an event's copy, which may be stale or out of order), refreshes the row, and
 * releases the creator's held payouts when it can be paid out.
 */
export async function refreshConnectedAccount(
  deps: PayoutDeps,
  stripeAccountId: string,
  now = Date.now(),
): Promise<ConnectStatus> {
  let account: Stripe.Account;
  try {
    account = await deps.stripe.accounts.retrieve(stripeAccountId);
  } catch (error) {
    if (!isAccountGone(error)) throw error;
    // The account is gone at Stripe (deleted, access revoked; locally, an emulator restart): the creator starts over;
    // held payouts wait for the new account.
    await deps.d1
      .prepare("DELETE FROM stripe_connected_accounts WHERE stripe_account_id = ?")
      .bind(stripeAccountId)
      .run();
    return NOT_CONNECTED;
  }
  const status = statusOf(account);
  const row = await deps.d1
    .prepare(
      `UPDATE stripe_connected_accounts SET charges_enabled = ?, payouts_enabled = ?, details_submitted = ?, updated_at = ? WHERE stripe_account_id = ?
       RETURNING user_account_id`,
    )
    .bind(
      status.chargesEnabled ? 1 : 0,
      status.payoutsEnabled ? 1 : 0,
      status.detailsSubmitted ? 1 : 0,
      now,
      stripeAccountId,
    )
    .first<{ user_account_id: string }>();
  if (row && canReceivePayouts(status)) await releaseHeldPayouts(deps, row.user_account_id, now);
  return status;
}

/** `get`: the creator's status, fresh from Stripe; not connected before the first `signup`. */
export async function connectStatus(
  deps: PayoutDeps,
  userAccountId: string,
): Promise<ConnectStatus & { accountId: string | null }> {
  const account = await findConnectedAccountId(deps.d1, userAccountId);
  if (!account) return { ...NOT_CONNECTED, accountId: null };
  const status = await refreshConnectedAccount(deps, account);
  return { ...status, accountId: status.connected ? account : null };
}
