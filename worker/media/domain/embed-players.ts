/**
 * The origins of the third-party players a page may frame: one list read by the player code (the iframe addresses in
 * app/components/media/players/embed-urls.ts) and by the Content-Security-Policy's frame-src, so the two cannot
 * drift. Adding a site: its origin here, its case in `embedFor`. See docs/decisions/010-content-security-policy.md.
 */
export const PLAYER_ORIGINS = {
  youtube: "https://www.youtube-nocookie.com",
  soundcloud: "https://w.soundcloud.com",
  niconico: "https://embed.nicovideo.jp",
  tiktok: "https://www.tiktok.com",
  bandcamp: "https://bandcamp.com",
  mixcloud: "https://player-widget.mixcloud.com",
  x: "https://platform.twitter.com",
} as const;

export type PlayerSite = keyof typeof PLAYER_ORIGINS;

/** Every origin a player iframe may load from, for frame-src. */
export const PLAYER_FRAME_ORIGINS: readonly string[] = Object.values(PLAYER_ORIGINS);
