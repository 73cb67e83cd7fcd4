// The read side of a work's own page (/{handle}/works/{id}): one work with everything the page shows, for a viewer the
// visibility rule lets read it (worker/domain/visibility.ts; docs/decisions/031-visibility-grants.md).
import { contentViewerOf, maySeeRating } from "../domain/content-gate";
import { notBannedSql } from "../domain/roles";
import type { Locale } from "../domain/locales";
import { MISSING_TEXT, pickText, type TextRow } from "../domain/localized-text";
import { isReachableWork } from "../domain/public-items";
import { canEditItem, canViewItem, type Visitor } from "../domain/visibility";
import type { Database } from "../db/client";
import type { PublishStatus } from "../db/schema/enums";
import { categoryNamesOf, mediasOf } from "./catalog";
import { parseJson, textsOf } from "./json-columns";
import { type PageReadings, publicText, readPublicTexts } from "./localized-texts";
import { mediaUrlsForViewer, viewMedia, type MediaViewer } from "../media/services/media-access";
import type { ShownMedia } from "../media/services/media-rows";
import { loadItemVisibility } from "./visibility";
import { parseLicence, type Licence } from "../orders/domain/licence";

/** Someone the page names: the creator, the client, a credited user. */
export interface WorkPerson {
  name: string;
  handle: string;
  avatarUrl: string | null;
}

export interface WorkPage extends PageReadings {
  id: string;
  /** The owner's handle as they wrote it: the page's canonical address is /{handle}/works/{id}. */
  handle: string;
  title: string;
  description: string;
  tags: string[];
  categories: { code: string; name: string }[];
  /** The creator's own labels beside the fixed categories, in their order (decision 032). */
  userCategories: string[];
  /** URLs as this viewer's browser can load them (signed for a non-public work's allowed readers). */
  medias: ShownMedia[];
  /** The first og image, else the first picture of the media; a same-site path or a link. */
  ogImageUrl: string | null;
  creator: WorkPerson;
  /** The client the work was made for, unless they removed themselves from it (or their account is gone). */
  client: WorkPerson | null;
  credits: WorkPerson[];
  /**
   * What the client may do with the work (issue 63): the licence of the order it was made for, as agreed now (a change
   * by agreement shows here too); null for a work of no order, or of an order from before licences.
   */
  licence: Licence | null;
  /** Open to anyone holding the link (published, not private): its visits count. */
  reachable: boolean;
  /** A DRAFT is not published (a work without media, decision 060): only those who may edit it see it. */
  published: boolean;
  /** Hidden by an admin after a report (decision 089): only its editors and the admins get this far. */
  hidden: boolean;
  canEdit: boolean;
}

/** A profile as JSON: its handle, avatar and name texts; `p` is a user_profiles row. */
const personJson = (p: string) =>
  `json_object('h', ${p}.original_handle, 'a', ${p}.avatar_url, 'n', ${textsOf("user_profile", `${p}.id`, "name")})`;

const WORK_SQL = `SELECT w.id, w.work_status, w.hidden_at, p.account_id AS owner_account_id, ${personJson("p")} AS creator,
    ${textsOf("portfolio_work", "w.id")} AS texts,
    ${mediasOf("portfolio_work", "w.id", "medias")} AS medias,
    ${mediasOf("portfolio_work", "w.id", "og_images")} AS og_images,
    json((SELECT json_group_array(t.tag) FROM portfolio_work_tags t WHERE t.work_id = w.id)) AS tags,
    json((SELECT json_group_array(json_object('code', c.category_code, 'names', ${categoryNamesOf("c.category_code")}))
          FROM portfolio_work_categories c WHERE c.work_id = w.id)) AS categories,
    json((SELECT json_group_array(u.name) FROM (SELECT name FROM portfolio_work_user_categories WHERE work_id = w.id ORDER BY position) u)) AS user_categories,
    (SELECT ${personJson("cp")} FROM user_profiles cp WHERE cp.account_id = w.client_account_id AND w.client_removed_at IS NULL) AS client,
    json((SELECT json_group_array(${personJson("gp")}) FROM visibility_settings vs
          JOIN visibility_grants g ON g.visibility_setting_id = vs.id AND g.permission = 'credit'
          JOIN user_profiles gp ON gp.account_id = g.user_account_id
          WHERE vs.item_type = 'portfolio_work' AND vs.item_id = w.id)) AS credits,
    (SELECT o.licence FROM commission_orders o WHERE o.id = w.commission_order_id) AS order_licence,
    json((SELECT json_group_array(r.content_rating_code) FROM portfolio_work_content_ratings r WHERE r.work_id = w.id)) AS ratings
  FROM portfolio_works w JOIN user_profiles p ON p.id = w.profile_id
  WHERE w.id = ? AND ${notBannedSql("p.account_id")}`;

type PersonRow = { h: string; a: string | null; n: TextRow[] | null };
const toPerson = (row: PersonRow, locale: Locale): WorkPerson => ({
  handle: row.h,
  avatarUrl: row.a,
  name: pickText(row.n, locale, "name") || row.h,
});

/** The picture a media shows: an image's own file, else its thumbnail. */
const pictureOf = (media: ShownMedia) => (media.mediaType === "IMAGE" && media.url ? media.url : media.thumbnailUrl);

/**
 * The work with id `workId` as `user` may see it, or null when there is no such work or they may not read it (the
 * page answers both the same, so a private work's existence is not told).
 */
export async function getWorkPage(
  db: Database,
  env: Env,
  workId: string,
  user: (MediaViewer & Visitor & { showsAdult?: boolean }) | null,
  locale: Locale,
): Promise<WorkPage | null> {
  const [row, visibilities] = await Promise.all([
    db.$client.prepare(WORK_SQL).bind(workId).first<Record<string, unknown>>(),
    loadItemVisibility(db, "portfolio_work", [workId]),
  ]);
  if (!row) return null;
  const item = {
    ownerAccountId: String(row.owner_account_id),
    workStatus: row.work_status as PublishStatus,
    hidden: row.hidden_at !== null,
    ...visibilities.get(workId)!,
  };
  if (!canViewItem(item, user)) return null;
  // A work rated for adults answers as if it did not exist to a viewer the gate keeps out (decision 110): no title,
  // image or og tag of it leaves, and a signed-out visitor's cached 404 says nothing.
  // Its creator and those who may edit it always see it.
  const gated = !maySeeRating(contentViewerOf(user), parseJson<string>(row.ratings), item.ownerAccountId);
  if (gated && !canEditItem(item, user)) return null;

  const medias = parseJson<ShownMedia>(row.medias);
  const ogImages = parseJson<ShownMedia>(row.og_images);
  const view = await mediaUrlsForViewer(
    db,
    env,
    user,
    [...medias, ...ogImages].flatMap((media) => [media.url, media.thumbnailUrl]),
  );
  const shown = medias.map((media) => viewMedia(view, media));
  const ogImage =
    ogImages
      .map((media) => viewMedia(view, media))
      .map(pictureOf)
      .find(Boolean) ??
    shown.map(pictureOf).find(Boolean) ??
    null;
  const texts = parseJson<TextRow>(row.texts);
  const creator = toPerson(JSON.parse(String(row.creator)) as PersonRow, locale);
  const tags = parseJson<string>(row.tags);
  const readings = await readPublicTexts(db, locale, [
    publicText(texts, locale, "title", item.ownerAccountId),
    publicText(texts, locale, "description", item.ownerAccountId),
    // A tag is one language's word: read translated like the texts (issue 62), by its content.
    ...tags.map((tag) => ({ text: tag, typed: false, writerAccountId: item.ownerAccountId })),
  ]);
  return {
    ...readings,
    id: workId,
    handle: creator.handle,
    title: pickText(texts, locale, "title") ?? MISSING_TEXT,
    description: pickText(texts, locale, "description") ?? "",
    tags,
    categories: parseJson<{ code: string; names: TextRow[] }>(row.categories).map((c) => ({
      code: c.code,
      name: pickText(c.names, locale) || c.code,
    })),
    userCategories: parseJson<string>(row.user_categories),
    medias: shown,
    ogImageUrl: ogImage,
    creator,
    client: typeof row.client === "string" ? toPerson(JSON.parse(row.client) as PersonRow, locale) : null,
    credits: parseJson<PersonRow>(row.credits).map((person) => toPerson(person, locale)),
    licence: parseLicence(typeof row.order_licence === "string" ? row.order_licence : null),
    reachable: isReachableWork(item),
    published: item.workStatus === "PUBLISHED",
    hidden: item.hidden,
    canEdit: canEditItem(item, user),
  };
}
