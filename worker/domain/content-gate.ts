/**
 * Who may see a work rated for adults (issue 66, docs/decisions/110-adult-content-gate.md), in one place.
 *
 * - Adult is R-18 only. R-15 is shown to everyone with its label: in Japan R15+ (films, CERO C/D games) advises
 *   parents and is sold to anyone, while the line the law and pixiv, Skeb and VGen draw for "hidden unless the
 *   viewer opts in as an adult" is 18.
 * - A work is adult when its own rating is adult. An adult work is shown only to its creator (their own profile and
 *   works) and to a signed-in viewer who chose "Show adult content" and confirmed being 18 or older by their stored
 *   birthday. A signed-out visitor never sees one, so no page cached for visitors (decision 069) can hold one.
 * The SQL fragment below says the same as `maySeeRating`; tests/worker/content-gate/ holds them together.
 */

/** The content rating codes (content_ratings.code) hidden behind the gate. */
const ADULT_RATINGS: readonly string[] = ["r18"];

/** The age the gate asks for, in whole years on Comet's clock. */
const ADULT_AGE = 18;

export const isAdultRating = (code: string | null | undefined): boolean => !!code && ADULT_RATINGS.includes(code);

/** What the gate knows of a viewer: who they are (null signed out) and whether they confirmed the setting. */
export interface ContentViewer {
  accountId: string | null;
  showsAdult: boolean;
}

/** A signed-out visitor, or a viewer who has not opted in. */
export const GUARDED_VIEWER: ContentViewer = { accountId: null, showsAdult: false };

/** Whether a viewer may see a work of these ratings; `ownerAccountId` is the account whose work it is. */
export function maySeeRating(
  viewer: ContentViewer,
  ratings: readonly string[],
  ownerAccountId: string | null = null,
): boolean {
  if (!ratings.some(isAdultRating)) return true;
  if (viewer.accountId === null) return false;
  return viewer.showsAdult || (ownerAccountId !== null && viewer.accountId === ownerAccountId);
}

/** Whether a viewer sees adult works wherever they are listed, whoever made them. */
const seesAdultEverywhere = (viewer: ContentViewer) => viewer.accountId !== null && viewer.showsAdult;

const adultList = () => ADULT_RATINGS.map((code) => `'${code}'`).join(", ");

/**
 * SQL for maySeeRating on a portfolio_works row `alias`: true for an all-ages or R-15 work, and for an adult one only
 * when the viewer sees adult works, or (given `ownerAccountExpr`, an SQL expression of the work's owner account)
 * owns it. Values go in as literals the caller already parsed: an account id is quoted, never trusted as SQL.
 */
export function visibleRatingSql(alias: string, viewer: ContentViewer, ownerAccountExpr?: string): string {
  if (seesAdultEverywhere(viewer)) return "1";
  const notAdult = `NOT EXISTS (SELECT 1 FROM portfolio_work_content_ratings gate_r WHERE gate_r.work_id = ${alias}.id AND gate_r.content_rating_code IN (${adultList()}))`;
  if (!viewer.accountId || !ownerAccountExpr) return `(${notAdult})`;
  return `(${notAdult} OR ${ownerAccountExpr} = ${sqlString(viewer.accountId)})`;
}

const sqlString = (value: string) => `'${value.replaceAll("'", "''")}'`;

/** Age in whole years on `today` (yyyy-mm-dd) of someone born on `birthday` (yyyy-mm-dd). */
export function ageOn(birthday: string, today: string): number {
  const [by, bm, bd] = birthday.split("-").map(Number);
  const [ty, tm, td] = today.split("-").map(Number);
  return ty - by - (tm < bm || (tm === bm && td < bd) ? 1 : 0);
}

export type AdultConfirmation = { ok: true } | { ok: false; reason: "no_birthday" | "under_age" | "not_confirmed" };

/**
 * Whether turning "Show adult content" on is allowed: the viewer ticked the confirmation and their stored birthday
 * (not one typed here) makes them 18 or older today. Without a birthday they are asked to add it first.
 */
export function confirmAdult(input: {
  birthday: string | null;
  confirmed: boolean;
  /** Today on Comet's clock, yyyy-mm-dd in UTC. */
  today: string;
}): AdultConfirmation {
  if (!input.birthday) return { ok: false, reason: "no_birthday" };
  if (ageOn(input.birthday, input.today) < ADULT_AGE) return { ok: false, reason: "under_age" };
  if (!input.confirmed) return { ok: false, reason: "not_confirmed" };
  return { ok: true };
}

/** Today as yyyy-mm-dd in UTC, the day a birthday is read against. */
export const isoDay = (now: number) => new Date(now).toISOString().slice(0, 10);

/**
 * Whether an account's stored choice lets it see adult works now: confirmed, and still 18 or older by the birthday it
 * holds (a birthday changed since to one under 18 turns the choice off without a write).
 */
export function showsAdultContent(account: {
  confirmedAt: Date | null;
  birthday: string | null;
  now: number;
}): boolean {
  if (!account.confirmedAt || !account.birthday) return false;
  return ageOn(account.birthday, isoDay(account.now)) >= ADULT_AGE;
}

/** The gate's view of a session user (null: signed out). */
export const contentViewerOf = (user: { accountId: string | null; showsAdult?: boolean } | null): ContentViewer =>
  user?.accountId ? { accountId: user.accountId, showsAdult: user.showsAdult === true } : GUARDED_VIEWER;

/** The ratings a work or a service may carry (content_ratings, migration 0001); all-ages is stored as no rating on a service. */
const CONTENT_RATING_CODES = ["all-ages", "r15", "r18"] as const;

/**
 * A service's posted rating: undefined when not posted (a save keeps what it had), null for all-ages or blank, the
 * code otherwise; an unknown code is refused with the editor's message key.
 */
export function parseServiceRating(
  posted: unknown,
): { contentRatingCode: string | null } | { error: "authoring_content_rating" } | undefined {
  if (typeof posted !== "string") return undefined;
  const code = posted.trim();
  if (code === "" || code === "all-ages") return { contentRatingCode: null };
  return (CONTENT_RATING_CODES as readonly string[]).includes(code)
    ? { contentRatingCode: code }
    : { error: "authoring_content_rating" };
}

/** SQL for maySeeRating on a commission_services row `alias` (its `content_rating_code` column); see visibleRatingSql. */
export function visibleServiceSql(alias: string, viewer: ContentViewer, ownerAccountExpr?: string): string {
  if (seesAdultEverywhere(viewer)) return "1";
  const notAdult = `coalesce(${alias}.content_rating_code, '') NOT IN (${adultList()})`;
  if (!viewer.accountId || !ownerAccountExpr) return `(${notAdult})`;
  return `(${notAdult} OR ${ownerAccountExpr} = ${sqlString(viewer.accountId)})`;
}

/** The last birthday (yyyy-mm-dd) that makes someone 18 on the day of `now`: ageOn(b, today) >= 18 iff b <= this. */
export function adultBornBy(now: number): string {
  const [y, m, d] = isoDay(now).split("-");
  return `${String(Number(y) - ADULT_AGE).padStart(4, "0")}-${m}-${d}`;
}

/**
 * SQL for showsAdultContent on an account id expression, for statements that reach many accounts at once (a new
 * service's followers): confirmed, and born by adultBornBy(now). Birthdays are ISO dates, so they compare as text.
 */
const adultAccountSql = (accountExpr: string, now: number) =>
  `EXISTS (SELECT 1 FROM user_accounts gate_u WHERE gate_u.id = ${accountExpr} AND gate_u.adult_content_confirmed_at IS NOT NULL AND gate_u.birthday <= '${adultBornBy(now)}')`;

/** SQL: a commission_services row `alias` a given account (by expression) may be told of (see visibleServiceSql). */
export const serviceShownToAccountSql = (alias: string, accountExpr: string, now: number) =>
  `(coalesce(${alias}.content_rating_code, '') NOT IN (${adultList()}) OR ${adultAccountSql(accountExpr, now)})`;

/**
 * SQL: whether the work `workIdExpr` (an SQL expression of a portfolio_works id) is rated for adults, for the reads
 * that decide its files (worker/media/services/media-access.ts) and sign a gated work's links for its viewer.
 */
export const adultWorkSql = (workIdExpr: string) =>
  `EXISTS (SELECT 1 FROM portfolio_work_content_ratings gate_r WHERE gate_r.work_id = ${workIdExpr} AND gate_r.content_rating_code IN (${adultList()}))`;

/** SQL: whether the commission_services row `alias` is rated for adults (see adultWorkSql). */
export const adultServiceSql = (alias: string) => `coalesce(${alias}.content_rating_code, '') IN (${adultList()})`;
