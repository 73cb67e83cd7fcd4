/**
 * The stage preview's posting, as the Order object records it (decision 073 "Previews"): its door
 * (worker/api/order-stage-previews.ts) reads the multipart body, checks and stores the files; the order records them.
 * A multipart posting is no JSON command: this is its one call to the object.
 */
import type { StagePreviewFile, StagePreviewResult } from "./domain/order-contract";
import { discardStagePreviews } from "./services/stage-previews";
import type { CommandContext } from "./command";
import { orderStub } from "./order-stub";

/** The stored files recorded as the stage's preview by the caller; a refusal deletes what was stored. */
export async function submitStagePreview(
  context: CommandContext,
  orderId: string,
  stage: number,
  files: StagePreviewFile[],
): Promise<StagePreviewResult> {
  const result = await orderStub(context.env.ORDER, orderId).submitStagePreview(stage, files, {
    userAccountId: context.user.accountId,
  });
  if (result.status !== "done") {
    const keys = files.flatMap((f) => [f.originalKey, f.previewKey ?? []].flat());
    await discardStagePreviews(context.db, context.env.MEDIA, keys);
  }
  return result;
}
