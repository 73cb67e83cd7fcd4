/**
 * Writes a data download's JSON into the bucket piece by piece (decision 104), so a user with thousands of orders
 * never has the whole file in the Worker's 128 MB: the text goes out as R2 multipart parts of PART_BYTES each (R2 wants
 * every part but the last the same size, at least 5 MiB), and the writer holds at most one part and one piece.
 */

/** Each uploaded part but the last: R2's least, so the memory held stays small. */
export const PART_BYTES = 5 * 1024 * 1024;

export interface ExportSink {
  /** Appends text to the file. */
  write(text: string): Promise<void>;
  /** Ends the file: its size in bytes. */
  finish(): Promise<number>;
  /** Gives up: the parts uploaded are discarded. */
  abort(): Promise<void>;
}

export async function openExportSink(bucket: R2Bucket, key: string): Promise<ExportSink> {
  const upload = await bucket.createMultipartUpload(key, {
    httpMetadata: { contentType: "application/json; charset=utf-8" },
  });
  const encoder = new TextEncoder();
  const parts: R2UploadedPart[] = [];
  let pending: Uint8Array[] = [];
  let pendingBytes = 0;
  let size = 0;

  /** The first `bytes` of what is pending, as one part's body; the rest stays pending. */
  function take(bytes: number): Uint8Array {
    const out = new Uint8Array(bytes);
    let filled = 0;
    while (filled < bytes) {
      const head = pending[0];
      const used = Math.min(head.length, bytes - filled);
      out.set(head.subarray(0, used), filled);
      filled += used;
      if (used === head.length) pending.shift();
      else pending[0] = head.subarray(used);
    }
    pendingBytes -= bytes;
    return out;
  }

  const uploadPart = async (body: Uint8Array) => {
    parts.push(await upload.uploadPart(parts.length + 1, body));
  };

  return {
    async write(text) {
      const bytes = encoder.encode(text);
      pending.push(bytes);
      pendingBytes += bytes.length;
      size += bytes.length;
      while (pendingBytes >= PART_BYTES) await uploadPart(take(PART_BYTES));
    },
    async finish() {
      // The last part may be smaller; a file that fits in one part is that part alone.
      if (pendingBytes > 0 || parts.length === 0) await uploadPart(take(pendingBytes));
      pending = [];
      await upload.complete(parts);
      return size;
    },
    async abort() {
      pending = [];
      await upload.abort().catch(() => undefined);
    },
  };
}

/**
 * Writes `name: [...]` into the open object, one item at a time from `items` (which may read its rows page by page),
 * `first` saying whether it is the object's first member.
 */
export async function writeArrayMember<T>(
  sink: ExportSink,
  name: string,
  items: AsyncIterable<T> | Iterable<T>,
  writeItem: (item: T) => Promise<void> | void = async (item) => sink.write(JSON.stringify(item)),
): Promise<void> {
  await sink.write(`,${JSON.stringify(name)}:[`);
  let first = true;
  for await (const item of items) {
    if (!first) await sink.write(",");
    first = false;
    await writeItem(item);
  }
  await sink.write("]");
}
