// A form question's own media (references, examples) drawn from player views (player-view.ts): /cf's loader sends
// them, so the read-only form does not ship the media URL parsing; QuestionMedias decides them in the browser.
import { MediaPlayerView } from "#app/components/media/players/media-player-view";
import type { ViewedMedia } from "#app/components/media/players/player-view";
import { m } from "#app/paraglide/messages.js";

/** Third-party players show a thumbnail first and load only when pressed (LazyEmbed). */
export function QuestionMediaList({
  title,
  medias,
  className = "",
}: {
  title: string;
  medias: ViewedMedia[];
  className?: string;
}) {
  if (medias.length === 0) return null;
  return (
    <ul
      aria-label={m.authoring_form_question_media({ title })}
      className={`mt-3 grid gap-3 sm:grid-cols-2 ${className}`.trim()}
    >
      {medias.map((media, index) => (
        <li key={media.id ?? index}>
          <MediaPlayerView view={media.view} size="md" title={title} />
        </li>
      ))}
    </ul>
  );
}
