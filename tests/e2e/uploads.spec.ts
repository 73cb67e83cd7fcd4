import type { CDPSession, Page } from "@playwright/test";
import { expect, expectAccessible, test } from "./fixtures";
import { newCreator } from "./order-steps";
import { pngBytes } from "./png";

// Issue 13, "Video and audio files" and "Upload progress" (decision 033): a new creator uploads an MP4 and an MP3 to a
// work, watches a slowed upload's progress bar and cancels it halfway (nothing is added), tries the same file again
// and saves; the work's video plays, its card shows the poster frame (or the placeholder). The avatar's upload shows
// the same bar and Cancel.

/** A real MP4 recorded by the browser itself (a canvas through MediaRecorder), so the test carries no binary. */
async function recordMp4(page: Page): Promise<Buffer> {
  const bytes = await page.evaluate(async () => {
    const type = ["video/mp4;codecs=avc1", "video/mp4;codecs=vp9", "video/mp4"].find((t) =>
      MediaRecorder.isTypeSupported(t),
    );
    if (!type) return null;
    const canvas = document.createElement("canvas");
    canvas.width = 160;
    canvas.height = 90;
    const context = canvas.getContext("2d")!;
    const recorder = new MediaRecorder(canvas.captureStream(25), { mimeType: type });
    const chunks: Blob[] = [];
    recorder.ondataavailable = (event) => chunks.push(event.data);
    const stopped = new Promise((resolve) => (recorder.onstop = resolve));
    let frame = 0;
    const paint = () => {
      context.fillStyle = `hsl(${(frame++ * 15) % 360} 80% 50%)`;
      context.fillRect(0, 0, 160, 90);
    };
    paint();
    recorder.start();
    const timer = setInterval(paint, 40);
    await new Promise((resolve) => setTimeout(resolve, 1500));
    recorder.stop();
    clearInterval(timer);
    await stopped;
    return [...new Uint8Array(await new Blob(chunks).arrayBuffer())];
  });
  expect(bytes, "this Chromium records MP4").not.toBeNull();
  return Buffer.from(bytes!);
}

/** About a second of silent MPEG-1 Layer III (128 kbit/s, 44.1 kHz): 40 frames of 417 bytes with empty side info. */
function silentMp3(): Buffer {
  const frame = Buffer.alloc(417);
  frame.set([0xff, 0xfb, 0x90, 0x64]);
  return Buffer.concat([
    Buffer.from("ID3\x04\x00\x00\x00\x00\x00\x00", "latin1"),
    ...Array.from({ length: 40 }, () => frame),
  ]);
}

/** An MP4 made larger by a trailing `free` box (which players skip), so a slowed upload takes a while. */
function padded(mp4: Buffer, size: number): Buffer {
  const box = Buffer.alloc(size);
  box.writeUInt32BE(size, 0);
  box.write("free", 4, "ascii");
  return Buffer.concat([mp4, box]);
}

/** Slows uploads (bytes per second) through DevTools' network conditions; -1 lifts the limit. */
async function throttleUploads(cdp: CDPSession, bytesPerSecond: number) {
  await cdp.send("Network.emulateNetworkConditions", {
    offline: false,
    latency: 0,
    downloadThroughput: -1,
    uploadThroughput: bytesPerSecond,
  });
}

const items = (page: Page) => page.getByRole("group", { name: "Media", exact: true }).getByRole("listitem");

test("a creator uploads an MP4 and an MP3 to a work, cancels a slow upload halfway, retries it and saves; the video plays", async ({
  page,
}) => {
  test.setTimeout(240_000);
  const creator = await newCreator(page);
  const workTitle = `Moving pictures ${creator.handle.slice(3)}`;
  const mp4 = await recordMp4(page);
  const mp3 = silentMp3();
  const slow = padded(mp4, 1_500_000);
  const cdp = await page.context().newCDPSession(page);
  await cdp.send("Network.enable");

  await test.step("a work saved first, so files have a folder", async () => {
    await page.goto("/dashboard/portfolio/creator/new");
    await page.getByLabel("Title", { exact: true }).fill(workTitle);
    await page.getByLabel("Description", { exact: true }).fill("A short animation and its sound.");
    await page.getByRole("button", { name: "Save", exact: true }).click();
    await expect(page).toHaveURL(/\/dashboard\/portfolio\/creator$/);
    await page.getByRole("link", { name: `Edit ${workTitle}` }).click();
    await expect(page).toHaveURL(/\/dashboard\/portfolio\/creator\/[^/]+\/edit$/);
    await page.waitForLoadState("networkidle");
  });

  const dialog = page.getByRole("dialog", { name: "Add media" });
  const fileInput = dialog.locator('input[type="file"]').and(dialog.getByLabel("File", { exact: true }));

  await test.step("an MP4 and an MP3 upload together and are listed as Video and Audio", async () => {
    await page.getByRole("button", { name: "Add media" }).click();
    await expect(dialog.getByText("Max 20MB each. JPG, PNG, GIF, or URLs", { exact: true })).toBeVisible();
    await expect(dialog.getByText(/Video \(MP4, MOV, WebM\) and audio/)).toBeVisible();
    await fileInput.setInputFiles([
      { name: "clip.mp4", mimeType: "video/mp4", buffer: mp4 },
      { name: "sound.mp3", mimeType: "audio/mpeg", buffer: mp3 },
    ]);
    await expect(dialog).toBeHidden({ timeout: 30_000 });
    await expect(items(page)).toHaveCount(2);
    await expect(items(page).nth(0)).toContainText("1. Video");
    await expect(items(page).nth(1)).toContainText("2. Audio");
    // Each file by the name it had, not "Uploaded file".
    await expect(items(page).nth(0)).toContainText("clip.mp4");
    await expect(items(page).nth(1)).toContainText("sound.mp3");
  });

  await test.step("a slowed upload shows its bar mid-way; Cancel leaves nothing added and the title as typed", async () => {
    await page.getByLabel("Title", { exact: true }).fill(`${workTitle} (final)`);
    await page.getByRole("button", { name: "Add media" }).click();
    await throttleUploads(cdp, 60_000);
    await fileInput.setInputFiles({ name: "long-take.mp4", mimeType: "video/mp4", buffer: slow });
    const bar = dialog.getByRole("progressbar", { name: "long-take.mp4" });
    await expect(bar).toBeVisible();
    await expect(bar).toHaveAttribute("aria-valuemin", "0");
    await expect(bar).toHaveAttribute("aria-valuemax", "100");
    // Halfway: some of it sent, not all.
    await expect
      .poll(async () => Number(await bar.getAttribute("aria-valuenow")), { timeout: 30_000 })
      .toBeGreaterThanOrEqual(10);
    expect(Number(await bar.getAttribute("aria-valuenow"))).toBeLessThan(100);
    await expect(dialog.getByText(/^\d+%$/)).toBeVisible();
    await expectAccessible(page);
    // Closing the dialog would end the upload: it asks first, and "no" keeps it open and uploading.
    let asked = "";
    page.once("dialog", (confirm) => {
      asked = confirm.message();
      void confirm.dismiss();
    });
    await page.keyboard.press("Escape");
    await expect.poll(() => asked).toBe("A file is still uploading. Close and cancel the upload?");
    await expect(dialog).toBeVisible();
    await expect(bar).toBeVisible();
    await dialog.getByRole("button", { name: "Cancel the upload of long-take.mp4" }).click();
    await expect(bar).toBeHidden();
    await expect(
      dialog.getByRole("status").filter({ hasText: "The upload of long-take.mp4 was cancelled." }),
    ).toBeAttached();
    await throttleUploads(cdp, -1);
    await page.keyboard.press("Escape");
    await expect(dialog).toBeHidden();
    await expect(items(page)).toHaveCount(2);
    await expect(page.getByLabel("Title", { exact: true })).toHaveValue(`${workTitle} (final)`);
  });

  await test.step("the same file again uploads; the work is saved with three media", async () => {
    await page.getByRole("button", { name: "Add media" }).click();
    await fileInput.setInputFiles({ name: "long-take.mp4", mimeType: "video/mp4", buffer: slow });
    await expect(dialog).toBeHidden({ timeout: 30_000 });
    await expect(items(page)).toHaveCount(3);
    await page.getByRole("button", { name: "Save", exact: true }).click();
    await expect(page).toHaveURL(/\/dashboard\/portfolio\/creator$/);
    await expect(page.getByText("3 media", { exact: false })).toBeVisible();
    // The names are stored with the files.
    await page.getByRole("link", { name: `Edit ${workTitle} (final)` }).click();
    await expect(items(page)).toHaveCount(3);
    await expect(items(page).nth(2)).toContainText("long-take.mp4");
    await expect(items(page).nth(0)).toContainText("clip.mp4");
  });

  await test.step("the public card shows the poster frame or the placeholder, and the video plays", async () => {
    await page.goto(`/${creator.handle}`);
    await page.waitForLoadState("networkidle");
    const card = page.getByRole("article").filter({ hasText: `${workTitle} (final)` });
    await expect(card.getByText("Video", { exact: true })).toBeVisible();
    // This browser recorded the video, so it decodes it: the card shows the poster frame taken after the upload, a
    // 160×90 JPEG served like the work's other files (a browser that cannot decode it shows the label alone).
    const poster = card.locator("img");
    await expect(poster).toHaveAttribute("src", /\/media\/v1\/portfolio-work\/[^/]+\/medias\/[0-9a-f-]{36}\.jpg$/);
    await expect
      .poll(() =>
        poster.evaluate((img) => [(img as HTMLImageElement).naturalWidth, (img as HTMLImageElement).naturalHeight]),
      )
      .toEqual([160, 90]);
    await card.getByRole("button").first().click();
    // The preview steps through every media of the work, and counts them all.
    await expect(page.getByRole("dialog", { name: "Preview 1 of 3" })).toBeVisible();
    const video = page.getByRole("dialog").locator("video");
    await expect(video).toHaveAttribute("src", /\/(media|api\/google\/storage\/object)\/v1\/portfolio-work\/.+\.mp4/);
    await expect
      .poll(
        () =>
          video.evaluate((v) => ({
            ready: (v as HTMLVideoElement).readyState >= 1,
            error: (v as HTMLVideoElement).error?.code ?? null,
          })),
        { timeout: 15_000 },
      )
      .toEqual({ ready: true, error: null });
    await page.keyboard.press("Escape");
  });

  await test.step("on the work's page, the sound's thumbnail is drawn as a sound, not a picture", async () => {
    await page.getByRole("link", { name: `${workTitle} (final)` }).click();
    await expect(page).toHaveURL(/\/works\//);
    const thumbnail = page.getByRole("button", { name: "Show media 2 (Audio)" });
    await expect(thumbnail.locator("[data-drawing]")).toHaveAttribute("data-drawing", "audio");
  });
});

test("the avatar's upload shows the same bar and Cancel, and a cancelled picture changes nothing", async ({ page }) => {
  test.setTimeout(120_000);
  await newCreator(page);
  const cdp = await page.context().newCDPSession(page);
  await cdp.send("Network.enable");
  await page.goto("/dashboard/setting/profile");
  await page.waitForLoadState("networkidle");
  // A PNG with bytes after its end (decoders stop at IEND), large enough to be slow.
  const picture = Buffer.concat([pngBytes(8, 8), Buffer.alloc(1_200_000)]);
  await throttleUploads(cdp, 60_000);
  await page
    .getByLabel("Upload a profile picture")
    .setInputFiles({ name: "me.png", mimeType: "image/png", buffer: picture });
  const bar = page.getByRole("progressbar", { name: "me.png" });
  await expect(bar).toBeVisible();
  await page.getByRole("button", { name: "Cancel the upload of me.png" }).click();
  await expect(bar).toBeHidden();
  await throttleUploads(cdp, -1);
  await page.reload();
  await page.waitForLoadState("networkidle");
  await expect(page.getByRole("img", { name: "Your profile picture", exact: true })).toHaveCount(0);
});
