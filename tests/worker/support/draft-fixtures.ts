// Drafts a test means to be valid, parsed as the editors' actions parse them: a draft that does not parse fails
// the test with its errors, instead of a later step failing for a reason it does not name.
import { and, eq } from "drizzle-orm";
import { visibilityGrants, visibilitySettings } from "#worker/db/schema";
import { parseFormDraft, type FormDraft } from "#worker/domain/commission-form";
import { parseWorkDraft, type ClientFieldMode, type WorkDraft } from "#worker/domain/portfolio";
import { db } from "./helpers";

/** A valid public work draft, as the editor posts it: `patch` gives the fields a test cares about. */
export function workDraft(patch: Partial<WorkDraft> = {}): WorkDraft {
  return {
    title: "A work",
    description: "",
    medias: [],
    contentRatingCode: "all-ages",
    categoryCodes: [],
    tags: [],
    visibility: "PUBLIC",
    credits: "",
    ...patch,
  };
}

export function parsedWorkDraft(draft: WorkDraft, mode: ClientFieldMode = "stored") {
  const result = parseWorkDraft(draft, mode);
  if (!result.ok) throw new Error(JSON.stringify(result.errors));
  return result.data;
}

export function parsedFormDraft(draft: FormDraft) {
  const result = parseFormDraft(draft);
  if (!result.ok) throw new Error(JSON.stringify(result.errors));
  return result.data;
}

/** The accounts credited on a work (its "credit" grants), sorted. */
export async function creditedAccounts(workId: string) {
  const rows = await db()
    .select({ accountId: visibilityGrants.userAccountId })
    .from(visibilityGrants)
    .innerJoin(visibilitySettings, eq(visibilitySettings.id, visibilityGrants.visibilitySettingId))
    .where(and(eq(visibilitySettings.itemId, workId), eq(visibilityGrants.permission, "credit")));
  return rows.map((r) => r.accountId).sort();
}
