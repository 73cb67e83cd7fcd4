/**
 * A creator's own numbers (issue 66, decision 111): the funnel from views to completed orders by week and by month,
 * income by month (paid out and pending) per currency, the pipeline by state and the top services, computed from the
 * facts of their visits, orders and payouts. Pure: worker/services/creator-insights.ts reads the facts, the timed jobs
 * keep the result as one `creator_insights` row, the page reads the row. On-time rate, response time and repeat
 * clients are decision 106's signals (worker/domain/trust-signals.ts), read from their own row, never recomputed here.
 */

export const INSIGHT_GRAINS = ["week", "month"] as const;
export type InsightGrain = (typeof INSIGHT_GRAINS)[number];
/** Periods each series holds, ending with the current one: twelve weeks, or twelve months. */
const INSIGHT_PERIODS = 12;
/** Services (and forms) the top list keeps. */
const TOP_SERVICES = 5;

const DAY_MS = 86_400_000;

/** The funnel's steps, in order: each a count of events that fell in a period. */
export const FUNNEL_STEPS = ["workViews", "serviceViews", "requests", "approved", "paid", "completed"] as const;
export type FunnelStep = (typeof FUNNEL_STEPS)[number];
export type FunnelPeriod = { start: string } & Record<FunnelStep, number>;

/** Where the creator's orders stand now. */
export const PIPELINE_STATES = [
  "requested",
  "awaitingPayment",
  "inProgress",
  "delivered",
  "completed",
  "canceled",
] as const;
export type PipelineState = (typeof PIPELINE_STATES)[number];

export interface IncomeMonth {
  month: string;
  /** Transferred to the creator's account that month, in minor units of the series' currency. */
  paidOut: number;
  /** Owed and not transferred yet (held payouts, shares clearing), by the month it became owed. */
  pending: number;
}

export interface IncomeSeries {
  currencyCode: string;
  months: IncomeMonth[];
}

export interface TopService {
  kind: "service" | "form";
  id: string;
  requests: number;
  completed: number;
}

export interface CreatorInsights {
  weeks: FunnelPeriod[];
  months: FunnelPeriod[];
  income: IncomeSeries[];
  pipeline: Record<PipelineState, number>;
  topServices: TopService[];
}

/** The facts the figures are made of (Comet's clock, ms). Visits may come pre-counted (a day's group). */
export interface VisitFact {
  kind: "work" | "service";
  at: number;
  count: number;
}

export interface OrderFact {
  progress: "DRAFT" | "APPROVED" | "DELIVERED" | "COMPLETED" | "CANCELED";
  paid: boolean;
  submittedAt: number;
  approvedAt: number | null;
  paidAt: number | null;
  completedAt: number | null;
  serviceId: string | null;
  formId: string | null;
}

/** Money owed or sent to the creator: a transferred payout (paid out), or a held payout or clearing share (pending). */
export interface MoneyFact {
  status: "paid_out" | "pending";
  amount: number;
  currencyCode: string;
  at: number;
}

/** The first day of a time's week (Monday, UTC) as `YYYY-MM-DD`, or its month as `YYYY-MM`. */
export function periodOf(time: number, grain: InsightGrain): string {
  if (grain === "month") return new Date(time).toISOString().slice(0, 7);
  const day = Math.floor(time / DAY_MS);
  // 1970-01-01 was a Thursday: days since a Monday are (day + 3) mod 7.
  const monday = day - ((day + 3) % 7);
  return new Date(monday * DAY_MS).toISOString().slice(0, 10);
}

/** The `count` periods ending with now's, oldest first. */
export function periodsEndingAt(now: number, grain: InsightGrain, count = INSIGHT_PERIODS): string[] {
  const keys: string[] = [];
  if (grain === "week") {
    const monday = Date.parse(`${periodOf(now, "week")}T00:00:00Z`);
    for (let i = count - 1; i >= 0; i--) keys.push(periodOf(monday - i * 7 * DAY_MS, "week"));
    return keys;
  }
  const d = new Date(now);
  for (let i = count - 1; i >= 0; i--)
    keys.push(new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth() - i, 1)).toISOString().slice(0, 7));
  return keys;
}

/** Where an order stands: a request, approved and waiting for payment, paid and in progress, delivered, or ended. */
export function pipelineState(order: Pick<OrderFact, "progress" | "paid">): PipelineState {
  switch (order.progress) {
    case "DRAFT":
      return "requested";
    case "APPROVED":
      return order.paid ? "inProgress" : "awaitingPayment";
    case "DELIVERED":
      return "delivered";
    case "COMPLETED":
      return "completed";
    case "CANCELED":
      return "canceled";
  }
}

function funnelOf(now: number, grain: InsightGrain, visits: readonly VisitFact[], orders: readonly OrderFact[]) {
  const rows = new Map<string, FunnelPeriod>(
    periodsEndingAt(now, grain).map((start) => [
      start,
      { start, workViews: 0, serviceViews: 0, requests: 0, approved: 0, paid: 0, completed: 0 },
    ]),
  );
  const add = (time: number | null, step: FunnelStep, count = 1) => {
    if (time === null || time > now) return;
    const row = rows.get(periodOf(time, grain));
    if (row) row[step] += count;
  };
  for (const visit of visits) add(visit.at, visit.kind === "work" ? "workViews" : "serviceViews", visit.count);
  for (const order of orders) {
    add(order.submittedAt, "requests");
    add(order.approvedAt, "approved");
    add(order.paidAt, "paid");
    add(order.completedAt, "completed");
  }
  return [...rows.values()];
}

function incomeOf(now: number, money: readonly MoneyFact[]): IncomeSeries[] {
  const months = periodsEndingAt(now, "month");
  const first = months[0]!;
  const byCurrency = new Map<string, Map<string, IncomeMonth>>();
  for (const fact of money) {
    const month = periodOf(fact.at, "month");
    // Pending money older than the window still waits: it shows in the window's first month rather than vanishing.
    const shownMonth = fact.status === "pending" && month < first ? first : month;
    if (!months.includes(shownMonth)) continue;
    let series = byCurrency.get(fact.currencyCode);
    if (!series) {
      series = new Map(months.map((m) => [m, { month: m, paidOut: 0, pending: 0 }]));
      byCurrency.set(fact.currencyCode, series);
    }
    const row = series.get(shownMonth)!;
    if (fact.status === "paid_out") row.paidOut += fact.amount;
    else row.pending += fact.amount;
  }
  return [...byCurrency.entries()]
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([currencyCode, series]) => ({ currencyCode, months: [...series.values()] }));
}

function topServicesOf(orders: readonly OrderFact[]): TopService[] {
  const byItem = new Map<string, TopService>();
  for (const order of orders) {
    const item = order.serviceId
      ? { kind: "service" as const, id: order.serviceId }
      : order.formId
        ? { kind: "form" as const, id: order.formId }
        : null;
    if (!item) continue;
    const key = `${item.kind}:${item.id}`;
    const row = byItem.get(key) ?? { ...item, requests: 0, completed: 0 };
    row.requests += 1;
    if (order.progress === "COMPLETED") row.completed += 1;
    byItem.set(key, row);
  }
  return [...byItem.values()]
    .sort((a, b) => b.completed - a.completed || b.requests - a.requests || a.id.localeCompare(b.id))
    .slice(0, TOP_SERVICES);
}

/** A creator's numbers at `now` from their visits, orders (as seller) and money. */
export function creatorInsights(input: {
  now: number;
  visits: readonly VisitFact[];
  orders: readonly OrderFact[];
  money: readonly MoneyFact[];
}): CreatorInsights {
  const { now, visits, orders } = input;
  const pipeline = Object.fromEntries(PIPELINE_STATES.map((s) => [s, 0])) as Record<PipelineState, number>;
  for (const order of orders) pipeline[pipelineState(order)] += 1;
  return {
    weeks: funnelOf(now, "week", visits, orders),
    months: funnelOf(now, "month", visits, orders),
    income: incomeOf(now, input.money),
    pipeline,
    topServices: topServicesOf(orders),
  };
}

/** The sum of each funnel step over a series' periods. */
export function funnelTotals(periods: readonly FunnelPeriod[]): Record<FunnelStep, number> {
  const totals = Object.fromEntries(FUNNEL_STEPS.map((s) => [s, 0])) as Record<FunnelStep, number>;
  for (const period of periods) for (const step of FUNNEL_STEPS) totals[step] += period[step];
  return totals;
}

/**
 * A kept series laid on the periods ending at `now`: a period the row has is kept, one it lacks (the row was computed
 * before it began, and nothing of the creator's changed since, or the job would have written it anew) counts zero.
 */
export function alignPeriods(periods: readonly FunnelPeriod[], now: number, grain: InsightGrain): FunnelPeriod[] {
  const kept = new Map(periods.map((p) => [p.start, p]));
  return periodsEndingAt(now, grain).map(
    (start) =>
      kept.get(start) ?? { start, workViews: 0, serviceViews: 0, requests: 0, approved: 0, paid: 0, completed: 0 },
  );
}

/** Income months laid on the twelve months ending at `now`, as `alignPeriods` does. */
export function alignIncome(series: readonly IncomeSeries[], now: number): IncomeSeries[] {
  const months = periodsEndingAt(now, "month");
  return series.map(({ currencyCode, months: kept }) => {
    const byMonth = new Map(kept.map((m) => [m.month, m]));
    return { currencyCode, months: months.map((month) => byMonth.get(month) ?? { month, paidOut: 0, pending: 0 }) };
  });
}
