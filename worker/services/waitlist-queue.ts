/**
 * The creator's waitlist pages (issue 50, decision 091): the queue page (/dashboard/commission/waitlist: their slot
 * count and how many are taken, whether their line is open, the places in it with the titles of what each client
 * waits for, in the viewer's language), and a form's own count for its editor. The line and the moves of places are
 * waitlist.ts.
 */
import type { Database } from "../db/client";
import { LOCALIZED } from "../db/schema/localized-entities";
import type { Locale } from "../domain/locales";
import type { SlotTarget } from "../domain/slots";
import { MISSING_TEXT, pickText } from "../domain/localized-text";
import { loadTexts } from "./localized-texts";
import { purgeAccountPages } from "./public-pages";
import { creatorCapacity, creatorLine, type LinePlace } from "./waitlist";

export interface QueuePlace extends LinePlace {
  /** The service's or form's title in the viewer's language (else its original). */
  title: string;
}

export interface CreatorQueue {
  /** null: no limit. */
  slots: number | null;
  held: number;
  waitlistClosed: boolean;
  places: QueuePlace[];
}

export async function creatorQueue(db: Database, sellerAccountId: string, locale: Locale): Promise<CreatorQueue> {
  const [capacity, line] = await Promise.all([
    creatorCapacity(db.$client, sellerAccountId),
    creatorLine(db.$client, sellerAccountId),
  ]);
  const idsOf = (kind: "service" | "form") => [
    ...new Set(line.filter((p) => p.target.kind === kind).map((p) => p.target.id)),
  ];
  const [services, forms] = await Promise.all([
    loadTexts(db, LOCALIZED.commissionService.type, idsOf("service"), "title"),
    loadTexts(db, LOCALIZED.commissionForm.type, idsOf("form"), "title"),
  ]);
  return {
    slots: capacity?.slots ?? null,
    held: capacity?.held ?? 0,
    waitlistClosed: capacity?.waitlistClosed ?? false,
    places: line.map((place) => ({
      ...place,
      title:
        pickText((place.target.kind === "service" ? services : forms).get(place.target.id), locale, "title") ??
        MISSING_TEXT,
    })),
  };
}

/** A service's or form's own slot count (null: none), only its creator's; undefined when it is not theirs. */
export async function ownSlotCount(
  d1: D1Database,
  sellerAccountId: string,
  target: SlotTarget,
): Promise<number | null | undefined> {
  const table = target.kind === "service" ? "commission_services" : "commission_forms";
  const row = await d1
    .prepare(`SELECT slot_count FROM ${table} WHERE id = ? AND commission_account_id = ?`)
    .bind(target.id, sellerAccountId)
    .first<{ slot_count: number | null }>();
  return row ? row.slot_count : undefined;
}

/**
 * Opens or closes the creator's line (the queue page's toggle), leaving their slot count as it is. Closing lets nobody
 * new join; those in line keep their places, and opening frees no slot, so nothing is offered.
 */
export async function setWaitlistClosed(
  db: Database,
  input: { sellerAccountId: string; sellerUserAccountId: string; closed: boolean },
): Promise<void> {
  await db.$client
    .prepare("UPDATE commission_accounts SET waitlist_closed = ? WHERE id = ? AND user_account_id = ?")
    .bind(input.closed ? 1 : 0, input.sellerAccountId, input.sellerUserAccountId)
    .run();
  await purgeAccountPages(db, input.sellerUserAccountId);
}
