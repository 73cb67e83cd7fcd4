/**
 * Stage previews (issue 36, docs/decisions/073): what a party of an order may see of each stage's previews. The client
 * sees the watermarked, reduced copy until the order completes, and the original only then; the seller sees both.
 *
 * CONTRACT (owned by the previews slice; the order page reads it): the implementation replaces this stub.
 */

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
}

/** The previews of an order for one of its parties, oldest round first. */
export async function stagePreviewViews(
  _env: Env,
  _orderId: string,
  _viewer: { side: "seller" | "buyer"; orderProgress: string },
): Promise<StagePreviewView[]> {
  return [];
}
