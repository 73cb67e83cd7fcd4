/** The sites a linked or embedded media may come from, and their names as the editors, the lightbox and the players show them. */

export type MediaSite =
  | "youtube"
  | "soundcloud"
  | "niconico"
  | "tiktok"
  | "bandcamp"
  | "mixcloud"
  | "x"
  | "direct"
  | "other";

/** Each site's name as the editors, the lightbox and the players show it (none for a direct file or another page). */
export const SITE_NAMES: Record<MediaSite, string> = {
  youtube: "YouTube",
  soundcloud: "SoundCloud",
  niconico: "niconico",
  tiktok: "TikTok",
  bandcamp: "Bandcamp",
  mixcloud: "Mixcloud",
  x: "X",
  direct: "",
  other: "",
};
