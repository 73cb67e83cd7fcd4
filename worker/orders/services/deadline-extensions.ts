/**
 * Deadlines moved by agreement, the D1 side (issue 50, decision 090). The request itself is the order's state, kept by
 * the Order object and projected to `commission_orders.extension_request`; its reason is a row of
 * `order_deadline_moves`, written by the object in the batch of the EXTENSION_REQUESTED transition
 * (`extensionRequestRows`). The order page reads the latest reason back (`latestExtensionReason`).
 */
import type { Database } from "../../db/client";
import { statement, type SqlStatement } from "../../db/statements";
import type { Locale } from "../../domain/locales";
import type { TextReading } from "../../domain/text-reading";
import { storedReadings } from "../../services/translations";

/** The request's reason, keyed by its transition's event id: a replayed projection writes it once. */
export function extensionRequestRows(input: {
  orderId: string;
  eventId: string;
  proposedDeadline: number;
  previousDeadline: number;
  reason: { body: string; languageCode: Locale };
  now: number;
}): SqlStatement[] {
  return [
    statement(
      `INSERT INTO order_deadline_moves (id, order_id, proposed_deadline, previous_deadline, reason, language_code, created_at)
       VALUES (?, ?, ?, ?, ?, ?, ?) ON CONFLICT (id) DO NOTHING`,
      input.eventId,
      input.orderId,
      input.proposedDeadline,
      input.previousDeadline,
      input.reason.body,
      input.reason.languageCode,
      input.now,
    ),
  ];
}

/** The reason of the order's latest request, read in `reader` (a stored translation, or the original); null: none. */
export async function latestExtensionReason(
  db: Database,
  orderId: string,
  reader: Locale,
): Promise<{ body: string; reading: TextReading } | null> {
  const row = await db.$client
    .prepare("SELECT reason FROM order_deadline_moves WHERE order_id = ? ORDER BY created_at DESC, id DESC LIMIT 1")
    .bind(orderId)
    .first<{ reason: string }>();
  if (!row) return null;
  const [reading] = await storedReadings(db, [row.reason], reader);
  return { body: row.reason, reading: reading! };
}
