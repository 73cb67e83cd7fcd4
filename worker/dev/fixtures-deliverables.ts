/**
 * A delivered file with its facts (issue 60, decision 096), as the multipart door and the deliverable create call
 * would have left it: the bytes (`base64`) stored under the order `orderId`'s `deliverables` folder, or its
 * `deliverable_sources` folder when `held` (the creator holds it until completion), attached as `name`, and its
 * `file_facts` row: the SHA-256 of the bytes (checked, the server's) and the details read of them (the inspection's, else `details` as given).
 * The order's object must not have acted yet. Registered with the others in fixtures.ts; development and test
 * builds only.
 */
import type { FileDetails } from "../media/domain/file-details";
import { parseMediaKey } from "../media/domain/media-keys";
import { SNIFF_BYTES, sniffMediaType } from "../media/domain/media-sniff";
import { prepared } from "../db/statements";
import { type Env, type Fields, FixtureError, required, str } from "./fixture-input";
import { inspectStoredFile } from "../media/services/file-inspection";
import { addDeliverableStatements, deliverableFile } from "../orders/services/order-deliverables";

const fromBase64 = (text: string) => Uint8Array.from(atob(text), (c) => c.charCodeAt(0));
const hex = (buffer: ArrayBuffer) => [...new Uint8Array(buffer)].map((b) => b.toString(16).padStart(2, "0")).join("");

export async function deliverableWithFacts(env: Env, input: Fields) {
  const d1 = env.DB;
  const bucket = required(env.MEDIA, "media bucket");
  const orderId = str(input, "orderId");
  const bytes = fromBase64(str(input, "base64"));
  const sniffed = sniffMediaType(bytes.subarray(0, SNIFF_BYTES));
  if (!sniffed) throw new FixtureError("base64: bytes of no known kind");
  const seller = required(
    await d1
      .prepare(
        "SELECT a.user_account_id FROM commission_orders o JOIN commission_accounts a ON a.id = o.seller_id WHERE o.id = ?",
      )
      .bind(orderId)
      .first<{ user_account_id: string }>(),
    `order ${orderId}`,
  );
  const field = input.held === true ? "deliverable_sources" : "deliverables";
  const key = required(
    parseMediaKey(`v1/commission-order/${orderId}/${field}/${crypto.randomUUID()}.${sniffed.ext}`),
    "key",
  );
  await bucket.put(key.key, bytes, { httpMetadata: { contentType: sniffed.mimeType } });
  const inspected = await inspectStoredFile(bucket, key.key);
  const given = typeof input.details === "object" && input.details !== null ? (input.details as FileDetails) : null;
  const details = (inspected.ok ? inspected.details : null) ?? given;
  const sha256 = hex(await crypto.subtle.digest("SHA-256", bytes));
  const now = Date.now();
  const file = deliverableFile(key, { size: bytes.byteLength, mimeType: sniffed.mimeType }, str(input, "name"));
  await d1.batch([
    ...prepared(d1, addDeliverableStatements(orderId, seller.user_account_id, file, now)),
    d1
      // Hashed here from the bytes stored, so the server's own as the background check would write it (issue 75).
      .prepare(
        `INSERT INTO file_facts (object_key, sha256, details, created_at, server_sha256, checksum, checked_at)
         VALUES (?1, ?2, ?3, ?4, ?2, 'verified', ?4)`,
      )
      .bind(key.key, sha256, details === null ? null : JSON.stringify(details), now),
  ]);
  return { key: key.key, sha256 };
}
