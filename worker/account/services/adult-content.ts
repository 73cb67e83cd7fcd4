// The account settings' "Show adult content" (issue 66, decision 110): the stored choice, turned on only with the age
// confirmation the domain rule accepts (confirmAdult), read against the birthday the account holds.
import { eq } from "drizzle-orm";
import type { Database } from "../../db/client";
import { userAccounts } from "../../db/schema";
import { type AdultConfirmation, confirmAdult, isoDay, showsAdultContent } from "../../domain/content-gate";

export interface AdultContentSetting {
  /** The choice is on and still holds (18 or older by the stored birthday). */
  on: boolean;
  /** The stored birthday, which the confirmation reads; null when the account has none. */
  birthday: string | null;
}

export async function adultContentSetting(db: Database, accountId: string, now: number): Promise<AdultContentSetting> {
  const row = await db
    .select({ birthday: userAccounts.birthday, confirmedAt: userAccounts.adultContentConfirmedAt })
    .from(userAccounts)
    .where(eq(userAccounts.id, accountId))
    .get();
  const birthday = row?.birthday ?? null;
  return { on: showsAdultContent({ confirmedAt: row?.confirmedAt ?? null, birthday, now }), birthday };
}

/**
 * Turns the choice on (with the confirmation ticked, and the account 18 or older by its stored birthday on Comet's
 * clock) or off (always allowed). The pages read the session's user again on the next request, so no cache purge.
 */
export async function setAdultContent(
  db: Database,
  accountId: string,
  input: { show: boolean; confirmed: boolean },
  now: number,
): Promise<AdultConfirmation> {
  if (!input.show) {
    await db
      .update(userAccounts)
      .set({ adultContentConfirmedAt: null, updatedAt: new Date(now) })
      .where(eq(userAccounts.id, accountId));
    return { ok: true };
  }
  const { birthday } = await adultContentSetting(db, accountId, now);
  const verdict = confirmAdult({ birthday, confirmed: input.confirmed, today: isoDay(now) });
  if (!verdict.ok) return verdict;
  await db
    .update(userAccounts)
    .set({ adultContentConfirmedAt: new Date(now), updatedAt: new Date(now) })
    .where(eq(userAccounts.id, accountId));
  return verdict;
}
