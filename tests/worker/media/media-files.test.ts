import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { call } from "../support/helpers";
import { newMember, newWork, objectExists, pathOf, putTo, signWriteAs } from "../support/media-fixtures";

/**
 * Video and audio files through the Worker (issue 13, decision 033): each new type is recognised by its bytes and
 * stored as what it is, a file of another type renamed .mp4 or .mp3 is refused, each rule keeps its size limit, and
 * a video's poster frame goes under the video's own key.
 */

const ascii = (text: string) => [...text].map((c) => c.charCodeAt(0));
const file = (...parts: (string | number[])[]) => {
  const head = parts.flatMap((p) => (typeof p === "string" ? ascii(p) : p));
  const out = new Uint8Array(256);
  out.set(head);
  return out;
};

/** Real minimal headers, padded to 256 bytes. */
const SAMPLES = {
  mp4: {
    bytes: file([0, 0, 0, 0x20], "ftypisom", [0, 0, 2, 0], "isomiso2avc1mp41", [0, 0, 0, 8], "free"),
    type: "video/mp4",
    ext: "mp4",
  },
  mov: {
    bytes: file([0, 0, 0, 0x14], "ftypqt  ", [0, 0, 2, 0], "qt  ", [0, 0, 0, 8], "wide"),
    type: "video/quicktime",
    ext: "mov",
  },
  webm: {
    bytes: file(
      [0x1a, 0x45, 0xdf, 0xa3, 0x9f, 0x42, 0x86, 0x81, 0x01, 0x42, 0xf7, 0x81, 0x01, 0x42, 0x82, 0x84],
      "webm",
    ),
    type: "video/webm",
    ext: "webm",
  },
  mp3: { bytes: file("ID3", [4, 0, 0, 0, 0, 0, 0], [0xff, 0xfb, 0x90, 0x64]), type: "audio/mpeg", ext: "mp3" },
  m4a: { bytes: file([0, 0, 0, 0x1c], "ftypM4A ", [0, 0, 0, 0], "M4A mp42isom"), type: "audio/mp4", ext: "m4a" },
  aac: { bytes: file([0xff, 0xf1, 0x50, 0x80, 0x02, 0x1f, 0xfc]), type: "audio/aac", ext: "aac" },
  wav: {
    bytes: file("RIFF", [0x24, 0, 0, 0], "WAVEfmt ", [16, 0, 0, 0, 1, 0, 1, 0, 0x44, 0xac, 0, 0]),
    type: "audio/wav",
    ext: "wav",
  },
  ogg: {
    bytes: file("OggS", [0, 2, 0, 0, 0, 0, 0, 0, 0, 0, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 1, 19], "OpusHead", [1, 2]),
    type: "audio/ogg",
    ext: "ogg",
  },
  flac: { bytes: file("fLaC", [0, 0, 0, 0x22]), type: "audio/flac", ext: "flac" },
};
const JPEG = file([0xff, 0xd8, 0xff, 0xe0, 0, 0x10], "JFIF", [0]);
const HTML = new TextEncoder().encode("<!doctype html><title>not a video</title><script>alert(1)</script>");

function uploadForm(domain: string, id: string, field: string, files: File[]) {
  const form = new FormData();
  for (const f of files) form.append("files", f);
  form.set("domainPath", domain);
  form.set("domainIdPath", id);
  form.set("fieldPath", field);
  return form;
}

const upload = (cookie: string, form: FormData) =>
  call("/api/google/storage/upload", { method: "POST", body: form, cookie });
const signWrite = (cookie: string, json: Record<string, unknown>) =>
  call("/api/google/storage/sign/write", { method: "POST", cookie, json });

describe("video and audio files: sniffed and stored as what they are", () => {
  it.each(Object.entries(SAMPLES))(
    "a work takes %s by signed write, stored with its own type",
    async (_name, sample) => {
      const member = await newMember("Mvaf");
      const workId = await newWork(member.profileId);
      const signed = await signWriteAs(
        member.cookie,
        `v1/portfolio-work/${workId}/medias`,
        sample.bytes.length,
        sample.type,
      );
      expect(signed.key.endsWith(`.${sample.ext}`)).toBe(true);
      expect((await putTo(signed.url, sample.bytes, signed.headers)).status).toBe(200);
      const stored = await env.MEDIA.head(signed.key);
      expect(stored?.httpMetadata?.contentType).toBe(sample.type);
    },
  );

  it("the multipart upload names each key after the sniffed bytes, not the file's name", async () => {
    const member = await newMember("Mvaf");
    const workId = await newWork(member.profileId);
    const files = [
      new File([SAMPLES.mp3.bytes], "song.wav", { type: "audio/wav" }),
      new File([SAMPLES.mp4.bytes], "clip.mov", { type: "video/quicktime" }),
    ];
    const response = await upload(member.cookie, uploadForm("portfolio-work", workId, "medias", files));
    expect(response.status).toBe(200);
    const { urls } = await response.json<{ urls: string[] }>();
    expect(urls.map((u) => u.split(".").pop())).toEqual(["mp3", "mp4"]);
  });
});

describe("a file of another type renamed .mp4 or .mp3 is refused", () => {
  it.each([
    ["clip.mp4", "video/mp4"],
    ["song.mp3", "audio/mpeg"],
  ])(
    "multipart: %s with HTML inside gives 'Error: file type is not supported.' and stores nothing",
    async (name, type) => {
      const member = await newMember("Mvaf");
      const workId = await newWork(member.profileId);
      const response = await upload(
        member.cookie,
        uploadForm("portfolio-work", workId, "medias", [new File([HTML], name, { type })]),
      );
      expect(response.status).toBe(400);
      expect(await response.json()).toEqual({
        error: "Error: file type is not supported.",
        code: "media_error_unsupported_type",
      });
      expect((await env.MEDIA.list({ prefix: `v1/portfolio-work/${workId}/` })).objects).toEqual([]);
    },
  );

  it("signed write: declared video/mp4 (or audio/mpeg), bytes of HTML or of another type, is refused and not stored", async () => {
    const member = await newMember("Mvaf");
    const workId = await newWork(member.profileId);
    for (const [declared, bytes] of [
      ["video/mp4", HTML],
      ["audio/mpeg", HTML],
      ["video/mp4", SAMPLES.mp3.bytes],
      ["audio/mpeg", SAMPLES.m4a.bytes],
    ] as const) {
      const signed = await signWriteAs(member.cookie, `v1/portfolio-work/${workId}/medias`, bytes.length, declared);
      const response = await putTo(signed.url, bytes, signed.headers);
      expect(response.status).toBe(400);
      expect(await objectExists(signed.key)).toBe(false);
    }
  });
});

describe("size limits per rule", () => {
  it("a work's video: 20 MB at most (20971520 bytes)", async () => {
    const member = await newMember("Mvaf");
    const workId = await newWork(member.profileId);
    const path = `v1/portfolio-work/${workId}/medias`;
    expect((await signWrite(member.cookie, { path, contentType: "video/mp4", size: 20971520 })).status).toBe(200);
    const over = await signWrite(member.cookie, { path, contentType: "video/mp4", size: 20971521 });
    expect(over.status).toBe(400);
    expect(await over.json()).toEqual({ error: "Error: file size is too large.", code: "media_error_too_large" });
  });

  it("the spec's default elsewhere: 100 MB (104857600 bytes) for a request's answer files", async () => {
    const member = await newMember("Mvaf");
    const path = `v1/commission-request/${member.profileId}/answer_medias`;
    expect((await signWrite(member.cookie, { path, contentType: "video/quicktime", size: 104857600 })).status).toBe(
      200,
    );
    expect((await signWrite(member.cookie, { path, contentType: "audio/flac", size: 104857600 })).status).toBe(200);
    const over = await signWrite(member.cookie, { path, contentType: "video/mp4", size: 104857601 });
    expect(over.status).toBe(400);
    expect(await over.json()).toMatchObject({ code: "media_error_too_large" });
  });

  it("a video of 21 MB sent whole to a work is refused before it is stored", { timeout: 30_000 }, async () => {
    const member = await newMember("Mvaf");
    const workId = await newWork(member.profileId);
    const big = new Uint8Array(20971521);
    big.set(SAMPLES.mp4.bytes);
    const response = await upload(
      member.cookie,
      uploadForm("portfolio-work", workId, "medias", [new File([big], "big.mp4", { type: "video/mp4" })]),
    );
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({ code: "media_error_too_large" });
    expect((await env.MEDIA.list({ prefix: `v1/portfolio-work/${workId}/` })).objects).toEqual([]);
  });
});

describe("a video's poster frame", () => {
  async function storedVideo() {
    const member = await newMember("Mvaf");
    const workId = await newWork(member.profileId);
    const signed = await signWriteAs(
      member.cookie,
      `v1/portfolio-work/${workId}/medias`,
      SAMPLES.mp4.bytes.length,
      "video/mp4",
    );
    expect((await putTo(signed.url, SAMPLES.mp4.bytes, signed.headers)).status).toBe(200);
    return { member, workId, video: signed };
  }

  it("is written under the video's own key with .jpg, and goes when the video is deleted", async () => {
    const { member, workId, video } = await storedVideo();
    const response = await signWrite(member.cookie, {
      path: `v1/portfolio-work/${workId}/medias`,
      contentType: "image/jpeg",
      size: JPEG.length,
      posterOf: video.storedUrl,
    });
    expect(response.status).toBe(200);
    const poster = await response.json<{ url: string; key: string; headers: Record<string, string> }>();
    expect(poster.key).toBe(video.key.replace(/\.mp4$/, ".jpg"));
    expect((await putTo(poster.url, JPEG, poster.headers)).status).toBe(200);
    expect(await objectExists(poster.key)).toBe(true);
    const deleted = await call("/api/google/storage/delete", {
      method: "POST",
      cookie: member.cookie,
      json: { path: video.storedUrl },
    });
    expect(deleted.status).toBe(200);
    expect(await objectExists(video.key)).toBe(false);
    expect(await objectExists(poster.key)).toBe(false);
  });

  it("is refused when it is not a JPEG, names another folder, or names something that is not a video", async () => {
    const { member, workId, video } = await storedVideo();
    const path = `v1/portfolio-work/${workId}/medias`;
    expect(
      (await signWrite(member.cookie, { path, contentType: "image/png", size: 100, posterOf: video.storedUrl })).status,
    ).toBe(400);
    const otherWork = await newWork(member.profileId);
    expect(
      (
        await signWrite(member.cookie, {
          path: `v1/portfolio-work/${otherWork}/medias`,
          contentType: "image/jpeg",
          size: 100,
          posterOf: video.storedUrl,
        })
      ).status,
    ).toBe(400);
    const audio = video.storedUrl.replace(/\.mp4$/, ".mp3");
    expect(
      (await signWrite(member.cookie, { path, contentType: "image/jpeg", size: 100, posterOf: audio })).status,
    ).toBe(400);
  });

  it("cannot be written under someone else's work", async () => {
    const { workId, video } = await storedVideo();
    const stranger = await newMember("Mvaf");
    const response = await signWrite(stranger.cookie, {
      path: `v1/portfolio-work/${workId}/medias`,
      contentType: "image/jpeg",
      size: JPEG.length,
      posterOf: video.storedUrl,
    });
    expect(response.status).toBe(403);
  });
});

describe("a video is served by ranges, so players can seek", () => {
  it("answers a Range with 206 and its Content-Range, at /media/ and at a signed read URL; no Range is the whole file", async () => {
    const member = await newMember("Mvaf");
    const workId = await newWork(member.profileId);
    const signed = await signWriteAs(
      member.cookie,
      `v1/portfolio-work/${workId}/medias`,
      SAMPLES.mp4.bytes.length,
      "video/mp4",
    );
    expect((await putTo(signed.url, SAMPLES.mp4.bytes, signed.headers)).status).toBe(200);
    for (const path of [`/media/${signed.key}`, pathOf(signed.readUrl)]) {
      const whole = await call(path);
      expect(whole.status).toBe(200);
      expect(whole.headers.get("accept-ranges")).toBe("bytes");
      expect((await whole.arrayBuffer()).byteLength).toBe(256);
      const first = await call(path, { headers: { range: "bytes=0-15" } });
      expect(first.status).toBe(206);
      expect(first.headers.get("content-range")).toBe("bytes 0-15/256");
      expect(first.headers.get("content-type")).toBe("video/mp4");
      expect(new Uint8Array(await first.arrayBuffer())).toEqual(SAMPLES.mp4.bytes.slice(0, 16));
      const last = await call(path, { headers: { range: "bytes=-16" } });
      expect(last.status).toBe(206);
      expect(last.headers.get("content-range")).toBe("bytes 240-255/256");
      expect((await last.arrayBuffer()).byteLength).toBe(16);
    }
  });
});
