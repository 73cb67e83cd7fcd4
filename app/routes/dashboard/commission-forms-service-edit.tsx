import { DeleteItemForm } from "#app/components/form/confirm-form";
import { ServiceEditorPage } from "#app/components/authoring/service-editor";
import { playableOfDraft } from "#app/components/authoring/media-list-field";
import { ServicePreview } from "#app/components/authoring/service-preview";
import { dashboardTitle } from "#app/components/dashboard/dashboard-page";
import { viewedMedia } from "#app/components/media/players/player-view";
import { requestContext } from "#app/lib/request-context";
import { m } from "#app/paraglide/messages.js";
import { loadServiceEditor, saveServiceAction } from "./commission-forms-service.server";
import type { Route } from "./+types/commission-forms-service-edit";

export async function loader({ context, params }: Route.LoaderArgs) {
  const editor = await loadServiceEditor(context, params.serviceId);
  // The preview's players are decided here, from the saved gallery: the page ships no URL or embed parsing for them.
  const t = { locale: context.get(requestContext).locale };
  const deleteTexts = {
    question: m.authoring_delete_confirm({ title: editor.values.title }, t),
    label: m.authoring_delete_service({}, t),
  };
  return {
    ...editor,
    previewGallery: editor.values.medias.map((item) => viewedMedia(playableOfDraft(item))),
    deleteTexts,
  };
}

export async function action({ request, context, params }: Route.ActionArgs) {
  return saveServiceAction(request, context, params.serviceId);
}

export const meta: Route.MetaFunction = () => dashboardTitle(m.authoring_service_edit_title());

export default function ServiceEditPage({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <ServiceEditorPage title={m.authoring_service_edit_title()} loaderData={loaderData} actionData={actionData}>
      <DeleteItemForm question={loaderData.deleteTexts.question} label={loaderData.deleteTexts.label} />
      <ServicePreview
        title={loaderData.values.title}
        description={loaderData.values.description}
        gallery={loaderData.previewGallery}
      />
    </ServiceEditorPage>
  );
}
