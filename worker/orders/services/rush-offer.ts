/**
 * Whether the request page offers rush choices (issue 63): only while a request now would take a free slot nobody
 * waits for (decision 091), the same reads the submission's slot check makes, so a rush choice shown is one the server
 * accepts. A viewer holding a reservation asks with it, so without rush.
 */
import type { SlotTarget } from "../../domain/slots";
import { placeOf, targetSlotStatus } from "../../services/waitlist";
import { offersRush } from "../domain/order-request";

export async function rushOfferedTo(
  d1: D1Database,
  viewerUserAccountId: string | null,
  target: SlotTarget,
  now: number,
): Promise<boolean> {
  const [status, place] = await Promise.all([
    targetSlotStatus(d1, target),
    viewerUserAccountId ? placeOf(d1, viewerUserAccountId, target, now) : null,
  ]);
  return offersRush(status, place?.state === "RESERVED");
}
