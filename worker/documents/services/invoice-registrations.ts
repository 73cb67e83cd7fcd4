/**
 * A creator's qualified-invoice registration (decision 102): saved, read and removed by the creator alone, from their
 * wallet. Documents issued after a save carry it (the issuing reads it then); a document already issued keeps what it
 * said, so removing or changing the number never touches one.
 */
import { eq } from "drizzle-orm";
import type { Database } from "../../db/client";
import { invoiceRegistrations } from "../../db/schema";
import type { InvoiceRegistrationInput } from "../domain/registration-number";

export interface InvoiceRegistration {
  registrationNumber: string;
  registeredName: string;
  updatedAt: number;
}

/** The registration of `userAccountId`, or null when they have none. */
export async function invoiceRegistrationOf(db: Database, userAccountId: string): Promise<InvoiceRegistration | null> {
  const row = await db
    .select({
      registrationNumber: invoiceRegistrations.registrationNumber,
      registeredName: invoiceRegistrations.registeredName,
      updatedAt: invoiceRegistrations.updatedAt,
    })
    .from(invoiceRegistrations)
    .where(eq(invoiceRegistrations.userAccountId, userAccountId))
    .get();
  return row ? { ...row, updatedAt: row.updatedAt.getTime() } : null;
}

/** Saves `userAccountId`'s registration (already parsed by `invoiceRegistrationSchema`), replacing any before. */
export async function saveInvoiceRegistration(
  db: Database,
  userAccountId: string,
  input: InvoiceRegistrationInput,
  now: number,
): Promise<void> {
  const at = new Date(now);
  await db
    .insert(invoiceRegistrations)
    .values({ userAccountId, ...input, createdAt: at, updatedAt: at })
    .onConflictDoUpdate({
      target: invoiceRegistrations.userAccountId,
      set: { registrationNumber: input.registrationNumber, registeredName: input.registeredName, updatedAt: at },
    });
}

/** Removes `userAccountId`'s registration; true when there was one. */
export async function removeInvoiceRegistration(db: Database, userAccountId: string): Promise<boolean> {
  const removed = await db
    .delete(invoiceRegistrations)
    .where(eq(invoiceRegistrations.userAccountId, userAccountId))
    .returning({ id: invoiceRegistrations.userAccountId });
  return removed.length > 0;
}
