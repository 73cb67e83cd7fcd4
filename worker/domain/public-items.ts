import type { PublishStatus, VisibilityStatus } from "../db/schema/enums";

/**
 * What "public" means for a portfolio work, in one place (spec section 3: visibility; docs/decisions/013):
 * - listed: PUBLISHED and PUBLIC (no visibility row means PUBLIC). Shown on profiles, cards and the tag suggestions.
 * - reachable by its link: PUBLISHED and PUBLIC or UNLISTED. Its page, its files and its visit count are open to
 *   anyone holding the link. A PRIVATE or unpublished work is neither: only its owner sees it, and nobody counts it.
 * - hidden by an admin after a report (decision 089): neither, whatever its status and visibility say.
 * The TypeScript predicates and the SQL fragments below say the same thing; tests/worker/catalog/public-items.test.ts holds
 * them together.
 */
export interface WorkPublicity {
  workStatus: PublishStatus;
  /** Null: no visibility row, which means PUBLIC. */
  visibility: VisibilityStatus | null;
  /** Hidden by an admin (`hidden_at` set): only its owner, its editors and the admins read it. */
  hidden: boolean;
}

/**
 * The status a save gives a work (decision 060): PUBLISHED once it has media (a file, a link or an embed), a DRAFT
 * before. An empty work would be an empty card on the profile; as a draft it is neither listed nor reachable (the
 * rules below), whatever its visibility says, and its owner still opens it in the editor.
 */
export function workStatusOnSave(mediaCount: number): PublishStatus {
  return mediaCount > 0 ? "PUBLISHED" : "DRAFT";
}

export function isListedWork(work: WorkPublicity): boolean {
  return !work.hidden && work.workStatus === "PUBLISHED" && (work.visibility ?? "PUBLIC") === "PUBLIC";
}

export function isReachableWork(work: WorkPublicity): boolean {
  return !work.hidden && work.workStatus === "PUBLISHED" && work.visibility !== "PRIVATE";
}

/** The visibility statuses that hide a work from one audience, as an SQL list. */
const hiddenFrom = (statuses: readonly VisibilityStatus[]) => statuses.map((s) => `'${s}'`).join(", ");

const workSql = (alias: string, hidden: readonly VisibilityStatus[]) =>
  `(${alias}.work_status = 'PUBLISHED' AND ${alias}.hidden_at IS NULL AND NOT EXISTS (SELECT 1 FROM visibility_settings v WHERE v.item_type = 'portfolio_work' AND v.item_id = ${alias}.id AND v.visibility_status IN (${hiddenFrom(hidden)})))`;

/** SQL for isListedWork; `alias` names a portfolio_works row in the query. */
export const listedWorkSql = (alias: string) => workSql(alias, ["UNLISTED", "PRIVATE"]);
/** SQL for isReachableWork. */
export const reachableWorkSql = (alias: string) => workSql(alias, ["PRIVATE"]);
