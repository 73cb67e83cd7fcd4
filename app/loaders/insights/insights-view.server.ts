// A creator's own numbers (issue 66, decision 111) made ready to draw: each chart's geometry from the pure module
// (worker/domain/insight-charts.ts), its labels and its table's rows, worded here in the reader's language, so the page
// ships no messages, formats or chart code to the browser.
import { m } from "#app/paraglide/messages.js";
import { isCurrencyCode } from "#worker/domain/currency";
import {
  type CreatorInsights,
  FUNNEL_STEPS,
  type FunnelStep,
  type InsightGrain,
  PIPELINE_STATES,
  type PipelineState,
  alignIncome,
  alignPeriods,
  funnelTotals,
} from "#worker/domain/creator-insights";
import { type ColumnChart, type RowChart, columnChart, rowChart } from "#worker/domain/insight-charts";
import { INTL_TAGS, type Locale } from "#worker/domain/locales";
import { formatMoney } from "#worker/domain/pricing";

const STEP_LABEL: Record<FunnelStep, () => string> = {
  workViews: m.insights_step_work_views,
  serviceViews: m.insights_step_service_views,
  requests: m.insights_step_requests,
  approved: m.insights_step_approved,
  paid: m.insights_step_paid,
  completed: m.insights_step_completed,
};

const STATE_LABEL: Record<PipelineState, () => string> = {
  requested: m.insights_state_requested,
  awaitingPayment: m.insights_state_awaiting_payment,
  inProgress: m.insights_state_in_progress,
  delivered: m.insights_state_delivered,
  completed: m.insights_state_completed,
  canceled: m.insights_state_canceled,
};

/** A chart of rows (the funnel, the pipeline): its geometry, each row's label and figure. */
export interface RowChartView {
  chart: RowChart;
  rows: { label: string; value: string }[];
}

/** A chart of columns over periods: its geometry, the axis's figures, the periods' short and full names, a legend. */
export interface ColumnChartView {
  chart: ColumnChart;
  ticks: string[];
  /** Short names under the columns (every third shown, so twelve fit in 320 px), and the table's full names. */
  axisLabels: string[];
  periodNames: string[];
  legend: string[];
  /** The table: one row per period, one figure per series. */
  table: string[][];
}

export interface IncomeView extends ColumnChartView {
  title: string;
}

function formats(locale: Locale) {
  const tag = INTL_TAGS[locale];
  return {
    number: new Intl.NumberFormat(tag),
    day: new Intl.DateTimeFormat(tag, { month: "short", day: "numeric", timeZone: "UTC" }),
    month: new Intl.DateTimeFormat(tag, { month: "short", timeZone: "UTC" }),
    monthYear: new Intl.DateTimeFormat(tag, { year: "numeric", month: "short", timeZone: "UTC" }),
    date: new Intl.DateTimeFormat(tag, { dateStyle: "medium", timeStyle: "short", timeZone: "UTC" }),
  };
}

const parse = (start: string) => Date.parse(start.length === 7 ? `${start}-01T00:00:00Z` : `${start}T00:00:00Z`);
const everyThird = (labels: string[]) => labels.map((label, i) => ((labels.length - 1 - i) % 3 === 0 ? label : ""));

/** Everything the page draws, from the kept figures laid on the periods ending at `now`. */
export function insightsView(
  figures: CreatorInsights,
  { grain, now, computedAt, locale }: { grain: InsightGrain; now: number; computedAt: number; locale: Locale },
) {
  const f = formats(locale);
  const num = (n: number) => f.number.format(n);
  const periods = alignPeriods(grain === "week" ? figures.weeks : figures.months, now, grain);
  const totals = funnelTotals(periods);
  const funnelValues = FUNNEL_STEPS.map((step) => totals[step]);
  const funnel: RowChartView = {
    chart: rowChart(funnelValues),
    rows: FUNNEL_STEPS.map((step, i) => ({ label: STEP_LABEL[step](), value: num(funnelValues[i]!) })),
  };
  const periodNames = periods.map((p) =>
    grain === "week" ? m.insights_week_of({ date: f.day.format(parse(p.start)) }) : f.monthYear.format(parse(p.start)),
  );
  const shortNames = periods.map((p) => (grain === "week" ? f.day : f.month).format(parse(p.start)));
  const trendSeries = [periods.map((p) => p.requests), periods.map((p) => p.completed)];
  const trendChart = columnChart(trendSeries);
  const trend: ColumnChartView = {
    chart: trendChart,
    ticks: trendChart.ticks.map((t) => num(t.value)),
    axisLabels: everyThird(shortNames),
    periodNames,
    legend: [m.insights_step_requests(), m.insights_step_completed()],
    table: periods.map((p) => [num(p.requests), num(p.completed)]),
  };
  const months = alignIncome(figures.income, now);
  const monthNames = (months[0]?.months ?? []).map((row) => f.monthYear.format(parse(row.month)));
  const monthShort = (months[0]?.months ?? []).map((row) => f.month.format(parse(row.month)));
  const income: IncomeView[] = months
    .filter((series) => isCurrencyCode(series.currencyCode))
    .map((series) => {
      const code = series.currencyCode as Parameters<typeof formatMoney>[1];
      const money = (minor: number) => formatMoney(minor, code, locale);
      const chart = columnChart([series.months.map((r) => r.paidOut), series.months.map((r) => r.pending)], {
        stacked: true,
        left: 56,
      });
      return {
        title: m.insights_income_title({ currency: code }),
        chart,
        ticks: chart.ticks.map((t) => money(t.value)),
        axisLabels: everyThird(monthShort),
        periodNames: monthNames,
        legend: [m.insights_paid_out(), m.insights_pending()],
        table: series.months.map((r) => [money(r.paidOut), money(r.pending)]),
      };
    });
  const pipelineValues = PIPELINE_STATES.map((state) => figures.pipeline[state]);
  const pipeline: RowChartView = {
    chart: rowChart(pipelineValues),
    rows: PIPELINE_STATES.map((state, i) => ({ label: STATE_LABEL[state](), value: num(pipelineValues[i]!) })),
  };
  return {
    funnel,
    trend,
    income,
    pipeline,
    asOf: m.insights_as_of({ date: `${f.date.format(computedAt)} UTC` }),
    texts: {
      periodSwitch: m.insights_period_switch(),
      byWeek: m.insights_by_week(),
      byMonth: m.insights_by_month(),
      funnelTitle: m.insights_funnel_title(),
      funnelNote: grain === "week" ? m.insights_funnel_note_week() : m.insights_funnel_note_month(),
      trendTitle: m.insights_trend_title(),
      incomeNote: m.insights_income_note(),
      incomeEmpty: m.insights_income_empty(),
      pipelineTitle: m.insights_pipeline_title(),
      showTable: m.insights_show_table(),
      colPeriod: grain === "week" ? m.insights_col_period() : m.insights_col_month(),
      colMonth: m.insights_col_month(),
      colStep: m.insights_col_step(),
      colState: m.insights_col_state(),
      colCount: m.insights_col_count(),
    },
  };
}
