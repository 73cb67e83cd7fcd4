/**
 * The multipart upload's production path through R2's S3 API (issue 60, decision 096), where the bytes never pass
 * the Worker: presigned UploadPart URLs for the browser, and ListParts, R2's own list of what it holds, which a
 * completion trusts over the ETags the browser reports. Without R2 credentials (local runs) there is no S3 API:
 * `r2Credentials` is null and the service takes the parts through the binding instead.
 */
import { AwsClient } from "aws4fetch";

/** A presigned UploadPart URL lives an hour (a 16 MiB part on a slow line, with retries). */
const PRESIGNED_PART_TTL_S = 60 * 60;

/** A part R2 holds: its number, its size and the ETag the upload's completion names it by. */
export interface StoredPart {
  partNumber: number;
  size: number;
  etag: string;
}

export interface R2Credentials {
  client: AwsClient;
  /** `https://{account}.r2.cloudflarestorage.com/{bucket}` */
  bucketUrl: string;
}

/** Optional secrets read loosely, as presignR2Put reads them (storage.ts): `wrangler types` knows none of them. */
export function r2Credentials(env: Env): R2Credentials | null {
  const read = (name: string) => {
    const value = (env as unknown as Record<string, unknown>)[name];
    return typeof value === "string" && value !== "" ? value : undefined;
  };
  const accountId = read("R2_ACCOUNT_ID");
  const accessKeyId = read("R2_ACCESS_KEY_ID");
  const secretAccessKey = read("R2_SECRET_ACCESS_KEY");
  if (!accountId || !accessKeyId || !secretAccessKey) return null;
  const bucket = read("R2_BUCKET_NAME") ?? "comet-media";
  return {
    client: new AwsClient({ accessKeyId, secretAccessKey, service: "s3", region: "auto" }),
    bucketUrl: `https://${accountId}.r2.cloudflarestorage.com/${bucket}`,
  };
}

/** A presigned S3 UploadPart: PUT with this exact Content-Length, an hour's life. */
export async function presignUploadPart(
  r2: R2Credentials,
  key: string,
  uploadId: string,
  partNumber: number,
  size: number,
): Promise<string> {
  const url = new URL(`${r2.bucketUrl}/${key}`);
  url.searchParams.set("partNumber", String(partNumber));
  url.searchParams.set("uploadId", uploadId);
  url.searchParams.set("X-Amz-Expires", String(PRESIGNED_PART_TTL_S));
  const signed = await r2.client.sign(
    new Request(url, { method: "PUT", headers: { "content-length": String(size) } }),
    { aws: { signQuery: true, allHeaders: true } },
  );
  return signed.url;
}

const xmlText = (xml: string, tag: string) => xml.match(new RegExp(`<${tag}>([^<]*)</${tag}>`))?.[1];
/** An ETag as S3 writes it (quoted, the quotes maybe XML-escaped), as the binding's `complete` takes it: bare. */
export const unquoteEtag = (etag: string) => etag.replace(/&quot;|&#34;/g, '"').replace(/^"|"$/g, "");

/** R2's own list of the upload's parts (S3 ListParts, every page); null when R2 could not be asked. */
export async function listR2Parts(r2: R2Credentials, key: string, uploadId: string): Promise<StoredPart[] | null> {
  const parts: StoredPart[] = [];
  let marker = 0;
  // 10,000 parts at most, 1,000 a page.
  for (let page = 0; page < 11; page++) {
    const url = new URL(`${r2.bucketUrl}/${key}`);
    url.searchParams.set("uploadId", uploadId);
    url.searchParams.set("max-parts", "1000");
    if (marker) url.searchParams.set("part-number-marker", String(marker));
    const response = await r2.client.fetch(url, { method: "GET" });
    if (!response.ok) return null;
    const xml = await response.text();
    for (const [, part] of xml.matchAll(/<Part>([\s\S]*?)<\/Part>/g)) {
      const partNumber = Number(xmlText(part, "PartNumber"));
      const size = Number(xmlText(part, "Size"));
      const etag = xmlText(part, "ETag");
      if (Number.isSafeInteger(partNumber) && Number.isSafeInteger(size) && etag)
        parts.push({ partNumber, size, etag: unquoteEtag(etag) });
    }
    if (xmlText(xml, "IsTruncated") !== "true") return parts;
    const next = Number(xmlText(xml, "NextPartNumberMarker"));
    if (!Number.isSafeInteger(next) || next <= marker) return parts;
    marker = next;
  }
  return parts;
}
