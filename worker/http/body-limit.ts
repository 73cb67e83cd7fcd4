/**
 * Request bodies read with a byte counter: reading stops as soon as more than the limit has arrived, whatever
 * Content-Length said or whether it was sent at all (chunked bodies). The rest is the app's to drain (`drainUnreadBody`,
 * at most its own limit more) before the refusal goes.
 */

/** The body passed through a counter that errors past `limit` bytes; `exceeded()` tells a limit error from a bad body. */
function limitBody(
  body: ReadableStream<Uint8Array> | null,
  limit: number,
): { stream: ReadableStream<Uint8Array>; exceeded: () => boolean } {
  let total = 0;
  let over = false;
  const reader = body?.getReader();
  const stream = new ReadableStream<Uint8Array>(
    {
      async pull(controller) {
        if (!reader) return controller.close();
        const { done, value } = await reader.read();
        if (done) return controller.close();
        total += value.byteLength;
        if (total > limit) {
          over = true;
          // Let go rather than cancel: the app drains a little more of it before answering (drainUnreadBody).
          reader.releaseLock();
          return controller.error(new Error(`request body over ${limit} bytes`));
        }
        controller.enqueue(value);
      },
      cancel(reason) {
        return reader?.cancel(reason);
      },
    },
    // Pull one chunk at a time, only when the consumer asks: nothing is read ahead of the parser.
    { highWaterMark: 0 },
  );
  return { stream, exceeded: () => over };
}

/** The whole body when it is at most `limit` bytes; null as soon as it passes the limit (the rest is not read). */
export async function readBodyUpTo(body: ReadableStream<Uint8Array> | null, limit: number): Promise<Uint8Array | null> {
  const { stream, exceeded } = limitBody(body, limit);
  const parts: Uint8Array[] = [];
  let length = 0;
  const reader = stream.getReader();
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      parts.push(value);
      length += value.byteLength;
    }
  } catch (error) {
    if (exceeded()) return null;
    throw error;
  }
  const bytes = new Uint8Array(length);
  let offset = 0;
  for (const part of parts) {
    bytes.set(part, offset);
    offset += part.byteLength;
  }
  return bytes;
}

/**
 * A multipart body read through the counter: its form, or why not (`too_large`: a Content-Length or a body past the
 * limit, the rest never read; `unreadable`: not a multipart form).
 */
export async function readLimitedForm(request: Request, limit: number): Promise<FormData | "too_large" | "unreadable"> {
  if (Number(request.headers.get("content-length") ?? 0) > limit) return "too_large";
  const body = limitBody(request.body, limit);
  try {
    return await new Request(request.url, {
      method: "POST",
      headers: { "content-type": request.headers.get("content-type") ?? "" },
      body: body.stream,
    }).formData();
  } catch {
    return body.exceeded() ? "too_large" : "unreadable";
  }
}

/** The most of an unread body the app reads before answering; past it, the body is cancelled. */
export const UNREAD_BODY_DRAIN_BYTES = 1024 * 1024;

/**
 * Reads to its end, and drops, what is left of a request's body once the answer is ready: every refusal made before a
 * door reads the body (a cross-site write, a ban, the signed-out, a rate limit, a Content-Length over a door's limit,
 * a counted read past it) leaves some. Why: an HTTP/1.1 server that answers with the body unread must close the
 * connection while the client is still sending, and a client that has not read the answer yet is then reset and never
 * sees it. workerd drains at most 64 KB itself (kj's canceledUploadGraceBytes), so under `npm run dev` Vite's proxy,
 * which streams each request to workerd with undici, failed 10 to 17% of such POSTs of 100 KB with "fetch failed"
 * (a 500). Read first, the answer always arrives. At most `limit` bytes are read: a body declared or found larger is
 * cancelled (the connection closes, as before; no page of ours sends one). A body already read, or being read, is
 * left alone.
 */
export async function drainUnreadBody(request: Request, limit = UNREAD_BODY_DRAIN_BYTES): Promise<void> {
  const body = request.body;
  if (!body || body.locked) return;
  try {
    if (Number(request.headers.get("content-length") ?? 0) > limit) return await body.cancel("unread body too large");
    const reader = body.getReader();
    for (let read = 0; ; ) {
      const { done, value } = await reader.read();
      if (done) return;
      read += value.byteLength;
      if (read > limit) return await reader.cancel("unread body too large");
    }
  } catch {
    // The client went away or its body broke: there is nobody left to answer.
  }
}
