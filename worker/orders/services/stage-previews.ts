/**
 * Stage previews (issue 36, docs/decisions/073 "Previews"): the seller's files for a stage, stored privately in R2 with
 * the client's copy of each picture beside the original (reduced, watermarked, JPEG), and what each party may see of
 * them. The client sees the watermarked copy until the order completes, and the original only then (the access rule
 * asks at every read: `heldUntilCompletion` in worker/media/domain/upload-rules.ts); the seller sees both.
 */
import { asc, eq, inArray } from "drizzle-orm";
import { createDb, type Database } from "../../db/client";
import {
  commissionAccounts,
  commissionOrderStagePreviews,
  commissionOrders,
  pendingUploads,
  userProfiles,
} from "../../db/schema";
import { statement, type SqlStatement } from "../../db/statements";
import { buildMediaKey } from "../../media/domain/media-keys";
import {
  blendWatermark,
  PREVIEW_JPEG_QUALITY,
  previewFileName,
  previewKeyFor,
  previewSize,
  stampMask,
  watermarkLayout,
  watermarkTile,
  type CheckedPreviewFile,
} from "../domain/stage-previews";
import type { StagePreviewFile } from "../domain/order-contract";
import { signReadUrl } from "../../media/services/media-access";
import { recordPendingUpload } from "../../media/services/storage";

/** One preview file as a party of the order sees it, with a URL they may open (signed where private). */
export interface StagePreviewView {
  id: string;
  stageIndex: number;
  /** The stage's revision count when it was posted: 0 for the first preview. */
  round: number;
  position: number;
  name: string;
  mediaType: "image" | "video" | "audio";
  url: string;
  width: number | null;
  height: number | null;
  /** True when `url` is the watermarked copy (the client, before completion). */
  watermarked: boolean;
  /** The seller only: the watermarked copy the client sees (pictures); absent for the client. */
  clientCopyUrl?: string | null;
}

/** The previews of an order for one of its parties, oldest round first. */
export async function stagePreviewViews(
  env: Env,
  orderId: string,
  viewer: { side: "seller" | "buyer"; orderProgress: string },
): Promise<StagePreviewView[]> {
  const rows = await createDb(env.DB)
    .select()
    .from(commissionOrderStagePreviews)
    .where(eq(commissionOrderStagePreviews.orderId, orderId))
    .orderBy(
      asc(commissionOrderStagePreviews.stageIndex),
      asc(commissionOrderStagePreviews.round),
      asc(commissionOrderStagePreviews.position),
    );
  // Signed for no one reader: the fields are session-bound, so a URL opens only with a session the access rule allows
  // at that moment (the client's never opens an original before completion, whatever URL they hold).
  const sign = async (key: string) => (await signReadUrl(env, key, null, { shownIn: "page" })).url;
  return Promise.all(
    rows.map(async (row) => {
      const shown = previewKeyFor(viewer, row);
      return {
        id: row.id,
        stageIndex: row.stageIndex,
        round: row.round,
        position: row.position,
        name: row.name,
        mediaType: row.mediaType as StagePreviewView["mediaType"],
        url: await sign(shown.key),
        width: row.width,
        height: row.height,
        watermarked: shown.watermarked,
        ...(viewer.side === "seller" && { clientCopyUrl: row.previewKey ? await sign(row.previewKey) : null }),
      };
    }),
  );
}

/** The rows of one posting (its files, in order, at the stage's current round), and their objects no longer pending. */
export function stagePreviewStatements(
  orderId: string,
  stageIndex: number,
  round: number,
  files: readonly StagePreviewFile[],
  now: number,
): SqlStatement[] {
  return files.flatMap((file, position) => [
    statement(
      `INSERT INTO commission_order_stage_previews (id, order_id, stage_index, round, position, name, media_type, content_type,
         byte_size, original_key, preview_key, preview_content_type, width, height, created_at)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?) ON CONFLICT (id) DO NOTHING`,
      file.id,
      orderId,
      stageIndex,
      round,
      position,
      file.name,
      file.mediaType,
      file.contentType,
      file.byteSize,
      file.originalKey,
      file.previewKey,
      file.previewContentType,
      file.width,
      file.height,
      now,
    ),
    statement(`DELETE FROM pending_uploads WHERE key IN (?, ?)`, file.originalKey, file.previewKey ?? file.originalKey),
  ]);
}

/** What the door needs of an order before it stores anything: its parties' profiles, its code and the client's handle. */
export async function stagePreviewOrder(
  db: Database,
  orderId: string,
): Promise<{
  code: string;
  sellerProfileId: string | null;
  buyerProfileId: string | null;
  buyerHandle: string | null;
} | null> {
  const party = (side: "seller" | "buyer") =>
    db
      .select({ profileId: userProfiles.id, handle: userProfiles.originalHandle })
      .from(commissionOrders)
      .innerJoin(
        commissionAccounts,
        eq(commissionAccounts.id, side === "seller" ? commissionOrders.sellerId : commissionOrders.buyerId),
      )
      .innerJoin(userProfiles, eq(userProfiles.accountId, commissionAccounts.userAccountId))
      .where(eq(commissionOrders.id, orderId))
      .get();
  const [order, seller, buyer] = await Promise.all([
    db.select({ code: commissionOrders.code }).from(commissionOrders).where(eq(commissionOrders.id, orderId)).get(),
    party("seller"),
    party("buyer"),
  ]);
  if (!order) return null;
  return {
    code: order.code,
    sellerProfileId: seller?.profileId ?? null,
    buyerProfileId: buyer?.profileId ?? null,
    buyerHandle: buyer?.handle ?? null,
  };
}

/** A file of the posting as the door read it: checked by its bytes, with its name as sent; a picture's bytes read whole. */
export interface PostedPreviewFile {
  file: File;
  checked: CheckedPreviewFile;
  bytes: Uint8Array | null;
}

export type StoreResult = { ok: true; files: StagePreviewFile[] } | { ok: false; keys: string[] };

/**
 * Stores a posting's files under the order's folder, one at a time (one decoded picture in memory at once): each
 * picture's original under `stage_previews/` and its watermarked copy under `stage_preview_copies/` (same id), each clip
 * as posted under `stage_preview_copies/`. Each key is noted pending before its bytes land, so a crash leaves a row the
 * cron cleans up. A picture the decoder cannot read fails the posting: `{ ok: false, keys }` names what was written, for
 * `discardStagePreviews`.
 */
export async function storeStagePreviews(
  db: Database,
  bucket: R2Bucket,
  order: { id: string; sellerProfileId: string; watermark: string },
  posted: readonly PostedPreviewFile[],
): Promise<StoreResult> {
  const files: StagePreviewFile[] = [];
  const keys: string[] = [];
  const put = async (key: string, body: ArrayBuffer | Uint8Array | Blob, contentType: string) => {
    keys.push(key);
    await recordPendingUpload(db, key, order.sellerProfileId);
    await bucket.put(key, body instanceof Blob ? await body.arrayBuffer() : body, {
      httpMetadata: { contentType },
      customMetadata: { ownerProfileId: order.sellerProfileId },
    });
  };
  for (const { file, checked, bytes: read } of posted) {
    const id = crypto.randomUUID();
    const { sniffed } = checked;
    const base = { id, mediaType: checked.mediaType, contentType: sniffed.mimeType, byteSize: checked.size };
    if (checked.mediaType !== "image") {
      const key = buildMediaKey("commission-order", order.id, "stage_preview_copies", id, sniffed.ext);
      await put(key, file, sniffed.mimeType);
      files.push({
        ...base,
        name: previewFileName(file.name, `${id}.${sniffed.ext}`),
        originalKey: key,
        previewKey: null,
        previewContentType: null,
        width: null,
        height: null,
      });
      continue;
    }
    const bytes = read ?? new Uint8Array(await file.arrayBuffer());
    const copy = await watermarkedCopy(bytes, order.watermark).catch((error: unknown) => {
      console.error(`stage preview of order ${order.id}: the picture could not be decoded`, error);
      return null;
    });
    if (!copy) return { ok: false, keys };
    const originalKey = buildMediaKey("commission-order", order.id, "stage_previews", id, sniffed.ext);
    const previewKey = buildMediaKey("commission-order", order.id, "stage_preview_copies", id, "jpg");
    await put(originalKey, bytes, sniffed.mimeType);
    await put(previewKey, copy, "image/jpeg");
    files.push({
      ...base,
      name: previewFileName(file.name, `${id}.${sniffed.ext}`),
      originalKey,
      previewKey,
      previewContentType: "image/jpeg",
      // The original's: the page sizes either copy's box by its proportions.
      width: checked.dimensions?.width ?? null,
      height: checked.dimensions?.height ?? null,
    });
  }
  return { ok: true, files };
}

/** Deletes what a refused or failed posting wrote: its objects and their pending rows. */
export async function discardStagePreviews(db: Database, bucket: R2Bucket, keys: readonly string[]): Promise<void> {
  if (keys.length === 0) return;
  await bucket.delete([...keys]);
  await db.delete(pendingUploads).where(inArray(pendingUploads.key, [...keys]));
}

/**
 * The client's copy of a picture: reduced to at most 1280 px on its long side, the watermark tiled across it (white
 * letters with a dark outline, both translucent: legible on any colour, the work still visible), as a JPEG. Photon (Rust compiled to WebAssembly) is imported on
 * this path only, so no page render loads it.
 */
async function watermarkedCopy(bytes: Uint8Array, text: string): Promise<Uint8Array> {
  const photon = await import("@cf-wasm/photon");
  const source = photon.PhotonImage.new_from_byteslice(bytes);
  let copy: InstanceType<typeof photon.PhotonImage>;
  const size = previewSize(source.get_width(), source.get_height());
  try {
    copy = photon.resize(source, size.width, size.height, photon.SamplingFilter.Triangle);
  } finally {
    // WebAssembly memory is freed by hand, the decoded original first (the largest buffer of the two).
    source.free();
  }
  try {
    // Photon draws opaque letters only: the words are drawn into two masks (the letters, and the letters widened by a
    // pixel each way for their outline), then laid over the copy translucently (`blendWatermark`). Each mask is the
    // words drawn once into a small tile, laid at every position (`stampMask`): Photon copies the whole picture it
    // draws into twice a call, which at each position of a 1280 px copy cost about 1 s of CPU (decision 076).
    const layout = watermarkLayout(size.width, size.height, text);
    const tile = watermarkTile(text, layout.fontSize);
    const mask = (offsets: readonly number[]) => {
      const image = new photon.PhotonImage(new Uint8Array(tile.width * tile.height * 4), tile.width, tile.height);
      // A new colour each time: the call takes its colour (a Rust value passed by value) and frees it.
      const white = () => new photon.Rgba(255, 255, 255, 255);
      try {
        for (const dx of offsets)
          for (const dy of offsets)
            photon.draw_text_with_color(image, text, tile.pad + dx, tile.pad + dy, layout.fontSize, white());
        return stampMask(size.width, size.height, { ...tile, pixels: image.get_raw_pixels() }, layout.positions);
      } finally {
        image.free();
      }
    };
    const pixels = blendWatermark(copy.get_raw_pixels(), mask([0]), mask([-1, 0, 1]));
    const marked = new photon.PhotonImage(pixels, size.width, size.height);
    try {
      return marked.get_bytes_jpeg(PREVIEW_JPEG_QUALITY);
    } finally {
      marked.free();
    }
  } finally {
    copy.free();
  }
}
