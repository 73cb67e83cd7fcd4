// The service edit page's preview of what clients see in the service modal's details step: the saved gallery
// (ServiceGalleryView, with the players the page's loader decided) and the saved description collapsed as the modal
// collapses it (CollapsibleText at 2000).
import { m } from "#app/paraglide/messages.js";
import { CollapsibleText, SERVICE_MODAL_DESCRIPTION_LIMIT } from "../catalog/collapsible-text";
import { ServiceGalleryView } from "../catalog/service-gallery-view";
import type { ViewedMedia } from "../media/players/player-view";

export function ServicePreview({
  title,
  description,
  gallery,
}: {
  title: string;
  description: string;
  gallery: ViewedMedia[];
}) {
  if (gallery.length === 0 && !description) return null;
  return (
    <section
      aria-labelledby="service-preview-heading"
      className="mt-10 max-w-2xl space-y-4 border-t border-zinc-200 pt-6 dark:border-zinc-800"
    >
      <div>
        <h2 id="service-preview-heading" className="text-lg font-semibold text-zinc-900 dark:text-zinc-100">
          {m.gallery_preview_heading()}
        </h2>
        <p className="text-sm text-zinc-600 dark:text-zinc-400">{m.gallery_preview_hint()}</p>
      </div>
      <ServiceGalleryView medias={gallery} title={title} />
      {description ? (
        <CollapsibleText
          text={description}
          limit={SERVICE_MODAL_DESCRIPTION_LIMIT}
          className="text-zinc-800 dark:text-zinc-200"
        />
      ) : null}
    </section>
  );
}
