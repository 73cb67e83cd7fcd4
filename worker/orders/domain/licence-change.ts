/**
 * The licence changed by agreement (issue 63, decision 099), as a delivery date is moved (decision 090): once the order
 * is paid, and before it ends, the client asks for another licence and the creator accepts or declines it; only an
 * accepted request changes what the client may do with the work. One request waits at a time, and no money moves with
 * it in this slice. What a request is, which licence it may name and what an answer does are here; its transitions
 * are rows of the order process (order-process.ts). Pure: the time is an argument.
 */
import { isLicenceTag, type Licence, type LicenceTag, licenceOf, parseLicence, sameLicence } from "./licence";

/** The client's request, waiting for the creator's answer (commission_orders.licence_request). */
export interface LicenceRequest {
  licence: Licence;
  requestedAt: number;
}

/** The facts a licence change reads and changes. */
export interface LicenceFacts {
  /** The licence both accepted; null (or absent) for an order from before licences. */
  licence?: Licence | null;
  licenceRequest?: LicenceRequest | null;
}

export const hasPendingLicenceRequest = (o: Pick<LicenceFacts, "licenceRequest">): boolean => Boolean(o.licenceRequest);

/**
 * The licence the client's tags ask for (licence.ts `licenceOf`, as the picks of the request were read), or null when
 * a tag is not one or none is named: an empty list is no request, not a request for personal use.
 */
export function askedLicence(tags: readonly unknown[]): Licence | null {
  if (tags.length === 0 || !tags.every(isLicenceTag)) return null;
  return licenceOf(tags as LicenceTag[]);
}

/**
 * Whether the order may be asked for `asked`: not the licence it has already (an order from before licences has none,
 * so any licence it is asked for is a change the creator agrees to).
 */
export function licenceRequestError(o: LicenceFacts, asked: Licence): "licence_unchanged" | null {
  return o.licence && sameLicence(o.licence, asked) ? "licence_unchanged" : null;
}

/** The order with the client's request waiting. */
export const withLicenceRequest = <T extends LicenceFacts>(o: T, licence: Licence, now: number): T & LicenceFacts => ({
  ...o,
  licenceRequest: { licence, requestedAt: now },
});

/** The order once the creator accepted the waiting request: its licence is the one asked for, and nothing waits. */
export const acceptedLicence = <T extends LicenceFacts>(o: T): T & LicenceFacts => ({
  ...o,
  licence: o.licenceRequest?.licence ?? o.licence ?? null,
  licenceRequest: null,
});

/** The request column (JSON of `LicenceRequest`) read back; null when none waits or it cannot be read. */
export function parseLicenceRequest(json: string | null): LicenceRequest | null {
  if (!json) return null;
  try {
    const value = JSON.parse(json) as { licence?: unknown; requestedAt?: unknown } | null;
    if (!value || typeof value.requestedAt !== "number" || !Number.isSafeInteger(value.requestedAt)) return null;
    const licence = parseLicence(JSON.stringify(value.licence ?? null));
    return licence ? { licence, requestedAt: value.requestedAt } : null;
  } catch {
    return null;
  }
}
