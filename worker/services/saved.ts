/**
 * A user's saved page (issue 66, decision 107): the creators they follow and the services and forms they bookmarked
 * (active bookmarks), newest first, each with where it leads. Only their own: every read is by their account. A creator
 * since banned, and a service or form since unpublished, drop out of the lists (their rows stay, as before).
 */
import { serviceShownToAccountSql } from "../domain/content-gate";
import type { Database } from "../db/client";
import { LOCALIZED } from "../db/schema/localized-entities";
import type { Locale } from "../domain/locales";
import { pickText } from "../domain/localized-text";
import { notBannedSql } from "../domain/roles";
import { serviceHref } from "../domain/service-links";
import { loadTexts } from "./localized-texts";
import { isClosedToRequests } from "../domain/follows";
import { AVAILABILITY_COLUMNS } from "./follows";

/** How many of each list the page shows. */
const SAVED_LIST_MAX = 200;

export interface FollowedCreator {
  profileId: string;
  handle: string;
  name: string;
  avatarUrl: string | null;
  /** Closed for commissions, or no free slot. */
  closed: boolean;
}

export interface SavedItem {
  kind: "service" | "form";
  id: string;
  title: string;
  href: string;
  creatorHandle: string;
}

export interface SavedLists {
  creators: FollowedCreator[];
  items: SavedItem[];
}

export async function savedOf(
  db: Database,
  userAccountId: string,
  locale: Locale,
  /** Comet's clock: an R-18 service bookmarked is listed only while the account sees adult content (decision 110). */
  now: number,
): Promise<SavedLists> {
  const d1 = db.$client;
  const [creators, items] = await d1.batch<Record<string, string | number | null>>([
    d1
      .prepare(
        `SELECT p.id, p.original_handle AS handle, p.avatar_url, ${AVAILABILITY_COLUMNS}
         FROM follows f JOIN user_profiles p ON p.account_id = f.creator_user_account_id
           JOIN commission_accounts ca ON ca.user_account_id = f.creator_user_account_id
         WHERE f.follower_user_account_id = ?1 AND ${notBannedSql("f.creator_user_account_id")}
         ORDER BY f.created_at DESC LIMIT ${SAVED_LIST_MAX}`,
      )
      .bind(userAccountId),
    d1
      .prepare(
        `SELECT b.service_id, b.form_id, fm.code AS form_code, p.original_handle AS handle
         FROM bookmarks b
           LEFT JOIN commission_services s ON s.id = b.service_id AND s.service_status = 'PUBLISHED'
           LEFT JOIN commission_forms fm ON fm.id = b.form_id AND fm.form_status = 'PUBLISHED'
           JOIN commission_accounts ca ON ca.id = coalesce(s.commission_account_id, fm.commission_account_id)
           JOIN user_profiles p ON p.account_id = ca.user_account_id
         WHERE b.user_account_id = ?1 AND b.is_active = 1 AND ${notBannedSql("ca.user_account_id")}
           AND ${serviceShownToAccountSql("s", "?1", now)}
         ORDER BY b.updated_at DESC, b.id LIMIT ${SAVED_LIST_MAX}`,
      )
      .bind(userAccountId),
  ]);
  const serviceIds = items.results.flatMap((r) => (r.service_id ? [String(r.service_id)] : []));
  const formIds = items.results.flatMap((r) => (r.form_id ? [String(r.form_id)] : []));
  const [names, serviceTitles, formTitles] = await Promise.all([
    loadTexts(
      db,
      LOCALIZED.userProfile.type,
      creators.results.map((r) => String(r.id)),
      "name",
    ),
    loadTexts(db, LOCALIZED.commissionService.type, serviceIds, "title"),
    loadTexts(db, LOCALIZED.commissionForm.type, formIds, "title"),
  ]);
  return {
    creators: creators.results.map((r) => ({
      profileId: String(r.id),
      handle: String(r.handle),
      name: pickText(names.get(String(r.id)), locale) ?? String(r.handle),
      avatarUrl: (r.avatar_url as string | null) ?? null,
      closed: isClosedToRequests({ isOpen: Boolean(r.is_open), hasRoom: Boolean(r.has_room) }),
    })),
    items: items.results.map((r): SavedItem => {
      const handle = String(r.handle);
      if (r.service_id) {
        const id = String(r.service_id);
        return {
          kind: "service",
          id,
          title: pickText(serviceTitles.get(id), locale) ?? "",
          href: serviceHref(handle, id),
          creatorHandle: handle,
        };
      }
      const id = String(r.form_id);
      return {
        kind: "form",
        id,
        title: pickText(formTitles.get(id), locale) ?? "",
        href: `/cf/${String(r.form_code)}`,
        creatorHandle: handle,
      };
    }),
  };
}
