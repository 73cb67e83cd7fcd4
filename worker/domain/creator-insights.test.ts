import { describe, expect, it } from "vitest";
import {
  type MoneyFact,
  type OrderFact,
  alignPeriods,
  creatorInsights,
  funnelTotals,
  periodOf,
  periodsEndingAt,
  pipelineState,
} from "./creator-insights";

const at = (iso: string) => Date.parse(iso);
// Wednesday 2026-11-18, noon UTC.
const NOW = at("2026-11-18T12:00:00Z");

const order = (over: Partial<OrderFact>): OrderFact => ({
  progress: "DRAFT",
  paid: false,
  submittedAt: at("2026-11-16T09:00:00Z"),
  approvedAt: null,
  paidAt: null,
  completedAt: null,
  serviceId: "svc-a",
  formId: null,
  ...over,
});

describe("periods", () => {
  it("names a week by its Monday (UTC) and a month by YYYY-MM", () => {
    expect(periodOf(at("2026-11-18T12:00:00Z"), "week")).toBe("2026-11-16");
    expect(periodOf(at("2026-11-16T00:00:00Z"), "week")).toBe("2026-11-16");
    expect(periodOf(at("2026-11-15T23:59:59Z"), "week")).toBe("2026-11-09");
    expect(periodOf(at("2026-11-18T12:00:00Z"), "month")).toBe("2026-11");
  });

  it("lists the twelve periods ending with now's, oldest first, across a year's end", () => {
    const months = periodsEndingAt(at("2026-02-10T00:00:00Z"), "month");
    expect(months).toHaveLength(12);
    expect(months[0]).toBe("2025-03");
    expect(months.at(-1)).toBe("2026-02");
    const weeks = periodsEndingAt(NOW, "week");
    expect(weeks[0]).toBe("2026-08-31");
    expect(weeks.at(-1)).toBe("2026-11-16");
  });
});

describe("creatorInsights", () => {
  const orders: OrderFact[] = [
    order({}),
    order({ progress: "APPROVED", approvedAt: at("2026-11-16T10:00:00Z") }),
    order({
      progress: "COMPLETED",
      paid: true,
      submittedAt: at("2026-10-01T00:00:00Z"),
      approvedAt: at("2026-10-02T00:00:00Z"),
      paidAt: at("2026-10-03T00:00:00Z"),
      completedAt: at("2026-11-17T00:00:00Z"),
    }),
    order({ progress: "CANCELED", serviceId: null, formId: "form-b" }),
    // Stamped after now (a dev clock moved back): not counted in any period.
    order({ submittedAt: at("2026-11-20T00:00:00Z"), progress: "APPROVED", paid: true }),
  ];
  const money: MoneyFact[] = [
    { status: "paid_out", amount: 9_000, currencyCode: "JPY", at: at("2026-11-17T00:00:00Z") },
    { status: "pending", amount: 1_000, currencyCode: "JPY", at: at("2026-11-17T00:00:00Z") },
    // Pending from before the window still shows, in its first month.
    { status: "pending", amount: 500, currencyCode: "JPY", at: at("2024-01-01T00:00:00Z") },
    // Paid out before the window: left out.
    { status: "paid_out", amount: 7_777, currencyCode: "JPY", at: at("2024-01-01T00:00:00Z") },
    { status: "paid_out", amount: 1_250, currencyCode: "USD", at: at("2026-10-05T00:00:00Z") },
  ];
  const insights = creatorInsights({
    now: NOW,
    visits: [
      { kind: "service", at: at("2026-11-16T01:00:00Z"), count: 7 },
      { kind: "work", at: at("2026-11-17T01:00:00Z"), count: 3 },
      { kind: "service", at: at("2026-10-20T01:00:00Z"), count: 2 },
    ],
    orders,
    money,
  });

  it("counts each step in the period its event fell in", () => {
    expect(insights.weeks.at(-1)).toEqual({
      start: "2026-11-16",
      workViews: 3,
      serviceViews: 7,
      requests: 3,
      approved: 1,
      paid: 0,
      completed: 1,
    });
    const october = insights.months.find((m) => m.start === "2026-10")!;
    expect(october).toMatchObject({ serviceViews: 2, requests: 1, approved: 1, paid: 1, completed: 0 });
    expect(funnelTotals(insights.months)).toEqual({
      workViews: 3,
      serviceViews: 9,
      requests: 4,
      approved: 2,
      paid: 1,
      completed: 1,
    });
  });

  it("sums income by month and currency, paid out and pending apart", () => {
    expect(insights.income.map((s) => s.currencyCode)).toEqual(["JPY", "USD"]);
    const jpy = insights.income[0]!.months;
    expect(jpy).toHaveLength(12);
    expect(jpy.at(-1)).toEqual({ month: "2026-11", paidOut: 9_000, pending: 1_000 });
    expect(jpy[0]).toEqual({ month: "2025-12", paidOut: 0, pending: 500 });
    expect(insights.income[1]!.months.find((m) => m.month === "2026-10")!.paidOut).toBe(1_250);
  });

  it("counts the pipeline by where each order stands", () => {
    expect(insights.pipeline).toEqual({
      requested: 1,
      awaitingPayment: 1,
      inProgress: 1,
      delivered: 0,
      completed: 1,
      canceled: 1,
    });
    expect(pipelineState({ progress: "DELIVERED", paid: true })).toBe("delivered");
  });

  it("ranks services and forms by completed, then requests", () => {
    expect(insights.topServices).toEqual([
      { kind: "service", id: "svc-a", requests: 4, completed: 1 },
      { kind: "form", id: "form-b", requests: 1, completed: 0 },
    ]);
  });

  it("lays a kept series on today's periods, zero where the row had none", () => {
    const later = at("2026-12-02T00:00:00Z");
    const aligned = alignPeriods(insights.weeks, later, "week");
    expect(aligned.at(-1)).toMatchObject({ start: "2026-11-30", requests: 0 });
    expect(aligned.at(-3)).toMatchObject({ start: "2026-11-16", requests: 3 });
  });
});
