/**
 * Request bodies read with a byte counter: reading stops (and the rest is cancelled, never pulled) as soon as more
 * than the limit has arrived, whatever Content-Length said or whether it was sent at all (chunked bodies).
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
          await reader.cancel("body over the limit");
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
