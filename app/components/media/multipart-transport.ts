/**
 * The page's network for the multipart upload (multipart-upload.ts): this site's API by fetch, each part's PUT by
 * XMLHttpRequest (fetch reports no upload progress), and the browser's `online` event. Kept apart from the engine so
 * the engine needs no DOM and is tested in Node with a transport of the test's own.
 */
// Types only: the engine (and hash-wasm) loads when a file is sent, not when the page lists what is unfinished.
import type { PutResult, Transport, UploadState, UploadTarget } from "./multipart-upload";

const UPLOADS_PATH = "/api/uploads";
const TAB_ID_KEY = "comet-upload-tab";
let tabId: string | null = null;

/**
 * This browser tab's id, which holds an upload's lease at the door (one tab sends an upload at a time). Kept in the
 * tab's sessionStorage, so a reload is the same tab and takes its upload straight up again, where a fresh id would be
 * refused as "another tab" until the lease lapsed; another tab or window has its own.
 */
export function browserTabId(): string {
  if (tabId) return tabId;
  try {
    tabId = sessionStorage.getItem(TAB_ID_KEY);
    if (!tabId || !/^[A-Za-z0-9_-]{8,64}$/.test(tabId)) {
      tabId = crypto.randomUUID();
      sessionStorage.setItem(TAB_ID_KEY, tabId);
    }
  } catch {
    // Storage refused (a privacy setting): this page load's own id.
    tabId ??= crypto.randomUUID();
  }
  return tabId;
}

export const browserTransport: Transport = {
  async json(method, path, body) {
    try {
      const response = await fetch(path, {
        method,
        headers: body === undefined ? undefined : { "content-type": "application/json" },
        body: body === undefined ? undefined : JSON.stringify(body),
        credentials: "same-origin",
      });
      const text = await response.text();
      let parsed: unknown = null;
      try {
        parsed = text ? JSON.parse(text) : null;
      } catch {
        parsed = null;
      }
      return { status: response.status, body: parsed };
    } catch {
      return { status: 0, body: null };
    }
  },
  put(slot, body, onProgress, signal) {
    return new Promise((resolve) => {
      if (signal.aborted) return resolve({ status: 0, etag: null, aborted: true, body: "" });
      const xhr = new XMLHttpRequest();
      xhr.open(slot.method, slot.url);
      for (const [name, value] of Object.entries(slot.headers)) xhr.setRequestHeader(name, value);
      const abort = () => xhr.abort();
      signal.addEventListener("abort", abort, { once: true });
      const done = (result: PutResult) => {
        signal.removeEventListener("abort", abort);
        resolve(result);
      };
      xhr.upload.onprogress = (event) => onProgress(event.loaded);
      xhr.onload = () =>
        done({ status: xhr.status, etag: xhr.getResponseHeader("ETag"), aborted: false, body: xhr.responseText });
      xhr.onerror = () => done({ status: 0, etag: null, aborted: false, body: "" });
      xhr.ontimeout = xhr.onerror;
      xhr.onabort = () => done({ status: 0, etag: null, aborted: true, body: "" });
      xhr.send(body);
    });
  },
  whenOnline(callback) {
    window.addEventListener("online", callback, { once: true });
    return () => window.removeEventListener("online", callback);
  },
};

/** The caller's unfinished uploads for a target (after a reload, a closed tab), for the page to list. */
export async function listUnfinishedUploads(target: UploadTarget): Promise<UploadState[]> {
  const query = new URLSearchParams({ domain: target.domain, id: target.id, field: target.field });
  const answer = await browserTransport.json("GET", `${UPLOADS_PATH}?${query}`);
  if (answer.status !== 200) return [];
  return ((answer.body as { uploads?: UploadState[] } | null)?.uploads ?? []).filter((upload) => upload?.id);
}

/** Aborts an unfinished upload the page only lists (no engine of its own). */
export async function abortUnfinishedUpload(id: string): Promise<boolean> {
  const answer = await browserTransport.json("DELETE", `${UPLOADS_PATH}/${encodeURIComponent(id)}`);
  return (answer.status >= 200 && answer.status < 300) || answer.status === 404;
}
