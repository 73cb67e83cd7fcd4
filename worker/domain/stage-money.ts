/**
 * A staged order's money, stage by stage, as the sales and billing histories and the wallet show it (issue 36,
 * decision 073): each stage's amount (`stageAmounts`), the platform's fee on it and what it releases to the creator
 * (`stageTransferAmount`), and where that money is now. Pure: the payout rows are the service's to read.
 */
import { splitTotal } from "./money";
import { stageAmounts, stageTransferAmount, type OrderStage } from "./order-stages";

/**
 * Where a stage's money is: `released` (approved: the creator's, held or transferred by its payout), `held` (paid, the
 * stage not approved yet: on the platform), `refunded` (the order was canceled before the stage was approved).
 */
export type StageMoneyState = "released" | "held" | "refunded";

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

/** A canceled staged order: what went back to the client and what stayed with the creator for approved stages. */
export interface StagedCancel {
  refundedAmount: number;
  keptAmount: number;
}

export function stageMoney(
  total: number,
  stages: readonly OrderStage[],
  feeNumerators: readonly number[],
  canceled: boolean,
): StageMoney[] {
  const amounts = stageAmounts(total, stages);
  return stages.map((stage, index) => {
    const amount = amounts[index]!;
    const approved = stage.status === "APPROVED";
    return {
      index,
      title: stage.title,
      sharePercent: stage.sharePercent,
      amount,
      feeAmount: splitTotal(amount, feeNumerators).feeAmount,
      releaseAmount: stageTransferAmount(amount, feeNumerators),
      state: approved ? "released" : canceled ? "refunded" : "held",
    };
  });
}

/** A canceled staged order's split between the client (the stages not approved) and the creator (the approved ones). */
export function stagedCancelOf(stages: readonly StageMoney[]): StagedCancel {
  const sum = (state: StageMoneyState) =>
    stages.filter((s) => s.state === state).reduce((total, s) => total + s.amount, 0);
  return { refundedAmount: sum("refunded"), keptAmount: sum("released") };
}
