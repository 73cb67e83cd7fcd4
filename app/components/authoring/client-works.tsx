import { ConfirmForm } from "#app/components/form/confirm-form";
import { DASHBOARD_PATHS } from "#app/components/dashboard/dashboard-paths";
import { dashboardTitle } from "#app/components/dashboard/dashboard-page";
import { m } from "#app/paraglide/messages.js";
import { AUTHORING_PATHS } from "./paths";
import { WorkGrid, type WorkCardItem } from "./work-grid";
import { WorkListPage, type WorkListTexts } from "./work-list-page";

/** /dashboard/portfolio/creator/client: the creator's client works, each with who it was for; edit and delete. */
export const clientWorksMeta = ({ loaderData }: { loaderData?: { texts: WorkListTexts } }) =>
  loaderData ? dashboardTitle(loaderData.texts.title) : [];
export function ClientWorksPage({ loaderData }: { loaderData: { works: WorkCardItem[]; texts: WorkListTexts } }) {
  return (
    <WorkListPage
      texts={loaderData.texts}
      addTo={DASHBOARD_PATHS.portfolioCreatorClientNew}
      works={loaderData.works}
      editPath={AUTHORING_PATHS.workEdit}
    />
  );
}

/** The "Made for you" section's words, made by the loader (work-list-texts.server.ts). */
export interface MadeForYouTexts {
  heading: string;
  intro: string;
}

/**
 * The client's side: public works creators made for them, each with its creator. The client cannot change them, but
 * can remove themselves from one (confirmed like delete; without JS the form posts straight away).
 */
export function MadeForYou({ works, texts }: { works: WorkCardItem[]; texts: MadeForYouTexts }) {
  return (
    <section aria-labelledby="made-for-you" className="space-y-3">
      <h2 id="made-for-you" className="text-lg font-semibold text-zinc-900 dark:text-zinc-50">
        {texts.heading}
      </h2>
      <p className="text-sm text-zinc-700 dark:text-zinc-300">{texts.intro}</p>
      {works.length ? <WorkGrid works={works} actions={(work) => <RemoveMeForm work={work} />} /> : null}
    </section>
  );
}

/** Posts `intent=remove-me` to the page's action (portfolio-client.tsx). */
function RemoveMeForm({ work }: { work: WorkCardItem }) {
  return (
    <ConfirmForm
      question={m.client_works_remove_me_confirm({ title: work.title })}
      fields={{ intent: REMOVE_ME_INTENT, workId: work.id }}
    >
      <button
        type="submit"
        className="min-h-9 text-sm font-medium text-red-700 underline dark:text-red-300"
        aria-label={m.client_works_remove_me_named({ title: work.title })}
      >
        {m.client_works_remove_me()}
      </button>
    </ConfirmForm>
  );
}

/** The `intent` of the "Remove me from this work" form. */
export const REMOVE_ME_INTENT = "remove-me";
