// Deleting an account (issue 64, decision 104): refused while something of theirs is still open, else done in an order
// that can be run again from the start if any step fails midway, each step harmless the second time.
import type Stripe from "stripe";
import { createDb } from "../../db/client";
import { parseMediaKey, objectKeysOfFile } from "../../media/domain/media-keys";
import { findStripeCustomerId } from "../../payments/customers";
import { isResourceMissing } from "../../payments/stripe-errors";
import { forgetUserInChatRooms } from "../../chat/services/chat-rooms";
import { purgeAccountPages } from "../../services/public-pages";
import { translationKeyOf } from "../../services/translations";
import { LOCALES } from "../../domain/locales";
import {
  type DeletionBlocker,
  type DeletionFacts,
  type DeletionOrderFacts,
  deletionBlockers,
} from "../domain/account-deletion";
import {
  type DeletedParty,
  boundTo,
  deletionStatements,
  goneFileUrlsSql,
  personalTextsSql,
  privateObjectKeysSql,
} from "./account-deletion-rows";

/** What stops the account's deletion now; empty when nothing does. */
export async function accountDeletionBlockers(d1: D1Database, accountId: string): Promise<DeletionBlocker[]> {
  const [orders, chargebacks, payouts] = await d1.batch<Record<string, unknown>>([
    d1
      .prepare(
        `SELECT o.code, CASE WHEN o.seller_id = a.id THEN 'seller' ELSE 'buyer' END AS side,
           o.order_progress_status AS progress, o.disputed_since AS disputedSince, o.payout_held_until AS payoutHeldUntil
         FROM commission_accounts a JOIN commission_orders o ON o.seller_id = a.id OR o.buyer_id = a.id
         WHERE a.user_account_id = ?`,
      )
      .bind(accountId),
    d1
      .prepare(
        `SELECT o.code AS orderCode, CASE WHEN o.seller_id = a.id THEN 'seller' ELSE 'buyer' END AS side, c.status
         FROM commission_accounts a
         JOIN commission_orders o ON o.seller_id = a.id OR o.buyer_id = a.id JOIN chargebacks c ON c.order_id = o.id
         WHERE a.user_account_id = ?`,
      )
      .bind(accountId),
    d1
      .prepare(
        `SELECT DISTINCT o.code FROM creator_payouts p JOIN commission_orders o ON o.id = p.order_id
         WHERE p.seller_user_account_id = ? AND p.payout_status = 'HELD'`,
      )
      .bind(accountId),
  ]);
  return deletionBlockers({
    orders: orders.results as unknown as DeletionOrderFacts[],
    chargebacks: chargebacks.results as unknown as DeletionFacts["chargebacks"],
    heldPayoutOrderCodes: payouts.results.map((row) => String(row.code)),
  });
}

export interface AccountDeletionDeps {
  env: Pick<Env, "DB" | "CHAT_ROOM" | "MEDIA">;
  stripe: Stripe;
  now: number;
}

export type AccountDeletionResult = { ok: true } | { ok: false; blockers: DeletionBlocker[] };

/**
 * Deletes the account, unless a blocker stands. In order: their sessions end (nothing else acts for them meanwhile),
 * their chat rooms close their sockets and empty what they wrote, Stripe forgets their customer and cards, their
 * files leave the bucket, one D1 batch removes or empties every personal row and leaves the account an empty anchor,
 * and their public pages are purged from the edge cache. Kept (decision 104): orders' codes, dates and amounts,
 * payments, refunds, payouts, chargebacks, issued documents and audit logs.
 */
export async function deleteAccount(deps: AccountDeletionDeps, accountId: string): Promise<AccountDeletionResult> {
  const { env, now } = deps;
  const d1 = env.DB;
  const blockers = await accountDeletionBlockers(d1, accountId);
  if (blockers.length > 0) return { ok: false, blockers };
  const party = await partyOf(d1, accountId);
  if (!party) throw new Error(`no account ${accountId}`);

  await d1.prepare("DELETE FROM sessions WHERE user_account_id = ?").bind(accountId).run();
  await forgetUserInChatRooms(env, accountId);
  await forgetStripeCustomer(env, deps.stripe, accountId);
  await deleteFiles(env, party);

  const texts = await boundTo(d1, personalTextsSql, party).all<{ languageCode: string; text: string }>();
  const hashes = await translationHashesOf(texts.results);
  await d1.batch(deletionStatements(d1, party, hashes, now));
  await purgeAccountPages(createDb(d1), accountId);
  return { ok: true };
}

async function partyOf(d1: D1Database, accountId: string): Promise<DeletedParty | null> {
  return d1
    .prepare(
      `SELECT u.id AS accountId, p.id AS profileId, c.id AS commissionAccountId, u.email, p.original_handle AS handle
       FROM user_accounts u JOIN user_profiles p ON p.account_id = u.id JOIN commission_accounts c ON c.user_account_id = u.id
       WHERE u.id = ?`,
    )
    .bind(accountId)
    .first<DeletedParty>();
}

/**
 * Stripe deletes the customer (its saved cards go with it); the idempotency key makes a second run's call the same
 * call, and a customer Stripe no longer has is already what this wants. The rows go in the D1 batch.
 */
async function forgetStripeCustomer(env: AccountDeletionDeps["env"], stripe: Stripe, accountId: string) {
  const customerId = await findStripeCustomerId(createDb(env.DB), accountId);
  if (!customerId) return;
  try {
    await stripe.customers.del(customerId, {}, { idempotencyKey: `comet-delete-customer-${customerId}` });
  } catch (error) {
    if (!isResourceMissing(error)) throw error;
  }
}

/**
 * Their files: the avatar and cover, every stored file of a media row that goes (works, services, forms, the chat
 * files they sent, their request answers' files) unless a kept row still names it, their data exports and their
 * unattached uploads. Deleted before the rows that name them, so a run that stops here finds them again.
 */
async function deleteFiles(env: AccountDeletionDeps["env"], party: DeletedParty): Promise<void> {
  const d1 = env.DB;
  const [profile, urls, privateKeys] = await d1.batch<Record<string, string | null>>([
    d1.prepare("SELECT avatar_url AS avatar, cover_url AS cover FROM user_profiles WHERE id = ?").bind(party.profileId),
    boundTo(d1, goneFileUrlsSql, party),
    boundTo(d1, privateObjectKeysSql, party),
  ]);
  const pictures = profile.results.flatMap((row) => [row.avatar, row.cover]);
  const mediaKeys = [...pictures, ...urls.results.map((row) => row.url)].flatMap((url) => {
    const key = url ? parseMediaKey(url) : null;
    return key ? objectKeysOfFile(key) : [];
  });
  const keys = [...new Set([...mediaKeys, ...privateKeys.results.flatMap((row) => (row.key ? [row.key] : []))])];
  // R2 deletes at most 1000 keys per call.
  for (let start = 0; start < keys.length; start += 1000) await env.MEDIA.delete(keys.slice(start, start + 1000));
  if (keys.length > 0)
    await d1
      .prepare("DELETE FROM file_facts WHERE object_key IN (SELECT value FROM json_each(?))")
      .bind(JSON.stringify(keys))
      .run();
}

/** The keys of the machine translations made of these texts, into every language Comet reads. */
async function translationHashesOf(texts: readonly { text: string }[]): Promise<string[]> {
  const keys = await Promise.all(
    texts.flatMap(({ text }) => (text ? LOCALES.map((reader) => translationKeyOf(text, reader)) : [])),
  );
  return [...new Set(keys.filter((key): key is string => key !== null))];
}
