// ServiceGallery for media the browser has (the service modal, the editors' preview): decides each media's player
// here and draws the gallery with ServiceGalleryView. The work page's loader sends the views and uses the view alone.
import { viewedMedia } from "../media/players/player-view";
import type { PlayableMedia } from "../media/players/embed-urls";
import { ServiceGalleryView } from "./service-gallery-view";

export function ServiceGallery({ medias, title }: { medias: PlayableMedia[]; title?: string }) {
  return <ServiceGalleryView medias={medias.map(viewedMedia)} title={title} />;
}
