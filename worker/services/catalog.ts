import type { Locale } from "../domain/locales";
import type { StagePlanItem } from "../orders/domain/order-stages";
import { storedStagePlan } from "../orders/domain/stage-plan-rows";
import { MISSING_TEXT, pickText, type TextRow } from "../domain/localized-text";
import {
  GUARDED_VIEWER,
  type ContentViewer,
  adultServiceSql,
  adultWorkSql,
  contentViewerOf,
  maySeeRating,
  visibleRatingSql,
  visibleServiceSql,
} from "../domain/content-gate";
import { listedWorkSql } from "../domain/public-items";
import type { ProfileStanding } from "../domain/public-profiles";
import { creatorRoleSql, notBannedSql } from "../domain/roles";
import { serviceHref } from "../domain/service-links";
import type { Database } from "../db/client";
import { priceSortValue, type DisplayPrice } from "../domain/pricing";
import {
  SEARCH_PAGE_SIZE,
  decodeCursor,
  encodeCursor,
  isTextSort,
  trigramQuery,
  type ExploreQuery,
} from "../domain/search";
import { textMatchSql } from "../domain/search-text";
import type { MediaType, QuestionType } from "../db/schema/enums";
import { parseJson, pickTextColumn, textsOf } from "./json-columns";
import type { ShownMedia } from "../media/services/media-rows";
import { signedForViewer, type ViewableUrl } from "../media/services/media-access";
import { type PageReadings, type PublicText, publicText, readPublicTexts } from "./localized-texts";
import { PRICE_BOOK_SQL, displayPrice, priceContext, type PriceContext } from "./price-book";
import { creatorFilterSql, needsPrices, wantedCategorySql, type FilterContext } from "./creator-filters";
import type { PriceKind } from "../orders/domain/price-lines";
import type { LicenceTag } from "../orders/domain/licence";
import { rushFactsSql, rushOfferedOf } from "../orders/services/rush-offer";
import { type BatchPart, sendParts } from "../db/batch-parts";

/**
 * Public read queries of the catalog: creator search, a profile by handle, a published form by code.
 * Each page is one D1 round trip: the statements go out together in one `batch`, and the lists a card needs
 * (texts in every language, previews, forms) come back as JSON from correlated subqueries instead of N+1 reads.
 * Texts are picked in the viewer's language, else the original, else any (docs/decisions/002). A creator's public
 * texts the viewer gets in another language come with their readings (issue 46): one more query, for the page's
 * texts together (readPublicTexts).
 */

// ---------------------------------------------------------------------------------------------------------------
// SQL fragments shared by the statements below.

/** JSON array of a category's names, by category code. */
export const categoryNamesOf = (codeExpr: string) =>
  `json((SELECT json_group_array(json_object('l', t.language_code, 'o', t.is_original, 't', t.text))
     FROM commission_categories cc JOIN localized_texts t ON t.entity_type = 'commission_category' AND t.entity_id = cc.id AND t.field = 'name'
     WHERE cc.code = ${codeExpr}))`;

/**
 * What a card shows of one media, as JSON array items, not an object: a card page reads dozens of them through D1's
 * JSON and then JSON.parse, so key names and a thumbnail that repeats the file's URL (a picture is its own thumbnail)
 * were most of the search's bytes. `1` in the thumbnail's place means "the file itself". Read by `toCardPreview`.
 */
const cardPreviewItems = (media: string) =>
  `${media}.media_type, ${media}.format_type, ${media}.file_url,
      CASE WHEN ${media}.thumbnail_url = ${media}.file_url THEN 1 ELSE ${media}.thumbnail_url END,
      ${media}.link_url, ${media}.embed_code, coalesce(${media}.link_site, ${media}.embed_site)`;

/** A media preview with its id and work's id first (the profile's works), read by `toPreview`. */
const previewJson = (media: string, workIdExpr: string) =>
  `json_array(${media}.id, ${workIdExpr}, ${cardPreviewItems(media)})`;

/**
 * At most 4 portfolio previews (spec section 2), in the creator's order, as a search card shows them. For a signed-in
 * viewer each says whether its work is rated for adults (`gated`: its files are read by links signed for them); a
 * signed-out visitor is shown none such, so their cards carry no flag.
 */
const cardPreviewsOf = (profileExpr: string, limit: number, viewer: ContentViewer) =>
  `(SELECT json_group_array(json_array(${cardPreviewItems("x")}${viewer.accountId ? ", x.adult" : ""}))
    FROM (SELECT m.media_type, m.format_type, m.file_url, m.thumbnail_url, m.link_url, m.embed_code, m.link_site, m.embed_site${
      viewer.accountId ? `, ${adultWorkSql("w.id")} AS adult` : ""
    }
          FROM portfolio_works w
          CROSS JOIN media_attachments a ON a.owner_type = 'portfolio_work' AND a.owner_id = w.id AND a.field = 'medias'
          JOIN media m ON m.id = a.media_id AND m.is_active = 1
          WHERE w.profile_id = ${profileExpr} AND ${listedWorkSql("w")}
            AND ${visibleRatingSql("w", viewer, `(SELECT gp.account_id FROM user_profiles gp WHERE gp.id = w.profile_id)`)}
          ORDER BY w.user_index, w.created_at, a.position LIMIT ${limit}) x)`;

/** A creator's published forms (`f`) with their price currency (`cu`). */
const publishedFormsOf = (accountExpr: string) => `FROM commission_forms f
    JOIN currencies cu ON cu.id = f.price_currency_id
    WHERE f.commission_account_id = (SELECT ca.id FROM commission_accounts ca WHERE ca.user_account_id = ${accountExpr})
      AND f.form_status = 'PUBLISHED'`;

/** What a search card shows of one form, as JSON array items: code, price, currency, titles. Read by `toFormLink`. */
const FORM_LINK_ITEMS = `f.code, f.price_amount, cu.code, ${textsOf("commission_form", "f.id", "title")}`;

/** The forms a search card links to, read by `toFormLinks`. */
const formLinksOf = (accountExpr: string) =>
  `(SELECT json_group_array(json_array(${FORM_LINK_ITEMS})) ${publishedFormsOf(accountExpr)})`;

/** The forms on a profile: a link's items, then the form's id and category names. Read by `toFormCards`. */
const formsOf = (accountExpr: string) =>
  `(SELECT json_group_array(json_array(${FORM_LINK_ITEMS}, f.id, ${categoryNamesOf("f.category_code")})) ${publishedFormsOf(accountExpr)})`;

export interface Viewer {
  locale: Locale;
  accountId: string | null;
  displayCurrencyId: string | null;
  /** Sees works rated for adults (decision 110: SessionUser.showsAdult); absent or false, they are left out. */
  showsAdult?: boolean;
}

/** The adult-content gate's view of a page's viewer. */
const contentViewerOfViewer = (viewer: Viewer): ContentViewer =>
  contentViewerOf(viewer.accountId ? { accountId: viewer.accountId, showsAdult: viewer.showsAdult } : null);

// ---------------------------------------------------------------------------------------------------------------
// Card shapes (spec section 3).

/** A media as a card shows it. */
export interface CardPreview {
  mediaType: MediaType;
  formatType: string;
  /** The file, for FILE media. */
  url: string | null;
  thumbnailUrl: string | null;
  linkUrl: string | null;
  /** EMBED: the code as pasted (the lightbox derives the player from it); LINK / EMBED: the detected site. */
  embedCode?: string | null;
  site?: string | null;
  /** Its work is rated for adults (decision 110): its URLs are signed for the viewer (`signGatedCards`). */
  gated?: true;
}

interface MediaPreview extends CardPreview {
  id: string;
  workId: string;
}

/** A form as a search card links to it. */
interface FormLink {
  code: string;
  title: string;
  /** Null: pricing is set after hearing the request. */
  price: DisplayPrice | null;
}

export interface FormCard extends FormLink {
  id: string;
  categoryName: string;
}

export interface CreatorCard {
  id: string;
  handle: string;
  avatarUrl: string | null;
  name: string;
  bio: string;
  isOpenCommission: boolean;
  previews: CardPreview[];
  forms: FormLink[];
}

/**
 * `cardPreviewItems`: type, format, file URL, thumbnail (1: the file itself), link, embed code, site; a search card's
 * then whether its work is rated for adults, for a signed-in viewer (`cardPreviewsOf`).
 */
type RawCardPreview = [
  MediaType,
  string,
  string | null,
  string | 1 | null,
  string | null,
  string | null,
  string | null,
  (0 | 1)?,
];
/** `previewJson`: id, work id, then a card preview's items. */
type RawPreview = [string, string, ...RawCardPreview];

const toCardPreview = ([
  mediaType,
  formatType,
  url,
  thumb,
  linkUrl,
  embedCode,
  site,
  adult,
]: RawCardPreview): CardPreview => ({
  mediaType,
  formatType,
  url,
  thumbnailUrl: thumb === 1 ? url : thumb,
  linkUrl,
  embedCode,
  site,
  ...(adult ? { gated: true as const } : {}),
});

const toPreview = ([id, workId, ...card]: RawPreview): MediaPreview => ({ id, workId, ...toCardPreview(card) });

/** `FORM_LINK_ITEMS`: code, price, currency, titles. */
type RawFormLink = [string, number | null, string, TextRow[]];
/** `formsOf`: a link's items, then id and category names. */
type RawForm = [...RawFormLink, string, TextRow[]];

/** Forms by price ascending in the viewer's currency; unset prices first (they start lowest), then by code. */
function byPrice<T extends RawFormLink | RawForm>(forms: T[], prices: PriceContext): T[] {
  return forms
    .map((form) => ({ form, sort: priceSortValue(form[1], form[2], prices.displayCode, prices.book) }))
    .sort((a, b) => a.sort - b.sort || a.form[0].localeCompare(b.form[0]))
    .map((f) => f.form);
}

const toFormLink = (
  [code, amount, currency, titles]: RawFormLink | RawForm,
  locale: Locale,
  prices: PriceContext,
): FormLink => ({
  code,
  title: pickText(titles, locale) ?? MISSING_TEXT,
  price: displayPrice(amount, currency, prices),
});

function toFormLinks(value: unknown, locale: Locale, prices: PriceContext): FormLink[] {
  return byPrice(parseJson<RawFormLink>(value), prices).map((form) => toFormLink(form, locale, prices));
}

function toFormCards(value: unknown, locale: Locale, prices: PriceContext): FormCard[] {
  return byPrice(parseJson<RawForm>(value), prices).map((form) => ({
    id: form[4],
    ...toFormLink(form, locale, prices),
    categoryName: pickText(form[5], locale) ?? "",
  }));
}

/** A creator's own fields on a card and on the profile: handle, avatar, name (else the handle), bio, open flag. */
function toCreatorHead(row: Record<string, unknown>, locale: Locale): Omit<CreatorCard, "previews" | "forms"> {
  const texts = parseJson<TextRow>(row.texts);
  const handle = String(row.handle);
  return {
    id: String(row.id),
    handle,
    avatarUrl: (row.avatar_url as string | null) ?? null,
    name: pickText(texts, locale, "name") || handle,
    bio: pickText(texts, locale, "bio") ?? "",
    isOpenCommission: Boolean(row.is_open_commission),
  };
}

function toCreatorCard(row: Record<string, unknown>, locale: Locale, prices: PriceContext): CreatorCard {
  return {
    ...toCreatorHead(row, locale),
    previews: parseJson<RawCardPreview>(row.previews).map(toCardPreview),
    forms: toFormLinks(row.forms, locale, prices),
  };
}

/** A creator row's texts a card reads across the language wall: the bio and its forms' titles. */
function creatorTexts(row: Record<string, unknown>, locale: Locale): PublicText[] {
  const writer = String(row.account_id);
  return [
    publicText(parseJson<TextRow>(row.texts), locale, "bio", writer),
    ...parseJson<RawFormLink>(row.forms).map((form) => publicText(form[3], locale, undefined, writer)),
  ];
}

// ---------------------------------------------------------------------------------------------------------------
// Creator search.

export interface FilterOption {
  code: string;
  name: string;
}

export interface ExploreFilters {
  categories: FilterOption[];
  kinds: FilterOption[];
  useCases: FilterOption[];
  contentRatings: FilterOption[];
}

/** How far a search's count goes: past it the page says "more than 200", and the count stops reading. */
export const SEARCH_COUNT_CAP = 200;

export interface CreatorSearchResult extends PageReadings {
  creators: CreatorCard[];
  /** The creators the search finds, up to SEARCH_COUNT_CAP + 1 (more than the cap: "more than 200"); null past page one. */
  total: number | null;
  nextCursor: string | null;
  displayCurrencyCode: string;
  filters: ExploreFilters;
}

/** The filter choices of the search form: active categories, content kinds, use cases, with localized names. */
const FILTERS_SQL = `SELECT 'category' AS list, c.code, c.user_index, ${textsOf("commission_category", "c.id", "name")} AS names
    FROM commission_categories c WHERE c.is_active = 1
  UNION ALL SELECT 'kind', k.code, k.user_index, ${textsOf("content_kind", "k.id", "name")} FROM content_kinds k
  UNION ALL SELECT 'use', u.code, u.user_index, ${textsOf("use_case", "u.id", "name")} FROM use_cases u
  UNION ALL SELECT 'rating', r.code, r.user_index, ${textsOf("content_rating", "r.id", "name")} FROM content_ratings r
  ORDER BY 1, 3, 2`;

function toFilters(rows: Record<string, unknown>[], locale: Locale): ExploreFilters {
  const of = (list: string) =>
    rows
      .filter((r) => r.list === list)
      .map((r) => ({ code: String(r.code), name: pickTextColumn(r.names, locale) || String(r.code) }));
  return { categories: of("category"), kinds: of("kind"), useCases: of("use"), contentRatings: of("rating") };
}

/**
 * The filter choices are reference data: migrations write the categories, content kinds and use cases with their
 * names, and nothing at run time changes them (a new migration ships with a new deployment, whose isolates start
 * empty). So an isolate reads them with its first search and keeps them, one list per language; every later search's
 * batch carries only the price book and the page (decision 040).
 */
const filtersByLocale = new Map<Locale, ExploreFilters>();
let filterRows: Record<string, unknown>[] | null = null;

/** The filters in `locale`, from the rows this search read when the isolate has none yet (an empty read is not kept). */
function filtersFor(locale: Locale, readRows: Record<string, unknown>[] | undefined): ExploreFilters {
  if (!filterRows && readRows?.length) filterRows = readRows;
  if (!filterRows) return toFilters(readRows ?? [], locale);
  let filters = filtersByLocale.get(locale);
  if (!filters) filtersByLocale.set(locale, (filters = toFilters(filterRows, locale)));
  return filters;
}

/**
 * The search table's sort-name column for each interface language (migrations/0004_creator_search.sql). Chinese and
 * Korean readers see a creator's name as written unless one was typed in their language, which the table does not
 * keep: they sort by the name English readers see, the original unless an English one was typed (decision 105).
 */
const SORT_NAME_COLUMN: Record<Locale, string> = {
  en: "s.name_en",
  ja: "s.name_ja",
  "zh-Hans": "s.name_en",
  "zh-Hant": "s.name_en",
  ko: "s.name_en",
};

/**
 * The page's SQL. Search, filters and sort run on `creator_search` (one row per listed creator: role creator,
 * not ban; kept in sync by triggers), so neither the text search nor the name sort touches localized_texts;
 * the cards (texts, previews, forms) are built for the page's rows alone.
 */
export function buildCreatorSearch(
  query: ExploreQuery,
  locale: Locale,
  pageSize: number,
  /** Comet's clock and the price book: required, so no caller reads reviews on a clock of its own (decision 109). */
  context: FilterContext,
): { sql: string; params: unknown[]; countSql: string; countParams: unknown[] } {
  const where: string[] = [];
  const params: unknown[] = [];

  let translated = "";
  const translatedParams: unknown[] = [];
  // Relevance (decision 109): FTS5's bm25 over the original texts' trigram index, negated so more relevant is higher
  // and the sort's natural direction is descending like the others'. A creator found only through a translation
  // (issue 62) scores 0, after every original match. A query too short for the index has no score: newest instead.
  let relevance: string | null = null;
  if (query.q) {
    // The handle, and the name and bio in every language: a Japanese visitor finds a creator by the English name too.
    // From 3 characters the trigram index (migration 0009) picks the candidates and the one definition of a match
    // (textMatchSql) checks them: the index folds case beyond ASCII and a long query asks it for its ends only
    // (trigramQuery), so it may offer more rows than the match keeps, never fewer.
    // Across the wall (issue 62, migration 0034): the stored translations of the name and bio match the same way,
    // through their own index, computed once (MATERIALIZED); a creator matches by either.
    const trigrams = trigramQuery(query.q);
    const translatedMatch = textMatchSql("t.search_text", query.q, "contains");
    translated = `translated AS MATERIALIZED (SELECT t.account_id FROM creator_search_translated t WHERE ${
      trigrams
        ? "t.id IN (SELECT rowid FROM creator_search_translated_fts WHERE creator_search_translated_fts MATCH ?) AND "
        : ""
    }${translatedMatch.sql}),\n  `;
    if (trigrams) translatedParams.push(trigrams);
    translatedParams.push(translatedMatch.param);
    if (trigrams && query.sort === "relevance") {
      translated += `relevance AS MATERIALIZED (SELECT rowid AS id, -bm25(creator_search_fts) AS score
    FROM creator_search_fts WHERE creator_search_fts MATCH ?),\n  `;
      translatedParams.push(trigrams);
      relevance = "coalesce((SELECT r.score FROM relevance r WHERE r.id = s.rowid), 0)";
    }
    if (trigrams) {
      // The candidates: the original index's rows and the translated matches' rows (through creator_search_account).
      where.push(`s.rowid IN (SELECT rowid FROM creator_search_fts WHERE creator_search_fts MATCH ?
        UNION ALL SELECT c.rowid FROM translated h JOIN creator_search c ON c.account_id = h.account_id)`);
      params.push(trigrams);
    }
    const match = textMatchSql("s.search_text", query.q, "contains");
    where.push(`(${match.sql} OR s.account_id IN (SELECT account_id FROM translated))`);
    params.push(match.param);
  }

  // The categories asked for, computed once (MATERIALIZED); a creator matches through any published form or service
  // in one of them (`categories` holds those codes as ' code code ').
  let wanted = "";
  const wantedParams: unknown[] = [];
  if (query.category || query.kind || query.useCase) {
    const categoryWhere: string[] = ["1 = 1"];
    if (query.category) {
      categoryWhere.push("cc.code = ?");
      wantedParams.push(query.category);
    }
    if (query.kind) {
      categoryWhere.push(
        "cc.code IN (SELECT category_code FROM commission_category_content_kinds WHERE content_kind_code = ?)",
      );
      wantedParams.push(query.kind);
    }
    if (query.useCase) {
      categoryWhere.push(
        "cc.code IN (SELECT category_code FROM commission_category_use_cases WHERE use_case_code = ?)",
      );
      wantedParams.push(query.useCase);
    }
    wanted = `wanted AS MATERIALIZED (SELECT ' ' || cc.code || ' ' AS token, cc.code FROM commission_categories cc WHERE ${categoryWhere.join(" AND ")}),\n  `;
    where.push(wantedCategorySql(context.content ?? GUARDED_VIEWER));
  }

  // The filters of issue 66 (creator-filters.ts): conditions on the creator's own rows.
  const filters = creatorFilterSql(query, context);
  where.push(...filters.where);
  params.push(...filters.params);
  const ctes = `${filters.ctes}${wanted}${translated}`;
  const ctesParams = [...filters.cteParams, ...wantedParams, ...translatedParams];
  // The count: the same search without the cursor, read up to one past the cap (a page's worth of work at most).
  const countSql = `WITH ${ctes}found AS (SELECT 1 FROM creator_search s${query.q ? " NOT INDEXED" : ""}
    ${where.length ? `WHERE ${where.join(" AND ")}` : ""} LIMIT ${SEARCH_COUNT_CAP + 1})
  SELECT count(*) AS total FROM found`;
  const countParams = [...ctesParams, ...params];

  // The name key is the name in the viewer's language, else the original, else the handle, lower-cased. Every key has
  // an index ending in profile_id (migrations 0004, 0014), which is also the tie-breaker.
  const sortName = SORT_NAME_COLUMN[locale];
  // The rating is computed per creator (creator-filters.ts): no index walks it, so such a page checks every candidate
  // (decision 108 says what it costs). The price cheapest first walks the kept lowest price's index (decision 109).
  const columnKeys: Record<string, string> = {
    name: sortName,
    date: "s.created_at",
    systemIndex: "s.system_index",
    commissionFormCount: "s.form_count",
    relevance: "s.created_at",
  };
  const key = relevance ?? filters.sortKey ?? columnKeys[query.sort];
  const direction = query.order === "asc" ? "ASC" : "DESC";
  const cursor = query.cursor ? decodeCursor(query.cursor) : null;
  if (cursor) {
    const op = query.order === "asc" ? ">" : "<";
    where.push(`(${key} ${op} ? OR (${key} = ? AND s.profile_id ${op} ?))`);
    params.push(cursor.value, cursor.value, cursor.id);
  }

  // Two steps: pick the page's rows from the search table, then build the cards for those rows alone (MATERIALIZED
  // keeps SQLite from folding the page into the outer query). The page holds one row more than it shows, to tell
  // whether another page follows (`page_rows`); that row gets no card. Without `q` each sort is an index walk that stops at the
  // page size. With `q`, NOT INDEXED (no sort index walk, which costs up to ~30 ms when few creators match): from 3
  // characters the trigram index's rowids are looked up and only they are checked and sorted (< 0.1–1.5 ms when few
  // creators match, ~4–10 ms when thousands do); shorter queries scan the table once (~6–12 ms at 10,000 creators).
  const sql = `WITH ${ctes}page AS MATERIALIZED (
    SELECT s.profile_id AS id, s.created_at, ${key} AS sort_value FROM creator_search s${query.q ? " NOT INDEXED" : ""}
    ${where.length ? `WHERE ${where.join(" AND ")}` : ""}
    ORDER BY ${key} ${direction}, s.profile_id ${direction}
    LIMIT ${pageSize + 1}
  )
  SELECT h.id, p.account_id, p.original_handle AS handle, p.avatar_url, p.is_open_commission, h.created_at, h.sort_value,
    (SELECT count(*) FROM page) AS page_rows,
    ${textsOf("user_profile", "h.id")} AS texts,
    ${cardPreviewsOf("h.id", 4, context.content ?? GUARDED_VIEWER)} AS previews,
    ${formLinksOf("p.account_id")} AS forms
  FROM page h JOIN user_profiles p ON p.id = h.id
  ORDER BY h.sort_value ${direction}, h.id ${direction}
  LIMIT ${pageSize}`;
  return { sql, params: [...ctesParams, ...params], countSql, countParams };
}

export async function searchCreators(
  db: Database,
  query: ExploreQuery,
  viewer: Viewer,
  /** Comet's clock (cometNow): reviews count from when they show. Required (decision 109). */
  now: number,
  pageSize = SEARCH_PAGE_SIZE,
): Promise<CreatorSearchResult> {
  const d1 = db.$client;
  // A price filter or sort compares prices in the display currency, so the price book is read first (one more round
  // trip, for those searches only); every other search reads it with the page.
  const bookFirst = needsPrices(query) ? await d1.prepare(PRICE_BOOK_SQL).first<Record<string, unknown>>() : null;
  const known = bookFirst ? priceContext(bookFirst, viewer) : null;
  const search = buildCreatorSearch(query, viewer.locale, pageSize, {
    now,
    prices: known,
    content: contentViewerOfViewer(viewer),
  });
  // The page, and with it: its count on the first page, the price book unless read already, the filter choices
  // until the isolate keeps them.
  const countFirst = query.cursor === null;
  const [hits, ...rest] = await d1.batch<Record<string, unknown>>([
    d1.prepare(search.sql).bind(...search.params),
    ...(countFirst ? [d1.prepare(search.countSql).bind(...search.countParams)] : []),
    ...(known ? [] : [d1.prepare(PRICE_BOOK_SQL)]),
    ...(filterRows ? [] : [d1.prepare(FILTERS_SQL)]),
  ]);
  const counted = countFirst ? rest.shift() : undefined;
  const prices = known ?? priceContext(rest.shift()?.results[0], viewer);
  const filters = filterRows ? undefined : rest.shift();
  const page = hits.results;
  const last = page[page.length - 1];
  const nextCursor =
    Number(last?.page_rows) > pageSize && last
      ? encodeCursor({
          value: isTextSort(query.sort) ? String(last.sort_value) : Number(last.sort_value),
          id: String(last.id),
        })
      : null;
  return {
    creators: page.map((row) => toCreatorCard(row, viewer.locale, prices)),
    ...(await readPublicTexts(
      db,
      viewer.locale,
      page.flatMap((row) => creatorTexts(row, viewer.locale)),
    )),
    total: counted ? Number(counted.results[0]?.total ?? 0) : null,
    nextCursor,
    displayCurrencyCode: prices.displayCode,
    filters: offeredTo(filtersFor(viewer.locale, filters?.results), contentViewerOfViewer(viewer)),
  };
}

/**
 * The cards' previews of works rated for adults (decision 110) as links signed for the viewer (`signedForViewer`):
 * /media/ answers 404 for those whoever asks. Only a signed-in viewer is shown one, so a signed-out page signs nothing.
 */
export async function signGatedCards(
  env: Env,
  creators: CreatorCard[],
  readerProfileId: string | null,
  now = Date.now(),
): Promise<CreatorCard[]> {
  const gated = creators.flatMap((card) => card.previews.filter((preview) => preview.gated));
  if (!readerProfileId || gated.length === 0) return creators;
  const view = await signedForViewer(env, readerProfileId, gated.flatMap(urlsOfPreview), now);
  return creators.map((card) => ({
    ...card,
    previews: card.previews.map((p) => (p.gated ? viewPreview(view, p) : p)),
  }));
}

const urlsOfPreview = (preview: CardPreview) => [preview.url, preview.thumbnailUrl];
const viewPreview = <T extends CardPreview>(view: ViewableUrl, preview: T): T => ({
  ...preview,
  url: view(preview.url),
  thumbnailUrl: view(preview.thumbnailUrl),
});

/** The filter choices a viewer is offered: an adult rating only to one who sees adult works (decision 110). */
const offeredTo = (filters: ExploreFilters, viewer: ContentViewer): ExploreFilters => ({
  ...filters,
  contentRatings: filters.contentRatings.filter((rating) => maySeeRating(viewer, [rating.code])),
});

// ---------------------------------------------------------------------------------------------------------------
// Profile by handle.

interface PortfolioWorkCard {
  id: string;
  title: string;
  /** Rated for adults (decision 110): its files are read by links signed for the viewer (`signGatedProfile`). */
  gated: boolean;
  /** The first of `medias`: the card's picture. */
  media: MediaPreview | null;
  medias: MediaPreview[];
}

export interface ServiceCard {
  id: string;
  creator: { name: string; handle: string; avatarUrl: string | null };
  title: string;
  price: DisplayPrice | null;
  thumbnailUrl: string | null;
  categories: { code: string; name: string }[];
  /** The creator's typical delivery time in whole days (decision 109); null when they did not say. */
  deliveryDays: number | null;
  href: string;
  bookmark: { isActive: boolean };
  /** Rated for adults (decision 110): its files are read by links signed for the viewer (`signGatedProfile`). */
  gated: boolean;
}

/** A form on the profile page: a card plus the viewer's bookmark of it. */
interface ProfileFormCard extends FormCard {
  bookmark: { isActive: boolean };
}

export interface CreatorProfile extends Omit<CreatorCard, "previews" | "forms">, PageReadings {
  /** Hidden by an admin after a report (decision 089): the page is its owner's and the admins' alone. */
  hidden: boolean;
  /** Who the page shows to is `isProfileShownTo(standing, viewer)`'s to say (domain/public-profiles.ts). */
  standing: ProfileStanding;
  /** The viewer is the profile's owner. */
  ownedByViewer: boolean;
  forms: ProfileFormCard[];
  coverUrl: string | null;
  isCreator: boolean;
  works: PortfolioWorkCard[];
  services: ServiceCard[];
  displayCurrencyCode: string;
}

const PROFILE_SQL = `SELECT p.id, p.account_id, p.original_handle AS handle, p.avatar_url, p.cover_url, p.is_open_commission, p.hidden_at,
    NOT ${notBannedSql("p.account_id")} AS banned, ${creatorRoleSql("p.account_id")} AS is_creator,
    ${textsOf("user_profile", "p.id")} AS texts,
    ${formsOf("p.account_id")} AS forms,
    json((SELECT json_group_array(b.form_id) FROM bookmarks b
          JOIN commission_forms f ON f.id = b.form_id JOIN commission_accounts ca ON ca.id = f.commission_account_id
          WHERE b.user_account_id = ? AND b.is_active = 1 AND ca.user_account_id = p.account_id)) AS bookmarked_forms
  FROM user_profiles p WHERE lower(p.original_handle) = ?`;

// Every media of a work, in order: the card shows the first, its preview (the lightbox) steps through them all. Works
// rated for adults only for their creator and a viewer who chose to see them (decision 110).
const worksSql = (viewer: ContentViewer) => `SELECT w.id, ${textsOf("portfolio_work", "w.id", "title")} AS titles,
    ${adultWorkSql("w.id")} AS adult,
    (SELECT json_group_array(json(x.preview)) FROM (SELECT ${previewJson("m", "w.id")} AS preview
     FROM media_attachments a JOIN media m ON m.id = a.media_id AND m.is_active = 1
     WHERE a.owner_type = 'portfolio_work' AND a.owner_id = w.id AND a.field = 'medias' ORDER BY a.position) x) AS medias
  FROM portfolio_works w JOIN user_profiles p ON p.id = w.profile_id
  WHERE lower(p.original_handle) = ? AND ${listedWorkSql("w")} AND ${visibleRatingSql("w", viewer, "p.account_id")}
  ORDER BY w.user_index, w.created_at`;

// Services rated for adults only for their creator and a viewer who chose to see them (decision 110).
const servicesSql = (viewer: ContentViewer) => `SELECT s.id, s.price_amount, cu.code AS cur, s.delivery_days,
    ${adultServiceSql("s")} AS adult,
    ${textsOf("commission_service", "s.id", "title")} AS titles,
    (SELECT coalesce(m.thumbnail_url, m.file_url) FROM media_attachments a JOIN media m ON m.id = a.media_id AND m.is_active = 1
     WHERE a.owner_type = 'commission_service' AND a.owner_id = s.id AND a.field = 'medias' ORDER BY a.position LIMIT 1) AS thumb,
    json((SELECT json_group_array(json_object('code', sc.category_code, 'names', ${categoryNamesOf("sc.category_code")}))
          FROM commission_service_categories sc WHERE sc.service_id = s.id)) AS categories,
    (SELECT b.is_active FROM bookmarks b WHERE b.user_account_id = ? AND b.service_id = s.id) AS bookmarked
  FROM commission_services s
  JOIN currencies cu ON cu.id = s.price_currency_id
  JOIN commission_accounts ca ON ca.id = s.commission_account_id
  JOIN user_profiles p ON p.account_id = ca.user_account_id
  WHERE lower(p.original_handle) = ? AND s.service_status = 'PUBLISHED' AND ${visibleServiceSql("s", viewer, "p.account_id")}
  ORDER BY s.user_index, s.created_at`;

/**
 * The texts of the service the profile's request modal shows (`?service=`), when it is this creator's: its own, and
 * the terms its step one asks the client to accept. Its form's questions come from `OPEN_SERVICE_QUESTIONS_SQL`.
 */
const openServiceSql = (viewer: ContentViewer) => `SELECT ${textsOf("commission_service", "s.id")} AS texts,
    ${textsOf("commission_policy", "s.policy_id", "terms")} AS terms FROM commission_services s
  JOIN commission_accounts ca ON ca.id = s.commission_account_id
  JOIN user_profiles p ON p.account_id = ca.user_account_id
  WHERE s.id = ? AND lower(p.original_handle) = ? AND s.service_status = 'PUBLISHED'
    AND ${visibleServiceSql("s", viewer, "p.account_id")}`;

/**
 * The profile at /{handle} (handles ignore case), or null; a hidden or banned one too (`standing`: its page decides who
 * sees it, by `isProfileShownTo`). One round trip, and one more for the readings of
 * its texts (with those of the service whose modal is open, `openServiceId`: its title, description, terms and its
 * form's questions and choices).
 */
export async function getCreatorProfile(
  db: Database,
  handle: string,
  viewer: Viewer,
  openServiceId: string | null = null,
): Promise<CreatorProfile | null> {
  const [profile] = await sendParts(db.$client, [creatorProfilePart(db, handle, viewer, openServiceId)]);
  return profile;
}

/** `getCreatorProfile` as a part of the page's batch (worker/db/batch-parts.ts); its texts' readings follow it. */
export function creatorProfilePart(
  db: Database,
  handle: string,
  viewer: Viewer,
  openServiceId: string | null = null,
): BatchPart<CreatorProfile | null> {
  const d1 = db.$client;
  const key = handle.toLowerCase();
  const content = contentViewerOfViewer(viewer);
  return {
    statements: [
      d1.prepare(PRICE_BOOK_SQL),
      d1.prepare(PROFILE_SQL).bind(viewer.accountId ?? "", key),
      d1.prepare(worksSql(content)).bind(key),
      d1.prepare(servicesSql(content)).bind(viewer.accountId ?? "", key),
      d1.prepare(openServiceSql(content)).bind(openServiceId ?? "", key),
      // The open service's form's questions, read for their texts' readings only (the modal's own come with the
      // service).
      ...(openServiceId ? [d1.prepare(openServiceQuestionsSql()).bind(openServiceId)] : []),
    ],
    read: (results) => toCreatorProfile(db, viewer, results),
  };
}

async function toCreatorProfile(
  db: Database,
  viewer: Viewer,
  [book, profiles, works, services, openService, openQuestions]: D1Result<Record<string, unknown>>[],
): Promise<CreatorProfile | null> {
  const row = profiles!.results[0];
  if (!row) return null;
  const prices = priceContext(book.results[0], viewer);
  const card = toCreatorHead(row, viewer.locale);
  const writer = String(row.account_id);
  const readings = await readPublicTexts(db, viewer.locale, [
    ...creatorTexts(row, viewer.locale),
    ...works.results.map((w) => publicText(parseJson<TextRow>(w.titles), viewer.locale, undefined, writer)),
    ...services.results.map((s) => publicText(parseJson<TextRow>(s.titles), viewer.locale, undefined, writer)),
    ...openService.results.flatMap((s) => [
      ...["title", "description"].map((field) => publicText(parseJson<TextRow>(s.texts), viewer.locale, field, writer)),
      publicText(parseJson<TextRow>(s.terms), viewer.locale, undefined, writer),
      // The service is this creator's (the row above): its form's questions are theirs too.
      ...questionTexts(openQuestions?.results ?? [], viewer.locale, writer),
    ]),
  ]);
  const bookmarkedForms = new Set(parseJson<string>(row.bookmarked_forms));
  return {
    ...card,
    hidden: row.hidden_at !== null,
    standing: { ownerAccountId: writer, hidden: row.hidden_at !== null, banned: Boolean(row.banned) },
    ownedByViewer: viewer.accountId !== null && viewer.accountId === writer,
    forms: toFormCards(row.forms, viewer.locale, prices).map((form) => ({
      ...form,
      bookmark: { isActive: bookmarkedForms.has(form.id) },
    })),
    coverUrl: (row.cover_url as string | null) ?? null,
    isCreator: Boolean(row.is_creator),
    works: works.results.map((w) => {
      const medias = parseJson<RawPreview>(w.medias).map(toPreview);
      return {
        id: String(w.id),
        title: pickTextColumn(w.titles, viewer.locale) ?? MISSING_TEXT,
        gated: Boolean(w.adult),
        media: medias[0] ?? null,
        medias,
      };
    }),
    services: services.results.map((s) => ({
      id: String(s.id),
      creator: { name: card.name, handle: card.handle, avatarUrl: card.avatarUrl },
      title: pickTextColumn(s.titles, viewer.locale) ?? MISSING_TEXT,
      price: displayPrice(s.price_amount as number | null, s.cur as string, prices),
      thumbnailUrl: (s.thumb as string | null) ?? null,
      categories: parseJson<{ code: string; names: TextRow[] }>(s.categories).map((c) => ({
        code: c.code,
        name: pickText(c.names, viewer.locale) || c.code,
      })),
      deliveryDays: (s.delivery_days as number | null) ?? null,
      // The service's request modal on its creator's page (issue 10).
      href: serviceHref(card.handle, String(s.id)),
      bookmark: { isActive: Boolean(s.bookmarked) },
      gated: Boolean(s.adult),
    })),
    displayCurrencyCode: prices.displayCode,
    ...readings,
  };
}

/**
 * The profile's files behind the adult gate (decision 110) as links signed for its viewer: its works rated for adults
 * (their cards and the lightbox) and its services' thumbnails. /media/ answers 404 for those whoever asks. Only a
 * signed-in viewer is shown one (the gate's SQL chose them), so a signed-out render, the edge cache's copy for
 * everyone, signs nothing.
 */
export async function signGatedProfile<T extends Pick<CreatorProfile, "works" | "services">>(
  env: Env,
  profile: T,
  readerProfileId: string | null,
  now = Date.now(),
): Promise<T> {
  const works = profile.works.filter((work) => work.gated);
  const services = profile.services.filter((service) => service.gated);
  if (!readerProfileId || works.length + services.length === 0) return profile;
  const urls = [...works.flatMap((work) => work.medias.flatMap(urlsOfPreview)), ...services.map((s) => s.thumbnailUrl)];
  const view = await signedForViewer(env, readerProfileId, urls, now);
  return {
    ...profile,
    works: profile.works.map((work) =>
      work.gated
        ? {
            ...work,
            media: work.media && viewPreview(view, work.media),
            medias: work.medias.map((media) => viewPreview(view, media)),
          }
        : work,
    ),
    services: profile.services.map((s) => (s.gated ? { ...s, thumbnailUrl: view(s.thumbnailUrl) } : s)),
  };
}

// ---------------------------------------------------------------------------------------------------------------
// Public form by code.

/**
 * How a choice prices, as its creator set it (issue 63, decision 099), in its own currency's minor units so the request
 * page sums the lines exactly with price-lines.ts's `priceLines` (base: `BasePrice`; `currencyCode` stands for the
 * currency id there). `price` beside it is the same amount shown in the viewer's currency.
 */
export interface PublicChoicePricing {
  kind: PriceKind;
  /** What `add` adds, the base a `plan` sets, one of an `each`; null for `percent` and unpriced. */
  amount: number | null;
  currencyCode: string | null;
  /** Whole percent of the base, for `percent`. */
  percent: number | null;
  /** The most of an `each` a client may ask for. */
  maxCount: number | null;
  /** The licence the choice grants, if any. */
  licence: LicenceTag | null;
  /** A rush choice: delivered within this many days of payment. */
  rushDays: number | null;
}

export interface PublicFormChoice {
  id: string;
  title: string;
  price: DisplayPrice | null;
  pricing: PublicChoicePricing;
  /** The choice's one image, if any. */
  media: ShownMedia | null;
}

/** A service's or form's own price in its own currency's minor units: the lines' base (null: none set). */
export interface BasePrice {
  amount: number | null;
  currencyCode: string;
}

export interface PublicFormQuestion {
  id: string;
  questionType: QuestionType;
  isRequired: boolean;
  title: string;
  description: string;
  choices: PublicFormChoice[];
  /** The question's media (references), in order. */
  medias: ShownMedia[];
}

export interface PublicForm extends PageReadings {
  id: string;
  code: string;
  title: string;
  description: string;
  categoryName: string;
  price: DisplayPrice | null;
  /** The form's price unconverted, the base of a request's lines (issue 63). */
  basePrice: BasePrice;
  /** Whether a request now would take a free slot nobody waits for, so its rush choices are offered (issue 63). */
  rushOffered: boolean;
  /** The viewer's price book, so the request page shows its running total in their display currency (issue 63). */
  prices: PriceContext;
  creator: { name: string; handle: string; avatarUrl: string | null; isOpenCommission: boolean };
  questions: PublicFormQuestion[];
  /** The creator's general terms, which a request from this form accepts ("" when none). */
  terms: string;
  displayCurrencyCode: string;
  /** The milestones a request from this form starts with (decision 073); empty for none. */
  stages: StagePlanItem[];
}

const FORM_SQL = `SELECT f.id, f.code, f.price_amount, cu.code AS cur, f.stage_plan, ca.user_account_id AS account_id,
    ${textsOf("commission_form", "f.id")} AS texts, ${categoryNamesOf("f.category_code")} AS cat,
    p.original_handle AS handle, p.avatar_url, p.is_open_commission, ${textsOf("user_profile", "p.id", "name")} AS names,
    ${textsOf("commission_account", "ca.id", "default_terms")} AS terms
  FROM commission_forms f
  JOIN currencies cu ON cu.id = f.price_currency_id
  JOIN commission_accounts ca ON ca.id = f.commission_account_id
  JOIN user_profiles p ON p.account_id = ca.user_account_id
  WHERE f.code = ? AND f.form_status = 'PUBLISHED' AND ${notBannedSql("ca.user_account_id")}`;

/** A media row as JSON (for ShownMedia); `a` is its media_attachments row, `m` its media row. */
const MEDIA_JSON = `json_object('id', m.id, 'formatType', m.format_type, 'mediaType', m.media_type, 'site', CASE m.format_type WHEN 'EMBED' THEN m.embed_site ELSE m.link_site END,
    'url', coalesce(m.file_url, m.link_url, ''), 'code', m.embed_code, 'thumbnailUrl', m.thumbnail_url,
    'width', m.file_width, 'height', m.file_height)`;
export const mediasOf = (ownerType: string, idExpr: string, field: string) =>
  `json((SELECT json_group_array(${MEDIA_JSON}) FROM (SELECT m.* FROM media_attachments a JOIN media m ON m.id = a.media_id
     WHERE a.owner_type = '${ownerType}' AND a.owner_id = ${idExpr} AND a.field = '${field}' ORDER BY a.position) m))`;

/** The active questions of the forms the filter picks (`f` is the form), in order, with their choices and media. */
export const questionsSql = (
  formFilter: string,
) => `SELECT q.id, q.question_type, q.is_required, ${textsOf("commission_form_question", "q.id")} AS texts,
    ${mediasOf("commission_form_question", "q.id", "medias")} AS medias,
    (SELECT json_group_array(json_object('id', c.id, 'price', c.price_amount, 'cur', c.cur, 'titles', ${textsOf("commission_form_question_choice", "c.id", "title")},
       'kind', c.price_kind, 'percent', c.price_percent, 'max', c.max_count, 'licence', c.licence, 'rush', c.rush_days,
       'media', ${mediasOf("commission_form_question_choice", "c.id", "media")}))
     FROM (SELECT ch.id, ch.price_amount, cu.code AS cur, ch.price_kind, ch.price_percent, ch.max_count, ch.licence, ch.rush_days
           FROM commission_form_question_choices ch
           LEFT JOIN currencies cu ON cu.id = ch.price_currency_id
           WHERE ch.question_id = q.id ORDER BY ch.user_index, ch.id) c) AS choices
  FROM commission_form_questions q JOIN commission_forms f ON f.id = q.form_id
  WHERE ${formFilter} AND q.question_status = 'ACTIVE'
  ORDER BY q.user_index, q.id`;

const QUESTIONS_SQL = questionsSql("f.code = ? AND f.form_status = 'PUBLISHED'");
const openServiceQuestionsSql = () => questionsSql("f.id = (SELECT form_id FROM commission_services WHERE id = ?)");

/**
 * A published form with its questions in order, or null for an unknown or unpublished code. One round trip, which
 * reads whether rush is offered at `now` (Comet's time) too.
 */
export async function getPublicForm(
  db: Database,
  code: string,
  viewer: Viewer,
  now: number = Date.now(),
): Promise<PublicForm | null> {
  const [form] = await sendParts(db.$client, [publicFormPart(db, code, viewer, now)]);
  return form;
}

/** `getPublicForm` as a part of the page's batch (worker/db/batch-parts.ts); its texts' readings follow it. */
export function publicFormPart(db: Database, code: string, viewer: Viewer, now: number): BatchPart<PublicForm | null> {
  const d1 = db.$client;
  return {
    statements: [
      d1.prepare(PRICE_BOOK_SQL),
      d1.prepare(FORM_SQL).bind(code),
      d1.prepare(QUESTIONS_SQL).bind(code),
      d1.prepare(rushFactsSql("form")).bind(code, viewer.accountId, now),
    ],
    read: (results) => toPublicForm(db, viewer, results),
  };
}

async function toPublicForm(
  db: Database,
  viewer: Viewer,
  [book, forms, questions, rush]: D1Result<Record<string, unknown>>[],
): Promise<PublicForm | null> {
  const row = forms!.results[0];
  if (!row) return null;
  const prices = priceContext(book.results[0], viewer);
  const texts = parseJson<TextRow>(row.texts);
  const handle = String(row.handle);
  const writer = String(row.account_id);
  const readings = await readPublicTexts(db, viewer.locale, [
    publicText(texts, viewer.locale, "title", writer),
    publicText(texts, viewer.locale, "description", writer),
    // What the client must read to answer: the questions, their choices and the terms they accept (issue 46).
    ...questionTexts(questions.results, viewer.locale, writer),
    publicText(parseJson<TextRow>(row.terms), viewer.locale, undefined, writer),
  ]);
  return {
    ...readings,
    id: String(row.id),
    code: String(row.code),
    title: pickText(texts, viewer.locale, "title") ?? MISSING_TEXT,
    description: pickText(texts, viewer.locale, "description") ?? "",
    categoryName: pickTextColumn(row.cat, viewer.locale) ?? "",
    price: displayPrice(row.price_amount as number | null, row.cur as string, prices),
    basePrice: { amount: (row.price_amount as number | null) ?? null, currencyCode: String(row.cur) },
    rushOffered: rushOfferedOf(rush.results[0]),
    prices,
    creator: {
      name: pickTextColumn(row.names, viewer.locale) || handle,
      handle,
      avatarUrl: (row.avatar_url as string | null) ?? null,
      isOpenCommission: Boolean(row.is_open_commission),
    },
    questions: toPublicQuestions(questions.results, viewer.locale, prices),
    terms: pickTextColumn(row.terms, viewer.locale) ?? "",
    displayCurrencyCode: prices.displayCode,
    stages: storedStagePlan(row.stage_plan),
  };
}

/**
 * The texts of question rows of `questionsSql` a reader of another language reads across the language wall (issue
 * 46): each question's title and description and each choice's title, as `toPublicQuestions` picks them.
 */
function questionTexts(rows: Record<string, unknown>[], locale: Locale, writerAccountId: string): PublicText[] {
  return rows.flatMap((q) => {
    const texts = parseJson<TextRow>(q.texts);
    return [
      publicText(texts, locale, "title", writerAccountId),
      publicText(texts, locale, "description", writerAccountId),
      ...parseJson<{ titles: TextRow[] }>(q.choices).map((c) =>
        publicText(c.titles, locale, undefined, writerAccountId),
      ),
    ];
  });
}

/** Question rows of `questionsSql` as the public form shows them, texts in the viewer's language. */
export function toPublicQuestions(
  rows: Record<string, unknown>[],
  locale: Locale,
  prices: PriceContext,
): PublicFormQuestion[] {
  return rows.map((q) => {
    const qTexts = parseJson<TextRow>(q.texts);
    return {
      id: String(q.id),
      questionType: q.question_type as QuestionType,
      isRequired: Boolean(q.is_required),
      title: pickText(qTexts, locale, "title") ?? MISSING_TEXT,
      description: pickText(qTexts, locale, "description") ?? "",
      choices: parseJson<{
        id: string;
        price: number | null;
        cur: string | null;
        titles: TextRow[];
        kind: PriceKind;
        percent: number | null;
        max: number | null;
        licence: LicenceTag | null;
        rush: number | null;
        media: ShownMedia[] | null;
      }>(q.choices).map((c) => ({
        id: c.id,
        title: pickText(c.titles, locale) ?? MISSING_TEXT,
        price: displayPrice(c.price, c.cur, prices),
        pricing: {
          kind: c.kind,
          amount: c.price,
          currencyCode: c.cur,
          percent: c.percent,
          maxCount: c.max,
          licence: c.licence,
          rushDays: c.rush,
        },
        media: c.media?.[0] ?? null,
      })),
      medias: parseJson<ShownMedia>(q.medias),
    };
  });
}
