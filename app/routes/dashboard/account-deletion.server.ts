// The account settings page's "Delete your account" section (issue 64, decision 104): what stops it, worded with links
// to the orders, and the action that deletes the account once the user has typed their handle, signs them out and
// sends them home with a notice.
import { data, redirect, type RouterContextProvider } from "react-router";
import { requestContext } from "#app/lib/request-context";
import { m } from "#app/paraglide/messages.js";
import { accountDeletionBlockers, deleteAccount } from "#worker/account/services/account-deletion";
import { type DeletionBlocker, deletionConfirmationSchema } from "#worker/account/domain/account-deletion";
import { parseFields } from "#worker/domain/validation";
import type { Locale } from "#worker/domain/locales";
import { orderHref } from "#worker/orders/domain/order-notifications";
import { clearedSessionCookie } from "#worker/http/cookies";
import { createStripe } from "#worker/payments/stripe-client";
import { cometNow } from "#worker/services/clock";
import type { SessionUser } from "#worker/services/sessions";
import type { AccountDeletionSectionData } from "#app/components/settings/account-deletion-section";

type Context = Readonly<RouterContextProvider>;

export const DELETE_ACCOUNT_INTENT = "deleteAccount";
/** The home page's query that shows the notice that the account is gone. */
export const ACCOUNT_DELETED_QUERY = "account-deleted";

function blockerText(blocker: DeletionBlocker, locale: Locale): string {
  const params = { code: blocker.orderCode };
  const options = { locale };
  switch (blocker.reason) {
    case "order_open":
      return blocker.side === "buyer"
        ? m.account_deletion_blocker_order_open_buyer(params, options)
        : m.account_deletion_blocker_order_open_seller(params, options);
    case "dispute_open":
      return m.account_deletion_blocker_dispute_open(params, options);
    case "chargeback_open":
      return m.account_deletion_blocker_chargeback_open(params, options);
    case "payout_pending":
      return m.account_deletion_blocker_payout_pending(params, options);
  }
}

const worded = (blockers: DeletionBlocker[], locale: Locale) =>
  blockers.map((blocker) => ({
    key: `${blocker.reason}:${blocker.orderCode}`,
    text: blockerText(blocker, locale),
    href: orderHref(blocker.side, blocker.orderCode),
  }));

/** What the section shows: the user's handle to type, or the list of what must end first. */
export async function accountDeletionSection(context: Context, user: SessionUser): Promise<AccountDeletionSectionData> {
  const { env, locale } = context.get(requestContext);
  return {
    handle: user.handle,
    blockers: worded(await accountDeletionBlockers(env.DB, user.accountId), locale),
  };
}

/** The section's answer, beside the page's own fields so the page reads one shape whichever form was posted. */
const answer = (accountDeletion: { error?: string; blockers?: ReturnType<typeof worded> }, status: number) =>
  data({ saved: false as const, errors: null, values: null, accountDeletion }, { status });

/**
 * Deletes the account once the typed handle matches. Refused (409) while something of theirs is open, with the list;
 * done, the session cookie is cleared and the browser goes home, where a notice says the account is gone.
 */
export async function deleteAccountAction(context: Context, user: SessionUser, form: FormData) {
  const { env, locale, url } = context.get(requestContext);
  const parsed = parseFields(deletionConfirmationSchema(user.handle), {
    confirmHandle: String(form.get("confirmHandle") ?? ""),
  });
  if (!parsed.ok) {
    const key = parsed.errors.confirmHandle ?? "account_deletion_confirm_required";
    const error =
      key === "account_deletion_confirm_mismatch"
        ? m.account_deletion_confirm_mismatch({}, { locale })
        : m.account_deletion_confirm_required({}, { locale });
    return answer({ error }, 400);
  }
  const result = await deleteAccount({ env, stripe: createStripe(env), now: await cometNow(env) }, user.accountId);
  if (!result.ok) return answer({ blockers: worded(result.blockers, locale) }, 409);
  return redirect(`/?${ACCOUNT_DELETED_QUERY}`, { headers: { "Set-Cookie": clearedSessionCookie(new URL(url)) } });
}
