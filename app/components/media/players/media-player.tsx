// MediaPlayer for a media the browser has (the editors' entries, the lightbox): decides its player here
// (player-view.ts) and draws it with MediaPlayerView. Pages whose loader sends the views use MediaPlayerView alone.
import { MediaPlayerView, type MediaPlayerViewProps } from "./media-player-view";
import { playerView } from "./player-view";
import type { PlayableMedia } from "./embed-urls";

export { externalProps } from "./site-players";

export type MediaPlayerProps = Omit<MediaPlayerViewProps, "view"> & { media: PlayableMedia };

export function MediaPlayer({ media, ...props }: MediaPlayerProps) {
  return <MediaPlayerView view={playerView(media)} {...props} />;
}
