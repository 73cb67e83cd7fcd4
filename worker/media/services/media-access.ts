import { eq, inArray, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/sqlite-core";
import type { Database } from "../../db/client";
import {
  commissionAccounts,
  commissionForms,
  commissionOrders,
  commissionServices,
  media,
  portfolioWorks,
  userAccountRoles,
  userProfiles,
} from "../../db/schema";
import { OBJECT_ROUTE, mediaUrlForKey, parseMediaKey, type MediaKey } from "../domain/media-keys";
import { isLinkableUrl } from "../domain/media-urls";
import type { MediaDomain } from "../domain/upload-rules";
import {
  isGatedItem,
  mediaAccess,
  readUrlTtlMs,
  signedReadOpener,
  type MediaAccess,
  type MediaItem,
  type MediaReader,
} from "../domain/media-access";
import { isBanned } from "../../domain/roles";
import { adultWorkSql, isAdultRating } from "../../domain/content-gate";
import { restDue } from "../../orders/domain/order-parts";
import type { OrderProgress } from "../../orders/domain/order-types";
import { depositColumnsOf } from "../../db/order-row";
import { loadItemVisibility } from "../../services/visibility";
import { issueToken, verifyToken } from "../../services/signed-tokens";

/**
 * Reading stored objects: which item an object belongs to, whether a viewer may see it (the rule in
 * worker/media/domain/media-access.ts), and signed read URLs for those who may but the public may not. Used by /media/,
 * POST /sign/read, the signed GET (which asks again, at every request, whether its reader still may) and the page
 * loaders that show the owner their non-public media.
 */

/** The viewer of media: a profile; pass the session user (account and roles too) so visibility grants count. */
export type MediaViewer = MediaReader;

/** D1 binds at most 100 parameters per query; the commission-request reader binds each id twice. */
const IDS_PER_QUERY = 45;

function chunks<T>(items: T[], size: number): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size));
  return out;
}

const sellerAccounts = alias(commissionAccounts, "sa");
const buyerAccounts = alias(commissionAccounts, "ba");
const sellerProfiles = alias(userProfiles, "sp");
const buyerProfiles = alias(userProfiles, "bp");

/** The profiles of the orders' seller and buyer (null where that party has none): who may read or write an order's files. */
export async function orderPartyProfiles(
  db: Database,
  orderIds: string[],
): Promise<
  {
    id: string;
    sellerProfileId: string | null;
    buyerProfileId: string | null;
    progress: string | null;
    deposit: string | null;
    paidRest: string | null;
  }[]
> {
  if (orderIds.length === 0) return [];
  return db
    .select({
      id: commissionOrders.id,
      sellerProfileId: sellerProfiles.id,
      buyerProfileId: buyerProfiles.id,
      progress: commissionOrders.orderProgressStatus,
      deposit: commissionOrders.deposit,
      paidRest: commissionOrders.paidRest,
    })
    .from(commissionOrders)
    .innerJoin(sellerAccounts, eq(sellerAccounts.id, commissionOrders.sellerId))
    .leftJoin(sellerProfiles, eq(sellerProfiles.accountId, sellerAccounts.userAccountId))
    .innerJoin(buyerAccounts, eq(buyerAccounts.id, commissionOrders.buyerId))
    .leftJoin(buyerProfiles, eq(buyerProfiles.accountId, buyerAccounts.userAccountId))
    .where(inArray(commissionOrders.id, orderIds));
}

/**
 * How to read the items of each upload domain, by id. The extension point for private domains to come
 * (commission-order deliverables, chat files): a domain added to MediaDomain needs its reader here.
 */
const ITEM_READERS: { [D in MediaDomain]: (db: Database, ids: string[]) => Promise<[string, MediaItem][]> } = {
  "user-profile": async (_db, ids) => ids.map((id) => [id, { domain: "user-profile", ownerProfileId: id }]),
  "portfolio-work": async (db, ids) => {
    const [rows, visibility] = await Promise.all([
      db
        .select({
          id: portfolioWorks.id,
          ownerProfileId: portfolioWorks.profileId,
          ownerAccountId: userProfiles.accountId,
          workStatus: portfolioWorks.workStatus,
          hiddenAt: portfolioWorks.hiddenAt,
          adult: sql.raw(adultWorkSql(`"portfolio_works"."id"`)).mapWith(Boolean),
        })
        .from(portfolioWorks)
        .innerJoin(userProfiles, eq(userProfiles.id, portfolioWorks.profileId))
        .where(inArray(portfolioWorks.id, ids)),
      loadItemVisibility(db, "portfolio_work", ids),
    ]);
    return rows.map(({ hiddenAt, ...r }) => [
      r.id,
      { domain: "portfolio-work", ...r, hidden: hiddenAt !== null, ...visibility.get(r.id)! },
    ]);
  },
  "commission-form": async (db, ids) => {
    const rows = await db
      .select({ id: commissionForms.id, ownerProfileId: userProfiles.id, formStatus: commissionForms.formStatus })
      .from(commissionForms)
      .innerJoin(commissionAccounts, eq(commissionAccounts.id, commissionForms.commissionAccountId))
      .innerJoin(userProfiles, eq(userProfiles.accountId, commissionAccounts.userAccountId))
      .where(inArray(commissionForms.id, ids));
    return rows.map((r) => [
      r.id,
      { domain: "commission-form", ownerProfileId: r.ownerProfileId, formStatus: r.formStatus },
    ]);
  },
  // The id is the client's profile (their uploads before sending) or an order (the copies its request keeps).
  "commission-request": async (db, ids) => {
    // Not db.batch: D1's batch answers rows as objects, and the parties' three `id` columns would collide.
    const [profiles, orders] = await Promise.all([
      db.select({ id: userProfiles.id }).from(userProfiles).where(inArray(userProfiles.id, ids)),
      orderPartyProfiles(db, ids),
    ]);
    return [
      ...profiles.map((p): [string, MediaItem] => [
        p.id,
        { domain: "commission-request", ownerProfileId: p.id, readerProfileIds: [] },
      ]),
      ...orders.flatMap((o): [string, MediaItem][] =>
        o.buyerProfileId && o.sellerProfileId
          ? [
              [
                o.id,
                {
                  domain: "commission-request",
                  ownerProfileId: o.buyerProfileId,
                  readerProfileIds: [o.sellerProfileId],
                },
              ],
            ]
          : [],
      ),
    ];
  },
  "commission-order": async (db, ids) => {
    const parties = await orderPartyProfiles(db, ids);
    return parties.flatMap((r) =>
      r.sellerProfileId
        ? [
            [
              r.id,
              {
                domain: "commission-order",
                ownerProfileId: r.sellerProfileId,
                buyerProfileId: r.buyerProfileId,
                completed: r.progress === "COMPLETED",
                // Decision 100: a delivered deposit order's files wait for its rest (the same rule the order reads).
                restDue: restDue({
                  progress: r.progress as OrderProgress,
                  ...depositColumnsOf({ deposit: r.deposit, paid_rest: r.paidRest }),
                }),
              },
            ],
          ]
        : [],
    );
  },
  "commission-service": async (db, ids) => {
    const rows = await db
      .select({
        id: commissionServices.id,
        ownerProfileId: userProfiles.id,
        serviceStatus: commissionServices.serviceStatus,
        rating: commissionServices.contentRatingCode,
      })
      .from(commissionServices)
      .innerJoin(commissionAccounts, eq(commissionAccounts.id, commissionServices.commissionAccountId))
      .innerJoin(userProfiles, eq(userProfiles.accountId, commissionAccounts.userAccountId))
      .where(inArray(commissionServices.id, ids));
    return rows.map((r) => [
      r.id,
      {
        domain: "commission-service",
        ownerProfileId: r.ownerProfileId,
        serviceStatus: r.serviceStatus,
        adult: isAdultRating(r.rating),
      },
    ]);
  },
};

const itemRef = (key: Pick<MediaKey, "domain" | "id">) => `${key.domain}/${key.id}`;

/** The items the keys belong to, keyed by `domain/id` (one query per domain and 90 ids); a missing item is absent. */
async function itemsOf(db: Database, keys: MediaKey[]): Promise<Map<string, MediaItem>> {
  const idsByDomain = new Map<MediaDomain, Set<string>>();
  for (const key of keys) idsByDomain.set(key.domain, (idsByDomain.get(key.domain) ?? new Set()).add(key.id));
  const items = new Map<string, MediaItem>();
  for (const [domain, ids] of idsByDomain) {
    for (const part of chunks([...ids], IDS_PER_QUERY)) {
      for (const [id, item] of await ITEM_READERS[domain](db, part)) items.set(itemRef({ domain, id }), item);
    }
  }
  return items;
}

/** May this viewer (null: anyone, signed out) see this object? */
export async function objectAccess(db: Database, key: MediaKey, viewer: MediaViewer | null): Promise<MediaAccess> {
  const items = await itemsOf(db, [key]);
  return mediaAccess(items.get(itemRef(key)) ?? null, viewer, key.rule);
}

/**
 * A signed read URL for one object, naming the reader it is for (a profile id; null: whichever allowed reader opens
 * it with their session, for a URL sent to both parties of a chat at once). Its lifetime follows the key's field and
 * where it is shown (`readUrlTtlMs`: deliverables 5 minutes everywhere). `origin` "" gives a same-site path, as pages use.
 * `name`: the name the file is saved under (the media row's, `fileNameOf`), signed into the token (issue 60); without
 * one the download is named after the stored key.
 */
export async function signReadUrl(
  env: Env,
  key: string,
  reader: string | null,
  {
    origin = "",
    now = Date.now(),
    shownIn = "answer",
    name = null,
  }: { origin?: string; now?: number; shownIn?: "answer" | "page"; name?: string | null } = {},
): Promise<{ url: string; expiresAt: number }> {
  const ttl = readUrlTtlMs(parseMediaKey(key)?.rule ?? null, shownIn);
  const { token, expiresAt } = await issueToken(
    env,
    "media-read",
    { key, ...(reader === null ? {} : { sub: reader }), ...(name ? { name } : {}) },
    ttl,
    now,
  );
  return { url: `${origin}${OBJECT_ROUTE}${key}?token=${token}`, expiresAt };
}

export type ReadResult =
  | { ok: true; url: string; expiresAt: number }
  | { ok: false; status: 403 | 404; error: "forbidden" | "not_found" };

/** POST /sign/read: a URL for anyone signed in when the object's item is public, for its allowed readers otherwise. */
export async function signRead(
  db: Database,
  env: Env,
  user: MediaViewer,
  pathOrUrl: string,
  origin: string,
  now = Date.now(),
): Promise<ReadResult> {
  const parsed = parseMediaKey(pathOrUrl);
  if (!parsed) return { ok: false, status: 404, error: "not_found" };
  if ((await objectAccess(db, parsed, user)) === "denied") return { ok: false, status: 403, error: "forbidden" };
  if (!(await env.MEDIA.head(parsed.key))) return { ok: false, status: 404, error: "not_found" };
  // A page's Download signs afresh on each click (a deliverable's link lives 5 minutes): the file keeps its own name.
  const name = (await fileNameOfObject(db, parsed.key)) ?? undefined;
  const signed = await signReadUrl(env, parsed.key, user.profileId, { origin, now, name });
  if (parsed.domain === "commission-order" && DELIVERED_FIELDS.has(parsed.field))
    await recordClientDownload(db, {
      orderId: parsed.id,
      profileId: user.profileId,
      fileName: name ?? parsed.file,
      now,
    });
  return { ok: true, ...signed };
}

/** The fields of an order's delivered files: a link made for the client to one of them is their download. */
const DELIVERED_FIELDS: ReadonlySet<string> = new Set(["deliverables", "deliverable_sources"]);

/**
 * The client's download of a delivered file (decision 103): the order's evidence that the work reached them, written
 * when its link is made for them. Only the order's client: the creator's own reads are not the client's.
 */
async function recordClientDownload(
  db: Database,
  download: { orderId: string; profileId: string; fileName: string; now: number },
) {
  await db.$client
    .prepare(
      `INSERT INTO deliverable_downloads (id, order_id, user_account_id, file_name, downloaded_at)
       SELECT ?1, o.id, ba.user_account_id, ?2, ?3 FROM commission_orders o
       JOIN commission_accounts ba ON ba.id = o.buyer_id JOIN user_profiles bp ON bp.account_id = ba.user_account_id
       WHERE o.id = ?4 AND bp.id = ?5`,
    )
    .bind(crypto.randomUUID(), download.fileName, download.now, download.orderId, download.profileId)
    .run();
}

/** The name a record keeps for a stored object (its media row's); null when none names one. */
async function fileNameOfObject(db: Database, key: string): Promise<string | null> {
  const row = await db
    .select({ name: media.fileName })
    .from(media)
    .where(eq(media.fileUrl, mediaUrlForKey(key)))
    .limit(1)
    .get();
  return row?.name ?? null;
}

/** A reader as the access rule needs them (account and roles, for grants), read now; null when gone or banned. */
async function readerNow(db: Database, profileId: string): Promise<MediaReader | null> {
  const rows = await db
    .select({ accountId: userProfiles.accountId, roleCode: userAccountRoles.roleCode })
    .from(userProfiles)
    .leftJoin(userAccountRoles, eq(userAccountRoles.userAccountId, userProfiles.accountId))
    .where(eq(userProfiles.id, profileId));
  if (rows.length === 0) return null;
  const roles = rows.flatMap((r) => (r.roleCode ? [r.roleCode] : []));
  return isBanned(roles) ? null : { profileId, accountId: rows[0].accountId, roles };
}

/**
 * GET /object/{key}?token=…: the key when the token is a valid, unexpired read token for exactly this key, and the
 * person opening it may read the object now (decision 059): the session that came with the request must be the
 * reader the URL names (`signedReadOpener`), and the access rule is asked about that person at this moment, so a
 * revoked grant, a work no longer theirs or an order they are not a party to is refused at once, not at expiry.
 * Read tokens are not single-use (a browser re-requests images, video plays by ranges). `name`: the name the token
 * signs for the download, if any.
 */
export async function openSignedRead(
  db: Database,
  env: Env,
  key: string,
  token: string,
  session: MediaViewer | null,
  now = Date.now(),
): Promise<(MediaKey & { name: string | null }) | null> {
  const verified = await verifyToken(env, "media-read", token, now);
  const parsed = verified && verified.key === key ? parseMediaKey(key) : null;
  if (!verified || !parsed) return null;
  const item = (await itemsOf(db, [parsed])).get(itemRef(parsed)) ?? null;
  // A gated item's file opens only with its reader's own session (decision 110): the gate is the session's to pass
  // (SessionUser.showsAdult, read on this request), and a link passed on to someone signed out reaches nobody.
  const sessionBound = parsed.rule.sessionBound === true || isGatedItem(item);
  const opener = signedReadOpener(verified.sub ?? null, session?.profileId ?? null, sessionBound);
  const reader =
    opener.by === "session" ? session : opener.by === "token-reader" ? await readerNow(db, opener.profileId) : null;
  if (!reader) return null;
  return mediaAccess(item, reader, parsed.rule) === "denied" ? null : { ...parsed, name: verified.name ?? null };
}

export interface ViewableUrl {
  (url: string): string;
  (url: string | null): string | null;
}

/** A stored URL a page shows, with the name its file is saved under when the page knows it (a media row's). */
export type NamedUrl = { url: string | null | undefined; name?: string | null };

/**
 * For a page showing media to `viewer`: maps each stored URL (`/media/{key}`) to what the viewer's browser can load.
 * Public objects keep their /media/ URL (cacheable); objects the viewer may see but the public may not get a
 * same-site signed read URL (carrying the file's name when given as `{ url, name }`, so it downloads under it);
 * anything else is left as it is (and answers 404). Other URLs (links) pass unchanged.
 */
export async function mediaUrlsForViewer(
  db: Database,
  env: Env,
  viewer: MediaViewer | null,
  urls: Iterable<string | null | undefined | NamedUrl>,
  now = Date.now(),
): Promise<ViewableUrl> {
  const keys = new Map<string, MediaKey>();
  const names = new Map<string, string>();
  for (const entry of urls) {
    const url = typeof entry === "object" && entry !== null ? entry.url : entry;
    const key = url?.startsWith("/media/") ? parseMediaKey(url) : null;
    if (url && key) keys.set(url, key);
    if (url && typeof entry === "object" && entry?.name) names.set(url, entry.name);
  }
  const items = keys.size ? await itemsOf(db, [...keys.values()]) : new Map<string, MediaItem>();
  const signed = new Map<string, string>();
  for (const [url, key] of keys) {
    if (!viewer || mediaAccess(items.get(itemRef(key)) ?? null, viewer, key.rule) !== "owner") continue;
    const name = names.get(url) ?? null;
    signed.set(url, (await signReadUrl(env, key.key, viewer.profileId, { now, shownIn: "page", name })).url);
  }
  // A URL that is neither ours nor http(s) is shown as no link at all ("" reads as none, like a missing one).
  return ((url: string | null) => (url ? (signed.get(url) ?? (isLinkableUrl(url) ? url : "")) : url)) as ViewableUrl;
}

/**
 * For a page showing one signed-in viewer files behind the adult gate (decision 110): each stored URL (`/media/{key}`)
 * as a same-site read URL signed for that viewer, since /media/ answers 404 for those whoever asks. The page's own read
 * chose the items by the gate (its SQL), so nothing is read here; the signed GET asks the rule again at every request,
 * with the viewer's session (`isGatedItem`). Never for a signed-out render, which may be the edge cache's copy for
 * everyone: it shows no gated item. Other URLs (links) pass unchanged.
 */
export async function signedForViewer(
  env: Env,
  readerProfileId: string,
  urls: Iterable<string | null | undefined>,
  now = Date.now(),
): Promise<ViewableUrl> {
  const signed = new Map<string, string>();
  for (const url of urls) {
    const key = url?.startsWith("/media/") ? parseMediaKey(url) : null;
    if (url && key && !signed.has(url))
      signed.set(url, (await signReadUrl(env, key.key, readerProfileId, { now, shownIn: "page" })).url);
  }
  return ((url: string | null) => (url ? (signed.get(url) ?? url) : url)) as ViewableUrl;
}

/** One shown media (a list item or an editor draft) with its URLs as `view` maps them. */
export function viewMedia<T extends { url: string; thumbnailUrl?: string | null }>(view: ViewableUrl, item: T): T {
  return {
    ...item,
    url: view(item.url),
    ...(item.thumbnailUrl !== undefined ? { thumbnailUrl: view(item.thumbnailUrl) } : {}),
  };
}
