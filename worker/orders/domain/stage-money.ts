/**
 * A staged order's money, stage by stage, as the sales and billing histories and the wallet show it (issue 36,
 * decision 073): each stage's amount (`stageAmounts`), the platform's fee on it and what it releases to the creator
 * (`stageTransferAmount`), and where that money is now. Pure: the payout rows are the service's to read. Where the
 * unapproved stages' money went is the order's money story's to say (order-money-story.ts, decision 094).
 */
import { splitTotal } from "../../domain/money";
import { stageAmounts, stageTransferAmount, type OrderStage } from "./order-stages";

/**
 * Where a stage's money is: `released` (approved: the creator's, held or transferred by its payout), `held` (paid, the
 * stage not approved yet: on the platform), `refunded` (the order was canceled before the stage was approved), `split`
 * (the stage was not approved when an admin split what was at stake between the two: decision 088), `unpaid` (a stage of
 * an order paid stage by stage whose own part was never charged: no money of it moved; decision 101).
 */
export type StageMoneyState = "released" | "held" | "refunded" | "split" | "unpaid";

export interface StageMoney {
  index: number;
  title: string;
  sharePercent: number;
  /** Minor units of the order's currency. */
  amount: number;
  feeAmount: number;
  /** What the stage releases to the creator once approved: its amount less the fee. */
  releaseAmount: number;
  state: StageMoneyState;
}

/** Each stage's money; `unapproved` is where the stages not approved are (held while the order is under way). */
export function stageMoney(
  total: number,
  stages: readonly OrderStage[],
  feeNumerators: readonly number[],
  unapproved: Exclude<StageMoneyState, "released" | "unpaid">,
): StageMoney[] {
  const amounts = stageAmounts(total, stages);
  return stages.map((stage, index) => {
    const amount = amounts[index]!;
    return {
      index,
      title: stage.title,
      sharePercent: stage.sharePercent,
      amount,
      feeAmount: splitTotal(amount, feeNumerators).feeAmount,
      releaseAmount: stageTransferAmount(amount, feeNumerators),
      state: stage.payment === null ? "unpaid" : stage.status === "APPROVED" ? "released" : unapproved,
    };
  });
}
