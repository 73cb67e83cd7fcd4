import { Hono } from "hono";
import {
  MB,
  MEDIA_ERROR_TEXTS,
  STAGE_PREVIEW_POSTING_MAX_BYTES,
  type MediaErrorCode,
} from "../media/domain/media-limits";
import { SNIFF_BYTES } from "../media/domain/media-sniff";
import { STAGES_MAX } from "../orders/domain/order-stages";
import {
  checkPreviewFile,
  checkPreviewPixels,
  checkPreviewPosting,
  isPreviewPicture,
  watermarkText,
} from "../orders/domain/stage-previews";
import { readLimitedForm } from "../http/body-limit";
import type { AppContext, AppEnv } from "../http/context";
import {
  discardStagePreviews,
  stagePreviewOrder,
  storeStagePreviews,
  type PostedPreviewFile,
} from "../orders/services/stage-previews";
import { commandContext } from "../orders/command";
import { submitStagePreview } from "../orders/stage-preview";
import { orderRefusalMessage } from "../messages/orders";
import { orderClosedBody } from "../messages/uploads";
import { folderTakesFiles } from "../media/services/storage";
import { findUploadRule } from "../media/domain/upload-rules";

/**
 * POST /api/features/commission/order/stage/preview (multipart: orderId, stage, files): the seller posts the current
 * stage's preview (decision 073 "Previews"). The body is read and every file checked by its bytes first (a wrong type,
 * a file or posting too large, no file, pictures over the posting's pixel budget: 400 with the upload messages,
 * nothing stored; no stage, or one that is not a stage's index: 400 `invalid_request`; decision 076); then the caller
 * must be the order's seller (a stranger gets 404, as for an order that does not exist; the client 409
 * `seller_only`); then the files are stored, each picture with the client's watermarked copy beside it, and the
 * order's object records the posting. A refusal there deletes what was stored.
 */
export const stagePreviewApi = new Hono<AppEnv>();

/** The posting's files plus the multipart overhead: a larger body is refused before (or as soon as) it is read. */
const REQUEST_MAX_BYTES = STAGE_PREVIEW_POSTING_MAX_BYTES + MB;
const ORDER_ID = /^[A-Za-z0-9_-]{1,64}$/;
/** A stage's index as a form sends it: digits only (no field, "", " " or "0.0" is not stage 0, as the JSON doors). */
const STAGE_INDEX = /^(0|[1-9][0-9]?)$/;

const mediaError = (c: AppContext, code: MediaErrorCode) => c.json({ error: MEDIA_ERROR_TEXTS[code], code }, 400);

type Posting = { orderId: string; stage: number; posted: PostedPreviewFile[] };

/** The multipart body, read with a byte counter and checked whole: the posting, or the 400 to answer. */
async function readPosting(c: AppContext): Promise<Posting | Response> {
  const form = await readLimitedForm(c.req.raw, REQUEST_MAX_BYTES);
  if (typeof form === "string")
    return mediaError(c, form === "too_large" ? "media_error_too_large" : "media_error_unsupported_type");
  const orderId = form.get("orderId");
  const stageField = form.get("stage");
  const stage = typeof stageField === "string" && STAGE_INDEX.test(stageField) ? Number(stageField) : -1;
  if (typeof orderId !== "string" || !ORDER_ID.test(orderId) || stage < 0 || stage >= STAGES_MAX)
    return c.json({ error: "invalid_request" }, 400);
  const files = form.getAll("files").filter((f): f is File => typeof f !== "string");
  const posting = checkPreviewPosting(files.map((file) => file.size));
  if (!posting.ok) return mediaError(c, posting.error);
  const posted: PostedPreviewFile[] = [];
  for (const file of files) {
    // A picture is read whole (a JPEG's size may come after its metadata, and it is decoded anyway); a clip's head only.
    const head = new Uint8Array(await file.slice(0, SNIFF_BYTES).arrayBuffer());
    const bytes = isPreviewPicture(head) ? new Uint8Array(await file.arrayBuffer()) : null;
    const checked = checkPreviewFile(file.size, bytes ?? head);
    if (!checked.ok) return mediaError(c, checked.error);
    posted.push({ file, checked: checked.value, bytes });
  }
  // The pictures together, from their headers, before any is decoded: one request's CPU is bounded by them.
  const pixels = checkPreviewPixels(posted.map((p) => p.checked));
  if (!pixels.ok) return mediaError(c, pixels.error);
  return { orderId, stage, posted };
}

const NOT_FOUND = new Set(["not_a_party", "not_found"]);
/** The originals' folder: a closed order's takes none (media/domain/order-folders.ts), checked before a byte is stored. */
const STAGE_PREVIEWS = findUploadRule("commission-order", "stage_previews")!;

stagePreviewApi.post("/", async (c) => {
  const request = c.get("request");
  const { db, env, user } = request;
  if (!user) return c.json({ error: "unauthorized" }, 401);
  const posting = await readPosting(c);
  if (posting instanceof Response) return posting;
  const { orderId, stage, posted } = posting;
  const order = await stagePreviewOrder(db, orderId);
  const party =
    order?.sellerProfileId === user.profileId ? "seller" : order?.buyerProfileId === user.profileId ? "buyer" : null;
  if (!order || !party) return c.json({ error: "not_found" }, 404);
  if (party !== "seller") return c.json({ error: "seller_only" }, 409);
  if (!(await folderTakesFiles(db, STAGE_PREVIEWS, orderId))) return c.json(orderClosedBody(request.locale), 409);
  const stored = await storeStagePreviews(
    db,
    env.MEDIA,
    { id: orderId, sellerProfileId: user.profileId, watermark: watermarkText(order.buyerHandle, order.code) },
    posted,
  );
  if (!stored.ok) {
    await discardStagePreviews(db, env.MEDIA, stored.keys);
    return mediaError(c, "media_error_unsupported_type");
  }
  // The order records the posting; a refusal there deletes what was stored.
  const result = await submitStagePreview(commandContext(request, user), orderId, stage, stored.files);
  if (result.status !== "done") {
    if (result.status === "not_found" || NOT_FOUND.has(result.refusal)) return c.json({ error: "not_found" }, 404);
    // Worded where the order's refusals are (a stage not yet paid, decision 101, reads why in the caller's language).
    const message = orderRefusalMessage(result.refusal, request.locale);
    return c.json(
      { error: result.refusal, ...(message && { message }) },
      result.refusal === "invalid_request" ? 400 : 409,
    );
  }
  return c.json({ data: { stage, files: stored.files.length, stages: result.state.stages } });
});
