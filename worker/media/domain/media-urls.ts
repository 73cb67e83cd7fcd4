/** What a pasted URL or embed code points at (spec section 5): the site, the media type, a player's id. */
import type { MediaType } from "./media-limits";
import type { MediaSite } from "./media-sites";

export interface DetectedMedia {
  site: MediaSite;
  mediaType: MediaType;
  /** The canonical URL of what was pasted (for embed codes, the URL inside the code). */
  url: string;
  /** The id the site's player needs, when there is one (YouTube video id, niconico sm id, TikTok id, tweet id). */
  embedId?: string;
  thumbnailUrl?: string;
}

const YOUTUBE_ID = /^[A-Za-z0-9_-]{11}$/;

export function youtubeThumbnailUrl(videoId: string): string {
  return `https://i.ytimg.com/vi/${videoId}/hqdefault.jpg`;
}

function youtubeVideoId(url: URL): string | null {
  const host = url.hostname.replace(/^(www|m|music)\./, "");
  let id: string | null = null;
  if (host === "youtu.be") id = url.pathname.split("/")[1] ?? null;
  else if (host === "youtube.com" || host === "youtube-nocookie.com") {
    if (url.pathname === "/watch") id = url.searchParams.get("v");
    else {
      const match = url.pathname.match(/^\/(?:embed|shorts|live|v)\/([^/?#]+)/);
      id = match?.[1] ?? null;
    }
  }
  return id && YOUTUBE_ID.test(id) ? id : null;
}

const EXTENSION_TYPES: Record<string, MediaType> = {
  jpg: "IMAGE",
  jpeg: "IMAGE",
  png: "IMAGE",
  gif: "IMAGE",
  webp: "IMAGE",
  avif: "IMAGE",
  svg: "IMAGE",
  mp4: "VIDEO",
  mov: "VIDEO",
  webm: "VIDEO",
  m4v: "VIDEO",
  mp3: "AUDIO",
  wav: "AUDIO",
  ogg: "AUDIO",
  oga: "AUDIO",
  m4a: "AUDIO",
  flac: "AUDIO",
  aac: "AUDIO",
  glb: "MODEL",
  gltf: "MODEL",
  vrm: "MODEL",
  obj: "MODEL",
  fbx: "MODEL",
  stl: "MODEL",
  pdf: "DOCUMENT",
};

function hostIs(host: string, domain: string) {
  return host === domain || host.endsWith(`.${domain}`);
}

/** The address as a URL when it is an absolute http(s) one (the one rule every link follows), else null. */
/**
 * Whether a stored URL may be shown as a link: a path of ours (`/media/…`, a signed read URL) or an http(s) address.
 * Links stored before their doors refused anything else (a `javascript:` or `data:` URL unwrapped from a player
 * address, issue 45) are not rewritten, so the views check again as they show them.
 */
export function isLinkableUrl(url: string): boolean {
  try {
    const { protocol } = new URL(url, "https://relative.invalid");
    return protocol === "https:" || protocol === "http:";
  } catch {
    return false;
  }
}

function httpUrl(input: string): URL | null {
  let url: URL;
  try {
    url = new URL(input.trim());
  } catch {
    return null;
  }
  return url.protocol === "https:" || url.protocol === "http:" ? url : null;
}

/**
 * The track a SoundCloud player address carries in its `url` parameter, when it is one of SoundCloud's own http(s)
 * addresses (not another player address); null for anything else (a `javascript:` or `data:` URL, another site), so
 * the link is refused as any bad link is (issue 45, decision 076). A player address without a track is itself.
 */
function soundcloudTrack(player: URL): string | null {
  const inner = player.searchParams.get("url");
  if (!inner) return player.toString();
  const track = httpUrl(inner);
  const host = track?.hostname.toLowerCase() ?? "";
  return track && hostIs(host, "soundcloud.com") && !host.startsWith("w.") ? track.toString() : null;
}

/**
 * What a pasted URL points at; null when it is not an http(s) URL. Every detected `url` is an http(s) URL too: a
 * player address is unwrapped only to an http(s) address of its own site, so nothing else is stored as a link.
 */
export function detectMediaFromUrl(input: string): DetectedMedia | null {
  const detected = detectFromHttpUrl(input);
  return detected && httpUrl(detected.url) ? detected : null;
}

function detectFromHttpUrl(input: string): DetectedMedia | null {
  const url = httpUrl(input);
  if (!url) return null;
  const host = url.hostname.toLowerCase();
  const href = url.toString();

  const youtubeId = youtubeVideoId(url);
  if (youtubeId)
    return {
      site: "youtube",
      mediaType: "VIDEO",
      url: href,
      embedId: youtubeId,
      thumbnailUrl: youtubeThumbnailUrl(youtubeId),
    };
  if (hostIs(host, "soundcloud.com")) {
    // The widget carries the track in its url parameter.
    const track = host.startsWith("w.") ? soundcloudTrack(url) : href;
    return track ? { site: "soundcloud", mediaType: "AUDIO", url: track } : null;
  }
  if (hostIs(host, "nicovideo.jp") || host === "nico.ms") {
    const id = url.pathname.match(/((?:sm|nm|so)\d+)/)?.[1];
    return { site: "niconico", mediaType: "VIDEO", url: href, ...(id ? { embedId: id } : {}) };
  }
  if (hostIs(host, "tiktok.com")) {
    const id = url.pathname.match(/\/(?:video|v2|v)\/(\d+)/)?.[1];
    return { site: "tiktok", mediaType: "VIDEO", url: href, ...(id ? { embedId: id } : {}) };
  }
  if (hostIs(host, "bandcamp.com")) return { site: "bandcamp", mediaType: "AUDIO", url: href };
  if (hostIs(host, "mixcloud.com")) {
    const feed = url.searchParams.get("feed");
    return {
      site: "mixcloud",
      mediaType: "AUDIO",
      url:
        host.startsWith("player-widget.") && feed
          ? `https://www.mixcloud.com${feed.startsWith("/") ? "" : "/"}${feed}`
          : href,
    };
  }
  if (hostIs(host, "twitter.com") || hostIs(host, "x.com")) {
    const id = url.pathname.match(/\/status(?:es)?\/(\d+)/)?.[1];
    return { site: "x", mediaType: "OTHER", url: href, ...(id ? { embedId: id } : {}) };
  }
  const ext = url.pathname.toLowerCase().match(/\.([a-z0-9]+)$/)?.[1];
  const mediaType = ext ? EXTENSION_TYPES[ext] : undefined;
  if (mediaType)
    return { site: "direct", mediaType, url: href, ...(mediaType === "IMAGE" ? { thumbnailUrl: href } : {}) };
  return { site: "other", mediaType: "OTHER", url: href };
}

/** The URL an embed code points at: an iframe's src, a tweet or TikTok blockquote's link, or a bare URL. */
export function urlFromEmbedCode(code: string): string | null {
  const trimmed = code.trim();
  if (/^https?:\/\//i.test(trimmed) && !/\s/.test(trimmed)) return trimmed;
  const decode = (value: string) => value.replace(/&amp;/g, "&");
  const iframe = trimmed.match(/<iframe\b[^>]*\bsrc\s*=\s*["']([^"']+)["']/i);
  if (iframe) return decode(iframe[1]);
  const cite = trimmed.match(/<blockquote\b[^>]*\bcite\s*=\s*["']([^"']+)["']/i);
  if (cite) return decode(cite[1]);
  if (/<blockquote\b/i.test(trimmed)) {
    const links = [...trimmed.matchAll(/\bhref\s*=\s*["']([^"']+)["']/gi)].map((m) => decode(m[1]));
    return links.find((link) => /\/status(?:es)?\/\d+/.test(link)) ?? links.at(-1) ?? null;
  }
  return null;
}

export function detectMediaFromEmbedCode(code: string): DetectedMedia | null {
  const url = urlFromEmbedCode(code);
  return url ? detectMediaFromUrl(url) : null;
}
