import { DashboardPage, dashboardTitle } from "#app/components/dashboard/dashboard-page";
import { useIsPosting } from "#app/components/form/use-is-posting";
import { m } from "#app/paraglide/messages.js";
import type { WorkDraft } from "#worker/domain/portfolio";
import type { WorkEditAccess } from "#worker/services/portfolio";
import { WorkEditor, type WorkEditorTexts } from "./work-editor";
import type { GrantsTexts } from "./work-grants-field";

/**
 * The work editor pages (new, edit, new client work; creator and client side). React Router needs one module per
 * route, so each route module is its guard, loader and action, with one of these as `meta` and `export default`.
 */
interface WorkEditorPageProps {
  loaderData: {
    draft: WorkDraft;
    access: WorkEditAccess;
    categories: { code: string; name: string }[];
    ratings: { code: string; name: string }[];
    grantsTexts: GrantsTexts;
    texts: WorkEditorTexts;
  };
  /** `saved`: an edit or admin grantee's save, who stays on the editor (032-work-editor-grants.md). */
  actionData?: { errors?: Record<string, string>; saved?: boolean } | undefined;
}

function WorkEditorPage({ title, loaderData, actionData }: WorkEditorPageProps & { title: string }) {
  const busy = useIsPosting();
  return (
    <DashboardPage title={title}>
      <WorkEditor
        draft={loaderData.draft}
        access={loaderData.access}
        saved={actionData?.saved}
        errors={actionData?.errors ?? {}}
        busy={busy}
        categories={loaderData.categories}
        ratings={loaderData.ratings}
        grantsTexts={loaderData.grantsTexts}
        texts={loaderData.texts}
      />
    </DashboardPage>
  );
}

export const newWorkMeta = () => dashboardTitle(m.authoring_work_new_title());
export function NewWorkPage(props: WorkEditorPageProps) {
  return <WorkEditorPage title={m.authoring_work_new_title()} {...props} />;
}

export const editWorkMeta = () => dashboardTitle(m.authoring_work_edit_title());
export function EditWorkPage(props: WorkEditorPageProps) {
  return <WorkEditorPage title={m.authoring_work_edit_title()} {...props} />;
}

export const newClientWorkMeta = () => dashboardTitle(m.client_works_new_title());
export function NewClientWorkPage(props: WorkEditorPageProps) {
  return <WorkEditorPage title={m.client_works_new_title()} {...props} />;
}
