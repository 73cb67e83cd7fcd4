import { PLAYER_ORIGINS } from "#worker/media/domain/embed-players";
import type { MediaSite } from "#worker/media/domain/media-sites";
import { detectMediaFromUrl, urlFromEmbedCode } from "#worker/media/domain/media-urls";
import type { MediaEntry } from "#worker/media/domain/media-entries";

/**
 * What the players, the preview dialog and the lightbox take: a stored media or an editor entry.
 * An embed's code is never rendered as HTML: only the player address is derived from it.
 */
export type PlayableMedia = MediaEntry & { id?: string; width?: number | null; height?: number | null };

export type PlayerSize = "sm" | "md" | "lg";

/** One site's player iframe: the address, and attributes as tight as the site allows. */
export interface EmbedSpec {
  site: MediaSite;
  src: string;
  /** The iframe's accessible name (axe: frame-title). */
  title: string;
  /** Feature policy. Autoplay only where the iframe appears after a press of play. */
  allow: string;
  /**
   * Every player needs scripts and its own origin (cookies, storage for its state); popups so "watch on …" links
   * open in a new tab. Never top navigation, forms or modals.
   */
  sandbox: string;
  /** width / height of the frame, or a fixed height in px for list-like widgets. */
  aspect: string;
  height?: number;
}

const SANDBOX_PLAYER = "allow-scripts allow-same-origin allow-popups allow-popups-to-escape-sandbox";
const SANDBOX_VIDEO = `${SANDBOX_PLAYER} allow-presentation`;

function safeUrl(text: string | null | undefined): URL | null {
  if (!text) return null;
  try {
    const url = new URL(text);
    return url.protocol === "https:" || url.protocol === "http:" ? url : null;
  } catch {
    return null;
  }
}

const hostIs = (host: string, domain: string) => host === domain || host.endsWith(`.${domain}`);

/**
 * The iframe for a third-party media, or null when it has none (direct files, unknown sites, a Bandcamp link without
 * its embed code). Built from the detected site and id only: a pasted embed code is never injected into the page.
 */
export function embedFor(media: PlayableMedia, title = ""): EmbedSpec | null {
  const source = media.formatType === "EMBED" && media.code ? (urlFromEmbedCode(media.code) ?? media.url) : media.url;
  if (!source || media.formatType === "FILE") return null;
  const detected = detectMediaFromUrl(source);
  if (!detected) return null;
  const name = (site: string) => title || site;
  switch (detected.site) {
    case "youtube":
      return detected.embedId
        ? {
            site: "youtube",
            src: `${PLAYER_ORIGINS.youtube}/embed/${detected.embedId}?autoplay=1`,
            title: name("YouTube"),
            allow: "autoplay; encrypted-media; picture-in-picture; fullscreen",
            sandbox: SANDBOX_VIDEO,
            aspect: "16 / 9",
          }
        : null;
    case "soundcloud":
      return {
        site: "soundcloud",
        src: `${PLAYER_ORIGINS.soundcloud}/player/?url=${encodeURIComponent(detected.url)}&auto_play=true&visual=false`,
        title: name("SoundCloud"),
        allow: "autoplay",
        sandbox: SANDBOX_PLAYER,
        aspect: "auto",
        height: 166,
      };
    case "niconico":
      return detected.embedId
        ? {
            site: "niconico",
            src: `${PLAYER_ORIGINS.niconico}/watch/${detected.embedId}?autoplay=1`,
            title: name("niconico"),
            allow: "autoplay; fullscreen",
            sandbox: SANDBOX_VIDEO,
            aspect: "16 / 9",
          }
        : null;
    case "tiktok":
      return detected.embedId
        ? {
            site: "tiktok",
            src: `${PLAYER_ORIGINS.tiktok}/embed/v2/${detected.embedId}`,
            title: name("TikTok"),
            allow: "autoplay; fullscreen",
            sandbox: SANDBOX_VIDEO,
            aspect: "9 / 16",
            height: 740,
          }
        : null;
    case "bandcamp": {
      // Only Bandcamp's own player address (it carries the album or track id a page link lacks), on the one origin
      // the CSP's frame-src allows.
      const url = safeUrl(source);
      if (!url || url.origin !== PLAYER_ORIGINS.bandcamp || !url.pathname.startsWith("/EmbeddedPlayer/")) return null;
      return {
        site: "bandcamp",
        src: url.toString(),
        title: name("Bandcamp"),
        allow: "autoplay",
        sandbox: SANDBOX_PLAYER,
        aspect: "auto",
        height: 120,
      };
    }
    case "mixcloud": {
      const url = safeUrl(detected.url);
      if (!url || !hostIs(url.hostname, "mixcloud.com")) return null;
      return {
        site: "mixcloud",
        src: `${PLAYER_ORIGINS.mixcloud}/widget/iframe/?hide_cover=1&autoplay=1&feed=${encodeURIComponent(url.pathname)}`,
        title: name("Mixcloud"),
        allow: "autoplay",
        sandbox: SANDBOX_PLAYER,
        aspect: "auto",
        height: 120,
      };
    }
    case "x":
      return detected.embedId
        ? {
            site: "x",
            src: `${PLAYER_ORIGINS.x}/embed/Tweet.html?id=${detected.embedId}`,
            title: name("X"),
            allow: "",
            sandbox: SANDBOX_PLAYER,
            aspect: "auto",
            height: 560,
          }
        : null;
    default:
      return null;
  }
}

/** Where "view site" / "download" goes: the stored file, the link, or the page an embed points at. */
export function mediaHref(media: PlayableMedia): string | null {
  const source = media.formatType === "EMBED" && media.code ? (urlFromEmbedCode(media.code) ?? media.url) : media.url;
  if (!source) return null;
  // Our files: public ones at /media/, the owner's non-public ones by a signed read URL (media-access.ts).
  if (media.formatType === "FILE")
    return source.startsWith("/media/") || source.startsWith("/api/google/storage/object/") ? source : null;
  return safeUrl(source)?.toString() ?? null;
}
