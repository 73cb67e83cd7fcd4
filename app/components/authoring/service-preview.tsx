// The service edit page's preview of what clients see in the service modal's details step: the saved gallery
// (ServiceGallery) and the saved description collapsed as the modal collapses it (CollapsibleText at 2000).
import { m } from "~/paraglide/messages.js";
import type { WorkMediaDraft } from "../../../worker/domain/portfolio";
import { CollapsibleText, SERVICE_MODAL_DESCRIPTION_LIMIT } from "../catalog/collapsible-text";
import { ServiceGallery } from "../catalog/service-gallery";
import type { PlayableMedia } from "../media/players/embed-urls";

/** A saved media as the players take it (saved ones carry their type; the defaults never apply to them). */
function playableOf(item: WorkMediaDraft): PlayableMedia {
  return {
    id: item.id,
    formatType: item.formatType ?? "LINK",
    mediaType: item.mediaType ?? "OTHER",
    site: item.site ?? null,
    url: item.url,
    code: item.code ?? null,
    thumbnailUrl: item.thumbnailUrl ?? null,
  };
}

export function ServicePreview({ title, description, medias }: { title: string; description: string; medias: WorkMediaDraft[] }) {
  if (medias.length === 0 && !description) return null;
  return (
    <section aria-labelledby="service-preview-heading" className="mt-10 max-w-2xl space-y-4 border-t border-zinc-200 pt-6 dark:border-zinc-800">
      <div>
        <h2 id="service-preview-heading" className="text-lg font-semibold text-zinc-900 dark:text-zinc-100">
          {m.gallery_preview_heading()}
        </h2>
        <p className="text-sm text-zinc-600 dark:text-zinc-400">{m.gallery_preview_hint()}</p>
      </div>
      <ServiceGallery medias={medias.map(playableOf)} title={title} />
      {description ? <CollapsibleText text={description} limit={SERVICE_MODAL_DESCRIPTION_LIMIT} className="text-zinc-800 dark:text-zinc-200" /> : null}
    </section>
  );
}
