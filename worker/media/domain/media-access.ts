import type { PublishStatus, VisibilityStatus } from "../../db/schema/enums";
import { isReachableWork } from "../../domain/public-items";
import type { UploadRule } from "./upload-rules";
import { canEditItem, canViewItem, type ItemGrants } from "../../domain/visibility";

/**
 * Who may see a stored object: the rule of the item it belongs to (the `{domain}/{id}` of its key), pure.
 * Public items are served to anyone at /media/; everything else only through a signed read URL issued to a viewer
 * this rule allows. See docs/decisions/011-signed-tokens-and-private-media.md.
 */

/**
 * What the rule needs to know of an item, one shape per upload domain (`MediaDomain`). Deliverables and chat files
 * add their shape here and a reader in worker/media/services/media-access.ts (its table is keyed by domain, so a missing
 * reader does not compile).
 */
export type MediaItem =
  | { domain: "user-profile"; ownerProfileId: string }
  /** A work's non-public files go to whoever its visibility rule lets read it (worker/domain/visibility.ts; decision 031). */
  | {
      domain: "portfolio-work";
      ownerProfileId: string;
      ownerAccountId: string;
      workStatus: PublishStatus;
      visibility: VisibilityStatus | null;
      /** Hidden by an admin (decision 089): its files are no longer public. */
      hidden: boolean;
      grants: ItemGrants;
      /** Rated for adults (decision 110): behind the gate, its files too. */
      adult: boolean;
    }
  | { domain: "commission-form"; ownerProfileId: string; formStatus: PublishStatus }
  /** A client's request files: their own folder (no readers), or an order's copy (the order's seller reads it too). */
  | { domain: "commission-request"; ownerProfileId: string; readerProfileIds: string[] }
  /**
   * An order's files: the owner is the seller; the buyer reads them too (decision 024), a stage preview's original only
   * once the order is completed (decision 073), and none while a deposit order's rest is due (`restDue`, decision 100).
   */
  | {
      domain: "commission-order";
      ownerProfileId: string;
      buyerProfileId: string | null;
      completed: boolean;
      restDue?: boolean;
    }
  | { domain: "commission-service"; ownerProfileId: string; serviceStatus: PublishStatus; adult: boolean };

/**
 * Whether an item is behind the adult-content gate (decision 110, worker/domain/content-gate.ts): an R-18 work or
 * service. Its files are never public, and are read only by a reader the gate lets see it, with their own session
 * (`signedReadOpener`'s `sessionBound`): a link passed on reaches nobody else.
 */
export const isGatedItem = (item: MediaItem | null): boolean =>
  (item?.domain === "portfolio-work" || item?.domain === "commission-service") && item.adult;

/**
 * Visible to everyone: profile pictures; published portfolio works that are PUBLIC or UNLISTED (unlisted: anyone
 * holding the link; no visibility row means PUBLIC); published commission forms (shown at /cf/{code}); published
 * commission services (their gallery, on the profile and in the service modal). Never an item behind the adult gate.
 */
function isPublicMediaItem(item: MediaItem): boolean {
  if (isGatedItem(item)) return false;
  switch (item.domain) {
    case "user-profile":
      return true;
    case "portfolio-work":
      return isReachableWork(item);
    case "commission-form":
      return item.formStatus === "PUBLISHED";
    case "commission-request":
    case "commission-order":
      return false;
    case "commission-service":
      return item.serviceStatus === "PUBLISHED";
  }
}

/**
 * "public": anyone, at /media/; "owner": this viewer (the owner or another allowed reader), by signed URL only;
 * "denied": nobody here (or no such item).
 */
export type MediaAccess = "public" | "owner" | "denied";

/**
 * Who asks: a profile, and (to match visibility grants) the account and its roles when known; `showsAdult`: the
 * account's "Show adult content" holds now (SessionUser.showsAdult), without which gated items are their editors' only.
 */
export interface MediaReader {
  profileId: string;
  accountId?: string;
  roles?: readonly string[];
  showsAdult?: boolean;
}

/** What the rule asks of the key's field (its upload rule): never public; held from the buyer until completion. */
export type MediaField = Pick<UploadRule, "private" | "heldUntilCompletion">;
const PUBLIC_FIELD: MediaField = { private: false };

/**
 * The one access rule. `item` null: the item is gone (or never existed). A field marked private in the upload rules
 * (`UploadRule.private`, e.g. deliverables) is never public, whatever its item; one held until completion (a stage
 * preview's original) is its order's seller's alone until the order is completed. A portfolio work's other files
 * follow its visibility rule (`canViewItem`: owner, edit/admin grantees, view grantees once published). An item behind
 * the adult gate (`isGatedItem`) is never public: its owner, a work's editors and, where its rule lets them see it, an
 * adult who confirmed read it.
 */
export function mediaAccess(
  item: MediaItem | null,
  reader: MediaReader | null,
  field: MediaField = PUBLIC_FIELD,
): MediaAccess {
  if (!item) return "denied";
  if (!field.private && isPublicMediaItem(item)) return "public";
  if (!reader) return "denied";
  if (field.heldUntilCompletion && item.domain === "commission-order" && !item.completed)
    return reader.profileId === item.ownerProfileId ? "owner" : "denied";
  // The delivered work of a deposit order opens to the client once they have paid the rest (decision 100).
  if (item.domain === "commission-order" && item.restDue)
    return reader.profileId === item.ownerProfileId ? "owner" : "denied";
  if (privateReaders(item).includes(reader.profileId)) return "owner";
  if (field.private || !reader.accountId) return "denied";
  const visitor = { accountId: reader.accountId, roles: reader.roles ?? [] };
  // The gate as the work page and the service modal apply it: an adult who confirmed, or (a work) one who may edit it.
  if (item.domain === "portfolio-work")
    return canViewItem(item, visitor) && (!item.adult || reader.showsAdult === true || canEditItem(item, visitor))
      ? "owner"
      : "denied";
  if (item.domain === "commission-service" && item.adult && item.serviceStatus === "PUBLISHED")
    return reader.showsAdult === true ? "owner" : "denied";
  return "denied";
}

/** Who may read an item's non-public objects: its owner; for an order also its buyer; for a request's copy, the order's seller. */
function privateReaders(item: MediaItem): (string | null)[] {
  if (item.domain === "commission-order") return [item.ownerProfileId, item.buyerProfileId];
  if (item.domain === "commission-request") return [item.ownerProfileId, ...item.readerProfileIds];
  return [item.ownerProfileId];
}

// ───────────────────────── serving: signed read URLs and caching (decision 059) ─────────────────────────

/** A signed read URL handed out in an answer (POST /sign/read), and any session-bound one wherever it is issued. */
export const READ_URL_TTL_MS = 5 * 60 * 1000;
/** A signed read URL rendered into a page (an editor left open for a while still shows and previews its files). */
export const PAGE_READ_URL_TTL_MS = 60 * 60 * 1000;

/** How long a signed read URL of this field lives: a session-bound field's (deliverables) is short wherever it is shown. */
export function readUrlTtlMs(rule: Pick<UploadRule, "sessionBound"> | null, shownIn: "answer" | "page"): number {
  return shownIn === "page" && !rule?.sessionBound ? PAGE_READ_URL_TTL_MS : READ_URL_TTL_MS;
}

/**
 * Who opens a signed read URL, decided afresh on every request (the access rule is then asked about that person,
 * now): the URL names the reader it was signed for (`tokenReader`, a profile id), or none (a chat file, sent to both
 * parties at once: whichever allowed reader opens it with their session).
 * - A session that came with the request must be that reader's: someone else's link is refused, signed in or not.
 * - Without a session, the named reader is asked about (a browser that sent no cookie), unless the field is
 *   session-bound or the URL names nobody.
 */
export type SignedReadOpener = { by: "session" } | { by: "token-reader"; profileId: string } | { by: "nobody" };

export function signedReadOpener(
  tokenReader: string | null,
  sessionProfileId: string | null,
  sessionBound: boolean,
): SignedReadOpener {
  if (sessionProfileId !== null)
    return tokenReader === null || tokenReader === sessionProfileId ? { by: "session" } : { by: "nobody" };
  if (sessionBound || tokenReader === null) return { by: "nobody" };
  return { by: "token-reader", profileId: tokenReader };
}

/**
 * Cache-Control of a file served through a signed URL, and of every refusal: no cache keeps it, the browser's own
 * included, so a revoked reader loses the file at the next request and no shared cache ever holds a private copy.
 */
export const PRIVATE_MEDIA_CACHE_CONTROL = "private, no-store";

/** How long a shared cache may serve a public file of an item that can turn private without asking us again. */
const SHARED_CACHE_SECONDS = 60;

/**
 * Cache-Control of a file served at /media/ (only ever a public item's). A profile picture is public for good: a year
 * everywhere. Any other item can stop being public (a work made private, a form or service unpublished): browsers
 * keep it a year (a copy of what their user was shown while it was public), shared caches (CDNs, proxies) for a
 * minute, then they must ask again (`s-maxage` implies proxy-revalidate) and get the 404 once the item is no longer
 * public. Decision 059 says what this leaves to caches outside our control.
 */
export function publicMediaCacheControl(domain: MediaItem["domain"]): string {
  return domain === "user-profile"
    ? "public, max-age=31536000, immutable"
    : `public, max-age=31536000, s-maxage=${SHARED_CACHE_SECONDS}, immutable`;
}
