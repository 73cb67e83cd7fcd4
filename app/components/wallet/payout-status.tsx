// A sale's payout, said the same way on the wallet and on the sales history (decision 029): transferred, held until
// the creator's account is ready, due after completion, or none for a refunded order.
import { m } from "#app/paraglide/messages.js";
import type { HistoryEntry } from "#worker/services/order-history";

type PayoutLabel = "transferred" | "held" | "after_completion" | "refunded";

const LABELS: Record<PayoutLabel, () => string> = {
  transferred: m.wallet_payout_transferred,
  held: m.wallet_payout_held,
  after_completion: m.wallet_payout_after_completion,
  refunded: m.wallet_payout_refunded,
};

const TONES: Record<PayoutLabel, string> = {
  transferred: "bg-emerald-100 text-emerald-900 dark:bg-emerald-900/40 dark:text-emerald-100",
  held: "bg-amber-100 text-amber-900 dark:bg-amber-900/40 dark:text-amber-100",
  after_completion: "bg-zinc-100 text-zinc-800 dark:bg-zinc-800 dark:text-zinc-100",
  refunded: "bg-zinc-100 text-zinc-800 dark:bg-zinc-800 dark:text-zinc-100",
};

function payoutLabel(entry: Pick<HistoryEntry, "payout" | "refunded">): PayoutLabel {
  if (entry.payout) return entry.payout.status === "TRANSFERRED" ? "transferred" : "held";
  return entry.refunded ? "refunded" : "after_completion";
}

export function PayoutStatus({ entry }: { entry: Pick<HistoryEntry, "payout" | "refunded"> }) {
  const label = payoutLabel(entry);
  return (
    <span
      className={`whitespace-nowrap rounded-full px-2 py-0.5 text-xs font-semibold ${TONES[label]}`}
      data-testid="payout-status"
      data-payout={label}
    >
      {LABELS[label]()}
    </span>
  );
}
