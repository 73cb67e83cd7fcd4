/** The platform's fees as they stand today (the active rows of `fees`; decision 018): what a new payment will carry. */
import type { Database } from "../db/client";

/** Today's fee numerators (ten-thousandths of the income, e.g. [1036] for 10.36%), by fee code. */
export async function activeFeeNumerators(db: Database): Promise<number[]> {
  const { results } = await db.$client.prepare("SELECT numerator_value FROM fees WHERE is_active = 1 ORDER BY code").all<{ numerator_value: number }>();
  return results.map((row) => Number(row.numerator_value));
}
