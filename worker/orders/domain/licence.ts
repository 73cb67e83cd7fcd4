import { LICENCE_TAGS } from "../../db/schema/enums";

/**
 * The licence as a term of the order (issue 63, decision 099): what the client may do with the work. A choice may
 * grant a licence tag (the template's usage question: personal use, or commercial use for streaming, goods or
 * advertising; a creator may add exclusive rights); the order's licence is what the picked choices grant together.
 * It is on the order page, in the terms both accepted, on every receipt and on the work's page when published. After
 * payment it changes only by the creator's agreement (licence-change.ts's request and answer).
 */

export type LicenceTag = (typeof LICENCE_TAGS)[number];
export const COMMERCIAL_USES = ["streaming", "goods", "advertising"] as const;
export type CommercialUse = (typeof COMMERCIAL_USES)[number];

export type Licence =
  /** For the client's own, non-commercial use (the default: no choice granted more). */
  | { scope: "personal" }
  /** Commercial use of the kinds named, besides personal use. */
  | { scope: "commercial"; uses: CommercialUse[] }
  /** Every use, and the creator sells and shows the work (or its design) to nobody else. */
  | { scope: "exclusive" };

export const PERSONAL: Licence = { scope: "personal" };

const isCommercialUse = (tag: string): tag is CommercialUse => (COMMERCIAL_USES as readonly string[]).includes(tag);
export const isLicenceTag = (value: unknown): value is LicenceTag =>
  typeof value === "string" && (LICENCE_TAGS as readonly string[]).includes(value);

/** What the picked choices grant together: exclusive over commercial over personal; nothing picked is personal use. */
export function licenceOf(tags: readonly (LicenceTag | null | undefined)[]): Licence {
  if (tags.includes("exclusive")) return { scope: "exclusive" };
  const uses = COMMERCIAL_USES.filter((use) => tags.includes(use));
  return uses.length > 0 ? { scope: "commercial", uses } : PERSONAL;
}

/** The licence's tags, the way a choice names them (a change request's answer, a form's preview). */
export function tagsOf(licence: Licence): LicenceTag[] {
  if (licence.scope === "commercial") return [...licence.uses];
  return [licence.scope];
}

/** Whether two licences grant the same, whatever order a hand-built one names its uses in (licenceOf's is one order). */
export function sameLicence(a: Licence, b: Licence): boolean {
  return tagsOf(licenceOf(tagsOf(a))).join() === tagsOf(licenceOf(tagsOf(b))).join();
}

/** The stored licence (commission_orders.licence) read back; null for an order from before licences, or unreadable. */
export function parseLicence(json: string | null): Licence | null {
  if (!json) return null;
  try {
    const value = JSON.parse(json) as { scope?: unknown; uses?: unknown };
    if (value.scope === "personal" || value.scope === "exclusive") return { scope: value.scope };
    if (value.scope === "commercial" && Array.isArray(value.uses)) {
      const uses = COMMERCIAL_USES.filter((use) => (value.uses as unknown[]).includes(use));
      if (uses.length > 0 && uses.length === value.uses.length && value.uses.every((u) => isCommercialUse(String(u))))
        return { scope: "commercial", uses };
    }
    return null;
  } catch {
    return null;
  }
}
