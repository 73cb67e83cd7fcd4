/**
 * Deleting an account (issue 64, decision 104): what stops it, what the emptied account row and profile hold instead,
 * and how long a freed handle stays out of reach. Pure: the service reads the facts and the time and passes them in.
 */
import * as v from "valibot";
import { isChargebackClosed } from "../../orders/domain/chargebacks";

const DAY_MS = 86_400_000;

/** A departed user's handle is kept from everyone for this long (decision 104), so old links do not change owner. */
export const HANDLE_RESERVATION_MS = 180 * DAY_MS;

/**
 * Why an account cannot be deleted yet, each naming the order it is about (by its public code) and the user's side of
 * it (which page shows it): `order_open`, an order not yet completed or canceled; `dispute_open`, an order's dispute
 * (decision 088) an admin has not settled; `chargeback_open`, a bank's chargeback (decision 103) not yet closed;
 * `payout_pending`, a creator's payout not yet transferred, or a completed order still in the client's week (092).
 */
export interface DeletionBlocker {
  reason: "order_open" | "dispute_open" | "chargeback_open" | "payout_pending";
  orderCode: string;
  side: "buyer" | "seller";
}

/** An order of the user's as the blockers read it. */
export interface DeletionOrderFacts {
  code: string;
  side: "buyer" | "seller";
  progress: string;
  /** Set while the order's dispute is open. */
  disputedSince: number | null;
  /** Set while a completed order's payout waits out the client's week. */
  payoutHeldUntil: number | null;
}

export interface DeletionFacts {
  orders: readonly DeletionOrderFacts[];
  /** Chargebacks of the user's orders: their Stripe status (`isChargebackClosed` reads it). */
  chargebacks: readonly { orderCode: string; side: "buyer" | "seller"; status: string }[];
  /** Orders with a payout to the user as creator that has not been transferred (HELD). */
  heldPayoutOrderCodes: readonly string[];
}

const ENDED = new Set(["COMPLETED", "CANCELED"]);

/** Every reason the account cannot go now, one per order and reason, in the order's code order. Empty: it may. */
export function deletionBlockers(facts: DeletionFacts): DeletionBlocker[] {
  const blockers: DeletionBlocker[] = [];
  const seen = new Set<string>();
  const add = (blocker: DeletionBlocker) => {
    const key = `${blocker.reason}:${blocker.orderCode}`;
    if (seen.has(key)) return;
    seen.add(key);
    blockers.push(blocker);
  };
  for (const order of facts.orders) {
    if (!ENDED.has(order.progress)) add({ reason: "order_open", orderCode: order.code, side: order.side });
    if (order.disputedSince !== null) add({ reason: "dispute_open", orderCode: order.code, side: order.side });
  }
  for (const chargeback of facts.chargebacks)
    if (!isChargebackClosed(chargeback.status))
      add({ reason: "chargeback_open", orderCode: chargeback.orderCode, side: chargeback.side });
  for (const code of facts.heldPayoutOrderCodes) add({ reason: "payout_pending", orderCode: code, side: "seller" });
  for (const order of facts.orders)
    if (order.side === "seller" && order.payoutHeldUntil !== null)
      add({ reason: "payout_pending", orderCode: order.code, side: "seller" });
  return blockers.sort((a, b) => a.orderCode.localeCompare(b.orderCode) || a.reason.localeCompare(b.reason));
}

/**
 * The e-mail an emptied account keeps: unique (the column is), unroutable (`.invalid` is reserved, RFC 2606), and
 * never one a person can sign in with, so the old address is free for a new, empty account.
 */
export const deletedEmailOf = (accountId: string) => `deleted-${accountId}@deleted.invalid`;

/**
 * The handle an emptied profile keeps: unique, and never one a person could choose (a handle is letters and digits
 * only; this has a hyphen), so nobody's sign-up or rename meets it.
 */
export const deletedHandleOf = (accountId: string) => `deleted-${accountId.replace(/-/g, "").slice(0, 24)}`;

export const isDeletedHandle = (handle: string) => handle.startsWith("deleted-");

/** Until when a handle freed at `deletedAt` stays reserved. */
export const handleReservedUntil = (deletedAt: number) => deletedAt + HANDLE_RESERVATION_MS;

/**
 * The confirmation: the user types their own handle (compared without case or surrounding spaces, as handles are),
 * so a stray click never deletes an account. The message keys are the section's.
 */
export function deletionConfirmationSchema(handle: string) {
  return v.object({
    confirmHandle: v.pipe(
      v.string("account_deletion_confirm_required"),
      v.trim(),
      v.minLength(1, "account_deletion_confirm_required"),
      v.maxLength(64, "account_deletion_confirm_mismatch"),
      v.check((typed) => typed.toLowerCase() === handle.toLowerCase(), "account_deletion_confirm_mismatch"),
    ),
  });
}
