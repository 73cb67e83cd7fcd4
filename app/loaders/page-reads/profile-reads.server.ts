import { isReservedHandle } from "#worker/domain/reserved-handles";
import { PROFILE_SERVICE_PARAM } from "#worker/domain/service-links";
import { definePageReads } from "#worker/http/read-ahead";
import { reviewsOfCreatorPart } from "#worker/orders/services/reviews";
import { creatorProfilePart } from "#worker/services/catalog";
import { creatorSignalsPart } from "#worker/services/trust-signals";
import { creatorSlotsPart } from "#worker/services/waitlist";
import { catalogViewerOf, profileReaderOf, viewerArgs } from "./viewer-args";

/** The path `/{handle}`: one segment that no other route claims (reserved-handles.ts holds every routed one). */
function profileParams(url: URL): { handle: string } | null {
  const match = /^\/([^/]+)$/.exec(url.pathname);
  if (!match) return null;
  let handle: string;
  try {
    handle = decodeURIComponent(match[1]!);
  } catch {
    return null;
  }
  return isReservedHandle(handle) ? null : { handle };
}

/**
 * A profile's reads, in one batch (decision 113): the profile; their reviews by clients (decision 086), the page purged
 * when a new one shows; their slots, overall and each service's and form's (decision 091), the page purged when a count
 * changes; their signals (decision 106), one row the timed jobs keep, the page purged when a shown figure changes.
 * Sent with the session's statement when the session's last user reads them the same (decision 114).
 */
export const profileReads = definePageReads({
  match: profileParams,
  args: ({ params, url, user, locale }) => ({
    handle: params.handle ?? "",
    openServiceId: url.searchParams.get(PROFILE_SERVICE_PARAM),
    ...viewerArgs(user, locale),
  }),
  parts: (db, { handle, openServiceId, ...viewer }, now) =>
    [
      creatorProfilePart(db, handle, catalogViewerOf(viewer), openServiceId),
      // Who sees the reviews and rating with the profile (domain/public-profiles.ts).
      reviewsOfCreatorPart(db, handle, { locale: viewer.locale, now, viewer: profileReaderOf(viewer) }),
      creatorSlotsPart(db.$client, handle),
      creatorSignalsPart(db.$client, { handle }, now),
    ] as const,
});
