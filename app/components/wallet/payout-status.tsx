// A sale's payout, said the same way on the wallet and on the sales history (decision 029): transferred, held until
// the creator's account is ready, clearing once the client's week to report a problem ends (decision 092), due after
// completion, or none for a refunded order.
import { showDate } from "#app/components/orders/order-format";
import { m } from "#app/paraglide/messages.js";
import type { HistoryEntry } from "#worker/orders/services/order-history";

type PayoutLabel = "transferred" | "held" | "clearing" | "disputed" | "after_completion" | "refunded";
type Entry = Pick<HistoryEntry, "payout" | "refunded" | "payoutClearsAt" | "payoutDisputed">;

const LABELS: Record<PayoutLabel, (entry: Entry) => string> = {
  transferred: () => m.wallet_payout_transferred(),
  held: () => m.wallet_payout_held(),
  clearing: (entry) => m.wallet_payout_clearing({ date: showDate(entry.payoutClearsAt!) }),
  disputed: () => m.wallet_payout_disputed(),
  after_completion: () => m.wallet_payout_after_completion(),
  refunded: () => m.wallet_payout_refunded(),
};

const TONES: Record<PayoutLabel, string> = {
  transferred: "bg-emerald-100 text-emerald-900 dark:bg-emerald-900/40 dark:text-emerald-100",
  held: "bg-amber-100 text-amber-900 dark:bg-amber-900/40 dark:text-amber-100",
  clearing: "bg-sky-100 text-sky-900 dark:bg-sky-900/40 dark:text-sky-100",
  disputed: "bg-amber-100 text-amber-900 dark:bg-amber-900/40 dark:text-amber-100",
  after_completion: "bg-zinc-100 text-zinc-800 dark:bg-zinc-800 dark:text-zinc-100",
  refunded: "bg-zinc-100 text-zinc-800 dark:bg-zinc-800 dark:text-zinc-100",
};

function payoutLabel(entry: Entry): PayoutLabel {
  if (entry.payout) return entry.payout.status === "TRANSFERRED" ? "transferred" : "held";
  if (entry.refunded) return "refunded";
  // A dispute opened within the client's week stops its clock: no date holds until it is settled (decision 092).
  if (entry.payoutClearsAt !== null) return entry.payoutDisputed ? "disputed" : "clearing";
  return "after_completion";
}

export function PayoutStatus({ entry }: { entry: Entry }) {
  const label = payoutLabel(entry);
  return (
    <span
      className={`whitespace-nowrap rounded-full px-2 py-0.5 text-xs font-semibold ${TONES[label]}`}
      data-testid="payout-status"
      data-payout={label}
    >
      {LABELS[label](entry)}
    </span>
  );
}
