import { env } from "cloudflare:test";
import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { embedFor } from "#app/components/media/players/embed-urls";
import { createDb } from "#worker/db/client";
import { media, mediaAttachments } from "#worker/db/schema";
import { translateAuthoringErrors } from "#worker/messages/authoring";
import { buildMediaEntry } from "#worker/media/domain/media-entries";
import { parseWorkDraft, type WorkDraft } from "#worker/domain/portfolio";
import { createAccount } from "#worker/services/accounts";
import { deleteWork, getWorkForEdit, listWorks, saveWork } from "#worker/services/portfolio";
import { workDraft } from "../support/draft-fixtures";

const db = () => createDb(env.DB);
let serial = 0;
async function newUser() {
  const handle = `Pmed${Date.now() % 100000}${serial++}`;
  return createAccount(db(), { email: `${handle.toLowerCase()}@example.com`, handle, languageCode: "en" });
}

const PNG = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0x0d, 0x49, 0x48, 0x44, 0x52]);

const draft = (patch: Partial<WorkDraft> = {}): WorkDraft =>
  workDraft({ title: "Media work", description: "A work with files.", ...patch });

function parsed(d: WorkDraft) {
  const result = parseWorkDraft(d);
  if (!result.ok) throw new Error(JSON.stringify(result.errors));
  return result.data;
}

/** A work saved first (no media), then a file stored under its folder the way /upload stores it. */
async function workWithFile(accountId: string) {
  const created = await saveWork(db(), accountId, null, parsed(draft()), "en", env.MEDIA);
  if (!created.ok) throw new Error("not saved");
  const key = `v1/portfolio-work/${created.workId}/medias/${crypto.randomUUID()}.png`;
  await env.MEDIA.put(key, PNG, { httpMetadata: { contentType: "image/png" } });
  return { workId: created.workId, key, url: `/media/${key}` };
}

async function attachmentsOf(workId: string) {
  return db()
    .select({
      mediaId: mediaAttachments.mediaId,
      position: mediaAttachments.position,
      formatType: media.formatType,
      fileUrl: media.fileUrl,
      linkUrl: media.linkUrl,
      embedCode: media.embedCode,
    })
    .from(mediaAttachments)
    .innerJoin(media, eq(media.id, mediaAttachments.mediaId))
    .where(and(eq(mediaAttachments.ownerId, workId), eq(mediaAttachments.field, "medias")))
    .orderBy(mediaAttachments.position);
}

const EMBED =
  '<iframe width="560" height="315" src="https://www.youtube.com/embed/dQw4w9WgXcQ" title="YouTube video player"></iframe>';

describe("portfolio work media", () => {
  it("stores FILE, LINK and EMBED entries with their attachments in order", async () => {
    const accountId = await newUser();
    const { workId, url } = await workWithFile(accountId);
    const medias = [
      { url: "https://soundcloud.com/artist/track" },
      // The name the file had on the uploader's machine (decision 060): kept for the editor's list.
      { url, formatType: "FILE" as const, name: "  harbour sketch.png " },
      { url: "https://www.youtube.com/embed/dQw4w9WgXcQ", formatType: "EMBED" as const, code: EMBED },
    ];
    const saved = await saveWork(db(), accountId, workId, parsed(draft({ medias })), "en", env.MEDIA);
    expect(saved).toMatchObject({ ok: true, workId });
    const rows = await attachmentsOf(workId);
    expect(rows.map((r) => [r.position, r.formatType])).toEqual([
      [0, "LINK"],
      [1, "FILE"],
      [2, "EMBED"],
    ]);
    expect(rows[1].fileUrl).toBe(url);
    expect(rows[2].embedCode).toBe(EMBED);
    const file = await db().select().from(media).where(eq(media.id, rows[1].mediaId)).get();
    expect(file).toMatchObject({
      mediaType: "IMAGE",
      fileSize: PNG.byteLength,
      fileType: "image/png",
      thumbnailUrl: url,
      ownerUserAccountId: accountId,
    });
    // The editor gets them back in order, and the list carries them for the lightbox.
    const edit = await getWorkForEdit(db(), accountId, workId, "en");
    expect(edit?.id).toBe(workId);
    expect(edit?.medias.map((m) => m.formatType)).toEqual(["LINK", "FILE", "EMBED"]);
    expect(edit?.medias.map((m) => m.name)).toEqual([null, "harbour sketch.png", null]);
    const [listed] = await listWorks(db(), accountId, "en");
    expect(listed.medias.map((m) => [m.formatType, m.site])).toEqual([
      ["LINK", "soundcloud"],
      ["FILE", null],
      ["EMBED", "youtube"],
    ]);
  });

  it("removing a FILE deletes its attachment, its row and its R2 object", async () => {
    const accountId = await newUser();
    const { workId, key, url } = await workWithFile(accountId);
    await saveWork(
      db(),
      accountId,
      workId,
      parsed(draft({ medias: [{ url, formatType: "FILE" }, { url: "https://example.com/a.png" }] })),
      "en",
      env.MEDIA,
    );
    const before = await attachmentsOf(workId);
    expect(before).toHaveLength(2);
    const link = (await getWorkForEdit(db(), accountId, workId, "en"))!.medias[1];
    const saved = await saveWork(db(), accountId, workId, parsed(draft({ medias: [link] })), "en", env.MEDIA);
    expect(saved.ok).toBe(true);
    const after = await attachmentsOf(workId);
    expect(after.map((r) => r.formatType)).toEqual(["LINK"]);
    expect(await db().select().from(media).where(eq(media.id, before[0].mediaId))).toEqual([]);
    expect(await env.MEDIA.head(key)).toBeNull();
  });

  it("deleting a work deletes its stored files", async () => {
    const accountId = await newUser();
    const { workId, key, url } = await workWithFile(accountId);
    await saveWork(db(), accountId, workId, parsed(draft({ medias: [{ url, formatType: "FILE" }] })), "en", env.MEDIA);
    expect(await deleteWork(db(), accountId, workId, env.MEDIA)).toEqual({ ok: true });
    expect(await env.MEDIA.head(key)).toBeNull();
    expect(await db().select().from(media).where(eq(media.ownerUserAccountId, accountId))).toEqual([]);
  });

  it("dropping a video from a work, or deleting the work, deletes the video's poster frame with it", async () => {
    const accountId = await newUser();
    const created = await saveWork(db(), accountId, null, parsed(draft()), "en", env.MEDIA);
    if (!created.ok) throw new Error("not saved");
    const videoKey = (name: string) => `v1/portfolio-work/${created.workId}/medias/${name}.mp4`;
    const MP4 = new Uint8Array([0, 0, 0, 0x20, 0x66, 0x74, 0x79, 0x70, 0x69, 0x73, 0x6f, 0x6d, 0, 0, 2, 0]);
    const stored = async (name: string) => {
      await env.MEDIA.put(videoKey(name), MP4, { httpMetadata: { contentType: "video/mp4" } });
      await env.MEDIA.put(videoKey(name).replace(/\.mp4$/, ".jpg"), PNG, {
        httpMetadata: { contentType: "image/jpeg" },
      });
      return `/media/${videoKey(name)}`;
    };
    const [dropped, deleted] = [crypto.randomUUID(), crypto.randomUUID()];
    const medias = [
      { url: await stored(dropped), formatType: "FILE" as const },
      { url: await stored(deleted), formatType: "FILE" as const },
    ];
    expect((await saveWork(db(), accountId, created.workId, parsed(draft({ medias })), "en", env.MEDIA)).ok).toBe(true);

    const kept = (await getWorkForEdit(db(), accountId, created.workId, "en"))!.medias.slice(1);
    expect((await saveWork(db(), accountId, created.workId, parsed(draft({ medias: kept })), "en", env.MEDIA)).ok).toBe(
      true,
    );
    expect(await env.MEDIA.head(videoKey(dropped))).toBeNull();
    expect(await env.MEDIA.head(videoKey(dropped).replace(/\.mp4$/, ".jpg"))).toBeNull();
    expect(await env.MEDIA.head(videoKey(deleted).replace(/\.mp4$/, ".jpg"))).not.toBeNull();

    expect(await deleteWork(db(), accountId, created.workId, env.MEDIA)).toEqual({ ok: true });
    expect(await env.MEDIA.head(videoKey(deleted))).toBeNull();
    expect(await env.MEDIA.head(videoKey(deleted).replace(/\.mp4$/, ".jpg"))).toBeNull();
  });

  it("refuses a media URL under someone else's work, and leaves their file alone", async () => {
    const owner = await newUser();
    const thief = await newUser();
    const theirs = await workWithFile(owner);
    const mine = await saveWork(db(), thief, null, parsed(draft()), "en", env.MEDIA);
    if (!mine.ok) throw new Error("not saved");
    for (const entry of [
      { url: theirs.url, formatType: "FILE" as const },
      { url: `https://comet.example${theirs.url}` },
    ]) {
      const result = await saveWork(db(), thief, mine.workId, parsed(draft({ medias: [entry] })), "en", env.MEDIA);
      expect(result).toEqual({ ok: false, reason: "invalid", errors: { "medias.0": "authoring_media_forbidden" } });
    }
    // A new work has no folder yet, so it takes no files at all.
    const fresh = await saveWork(
      db(),
      thief,
      null,
      parsed(draft({ medias: [{ url: theirs.url, formatType: "FILE" }] })),
      "en",
      env.MEDIA,
    );
    expect(fresh).toEqual({ ok: false, reason: "invalid", errors: { "medias.0": "authoring_media_forbidden" } });
    expect(await attachmentsOf(mine.workId)).toEqual([]);
    expect(await env.MEDIA.head(theirs.key)).not.toBeNull();
  });

  it("refuses a FILE that was never uploaded", async () => {
    const accountId = await newUser();
    const { workId } = await workWithFile(accountId);
    const missing = `/media/v1/portfolio-work/${workId}/medias/${crypto.randomUUID()}.png`;
    const result = await saveWork(
      db(),
      accountId,
      workId,
      parsed(draft({ medias: [{ url: missing, formatType: "FILE" }] })),
      "en",
      env.MEDIA,
    );
    expect(result).toEqual({ ok: false, reason: "invalid", errors: { "medias.0": "authoring_invalid" } });
  });

  it("refuses 11 media with 'Limit exceeded'", () => {
    const eleven = Array.from({ length: 11 }, (_, i) => ({ url: `https://example.com/${i}.png` }));
    const result = parseWorkDraft(draft({ medias: eleven }));
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(translateAuthoringErrors(result.errors, "en")).toEqual({ medias: "Limit exceeded" });
    expect(parseWorkDraft(draft({ medias: eleven.slice(0, 10) })).ok).toBe(true);
  });
});

describe("player embeds", () => {
  const entry = (url: string) => buildMediaEntry({ formatType: "LINK", url })!;

  it("builds each site's player address, never the pasted HTML", () => {
    expect(embedFor(entry("https://youtu.be/dQw4w9WgXcQ"))?.src).toBe(
      "https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ?autoplay=1",
    );
    expect(embedFor(entry("https://soundcloud.com/a/b"))?.src).toContain(
      "https://w.soundcloud.com/player/?url=https%3A%2F%2Fsoundcloud.com%2Fa%2Fb",
    );
    expect(embedFor(entry("https://www.nicovideo.jp/watch/sm9"))?.src).toBe(
      "https://embed.nicovideo.jp/watch/sm9?autoplay=1",
    );
    expect(embedFor(entry("https://www.tiktok.com/@a/video/7012345678901234567"))?.src).toBe(
      "https://www.tiktok.com/embed/v2/7012345678901234567",
    );
    expect(embedFor(entry("https://www.mixcloud.com/someone/mix/"))?.src).toContain("feed=%2Fsomeone%2Fmix%2F");
    expect(embedFor(entry("https://x.com/a/status/20"))?.src).toBe(
      "https://platform.twitter.com/embed/Tweet.html?id=20",
    );
    // Bandcamp links carry no player id; only its own embed code does.
    expect(embedFor(entry("https://artist.bandcamp.com/album/x"))).toBeNull();
    const code = '<iframe style="border: 0" src="https://bandcamp.com/EmbeddedPlayer/album=123/size=large/"></iframe>';
    expect(embedFor(buildMediaEntry({ formatType: "EMBED", code })!)?.src).toBe(
      "https://bandcamp.com/EmbeddedPlayer/album=123/size=large/",
    );
    const evil = '<iframe src="https://bandcamp.com.evil.example/EmbeddedPlayer/x"></iframe><script>alert(1)</script>';
    expect(embedFor(buildMediaEntry({ formatType: "EMBED", code: evil })!)).toBeNull();
    for (const url of ["https://youtu.be/dQw4w9WgXcQ", "https://soundcloud.com/a/b", "https://x.com/a/status/20"]) {
      const spec = embedFor(entry(url))!;
      expect(spec.sandbox).not.toContain("allow-top-navigation");
      expect(spec.title.length).toBeGreaterThan(0);
    }
  });
});

describe("attaching presigned uploads: the bytes are sniffed again", () => {
  const HTML = new TextEncoder().encode("<!doctype html><html><body><script>alert(1)</script></body></html>");

  it("refuses a .png object holding HTML: message, object deleted, nothing saved; a real PNG is accepted", async () => {
    const accountId = await newUser();
    const created = await saveWork(db(), accountId, null, parsed(draft()), "en", env.MEDIA);
    if (!created.ok) throw new Error("not saved");
    const workId = created.workId;
    // What a presigned PUT leaves behind: the key named after the declared type, the bytes never seen by the Worker.
    const badKey = `v1/portfolio-work/${workId}/medias/${crypto.randomUUID()}.png`;
    await env.MEDIA.put(badKey, HTML, { httpMetadata: { contentType: "image/png" } });
    const refused = await saveWork(
      db(),
      accountId,
      workId,
      parsed(draft({ medias: [{ url: `/media/${badKey}`, formatType: "FILE" }] })),
      "en",
      env.MEDIA,
    );
    expect(refused).toEqual({ ok: false, reason: "invalid", errors: { "medias.0": "media_error_unsupported_type" } });
    expect(
      translateAuthoringErrors(refused.ok ? {} : (refused as { errors: Record<string, string> }).errors, "en")[
        "medias.0"
      ],
    ).toBe("Error: file type is not supported.");
    expect(await env.MEDIA.head(badKey)).toBeNull();
    expect(await attachmentsOf(workId)).toEqual([]);

    const goodKey = `v1/portfolio-work/${workId}/medias/${crypto.randomUUID()}.png`;
    await env.MEDIA.put(goodKey, PNG, { httpMetadata: { contentType: "image/png" } });
    const saved = await saveWork(
      db(),
      accountId,
      workId,
      parsed(draft({ medias: [{ url: `/media/${goodKey}`, formatType: "FILE" }] })),
      "en",
      env.MEDIA,
    );
    expect(saved).toMatchObject({ ok: true, workId });
    const rows = await attachmentsOf(workId);
    expect(rows.map((r) => r.fileUrl)).toEqual([`/media/${goodKey}`]);
    expect(await env.MEDIA.head(goodKey)).not.toBeNull();
  });

  it("refuses a GIF stored under a .png key, and a file over the field's size", async () => {
    const { checkAttachment } = await import("#worker/media/services/storage");
    const { parseMediaKey } = await import("#worker/media/domain/media-keys");
    const anywhere = () => true;
    const inspectUploadedObject = (bucket: R2Bucket, key: string) =>
      checkAttachment(bucket, parseMediaKey(key)!, anywhere);
    const gifKey = `v1/portfolio-work/w1/medias/${crypto.randomUUID()}.png`;
    await env.MEDIA.put(gifKey, new TextEncoder().encode("GIF89a\x01\x00\x01\x00"));
    expect(await inspectUploadedObject(env.MEDIA, gifKey)).toEqual({
      ok: false,
      error: "media_error_unsupported_type",
    });
    expect(await env.MEDIA.head(gifKey)).toBeNull();
    const bigKey = `v1/portfolio-work/w1/medias/${crypto.randomUUID()}.png`;
    const big = new Uint8Array(20971521);
    big.set(PNG);
    await env.MEDIA.put(bigKey, big);
    expect(await inspectUploadedObject(env.MEDIA, bigKey)).toEqual({ ok: false, error: "media_error_too_large" });
    expect(await env.MEDIA.head(bigKey)).toBeNull();
    expect(await inspectUploadedObject(env.MEDIA, `v1/portfolio-work/w1/medias/${crypto.randomUUID()}.png`)).toEqual({
      ok: false,
      error: "not_found",
    });
  });

  it("sets an avatar from a presigned upload only after re-sniffing it", async () => {
    const { attachProfilePicture } = await import("#worker/services/profile");
    const { userProfiles } = await import("#worker/db/schema");
    const accountId = await newUser();
    const profile = (await db()
      .select({ id: userProfiles.id })
      .from(userProfiles)
      .where(eq(userProfiles.accountId, accountId))
      .get())!;
    const badKey = `v1/user-profile/${profile.id}/avatar/${crypto.randomUUID()}.png`;
    await env.MEDIA.put(badKey, HTML);
    expect(await attachProfilePicture(db(), env.MEDIA, accountId, "avatar", `/media/${badKey}`)).toEqual({
      ok: false,
      error: "media_error_unsupported_type",
    });
    expect(await env.MEDIA.head(badKey)).toBeNull();
    expect(
      (
        await db()
          .select({ url: userProfiles.avatarUrl })
          .from(userProfiles)
          .where(eq(userProfiles.id, profile.id))
          .get()
      )?.url,
    ).toBeNull();
    // Someone else's folder: refused and left alone.
    const other = await newUser();
    expect(await attachProfilePicture(db(), env.MEDIA, other, "avatar", `/media/${badKey}`)).toEqual({
      ok: false,
      error: "forbidden",
    });
    const goodKey = `v1/user-profile/${profile.id}/avatar/${crypto.randomUUID()}.png`;
    await env.MEDIA.put(goodKey, PNG);
    expect(await attachProfilePicture(db(), env.MEDIA, accountId, "avatar", `/media/${goodKey}`)).toEqual({
      ok: true,
      url: `/media/${goodKey}`,
    });
    expect(
      (
        await db()
          .select({ url: userProfiles.avatarUrl })
          .from(userProfiles)
          .where(eq(userProfiles.id, profile.id))
          .get()
      )?.url,
    ).toBe(`/media/${goodKey}`);
  });
});
