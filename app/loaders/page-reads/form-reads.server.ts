import { SETUP_RETURN_PARAMS } from "#app/lib/payments/card-api";
import { definePageReads } from "#worker/http/read-ahead";
import { requestViewerStatePart } from "#worker/orders/services/request-views";
import { creatorRatingPart } from "#worker/orders/services/reviews";
import { publicFormPart } from "#worker/services/catalog";
import { creatorSignalsPart } from "#worker/services/trust-signals";
import { targetSlotsAndPlacePart } from "#worker/services/waitlist";
import { profileReaderOf, viewerArgs } from "./viewer-args";

/**
 * `/cf/{code}`. Not back from a 3-D Secure redirect: the page saves that card before it reads the client's cards.
 */
function formParams(url: URL): { code: string } | null {
  const match = /^\/cf\/([^/]+)$/.exec(url.pathname);
  if (!match || SETUP_RETURN_PARAMS.some((name) => url.searchParams.has(name))) return null;
  try {
    return { code: decodeURIComponent(match[1]!) };
  } catch {
    return null;
  }
}

/**
 * A form page's reads, in one batch, everything named by the form's code (decision 113): the form; the creator's
 * average by their clients (decision 086), the page purged when a review of them shows, and not served where their
 * profile is the 404 (hidden by the admins: `isProfileShownTo`, issue 59); the client's standing and saved cards; the
 * form's slots (decision 091), purged like the rating, and the client's own place only in a signed-in answer, as a
 * signed-out page is the edge cache's copy for everyone; the creator's signals (decision 106), one row, the page purged
 * with the profile's when one changes. Sent with the session's statement when the session's last user reads them the
 * same (decision 114).
 */
export const formReads = definePageReads({
  match: formParams,
  args: ({ params, user, locale }) => ({ formCode: params.code ?? "", ...viewerArgs(user, locale) }),
  parts: (db, args, now) => {
    const { formCode, locale, accountId, displayCurrencyId } = args;
    return [
      publicFormPart(db, formCode, { locale, accountId, displayCurrencyId }, now),
      creatorRatingPart(db, { formCode }, { now, viewer: profileReaderOf(args) }),
      requestViewerStatePart(db.$client, accountId, { formCode }),
      targetSlotsAndPlacePart(db.$client, { kind: "form", formCode }, accountId, now),
      creatorSignalsPart(db.$client, { formCode }, now),
    ] as const;
  },
});
