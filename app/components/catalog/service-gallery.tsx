import { MediaPlayer } from "~/components/media/players/media-player";
import type { ShownMedia } from "../../../worker/services/portfolio";

/** A service's media gallery (spec section 2). */
export function ServiceGallery({ medias, title = "" }: { medias: ShownMedia[]; title?: string }) {
  if (medias.length === 0) return null;
  return (
    <ul className="grid gap-3 sm:grid-cols-2">
      {medias.map((media) => (
        <li key={media.id}>
          <MediaPlayer media={media} size="md" title={title} />
        </li>
      ))}
    </ul>
  );
}
