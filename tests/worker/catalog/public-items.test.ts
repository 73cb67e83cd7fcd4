import { env } from "cloudflare:workers";
import { beforeAll, describe, expect, it } from "vitest";
import type { PublishStatus, VisibilityStatus } from "#worker/db/schema/enums";
import { isListedWork, isReachableWork, listedWorkSql, reachableWorkSql } from "#worker/domain/public-items";
import { seedCreator, uniqueTag, type SeededCreator } from "../support/catalog-fixtures";
import { call } from "../support/helpers";

/**
 * What "public" means for a work (worker/domain/public-items.ts): the TypeScript predicates and the SQL fragments
 * agree on every status and visibility, hidden by an admin or not (decision 089), and a visit to a work nobody may open is not counted.
 */
const STATUSES: PublishStatus[] = ["DRAFT", "PUBLISHED"];
const VISIBILITIES: (VisibilityStatus | null)[] = [null, "PUBLIC", "UNLISTED", "PRIVATE"];

let creator: SeededCreator;
beforeAll(async () => {
  creator = await seedCreator({ handle: `pub${uniqueTag()}`, works: STATUSES.length * VISIBILITIES.length * 2 });
});

async function setWork(workId: string, status: PublishStatus, visibility: VisibilityStatus | null, hidden = false) {
  await env.DB.batch([
    env.DB.prepare("UPDATE portfolio_works SET work_status = ?, hidden_at = ? WHERE id = ?").bind(
      status,
      hidden ? Date.now() : null,
      workId,
    ),
    env.DB.prepare("DELETE FROM visibility_settings WHERE item_type = 'portfolio_work' AND item_id = ?").bind(workId),
    ...(visibility
      ? [
          env.DB.prepare(
            "INSERT INTO visibility_settings (id, item_type, item_id, visibility_status) VALUES (?, 'portfolio_work', ?, ?)",
          ).bind(crypto.randomUUID(), workId, visibility),
        ]
      : []),
  ]);
}

const sqlSays = async (fragment: string, workId: string) =>
  Boolean(
    await env.DB.prepare(`SELECT 1 AS yes FROM portfolio_works w WHERE w.id = ? AND ${fragment}`).bind(workId).first(),
  );

describe("a work's publicity", () => {
  it("is the same rule in TypeScript and in SQL, for every status and visibility, hidden or not", async () => {
    let i = 0;
    for (const hidden of [false, true]) {
      for (const workStatus of STATUSES) {
        for (const visibility of VISIBILITIES) {
          const workId = creator.works[i++];
          await setWork(workId, workStatus, visibility, hidden);
          const work = { workStatus, visibility, hidden };
          const named = `${workStatus} ${visibility}${hidden ? " hidden" : ""}`;
          expect(await sqlSays(listedWorkSql("w"), workId), `listed ${named}`).toBe(isListedWork(work));
          expect(await sqlSays(reachableWorkSql("w"), workId), `reachable ${named}`).toBe(isReachableWork(work));
        }
      }
    }
    const shown = { hidden: false };
    expect(isListedWork({ workStatus: "PUBLISHED", visibility: null, ...shown })).toBe(true);
    expect(isListedWork({ workStatus: "PUBLISHED", visibility: "UNLISTED", ...shown })).toBe(false);
    expect(isReachableWork({ workStatus: "PUBLISHED", visibility: "UNLISTED", ...shown })).toBe(true);
    expect(isReachableWork({ workStatus: "PUBLISHED", visibility: "PRIVATE", ...shown })).toBe(false);
    expect(isReachableWork({ workStatus: "DRAFT", visibility: null, ...shown })).toBe(false);
    expect(isListedWork({ workStatus: "PUBLISHED", visibility: null, hidden: true })).toBe(false);
    expect(isReachableWork({ workStatus: "PUBLISHED", visibility: "UNLISTED", hidden: true })).toBe(false);
  });

  it("counts visits to an unlisted work but not to a private one (not_found, nothing recorded)", async () => {
    const [unlisted, privateWork] = creator.works.slice(-2);
    await setWork(unlisted, "PUBLISHED", "UNLISTED");
    await setWork(privateWork, "PUBLISHED", "PRIVATE");
    const visit = (modelId: string) =>
      call("/api/features/pageVisit/portfolio/work", { method: "POST", json: { modelName: "PortfolioWork", modelId } });

    expect((await visit(unlisted)).status).toBe(200);
    const refused = await visit(privateWork);
    expect(refused.status).toBe(404);
    expect(await refused.json()).toEqual({ error: "not_found" });
    const rows = await env.DB.prepare("SELECT count(*) AS n FROM page_visits WHERE model_id = ?")
      .bind(privateWork)
      .first<{ n: number }>();
    expect(rows?.n).toBe(0);
  });
});
