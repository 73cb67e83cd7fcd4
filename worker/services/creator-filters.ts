/**
 * The filters and sorts of issue 66 on /explore/creators (decision 108) as SQL over the search table (alias `s`: one
 * row per listed creator, with `profile_id` and `account_id`). Each filter is a condition on the creator's own rows,
 * read through their indexes (forms and services by commission account, reviews by subject, works by profile, texts by
 * entity), so a page costs the candidates it checks; the page stops at its size (catalog.ts).
 * The clock goes in as a CTE (`clock`), so the expressions below hold no parameters and may appear anywhere in the
 * statement, as often as needed. The price is the creator's kept lowest price in yen (decision 109), on the row itself:
 * of the prices the viewer may see (issue 75).
 */
import {
  GUARDED_VIEWER,
  type ContentViewer,
  maySeeRating,
  visibleRatingSql,
  visibleServiceSql,
} from "../domain/content-gate";
import { listedWorkSql } from "../domain/public-items";
import { displayMinorFactor, type PriceBook } from "../domain/pricing";
import type { ExploreQuery, LicenceFilter } from "../domain/search";
import { heldOfSeller } from "./waitlist-sql";

/** What the filters need besides the query: Comet's clock (reviews show from their time) and the price book. */
export interface FilterContext {
  now: number;
  /** The price book and the viewer's display currency; needed only by a price filter (`needsPrices`). */
  prices: { book: PriceBook; displayCode: string } | null;
  /** Who is looking, for the adult-content gate (decision 110); absent: a signed-out visitor. */
  content?: ContentViewer;
}

/**
 * Whether the search converts prices: the page then reads the price book before its statement. Only a price filter
 * does (its bounds into yen); the price sort reads the kept yen alone (decision 109).
 */
export const needsPrices = (query: ExploreQuery) => query.priceMin !== null || query.priceMax !== null;

/** The creator's commission account (their forms, services, reviews and slots hang off it). */
const SELLER = "(SELECT ca.id FROM commission_accounts ca WHERE ca.user_account_id = s.account_id)";

/** No price, as a number every price stays under (the search row's value for an unpriced creator, migration 0045). */
const NO_PRICE = 1_000_000_000_000_000;

/**
 * The creator's lowest published price (a form's or a service's) in yen at the latest stored rate, kept on their
 * search row by migration 0045's triggers whenever a price, a status or a rate changes (decision 109); unpriced: NO_PRICE.
 * Indexed with the profile id, so the cheapest-first sort walks the index and the price filter reads a range of it.
 * Two are kept (migration 0047, issue 75): every price, and the prices not behind the adult gate (an R-18 service's,
 * decision 110). A viewer who sees adult content everywhere gets the first; everyone else the second, so neither a
 * filter nor the sort tells them a gated price. Their own R-18 service counts for a creator only where they see
 * adult content: explore lists them as it lists them to others, and the sort keeps its index walk for every viewer.
 */
const lowestYenFor = (viewer: ContentViewer) =>
  seesEveryService(viewer) ? "s.lowest_price_yen" : "s.lowest_ungated_price_yen";

/** Whether the viewer sees every published service, an R-18 one too, whoever made it (decision 110). */
const seesEveryService = (viewer: ContentViewer) => maySeeRating(viewer, ["r18"]);

/** The average of the creator's public reviews by clients, to one decimal as `averageRating` gives it; null for none. */
const averageRating = `(SELECT round(avg(r.rating), 1) FROM order_reviews r
    WHERE r.subject_id = ${SELLER} AND r.author_side = 'buyer' AND r.visible_at <= (SELECT now FROM clock) AND r.hidden_at IS NULL)`;

/**
 * Open now: open for commissions, and a request would be taken or may wait in a line that moves (decision 091):
 * no slot limit, a free slot nobody waits for, or every slot held with the waitlist open to join.
 */
const OPEN_NOW = `EXISTS (SELECT 1 FROM user_profiles op WHERE op.id = s.profile_id AND op.is_open_commission = 1)
  AND EXISTS (SELECT 1 FROM commission_accounts oc WHERE oc.user_account_id = s.account_id AND (
    oc.slot_count IS NULL OR oc.waitlist_closed = 0
    OR (oc.slot_count > ${heldOfSeller("oc.id")}
        AND NOT EXISTS (SELECT 1 FROM waitlist_entries ow WHERE ow.seller_id = oc.id AND ow.state = 'WAITING'))))`;

/** The licence tags a choice grants that answer each licence filter: exclusive rights include every commercial use. */
const LICENCE_TAGS_OF: Record<LicenceFilter, string[]> = {
  commercial: ["streaming", "goods", "advertising", "exclusive"],
  exclusive: ["exclusive"],
};

const licenceOffered = (licence: LicenceFilter) => `EXISTS (SELECT 1 FROM commission_forms lf
    JOIN commission_form_questions lq ON lq.form_id = lf.id AND lq.question_status = 'ACTIVE'
    JOIN commission_form_question_choices lc ON lc.question_id = lq.id
    WHERE lf.commission_account_id = ${SELLER} AND lf.form_status = 'PUBLISHED'
      AND lc.licence IN (${LICENCE_TAGS_OF[licence].map((tag) => `'${tag}'`).join(", ")}))`;

/**
 * The categories asked for (`wanted`, a CTE of `token` ' code ' and `code`) as a condition on `s`. The search row's
 * categories hold every published form's and service's, an R-18 service's too; for a viewer who may not see that
 * service, a category it alone gives is no match (issue 75), so a candidate the row matches is checked against the
 * forms and the services the viewer may see, through their indexes.
 */
export function wantedCategorySql(viewer: ContentViewer): string {
  const listed = "EXISTS (SELECT 1 FROM wanted w WHERE instr(s.categories, w.token) > 0";
  if (seesEveryService(viewer)) return `${listed})`;
  return `${listed}
    AND (EXISTS (SELECT 1 FROM commission_forms cf WHERE cf.commission_account_id = ${SELLER}
          AND cf.form_status = 'PUBLISHED' AND cf.category_code = w.code)
      OR EXISTS (SELECT 1 FROM commission_services cv JOIN commission_service_categories csc ON csc.service_id = cv.id
          WHERE cv.commission_account_id = ${SELLER} AND cv.service_status = 'PUBLISHED' AND csc.category_code = w.code
            AND ${visibleServiceSql("cv", viewer, "s.account_id")})))`;
}

interface CreatorFilterSql {
  /** CTEs to open the statement with (each ends with a comma and a newline), and their parameters. */
  ctes: string;
  cteParams: unknown[];
  /** Conditions on `s`, and their parameters in order. */
  where: string[];
  params: unknown[];
  /** The sort key of a computed sort (rating, price), or null for the search table's own columns. */
  sortKey: string | null;
}

/** The query's filters and computed sort key as SQL; `ctes` defines `clock` (the rating reads it). */
export function creatorFilterSql(query: ExploreQuery, context: FilterContext): CreatorFilterSql {
  const ctes = "clock(now) AS (SELECT ?),\n  ";
  const cteParams: unknown[] = [context.now];

  const where: string[] = [];
  const params: unknown[] = [];
  const lowestYen = lowestYenFor(context.content ?? GUARDED_VIEWER);
  if (query.openNow) where.push(OPEN_NOW);
  if (query.priceMin !== null || query.priceMax !== null) {
    // The bounds, whole units of the display currency, in yen at the same stored rate the kept prices use.
    const yen = yenOfWhole(context.prices);
    if (yen === null) where.push("0");
    else {
      where.push(`${lowestYen} BETWEEN ? AND ?`);
      params.push(
        Math.ceil(yen(query.priceMin ?? 0)),
        query.priceMax === null ? NO_PRICE - 1 : Math.floor(yen(query.priceMax)),
      );
    }
  }
  if (query.licence) where.push(licenceOffered(query.licence));
  if (query.minRating !== null) {
    where.push(`${averageRating} >= ?`);
    params.push(query.minRating);
  }
  if (query.language) {
    where.push(`EXISTS (SELECT 1 FROM localized_texts lt WHERE lt.entity_type = 'user_profile' AND lt.entity_id = s.profile_id
      AND lt.field IN ('name', 'bio') AND lt.language_code = ?)`);
    params.push(query.language);
  }
  if (query.maxDeliveryDays !== null) {
    // Delivered within N days (decision 109): a published service whose creator's typical time is at most N, and one
    // this viewer may see (decision 110).
    where.push(`EXISTS (SELECT 1 FROM commission_services dv WHERE dv.commission_account_id = ${SELLER}
      AND dv.service_status = 'PUBLISHED' AND dv.delivery_days <= ?
      AND ${visibleServiceSql("dv", context.content ?? GUARDED_VIEWER, "s.account_id")})`);
    params.push(query.maxDeliveryDays);
  }
  if (query.contentRating) {
    where.push(`EXISTS (SELECT 1 FROM portfolio_works cw JOIN portfolio_work_content_ratings cr ON cr.work_id = cw.id
      WHERE cw.profile_id = s.profile_id AND ${listedWorkSql("cw")} AND cr.content_rating_code = ?
        AND ${visibleRatingSql("cw", context.content ?? GUARDED_VIEWER, "s.account_id")})`);
    params.push(query.contentRating);
  }
  return { ctes, cteParams, where, params, sortKey: computedSortKey(query, lowestYen) };
}

/**
 * The sort keys of issue 66 as expressions on `s` (numbers, so the cursor keeps them): the rating (tenths of a star,
 * unrated as 0) and the lowest price, unpriced creators last in either direction: cheapest first (the sort's own
 * direction) is the kept column itself, an index walk; dearest first reads it per match.
 */
function computedSortKey(query: ExploreQuery, lowestYen: string): string | null {
  if (query.sort === "rating") return `coalesce(CAST(round(${averageRating} * 10) AS INTEGER), 0)`;
  if (query.sort === "price")
    return query.order === "asc" ? lowestYen : `(CASE WHEN ${lowestYen} = ${NO_PRICE} THEN -1 ELSE ${lowestYen} END)`;
  return null;
}

/** Whole units of the display currency as yen at the stored rate (the kept prices' unit); null without a rate. */
function yenOfWhole(prices: FilterContext["prices"]): ((whole: number) => number) | null {
  const displayCode = prices?.displayCode ?? "JPY";
  const digits = prices?.book.currencies[displayCode]?.decimalDigits ?? 0;
  const factor = prices && displayCode !== "JPY" ? displayMinorFactor(displayCode, "JPY", prices.book) : 1;
  return factor === null ? null : (whole: number) => whole * 10 ** digits * factor;
}
