import { and, inArray, eq } from "drizzle-orm";
import type { Database } from "../db/client";
import { visibilityGrants, visibilitySettings } from "../db/schema";
import type { VisibilityStatus } from "../db/schema/enums";
import { noGrants, type ItemGrants } from "../domain/visibility";

/**
 * Reading visibility settings and their grants (the rule is worker/domain/visibility.ts). `itemType` is the
 * visibility_settings item type, e.g. "portfolio_work".
 */

export interface ItemVisibility {
  /** Null: no visibility row, which means PUBLIC. */
  visibility: VisibilityStatus | null;
  grants: ItemGrants;
}

/** D1 binds at most 100 parameters per query. */
const IDS_PER_QUERY = 90;

/** Each item's visibility status and grants; items without a row get `{ visibility: null, grants: noGrants() }`. */
export async function loadItemVisibility(
  db: Database,
  itemType: string,
  itemIds: readonly string[],
): Promise<Map<string, ItemVisibility>> {
  const ids = [...new Set(itemIds)];
  const out = new Map<string, ItemVisibility>(ids.map((id) => [id, { visibility: null, grants: noGrants() }]));
  for (let i = 0; i < ids.length; i += IDS_PER_QUERY) {
    const rows = await db
      .select({
        itemId: visibilitySettings.itemId,
        status: visibilitySettings.visibilityStatus,
        permission: visibilityGrants.permission,
        roleCode: visibilityGrants.roleCode,
        userAccountId: visibilityGrants.userAccountId,
      })
      .from(visibilitySettings)
      .leftJoin(visibilityGrants, eq(visibilityGrants.visibilitySettingId, visibilitySettings.id))
      .where(
        and(
          eq(visibilitySettings.itemType, itemType),
          inArray(visibilitySettings.itemId, ids.slice(i, i + IDS_PER_QUERY)),
        ),
      );
    for (const row of rows) {
      const item = out.get(row.itemId)!;
      item.visibility = row.status;
      if (!row.permission) continue;
      if (row.roleCode) item.grants[row.permission].roleCodes.push(row.roleCode);
      if (row.userAccountId) item.grants[row.permission].userAccountIds.push(row.userAccountId);
    }
  }
  return out;
}
