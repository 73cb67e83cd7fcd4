import { Link } from "react-router";
import { DASHBOARD_PATHS } from "~/components/dashboard/dashboard-nav";
import { DashboardPage, EmptyState, buttonLinkClass, dashboardTitle } from "~/components/dashboard/dashboard-page";
import { m } from "~/paraglide/messages.js";
import type { WorkListItem } from "../../../worker/services/portfolio";
import { AUTHORING_PATHS } from "./paths";
import { WorkGrid } from "./work-grid";

/** /dashboard/portfolio/creator/client: the creator's client works, each with who it was for; edit and delete. */
export const clientWorksMeta = () => dashboardTitle(m.client_works_title());
export function ClientWorksPage({ loaderData }: { loaderData: { works: WorkListItem[] } }) {
  const { works } = loaderData;
  return (
    <DashboardPage title={m.client_works_title()} intro={m.client_works_intro()}>
      {works.length === 0 ? (
        <EmptyState message={m.client_works_empty()} detail={m.client_works_empty_detail()} action={{ to: DASHBOARD_PATHS.portfolioCreatorClientNew, label: m.client_works_add() }} />
      ) : (
        <>
          <Link to={DASHBOARD_PATHS.portfolioCreatorClientNew} className={buttonLinkClass}>
            {m.client_works_add()}
          </Link>
          <WorkGrid works={works} editPath={AUTHORING_PATHS.workEdit} />
        </>
      )}
    </DashboardPage>
  );
}

/** The client's side: public works creators made for them, read-only, each with its creator. */
export function MadeForYou({ works }: { works: WorkListItem[] }) {
  return (
    <section aria-labelledby="made-for-you" className="space-y-3">
      <h2 id="made-for-you" className="text-lg font-semibold text-zinc-900 dark:text-zinc-50">
        {m.client_works_made_for_you()}
      </h2>
      <p className="text-sm text-zinc-700 dark:text-zinc-300">{works.length ? m.client_works_made_for_you_intro() : m.client_works_made_for_you_empty()}</p>
      {works.length ? <WorkGrid works={works} /> : null}
    </section>
  );
}
