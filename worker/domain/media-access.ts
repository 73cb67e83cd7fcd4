import type { PublishStatus, VisibilityStatus } from "../db/schema/enums";
import { isReachableWork } from "./public-items";
import { canViewItem, type ItemGrants } from "./visibility";

/**
 * Who may see a stored object: the rule of the item it belongs to (the `{domain}/{id}` of its key), pure.
 * Public items are served to anyone at /media/; everything else only through a signed read URL issued to a viewer
 * this rule allows. See docs/decisions/011-signed-tokens-and-private-media.md.
 */

/**
 * What the rule needs to know of an item, one shape per upload domain (`MediaDomain`). Deliverables and chat files
 * add their shape here and a reader in worker/services/media-access.ts (its table is keyed by domain, so a missing
 * reader does not compile).
 */
export type MediaItem =
  | { domain: "user-profile"; ownerProfileId: string }
  /** A work's non-public files go to whoever its visibility rule lets read it (worker/domain/visibility.ts; decision 031). */
  | { domain: "portfolio-work"; ownerProfileId: string; ownerAccountId: string; workStatus: PublishStatus; visibility: VisibilityStatus | null; grants: ItemGrants }
  | { domain: "commission-form"; ownerProfileId: string; formStatus: PublishStatus }
  /** A client's request files: their own folder (no readers), or an order's copy (the order's seller reads it too). */
  | { domain: "commission-request"; ownerProfileId: string; readerProfileIds: string[] }
  /** An order's files: the owner is the seller; the buyer reads them too (decision 024). */
  | { domain: "commission-order"; ownerProfileId: string; buyerProfileId: string | null }

  | { domain: "commission-service"; ownerProfileId: string; serviceStatus: PublishStatus };

/**
 * Visible to everyone: profile pictures; published portfolio works that are PUBLIC or UNLISTED (unlisted: anyone
 * holding the link; no visibility row means PUBLIC); published commission forms (shown at /cf/{code}); published
 * commission services (their gallery, on the profile and in the service modal).
 */
function isPublicMediaItem(item: MediaItem): boolean {
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

/** Who asks: a profile, and (to match visibility grants) the account and its roles when known. */
export interface MediaReader {
  profileId: string;
  accountId?: string;
  roles?: readonly string[];
}

/**
 * The one access rule. `item` null: the item is gone (or never existed). A field marked private in the upload rules
 * (`UploadRule.private`, e.g. deliverables to come) is never public, whatever its item. A portfolio work's other files
 * follow its visibility rule (`canViewItem`: owner, edit/admin grantees, view grantees once published).
 */
export function mediaAccess(item: MediaItem | null, reader: MediaReader | null, privateField = false): MediaAccess {
  if (!item) return "denied";
  if (!privateField && isPublicMediaItem(item)) return "public";
  if (!reader) return "denied";
  if (privateReaders(item).includes(reader.profileId)) return "owner";
  if (item.domain === "portfolio-work" && !privateField && reader.accountId) {
    return canViewItem(item, { accountId: reader.accountId, roles: reader.roles ?? [] }) ? "owner" : "denied";
  }
  return "denied";
}

/** Who may read an item's non-public objects: its owner; for an order also its buyer; for a request's copy, the order's seller. */
function privateReaders(item: MediaItem): (string | null)[] {
  if (item.domain === "commission-order") return [item.ownerProfileId, item.buyerProfileId];
  if (item.domain === "commission-request") return [item.ownerProfileId, ...item.readerProfileIds];
  return [item.ownerProfileId];
}
