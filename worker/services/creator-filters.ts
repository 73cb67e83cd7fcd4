/**
 * The filters and sorts of issue 66 on /explore/creators (decision 108) as SQL over the search table (alias `s`: one
 * row per listed creator, with `profile_id` and `account_id`). Each filter is a condition on the creator's own rows,
 * read through their indexes (forms and services by commission account, reviews by subject, works by profile, texts by
 * entity), so a page costs the candidates it checks; the page stops at its size (catalog.ts).
 * The clock goes in as a CTE (`clock`) and the display currency's rates as literals (`factorOf`), so the expressions
 * below hold no parameters and may appear anywhere in the statement, as often as needed.
 */
import { GUARDED_VIEWER, type ContentViewer, visibleRatingSql } from "../domain/content-gate";
import { listedWorkSql } from "../domain/public-items";
import { displayMinorFactor, type PriceBook } from "../domain/pricing";
import type { ExploreQuery, LicenceFilter } from "../domain/search";
import { heldOfSeller } from "./waitlist-sql";

/** What the filters need besides the query: Comet's clock (reviews show from their time) and the price book. */
export interface FilterContext {
  now: number;
  /** The price book and the viewer's display currency; needed only by a price filter or sort (`needsPrices`). */
  prices: { book: PriceBook; displayCode: string; currencyIds: Record<string, string> } | null;
  /** Who is looking, for the adult-content gate (decision 110); absent: a signed-out visitor. */
  content?: ContentViewer;
}

/** Whether the search converts prices: the page then reads the price book before its statement. */
export const needsPrices = (query: ExploreQuery) =>
  query.priceMin !== null || query.priceMax !== null || query.sort === "price";

/** The creator's commission account (their forms, services, reviews and slots hang off it). */
const SELLER = "(SELECT ca.id FROM commission_accounts ca WHERE ca.user_account_id = s.account_id)";

/** No price, as a number every price stays under. */
const NO_PRICE = 1_000_000_000_000_000;

/**
 * A stored price's currency (by id) as its factor into minor units of the display currency (`displayMinorFactor`);
 * NULL for a currency with no rate, so its prices compare with nothing. Literals, not parameters: a currency id is
 * our own table's (checked to be a plain id) and a factor a finite number. A CASE reads ~2× faster than a join.
 */
function factorOf(column: string, factors: [string, number][]): string {
  const cases = factors
    .filter(([id, factor]) => /^[A-Za-z0-9-]+$/.test(id) && Number.isFinite(factor))
    .map(([id, factor]) => ` WHEN '${id}' THEN ${factor}`)
    .join("");
  return cases ? `(CASE ${column}${cases} END)` : "NULL";
}

/**
 * The creator's lowest published price (a form's or a service's), in minor units of the display currency; null when
 * none is priced or none converts. `+f.price_amount` keeps the planner on the creator's own forms (by account) rather
 * than every published priced form (by price).
 */
const lowestPrice = (factors: [string, number][]) => `nullif(min(
    coalesce((SELECT min(CAST(round(f.price_amount * ${factorOf("f.price_currency_id", factors)}) AS INTEGER)) FROM commission_forms f
      WHERE f.commission_account_id = ${SELLER} AND f.form_status = 'PUBLISHED' AND +f.price_amount > 0), ${NO_PRICE}),
    coalesce((SELECT min(CAST(round(v.price_amount * ${factorOf("v.price_currency_id", factors)}) AS INTEGER)) FROM commission_services v
      WHERE v.commission_account_id = ${SELLER} AND v.service_status = 'PUBLISHED' AND v.price_amount > 0), ${NO_PRICE})), ${NO_PRICE})`;

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
  const factors = context.prices ? currencyFactors(context.prices) : [];
  const ctes = "clock(now) AS (SELECT ?),\n  ";
  const cteParams: unknown[] = [context.now];

  const where: string[] = [];
  const params: unknown[] = [];
  if (query.openNow) where.push(OPEN_NOW);
  if (query.priceMin !== null || query.priceMax !== null) {
    const digits = context.prices?.book.currencies[context.prices.displayCode]?.decimalDigits ?? 0;
    const minor = (whole: number) => whole * 10 ** digits;
    where.push(`${lowestPrice(factors)} BETWEEN ? AND ?`);
    params.push(minor(query.priceMin ?? 0), query.priceMax === null ? NO_PRICE - 1 : minor(query.priceMax));
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
    // Delivered within N days (decision 109): a published service whose creator's typical time is at most N.
    where.push(`EXISTS (SELECT 1 FROM commission_services dv WHERE dv.commission_account_id = ${SELLER}
      AND dv.service_status = 'PUBLISHED' AND dv.delivery_days <= ?)`);
    params.push(query.maxDeliveryDays);
  }
  if (query.contentRating) {
    where.push(`EXISTS (SELECT 1 FROM portfolio_works cw JOIN portfolio_work_content_ratings cr ON cr.work_id = cw.id
      WHERE cw.profile_id = s.profile_id AND ${listedWorkSql("cw")} AND cr.content_rating_code = ?
        AND ${visibleRatingSql("cw", context.content ?? GUARDED_VIEWER, "s.account_id")})`);
    params.push(query.contentRating);
  }
  return { ctes, cteParams, where, params, sortKey: computedSortKey(query, factors) };
}

/**
 * The sort keys of issue 66 as expressions on `s` (numbers, so the cursor keeps them): the rating (tenths of a star,
 * unrated as 0) and the lowest price (unpriced creators last in either direction).
 */
function computedSortKey(query: ExploreQuery, factors: [string, number][]): string | null {
  if (query.sort === "rating") return `coalesce(CAST(round(${averageRating} * 10) AS INTEGER), 0)`;
  if (query.sort === "price") return `coalesce(${lowestPrice(factors)}, ${query.order === "asc" ? NO_PRICE : -1})`;
  return null;
}

/** [currency id, factor] for each currency with a rate to the display currency. */
function currencyFactors(prices: NonNullable<FilterContext["prices"]>): [string, number][] {
  const rows: [string, number][] = [];
  for (const [code, id] of Object.entries(prices.currencyIds)) {
    const factor = displayMinorFactor(code, prices.displayCode, prices.book);
    if (factor !== null) rows.push([id, factor]);
  }
  return rows;
}
