import { Link } from "react-router";
import * as v from "valibot";
import { DashboardPage, dashboardTitle } from "#app/components/dashboard/dashboard-page";
import { DASHBOARD_PATHS } from "#app/components/dashboard/dashboard-paths";
import { Columns, RowBars } from "#app/components/insights/insight-charts";
import { SignalList } from "#app/components/signals/signal-list";
import { insightsView } from "#app/loaders/insights/insights-view.server";
import { creatorSignalItems, signalListTexts } from "#app/loaders/signals/signal-items.server";
import { requestContext } from "#app/lib/request-context";
import { m } from "#app/paraglide/messages.js";
import { LOCALIZED } from "#worker/db/schema/localized-entities";
import { INSIGHT_GRAINS } from "#worker/domain/creator-insights";
import { pickText } from "#worker/domain/localized-text";
import { cometNow } from "#worker/services/clock";
import { creatorInsightsOf } from "#worker/services/creator-insights";
import { loadTexts } from "#worker/services/localized-texts";
import { creatorSignalsOfHandle } from "#worker/services/trust-signals";
import { requireCreatorSide } from "./guards.server";
import type { Route } from "./+types/creator-insights";

/** `?by=week` or `?by=month`; anything else reads as the weeks, as explore drops a bad filter (decision 108). */
const query = v.object({ by: v.fallback(v.optional(v.picklist(INSIGHT_GRAINS), "week"), "week") });

/** The signals (decision 106) the page shows beside the charts: the creator's own track record, as clients read it. */
const TRACK_RECORD = new Set(["orders", "on-time", "response", "repeat"]);

/**
 * /dashboard/creator/insights (issue 66, decision 111): a creator's own numbers, read from their one kept row (the
 * timed jobs keep it; a first view computes and keeps it). Only the creator reads their own: the account is the
 * session's, never the request's; a client is sent where the dashboard sends them, the creator home.
 */
export async function loader({ context }: Route.LoaderArgs) {
  const user = requireCreatorSide(context);
  const { db, env, url, locale } = context.get(requestContext);
  const { by: grain } = v.parse(query, { by: url.searchParams.get("by") ?? undefined });
  const now = await cometNow(env);
  const [read, signals] = await Promise.all([
    creatorInsightsOf(db.$client, user.accountId, now),
    creatorSignalsOfHandle(db.$client, user.handle, now),
  ]);
  if (!read) throw new Response(null, { status: 404 });
  const top = read.figures.topServices;
  const [serviceTitles, formTitles] = await Promise.all([
    loadTexts(
      db,
      LOCALIZED.commissionService.type,
      top.filter((s) => s.kind === "service").map((s) => s.id),
      "title",
    ),
    loadTexts(
      db,
      LOCALIZED.commissionForm.type,
      top.filter((s) => s.kind === "form").map((s) => s.id),
      "title",
    ),
  ]);
  // The switch keeps the address's other parameters (a `lang`, say) and sets only the period.
  const switchTo = (by: string) => {
    const search = new URLSearchParams(url.search);
    search.set("by", by);
    return `${DASHBOARD_PATHS.insights}?${search}`;
  };
  return {
    grain,
    switchLinks: INSIGHT_GRAINS.map((by) => ({ by, to: switchTo(by) })),
    ...insightsView(read.figures, { grain, now, computedAt: read.computedAt, locale }),
    track: signals
      ? {
          items: creatorSignalItems(signals.signals, locale).filter((item) => TRACK_RECORD.has(item.key)),
          texts: signalListTexts("creator"),
        }
      : null,
    topServices: top.map((s) => ({
      key: `${s.kind}:${s.id}`,
      title: pickText((s.kind === "service" ? serviceTitles : formTitles).get(s.id), locale) || m.insights_untitled(),
      requests: String(s.requests),
      completed: String(s.completed),
    })),
    page: {
      title: m.insights_title(),
      intro: m.insights_intro(),
      trackTitle: m.insights_track_title(),
      trackNote: m.insights_track_note(),
      incomeTitle: m.insights_income_plain(),
      topTitle: m.insights_top_title(),
      topName: m.insights_top_name(),
      topEmpty: m.insights_top_empty(),
      requests: m.insights_step_requests(),
      completed: m.insights_step_completed(),
    },
  };
}

export const meta: Route.MetaFunction = ({ loaderData }) => (loaderData ? dashboardTitle(loaderData.page.title) : []);

const sectionClass = "rounded-lg border border-zinc-300 px-4 py-5 sm:px-6 dark:border-zinc-700";
const headingClass = "text-lg font-semibold text-zinc-900 dark:text-zinc-100";
const noteClass = "mt-1 text-sm text-zinc-700 dark:text-zinc-300";
const switchClass =
  "inline-flex min-h-11 items-center rounded-full border px-4 text-sm font-semibold border-zinc-400 text-zinc-800 hover:bg-zinc-100 dark:border-zinc-600 dark:text-zinc-100 dark:hover:bg-zinc-800 aria-[current=page]:border-brand-600 aria-[current=page]:bg-brand-600 aria-[current=page]:text-white dark:aria-[current=page]:border-brand-300 dark:aria-[current=page]:bg-brand-300 dark:aria-[current=page]:text-zinc-950";

export default function CreatorInsightsPage({ loaderData: d }: Route.ComponentProps) {
  const t = d.texts;
  return (
    <DashboardPage title={d.page.title} intro={d.page.intro}>
      <nav aria-label={t.periodSwitch} className="flex flex-wrap gap-2">
        {d.switchLinks.map(({ by, to }) => (
          <Link key={by} to={to} aria-current={d.grain === by ? "page" : undefined} className={switchClass}>
            {by === "week" ? t.byWeek : t.byMonth}
          </Link>
        ))}
      </nav>
      <p className="text-sm text-zinc-600 dark:text-zinc-400">{d.asOf}</p>

      <section aria-labelledby="insights-funnel" className={sectionClass} data-testid="insights-funnel">
        <h2 id="insights-funnel" className={headingClass}>
          {t.funnelTitle}
        </h2>
        <p className={`${noteClass} mb-3`}>{t.funnelNote}</p>
        <RowBars view={d.funnel} labelledBy="insights-funnel" showTable={t.showTable} head={[t.colStep, t.colCount]} />
      </section>

      <section aria-labelledby="insights-trend" className={sectionClass} data-testid="insights-trend">
        <h2 id="insights-trend" className={`${headingClass} mb-3`}>
          {t.trendTitle}
        </h2>
        <Columns view={d.trend} labelledBy="insights-trend" showTable={t.showTable} periodHead={t.colPeriod} />
      </section>

      <section aria-labelledby="insights-income" className={sectionClass} data-testid="insights-income">
        {d.income.length === 0 ? (
          <>
            <h2 id="insights-income" className={headingClass}>
              {d.page.incomeTitle}
            </h2>
            <p className={noteClass}>{t.incomeEmpty}</p>
          </>
        ) : (
          d.income.map((series, i) => (
            <div key={series.title} className={i > 0 ? "mt-6" : ""}>
              <h2 id={i === 0 ? "insights-income" : `insights-income-${i}`} className={headingClass}>
                {series.title}
              </h2>
              <p className={`${noteClass} mb-3`}>{t.incomeNote}</p>
              <Columns
                view={series}
                labelledBy={i === 0 ? "insights-income" : `insights-income-${i}`}
                showTable={t.showTable}
                periodHead={t.colMonth}
              />
            </div>
          ))
        )}
      </section>

      <section aria-labelledby="insights-pipeline" className={sectionClass} data-testid="insights-pipeline">
        <h2 id="insights-pipeline" className={`${headingClass} mb-3`}>
          {t.pipelineTitle}
        </h2>
        <RowBars
          view={d.pipeline}
          labelledBy="insights-pipeline"
          showTable={t.showTable}
          head={[t.colState, t.colCount]}
        />
      </section>

      {d.track ? (
        <section aria-labelledby="insights-track" className={sectionClass}>
          <h2 id="insights-track" className={headingClass}>
            {d.page.trackTitle}
          </h2>
          <p className={`${noteClass} mb-3`}>{d.page.trackNote}</p>
          <SignalList items={d.track.items} texts={d.track.texts} />
        </section>
      ) : null}

      <section aria-labelledby="insights-top" className={sectionClass} data-testid="insights-top">
        <h2 id="insights-top" className={`${headingClass} mb-2`}>
          {d.page.topTitle}
        </h2>
        {d.topServices.length === 0 ? (
          <p className={noteClass}>{d.page.topEmpty}</p>
        ) : (
          <table className="w-full text-left text-sm text-zinc-800 dark:text-zinc-200">
            <thead>
              <tr>
                <th scope="col" className="border-b border-zinc-300 py-1 pr-3 dark:border-zinc-700">
                  {d.page.topName}
                </th>
                <th scope="col" className="border-b border-zinc-300 py-1 pr-3 text-right dark:border-zinc-700">
                  {d.page.requests}
                </th>
                <th scope="col" className="border-b border-zinc-300 py-1 text-right dark:border-zinc-700">
                  {d.page.completed}
                </th>
              </tr>
            </thead>
            <tbody>
              {d.topServices.map((s) => (
                <tr key={s.key}>
                  <th
                    scope="row"
                    className="break-words border-b border-zinc-200 py-1 pr-3 font-normal dark:border-zinc-800"
                  >
                    {s.title}
                  </th>
                  <td className="border-b border-zinc-200 py-1 pr-3 text-right dark:border-zinc-800">{s.requests}</td>
                  <td className="border-b border-zinc-200 py-1 text-right dark:border-zinc-800">{s.completed}</td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
      </section>
    </DashboardPage>
  );
}
