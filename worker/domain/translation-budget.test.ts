import { describe, expect, it } from "vitest";
import { PREVIEW_DAILY_CHARACTERS, budgetDay, scopesToSpend } from "./translation-budget";

const budget = { dailyCharacters: 2_000_000, writerDailyCharacters: 20_000 };

describe("who may spend how much of the day's translation", () => {
  it("a fresh account: half a share, and the fresh accounts' tenth of the day, then the day", () => {
    expect(scopesToSpend(budget, { accountId: "a", paidOrders: 0 })).toEqual([
      { scope: "writer:a", limit: 10_000 },
      { scope: "fresh", limit: 200_000 },
      { scope: "all", limit: 2_000_000 },
    ]);
  });

  it("a share grows by a tenth with each paid order, up to five shares, and leaves the fresh pool", () => {
    expect(scopesToSpend(budget, { accountId: "a", paidOrders: 1 })).toEqual([
      { scope: "writer:a", limit: 22_000 },
      { scope: "all", limit: 2_000_000 },
    ]);
    expect(scopesToSpend(budget, { accountId: "a", paidOrders: 10 })[0]).toEqual({ scope: "writer:a", limit: 40_000 });
    expect(scopesToSpend(budget, { accountId: "a", paidOrders: 500 })[0]).toEqual({
      scope: "writer:a",
      limit: 100_000,
    });
  });

  it("a preview draws on its own share, never the writer's; a fresh account's on the fresh pool too", () => {
    expect(scopesToSpend(budget, { accountId: "a", paidOrders: 3, preview: true })).toEqual([
      { scope: "preview:a", limit: PREVIEW_DAILY_CHARACTERS },
      { scope: "all", limit: 2_000_000 },
    ]);
    expect(scopesToSpend(budget, { accountId: "a", paidOrders: 0, preview: true }).map((s) => s.scope)).toEqual([
      "preview:a",
      "fresh",
      "all",
    ]);
  });

  it("counts by the UTC day", () => {
    expect(budgetDay(Date.UTC(2026, 10, 27, 23, 59))).toBe("2026-11-27");
    expect(budgetDay(Date.UTC(2026, 10, 28, 0, 0))).toBe("2026-11-28");
  });
});
