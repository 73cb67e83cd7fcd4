/** The platform's fees as they stand today (the active rows of `fees`; decision 018): what a new payment will carry. */
import { asc, eq } from "drizzle-orm";
import type { Database } from "../db/client";
import { fees } from "../db/schema";

/** Today's fee numerators (ten-thousandths of the income, e.g. [1036] for 10.36%), by fee code. */
export async function activeFeeNumerators(db: Database): Promise<number[]> {
  const rows = await db
    .select({ numerator: fees.numeratorValue })
    .from(fees)
    .where(eq(fees.isActive, true))
    .orderBy(asc(fees.code));
  return rows.map((row) => row.numerator);
}
