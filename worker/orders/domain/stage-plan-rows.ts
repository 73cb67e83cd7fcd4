/**
 * A stage plan as the editors hold it (issue 36, decision 073): rows of typed strings, read into `parseStagePlan`
 * (order-stages.ts), the one rule, on the server and in the browser. A refused plan keeps the rows exactly as typed.
 * Also the stored plan's reader: a service's or form's `stage_plan` column.
 */
import { parseStagePlan, STAGES_MAX, type StagePlanError, type StagePlanItem } from "./order-stages";

/** One stage as typed: the share and the revisions are the inputs' text, read as whole numbers on parse. */
export interface StagePlanRow {
  title: string;
  share: string;
  revisions: string;
}

/** The field errors' path prefix ("stagePlan", "stagePlan.1.share"), as the editors' other fields are keyed. */
export const STAGE_PLAN_PATH = "stagePlan";

/** The editors' inputs of a row (repeated names, so the plan posts with the form it sits in). */
export const STAGE_PLAN_FIELDS = { title: "stageTitle", share: "stageShare", revisions: "stageRevisions" } as const;

/** The rows a form posted, in order; more than a plan may hold are not kept (the rule refuses them anyway). */
export function stagePlanRowsFrom(form: FormData): StagePlanRow[] {
  const all = (name: string) => form.getAll(name).map(String);
  const fields = STAGE_PLAN_FIELDS;
  const [titles, shares, revisions] = [all(fields.title), all(fields.share), all(fields.revisions)];
  const count = Math.min(Math.max(titles.length, shares.length, revisions.length), STAGES_MAX + 1);
  return Array.from({ length: count }, (_, i) => ({
    title: titles[i] ?? "",
    share: shares[i] ?? "",
    revisions: revisions[i] ?? "",
  }));
}

export const rowsOfPlan = (plan: readonly StagePlanItem[]): StagePlanRow[] =>
  plan.map((s) => ({ title: s.title, share: String(s.sharePercent), revisions: String(s.includedRevisions) }));

/** Digits only: "30" is 30; "", "3.5", "1e2" or "0x1E" are not whole numbers as typed, so they are refused. */
const wholeNumber = (text: string): number => (/^\s*\d{1,6}\s*$/.test(text) ? Number(text) : Number.NaN);

const FIELD_OF_ERROR: Partial<Record<StagePlanError, keyof StagePlanRow>> = {
  stage_title_required: "title",
  stage_title_too_long: "title",
  stage_share_invalid: "share",
  stage_revisions_invalid: "revisions",
};

/**
 * The typed rows as a plan, or the error keyed by the field it belongs to ("stagePlan.2.title"), else the whole plan
 * ("stagePlan": the count or the sum of the shares). Message keys, worded by authoring-messages.ts.
 */
export function parseStagePlanRows(
  rows: readonly StagePlanRow[],
): { ok: true; plan: StagePlanItem[] } | { ok: false; errors: Record<string, StagePlanError> } {
  const parsed = parseStagePlan(
    rows.map((r) => ({
      title: r.title,
      sharePercent: wholeNumber(r.share),
      includedRevisions: wholeNumber(r.revisions),
    })),
  );
  if (parsed.ok) return parsed;
  const field = FIELD_OF_ERROR[parsed.error];
  const path = field && parsed.index !== undefined ? `${STAGE_PLAN_PATH}.${parsed.index}.${field}` : STAGE_PLAN_PATH;
  return { ok: false, errors: { [path]: parsed.error } };
}

/** The shares typed so far, for the editor's running total (a share not yet a whole number counts as 0). */
export const typedSharesTotal = (rows: readonly StagePlanRow[]) =>
  rows.reduce((sum, r) => sum + (Number.isFinite(wholeNumber(r.share)) ? wholeNumber(r.share) : 0), 0);

/**
 * A stored plan (a service's or form's `stage_plan`, JSON of `StagePlanItem[]`), checked again by the rule: a column
 * that is not a valid plan reads as none, so an order never starts with stages the editor would refuse.
 */
export function storedStagePlan(json: unknown): StagePlanItem[] {
  try {
    const value: unknown = typeof json === "string" ? JSON.parse(json) : null;
    if (!Array.isArray(value)) return [];
    const items = value.map((item) => (typeof item === "object" && item !== null ? item : {})) as {
      title: unknown;
      sharePercent: unknown;
      includedRevisions: unknown;
    }[];
    const parsed = parseStagePlan(items);
    return parsed.ok ? parsed.plan : [];
  } catch {
    return [];
  }
}
