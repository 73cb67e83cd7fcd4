/**
 * A video's poster frame, taken in the browser from the file the user picked (decision 033): a <video> on a blob:
 * URL (same origin, so the canvas is never tainted), seeked to 1 s or 10 % in, whichever is earlier, and drawn to a
 * canvas at most POSTER_WIDTH wide as a JPEG. Null when the browser cannot decode it (codec), it has no picture
 * (audio in an MP4) or it takes too long: the card then shows its placeholder, never a broken image.
 */

const POSTER_WIDTH = 640;
const POSTER_TIMEOUT_MS = 8000;
const POSTER_QUALITY = 0.82;

export function posterFrame(file: Blob, timeoutMs = POSTER_TIMEOUT_MS): Promise<Blob | null> {
  if (typeof document === "undefined") return Promise.resolve(null);
  return new Promise((resolve) => {
    const url = URL.createObjectURL(file);
    const video = document.createElement("video");
    let settled = false;
    const finish = (blob: Blob | null) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      video.removeAttribute("src");
      video.load();
      URL.revokeObjectURL(url);
      resolve(blob);
    };
    const timer = setTimeout(() => finish(null), timeoutMs);
    video.muted = true;
    video.playsInline = true;
    video.preload = "auto";
    video.onerror = () => finish(null);
    video.onloadedmetadata = () => {
      if (!video.videoWidth || !video.videoHeight) return finish(null);
      // A recording without a stated duration (a fragmented MP4) is seeked just past its start.
      const duration = Number.isFinite(video.duration) && video.duration > 0 ? video.duration : 1;
      video.currentTime = Math.min(1, duration * 0.1);
    };
    video.onseeked = () => {
      const scale = Math.min(1, POSTER_WIDTH / video.videoWidth);
      const canvas = document.createElement("canvas");
      canvas.width = Math.max(1, Math.round(video.videoWidth * scale));
      canvas.height = Math.max(1, Math.round(video.videoHeight * scale));
      const context = canvas.getContext("2d");
      if (!context) return finish(null);
      try {
        context.drawImage(video, 0, 0, canvas.width, canvas.height);
        canvas.toBlob((blob) => finish(blob), "image/jpeg", POSTER_QUALITY);
      } catch {
        finish(null);
      }
    };
    video.src = url;
  });
}
