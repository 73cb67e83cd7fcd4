import { describe, expect, it } from "vitest";
import {
  DEFAULT_UPLOAD_MAX_BYTES,
  MEDIA_ERROR_TEXTS,
  PORTFOLIO_MEDIA_MAX_BYTES,
  checkMediaLimit,
} from "./media-limits";
import {
  acceptAttribute,
  checkFile,
  checkFileCount,
  checkStoredObject,
  UPLOAD_RULES,
  findUploadRule,
} from "./upload-rules";
import { buildMediaEntry } from "./media-entries";
import { buildMediaKey, canWriteUnder, posterKeyFor, parseMediaKey } from "./media-keys";
import { detectMediaFromEmbedCode, detectMediaFromUrl, youtubeThumbnailUrl } from "./media-urls";
import { kindForMimeType, sniffMediaType } from "./media-sniff";
import { parseMediaDrafts, withShownType } from "./media-drafts";
import {
  PAGE_READ_URL_TTL_MS,
  READ_URL_TTL_MS,
  publicMediaCacheControl,
  readUrlTtlMs,
  signedReadOpener,
} from "./media-access";

const bytes = (...parts: (string | number[])[]) =>
  new Uint8Array(parts.flatMap((p) => (typeof p === "string" ? [...p].map((c) => c.charCodeAt(0)) : p)));
const pad = (head: Uint8Array) => {
  const out = new Uint8Array(64);
  out.set(head);
  return out;
};

const SAMPLES = {
  jpg: bytes([0xff, 0xd8, 0xff, 0xe0, 0, 0x10], "JFIF"),
  png: bytes([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0x0d], "IHDR"),
  gif: bytes("GIF89a", [1, 0, 1, 0]),
  gif87: bytes("GIF87a", [1, 0, 1, 0]),
  webp: bytes("RIFF", [0x24, 0, 0, 0], "WEBPVP8 "),
  wav: bytes("RIFF", [0x24, 0, 0, 0], "WAVEfmt "),
  mp4: bytes([0, 0, 0, 0x20], "ftypisom", [0, 0, 2, 0], "isomiso2avc1mp41"),
  mov: bytes([0, 0, 0, 0x14], "ftypqt  ", [0, 0, 0, 0]),
  m4a: bytes([0, 0, 0, 0x20], "ftypM4A ", [0, 0, 0, 0]),
  webm: bytes([0x1a, 0x45, 0xdf, 0xa3, 0x9f, 0x42, 0x86, 0x81, 0x01, 0x42, 0x82, 0x84], "webm"),
  mp3: bytes("ID3", [4, 0, 0, 0, 0, 0, 0]),
  mp3frame: bytes([0xff, 0xfb, 0x90, 0x64]),
  mp4mp42: bytes([0, 0, 0, 0x18], "ftypmp42", [0, 0, 0, 0], "mp42isom"),
  m4v: bytes([0, 0, 0, 0x18], "ftypM4V ", [0, 0, 0, 1], "M4V mp42"),
  m4b: bytes([0, 0, 0, 0x1c], "ftypM4B ", [0, 0, 0, 0], "M4B mp42isom"),
  aac: bytes([0xff, 0xf1, 0x50, 0x80, 0x02, 0x1f, 0xfc]),
  ogg: bytes("OggS", [0, 2]),
  // An Ogg page whose first packet is an Opus header (the codec id sits at byte 28).
  opus: bytes("OggS", [0, 2, 0, 0, 0, 0, 0, 0, 0, 0, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 1, 19], "OpusHead", [1, 2]),
  flac: bytes("fLaC", [0]),
  glb: bytes("glTF", [2, 0, 0, 0]),
  pdf: bytes("%PDF-1.7\n"),
};

describe("sniffMediaType", () => {
  it.each([
    ["jpg", "jpg", "image/jpeg", "IMAGE"],
    ["png", "png", "image/png", "IMAGE"],
    ["gif", "gif", "image/gif", "IMAGE"],
    ["gif87", "gif", "image/gif", "IMAGE"],
    ["webp", "webp", "image/webp", "IMAGE"],
    ["wav", "wav", "audio/wav", "AUDIO"],
    ["mp4", "mp4", "video/mp4", "VIDEO"],
    ["mov", "mov", "video/quicktime", "VIDEO"],
    ["m4a", "m4a", "audio/mp4", "AUDIO"],
    ["webm", "webm", "video/webm", "VIDEO"],
    ["mp3", "mp3", "audio/mpeg", "AUDIO"],
    ["mp3frame", "mp3", "audio/mpeg", "AUDIO"],
    ["mp4mp42", "mp4", "video/mp4", "VIDEO"],
    ["m4v", "mp4", "video/mp4", "VIDEO"],
    ["m4b", "m4a", "audio/mp4", "AUDIO"],
    ["aac", "aac", "audio/aac", "AUDIO"],
    ["ogg", "ogg", "audio/ogg", "AUDIO"],
    ["opus", "ogg", "audio/ogg", "AUDIO"],
    ["flac", "flac", "audio/flac", "AUDIO"],
    ["glb", "glb", "model/gltf-binary", "MODEL"],
    ["pdf", "pdf", "application/pdf", "DOCUMENT"],
  ] as const)("recognizes %s", (sample, kind, mimeType, mediaType) => {
    expect(sniffMediaType(pad(SAMPLES[sample]))).toMatchObject({ kind, mimeType, mediaType });
  });

  it("refuses text, HTML, SVG, HEIC, empty and unknown bytes whatever they are called", () => {
    expect(sniffMediaType(bytes("hello, I am not a png"))).toBeNull();
    // A PNG signature followed by garbage (issue 31: it became an avatar): no IHDR chunk, no image.
    expect(
      sniffMediaType(pad(bytes([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a], "garbage, not a chunk"))),
    ).toBeNull();
    expect(sniffMediaType(bytes("<!doctype html><script>alert(1)</script>"))).toBeNull();
    expect(sniffMediaType(bytes('<svg xmlns="http://www.w3.org/2000/svg">'))).toBeNull();
    expect(sniffMediaType(bytes([0, 0, 0, 0x18], "ftypheic"))).toBeNull();
    expect(sniffMediaType(new Uint8Array())).toBeNull();
    expect(sniffMediaType(bytes([0x1a, 0x45, 0xdf, 0xa3], "matroska"))).toBeNull();
  });

  it("tells MP4 from M4A by the ftyp brand only, and refuses a box whose brand is not text", () => {
    expect(sniffMediaType(pad(SAMPLES.m4a))?.kind).toBe("m4a");
    expect(sniffMediaType(pad(bytes([0, 0, 0, 0x18], "ftypM4P ")))?.kind).toBe("m4a");
    expect(sniffMediaType(pad(bytes([0, 0, 0, 0x18], "ftypavc1")))?.kind).toBe("mp4");
    expect(sniffMediaType(pad(bytes([0, 0, 0, 0x18], "ftyp", [0, 1, 2, 3])))).toBeNull();
    expect(sniffMediaType(pad(bytes([0, 0, 0, 0x18], "ftypavif")))).toBeNull();
  });

  it("refuses Ogg video (Theora) and an MPEG frame with the reserved layer", () => {
    const theora = bytes(
      "OggS",
      [0, 2, 0, 0, 0, 0, 0, 0, 0, 0, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 1, 42, 0x80],
      "theora",
    );
    expect(sniffMediaType(pad(theora))).toBeNull();
    // 0xff 0xe1: MPEG 2.5 with layer bits 00 but version bits 00 (not ADTS, whose sync is 12 bits): nothing.
    expect(sniffMediaType(pad(bytes([0xff, 0xe1, 0x10, 0x00])))).toBeNull();
  });
});

describe("upload rules", () => {
  it("avatar and cover take jpg, png and gif, one file, replacing the old one", () => {
    for (const field of ["avatar", "cover"]) {
      const rule = findUploadRule("user-profile", field)!;
      expect(rule).toMatchObject({ maxFiles: 1, single: true, maxBytes: DEFAULT_UPLOAD_MAX_BYTES });
      expect(rule.kinds).toEqual(["jpg", "png", "gif"]);
      expect(acceptAttribute(rule)).toBe("image/jpeg,image/png,image/gif,.jpg,.jpeg,.png,.gif");
    }
    expect(DEFAULT_UPLOAD_MAX_BYTES).toBe(104857600);
  });

  it("portfolio media: 10 files of 20 MB, pictures, video, audio (decision 033) and 3D models (decision 096)", () => {
    const rule = findUploadRule("portfolio-work", "medias")!;
    expect(rule).toMatchObject({ maxFiles: 10, maxBytes: 20971520, single: false, ownership: "portfolio-work" });
    expect(rule.kinds).toEqual([
      "jpg",
      "png",
      "gif",
      "mp4",
      "mov",
      "webm",
      "mp3",
      "m4a",
      "aac",
      "wav",
      "ogg",
      "flac",
      "glb",
      "vrm",
    ]);
    expect(PORTFOLIO_MEDIA_MAX_BYTES).toBe(20971520);
  });

  it("decision 033's table: what each upload rule takes, and how large", () => {
    const table = Object.fromEntries(
      UPLOAD_RULES.map((r) => [`${r.domain}/${r.field}`, [r.maxBytes, r.kinds.join(" ")]]),
    );
    const media = "jpg png gif mp4 mov webm mp3 m4a aac wav ogg flac glb vrm";
    // Decision 096: the work's own files travel as deliverables, references and evidence; the chat takes what it shows.
    const work =
      "jpg png gif mp4 mov webm mp3 m4a aac wav ogg flac pdf zip 7z psd psb clip blend fbx glb vrm moc3 aiff rf64";
    const chat = "jpg png gif mp4 mov webm mp3 m4a aac wav ogg flac pdf";
    expect(table).toEqual({
      "user-profile/avatar": [104857600, "jpg png gif"],
      "user-profile/cover": [104857600, "jpg png gif"],
      "portfolio-work/medias": [20971520, media],
      "portfolio-work/og_images": [20971520, "jpg png gif"],
      "commission-form/question_medias": [20971520, media],
      "commission-form/choice_media": [20971520, "jpg png gif"],
      "commission-request/answer_medias": [104857600, work],
      "commission-order/deliverables": [104857600, work],
      "commission-order/deliverable_sources": [104857600, work],
      "commission-order/chat_medias": [104857600, chat],
      // Decision 088: a dispute statement's evidence; decision 096: the work itself may be the evidence.
      "commission-order/dispute_files": [104857600, work],
      // Decision 073: a stage preview's pictures are decoded by the Worker; the client's copies are JPEGs, and clips.
      "commission-order/stage_previews": [10485760, "jpg png gif"],
      "commission-order/stage_preview_copies": [20971520, "jpg mp4 webm mp3 m4a wav"],
      "commission-service/medias": [20971520, media],
    });
  });

  it("a file of another type renamed .mp4 or .mp3 is refused: the name and declared type play no part", () => {
    const rule = findUploadRule("commission-order", "deliverables")!;
    for (const head of [
      bytes("<!doctype html><title>clip.mp4</title>"),
      bytes([0x7f], "ELF", [2, 1, 1]),
      bytes("MZ", [0x90, 0]),
    ]) {
      expect(checkFile({ size: 1000, head: pad(head) }, rule)).toEqual({
        ok: false,
        error: "media_error_unsupported_type",
      });
    }
    // A stored object named .mp4 whose bytes are an MP3 is refused too (the key names the sniffed kind).
    expect(
      checkStoredObject({ size: 1000, head: pad(SAMPLES.mp3), file: "123e4567-e89b-12d3-a456-426614174000.mp4" }, rule),
    ).toEqual({ ok: false, error: "media_error_unsupported_type" });
    expect(
      checkStoredObject({ size: 1000, head: pad(SAMPLES.mp4), file: "123e4567-e89b-12d3-a456-426614174000.mp4" }, rule),
    ).toMatchObject({ ok: true, value: { mediaType: "VIDEO" } });
  });

  it("a video's poster is its own key with .jpg; pictures and audio have none", () => {
    const uuid = "123e4567-e89b-12d3-a456-426614174000";
    const video = parseMediaKey(`/media/v1/portfolio-work/w1/medias/${uuid}.mp4`)!;
    expect(posterKeyFor(video)).toBe(`v1/portfolio-work/w1/medias/${uuid}.jpg`);
    expect(posterKeyFor(parseMediaKey(`v1/portfolio-work/w1/medias/${uuid}.mp3`)!)).toBeNull();
    expect(posterKeyFor(parseMediaKey(`v1/portfolio-work/w1/medias/${uuid}.png`)!)).toBeNull();
    const entry = buildMediaEntry({
      formatType: "FILE",
      url: `/media/${video.key}`,
      mimeType: "video/mp4",
      thumbnailUrl: `/media/${posterKeyFor(video)}`,
    });
    expect(entry).toMatchObject({ mediaType: "VIDEO", thumbnailUrl: `/media/v1/portfolio-work/w1/medias/${uuid}.jpg` });
    expect(
      buildMediaEntry({ formatType: "FILE", url: "/media/x.mp3", mimeType: "audio/mpeg", thumbnailUrl: "/media/y.jpg" })
        ?.thumbnailUrl,
    ).toBeNull();
  });

  it("a media draft keeps a video's poster only when it is that video's poster key", () => {
    const uuid = "123e4567-e89b-12d3-a456-426614174000";
    const url = `/api/google/storage/object/v1/portfolio-work/w1/medias/${uuid}.mp4?token=t`;
    const folder = { domain: "portfolio-work", field: "medias" } as const;
    const parse = (thumbnailUrl: string) =>
      parseMediaDrafts([{ url, formatType: "FILE", thumbnailUrl }], folder).medias[0].entry;
    expect(parse(`/api/google/storage/object/v1/portfolio-work/w1/medias/${uuid}.jpg?token=t`)).toMatchObject({
      mediaType: "VIDEO",
      url: `/media/v1/portfolio-work/w1/medias/${uuid}.mp4`,
      thumbnailUrl: `/media/v1/portfolio-work/w1/medias/${uuid}.jpg`,
    });
    expect(
      parse(`/media/v1/portfolio-work/w1/medias/123e4567-e89b-12d3-a456-426614174999.jpg`)?.thumbnailUrl,
    ).toBeNull();
    expect(parse("https://evil.example/poster.jpg")?.thumbnailUrl).toBeNull();
    const audio = parseMediaDrafts(
      [{ url: `/media/v1/portfolio-work/w1/medias/${uuid}.m4a`, formatType: "FILE" }],
      folder,
    ).medias[0].entry;
    expect(audio).toMatchObject({ mediaType: "AUDIO", thumbnailUrl: null });
  });

  it("knows no other (domain, field)", () => {
    expect(findUploadRule("user-profile", "medias")).toBeNull();
    expect(findUploadRule("commission-order", "medias")).toBeNull();
  });

  it("takes an order's deliverables privately: 10 files of 100 MB, the default kinds, owned through the order", () => {
    expect(findUploadRule("commission-order", "deliverables")).toMatchObject({
      maxBytes: 104857600,
      maxFiles: 10,
      private: true,
      single: false,
      ownership: "commission-order",
    });
  });

  it("checks size, then the sniffed type against the rule", () => {
    const rule = findUploadRule("portfolio-work", "medias")!;
    expect(checkFile({ size: 20971520, head: pad(SAMPLES.png) }, rule)).toMatchObject({
      ok: true,
      value: { kind: "png" },
    });
    expect(checkFile({ size: 20971521, head: pad(SAMPLES.png) }, rule)).toEqual({
      ok: false,
      error: "media_error_too_large",
    });
    expect(checkFile({ size: 100, head: bytes("not a picture") }, rule)).toEqual({
      ok: false,
      error: "media_error_unsupported_type",
    });
    expect(checkFile({ size: 100, head: pad(SAMPLES.pdf) }, rule)).toEqual({
      ok: false,
      error: "media_error_unsupported_type",
    });
    expect(checkFile({ size: 0, head: new Uint8Array() }, rule)).toEqual({
      ok: false,
      error: "media_error_unsupported_type",
    });
    expect(checkFile({ size: 10 }, rule)).toEqual({ ok: true, value: null });
  });

  it("counts files and the portfolio limit", () => {
    const avatar = findUploadRule("user-profile", "avatar")!;
    expect(checkFileCount(1, avatar).ok).toBe(true);
    expect(checkFileCount(2, avatar)).toEqual({ ok: false, error: "media_error_too_many" });
    expect(checkFileCount(0, avatar)).toEqual({ ok: false, error: "media_error_no_files" });
    expect(checkMediaLimit(8, 2)).toEqual({ ok: true, value: 10 });
    expect(checkMediaLimit(9, 2)).toEqual({ ok: false, error: "media_limit_exceeded" });
  });

  it("maps a declared content type to a kind of the rule", () => {
    const avatar = findUploadRule("user-profile", "avatar")!;
    expect(kindForMimeType("image/jpg", avatar)?.ext).toBe("jpg");
    expect(kindForMimeType("IMAGE/PNG; charset=binary", avatar)?.ext).toBe("png");
    expect(kindForMimeType("image/svg+xml", avatar)).toBeNull();
    expect(kindForMimeType("text/html", avatar)).toBeNull();
  });

  it("has the spec's exact error texts, and Comet's own beside them (issue 45)", () => {
    expect(MEDIA_ERROR_TEXTS).toEqual({
      media_error_too_large: "Error: file size is too large.",
      media_error_unsupported_type: "Error: file type is not supported.",
      media_error_too_many: "Error: too many files.",
      media_limit_exceeded: "Limit exceeded",
      media_error_no_files: "Error: choose at least one file.",
      media_error_preview_pixels:
        "Error: these pictures are too large to prepare together. One posting takes pictures of up to 24 megapixels in all: send fewer or smaller ones.",
      media_error_door_only: "Error: a stage's preview files are posted with the preview, not uploaded here.",
      media_error_zip_directory:
        "Error: this ZIP's table of contents does not match the archive (it is incomplete, damaged or made to mislead). Create the archive again and upload it.",
      media_error_zip_too_many:
        "Error: this ZIP holds too many files. One archive may hold up to 20,000: split it into several.",
      media_error_damaged:
        "Error: this file is incomplete or damaged: its contents do not match its own header. Save or export it again and upload it.",
    });
  });
});

describe("object keys and ownership", () => {
  const uuid = "123e4567-e89b-12d3-a456-426614174000";
  it("builds v1/{domain}/{id}/{field}/{uuid.ext} and parses it back from keys and URLs", () => {
    const key = buildMediaKey("user-profile", "prof_1", "avatar", uuid, "png");
    expect(key).toBe(`v1/user-profile/prof_1/avatar/${uuid}.png`);
    for (const input of [
      key,
      `/media/${key}`,
      `https://comet.example/media/${key}?X-Amz-Signature=abc`,
      `http://localhost/api/google/storage/object/${key}?token=x`,
    ]) {
      expect(parseMediaKey(input)).toMatchObject({ key, domain: "user-profile", id: "prof_1", field: "avatar" });
    }
  });

  it("refuses traversal, unknown fields and foreign paths", () => {
    expect(parseMediaKey(`v1/user-profile/../avatar/${uuid}.png`)).toBeNull();
    expect(parseMediaKey(`v1/user-profile/p/other/${uuid}.png`)).toBeNull();
    expect(parseMediaKey(`v2/user-profile/p/avatar/${uuid}.png`)).toBeNull();
    expect(parseMediaKey(`v1/user-profile/p/avatar/evil.html`)).toBeNull();
    expect(parseMediaKey(`v1/user-profile/p%2F..%2Fx/avatar/${uuid}.png`)).toBeNull();
  });

  it("lets a user write only under their profile and their works", () => {
    expect(canWriteUnder("me", "profile", "me", "me")).toBe(true);
    expect(canWriteUnder("me", "profile", "you", "you")).toBe(false);
    expect(canWriteUnder("me", "portfolio-work", "w1", "me")).toBe(true);
    expect(canWriteUnder("me", "portfolio-work", "w1", "you")).toBe(false);
    expect(canWriteUnder("me", "portfolio-work", "w1", null)).toBe(false);
  });
});

describe("URLs and embed codes", () => {
  it.each([
    "https://www.youtube.com/watch?v=dQw4w9WgXcQ&t=1s",
    "https://youtu.be/dQw4w9WgXcQ",
    "https://m.youtube.com/shorts/dQw4w9WgXcQ",
    "https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ",
  ])("YouTube %s with its thumbnail", (url) => {
    expect(detectMediaFromUrl(url)).toMatchObject({
      site: "youtube",
      mediaType: "VIDEO",
      embedId: "dQw4w9WgXcQ",
      thumbnailUrl: "https://i.ytimg.com/vi/dQw4w9WgXcQ/hqdefault.jpg",
    });
    expect(youtubeThumbnailUrl("abc")).toBe("https://i.ytimg.com/vi/abc/hqdefault.jpg");
  });

  it.each([
    ["https://soundcloud.com/artist/track", "soundcloud", "AUDIO"],
    ["https://www.nicovideo.jp/watch/sm9", "niconico", "VIDEO"],
    ["https://nico.ms/sm9", "niconico", "VIDEO"],
    ["https://www.tiktok.com/@user/video/7212345678901234567", "tiktok", "VIDEO"],
    ["https://artist.bandcamp.com/track/song", "bandcamp", "AUDIO"],
    ["https://www.mixcloud.com/dj/mix/", "mixcloud", "AUDIO"],
    ["https://x.com/user/status/1234567890", "x", "OTHER"],
    ["https://twitter.com/user/status/1234567890", "x", "OTHER"],
    ["https://cdn.example.com/a/pic.JPEG", "direct", "IMAGE"],
    ["https://cdn.example.com/clip.mp4?x=1", "direct", "VIDEO"],
    ["https://cdn.example.com/song.mp3", "direct", "AUDIO"],
    ["https://cdn.example.com/model.glb", "direct", "MODEL"],
    ["https://cdn.example.com/brief.pdf", "direct", "DOCUMENT"],
    ["https://example.com/page", "other", "OTHER"],
  ] as const)("%s is %s %s", (url, site, mediaType) => {
    expect(detectMediaFromUrl(url)).toMatchObject({ site, mediaType });
  });

  it("ids for players", () => {
    expect(detectMediaFromUrl("https://www.nicovideo.jp/watch/sm9")?.embedId).toBe("sm9");
    expect(detectMediaFromUrl("https://www.tiktok.com/@user/video/7212345678901234567")?.embedId).toBe(
      "7212345678901234567",
    );
    expect(detectMediaFromUrl("https://x.com/user/status/1234567890")?.embedId).toBe("1234567890");
  });

  it("refuses what is not an http URL", () => {
    expect(detectMediaFromUrl("javascript:alert(1)")).toBeNull();
    expect(detectMediaFromUrl("not a url")).toBeNull();
  });

  it("unwraps a SoundCloud player only to a SoundCloud http(s) address; any other is refused like any bad link (issue 45)", () => {
    const player = (inner: string) => `https://w.soundcloud.com/player/?url=${encodeURIComponent(inner)}`;
    expect(detectMediaFromUrl(player("https://api.soundcloud.com/tracks/1"))).toMatchObject({
      site: "soundcloud",
      url: "https://api.soundcloud.com/tracks/1",
    });
    expect(detectMediaFromUrl(player("https://soundcloud.com/artist/track"))?.url).toBe(
      "https://soundcloud.com/artist/track",
    );
    for (const inner of [
      "javascript:alert(document.cookie)",
      "JavaScript:alert(1)",
      "data:text/html,<script>alert(1)</script>",
      "vbscript:msgbox(1)",
      "/relative/track",
      "//evil.example/track",
      "not a url",
      "https://evil.example/soundcloud.com/track",
      "https://soundcloud.com.evil.example/track",
      player("javascript:alert(1)"),
    ]) {
      expect(detectMediaFromUrl(player(inner)), inner).toBeNull();
      expect(detectMediaFromUrl(`https://w.soundcloud.com/player/?url=${inner}`), inner).toBeNull();
      expect(detectMediaFromEmbedCode(`<iframe src="${player(inner)}"></iframe>`), inner).toBeNull();
    }
    // A player address without a track stays the player address, as before.
    expect(detectMediaFromUrl("https://w.soundcloud.com/player/")?.url).toBe("https://w.soundcloud.com/player/");
  });

  it("every detected address is http(s) (issue 45)", () => {
    expect(detectMediaFromUrl("https://player-widget.mixcloud.com/widget/iframe/?feed=%2Fdj%2Fmix%2F")?.url).toBe(
      "https://www.mixcloud.com/dj/mix/",
    );
    for (const feed of ["//evil.example/x", "@evil.example/x", "\\\\evil.example/x"]) {
      const detected = detectMediaFromUrl(
        `https://player-widget.mixcloud.com/widget/iframe/?feed=${encodeURIComponent(feed)}`,
      );
      if (detected) expect(new URL(detected.url).hostname, feed).toBe("www.mixcloud.com");
    }
  });

  it("reads iframe and blockquote embed codes", () => {
    expect(
      detectMediaFromEmbedCode(
        '<iframe width="560" src="https://www.youtube.com/embed/dQw4w9WgXcQ?si=x" allowfullscreen></iframe>',
      ),
    ).toMatchObject({
      site: "youtube",
      thumbnailUrl: "https://i.ytimg.com/vi/dQw4w9WgXcQ/hqdefault.jpg",
    });
    expect(
      detectMediaFromEmbedCode(
        '<iframe src="https://w.soundcloud.com/player/?url=https%3A//api.soundcloud.com/tracks/1&amp;color=%23ff5500"></iframe>',
      ),
    ).toMatchObject({ site: "soundcloud", mediaType: "AUDIO", url: "https://api.soundcloud.com/tracks/1" });
    expect(detectMediaFromEmbedCode('<iframe src="https://embed.nicovideo.jp/watch/sm9"></iframe>')).toMatchObject({
      site: "niconico",
      embedId: "sm9",
    });
    expect(
      detectMediaFromEmbedCode('<iframe src="https://bandcamp.com/EmbeddedPlayer/album=1/size=large/"></iframe>'),
    ).toMatchObject({ site: "bandcamp" });
    expect(
      detectMediaFromEmbedCode(
        '<iframe src="https://player-widget.mixcloud.com/widget/iframe/?feed=%2Fdj%2Fmix%2F"></iframe>',
      ),
    ).toMatchObject({ site: "mixcloud" });
    expect(
      detectMediaFromEmbedCode(
        '<blockquote class="twitter-tweet"><p>hi</p>&mdash; U <a href="https://twitter.com/u/status/42?ref_src=twsrc">May 1</a></blockquote><script src="https://platform.twitter.com/widgets.js"></script>',
      ),
    ).toMatchObject({ site: "x", embedId: "42" });
    expect(
      detectMediaFromEmbedCode(
        '<blockquote class="tiktok-embed" cite="https://www.tiktok.com/@u/video/99" data-video-id="99"></blockquote>',
      ),
    ).toMatchObject({
      site: "tiktok",
      embedId: "99",
    });
    expect(detectMediaFromEmbedCode("<p>nothing here</p>")).toBeNull();
  });

  it("builds FILE, LINK and EMBED entries", () => {
    expect(buildMediaEntry({ formatType: "FILE", url: "/media/v1/x.png", mimeType: "image/png" })).toEqual({
      formatType: "FILE",
      mediaType: "IMAGE",
      site: null,
      url: "/media/v1/x.png",
      code: null,
      thumbnailUrl: "/media/v1/x.png",
      name: null,
    });
    expect(
      buildMediaEntry({ formatType: "FILE", url: "/media/v1/x.png", mimeType: "image/png", name: "sketch.png" })?.name,
    ).toBe("sketch.png");
    expect(buildMediaEntry({ formatType: "LINK", url: "https://youtu.be/dQw4w9WgXcQ" })).toMatchObject({
      formatType: "LINK",
      mediaType: "VIDEO",
      site: "youtube",
      thumbnailUrl: "https://i.ytimg.com/vi/dQw4w9WgXcQ/hqdefault.jpg",
    });
    const code = '<iframe src="https://www.youtube.com/embed/dQw4w9WgXcQ"></iframe>';
    expect(buildMediaEntry({ formatType: "EMBED", code })).toMatchObject({
      formatType: "EMBED",
      code,
      mediaType: "VIDEO",
    });
    expect(buildMediaEntry({ formatType: "LINK", url: "nope" })).toBeNull();
  });
});

describe("drafts sent back to an editor", () => {
  it("types a URL-only draft by its link and leaves typed ones as they are", () => {
    expect(withShownType({ url: "https://youtu.be/dQw4w9WgXcQ" })).toEqual({
      url: "https://youtu.be/dQw4w9WgXcQ",
      mediaType: "VIDEO",
      site: "youtube",
      thumbnailUrl: youtubeThumbnailUrl("dQw4w9WgXcQ"),
    });
    const typed = { url: "https://example.com/a.png", mediaType: "OTHER" as const, site: null };
    expect(withShownType(typed)).toBe(typed);
    expect(withShownType({ url: "not a link" })).toEqual({ url: "not a link" });
  });
});

describe("signed reads and caching (decision 059)", () => {
  const deliverables = findUploadRule("commission-order", "deliverables")!;
  const answers = findUploadRule("commission-request", "answer_medias")!;

  it("a deliverable's link lives 5 minutes wherever it is shown; other private files an hour in a page", () => {
    expect(deliverables.sessionBound).toBe(true);
    expect(readUrlTtlMs(deliverables, "page")).toBe(5 * 60 * 1000);
    expect(readUrlTtlMs(deliverables, "answer")).toBe(READ_URL_TTL_MS);
    expect(readUrlTtlMs(answers, "page")).toBe(PAGE_READ_URL_TTL_MS);
    expect(readUrlTtlMs(answers, "answer")).toBe(READ_URL_TTL_MS);
  });

  it("the session that comes with a URL must be its reader's; without one, only a named reader of a field that is not session-bound", () => {
    expect(signedReadOpener("p1", "p1", false)).toEqual({ by: "session" });
    expect(signedReadOpener("p1", "p2", false)).toEqual({ by: "nobody" });
    expect(signedReadOpener("p1", "p2", true)).toEqual({ by: "nobody" });
    expect(signedReadOpener("p1", null, false)).toEqual({ by: "token-reader", profileId: "p1" });
    expect(signedReadOpener("p1", null, true)).toEqual({ by: "nobody" });
    // A URL naming nobody (a chat file sent to both parties) opens with the session of whoever may read it.
    expect(signedReadOpener(null, "p2", false)).toEqual({ by: "session" });
    expect(signedReadOpener(null, null, false)).toEqual({ by: "nobody" });
  });

  it("public files: a profile picture a year everywhere; files of items that can turn private, a minute in shared caches", () => {
    expect(publicMediaCacheControl("user-profile")).toBe("public, max-age=31536000, immutable");
    for (const domain of ["portfolio-work", "commission-form", "commission-service"] as const) {
      expect(publicMediaCacheControl(domain)).toBe("public, max-age=31536000, s-maxage=60, immutable");
    }
  });
});
