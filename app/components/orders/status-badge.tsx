// The order status badge (spec section 4's labels: Pending, Accepted, Delivered, Completed, Canceled), one colour each.
import type { StatusBadge } from "#worker/orders/domain/order-display";

const TONES: Record<StatusBadge, string> = {
  pending: "bg-amber-100 text-amber-900 dark:bg-amber-900 dark:text-amber-50",
  accepted: "bg-sky-100 text-sky-900 dark:bg-sky-900 dark:text-sky-50",
  delivered: "bg-violet-100 text-violet-900 dark:bg-violet-900 dark:text-violet-50",
  completed: "bg-emerald-100 text-emerald-900 dark:bg-emerald-900 dark:text-emerald-50",
  canceled: "bg-zinc-200 text-zinc-800 dark:bg-zinc-700 dark:text-zinc-50",
};

/** `label`: the badge's word in the viewer's language (STATUS_LABELS, or the loader's row). */
export function StatusBadgeLabel({ badge, label }: { badge: StatusBadge; label: string }) {
  return (
    <span className={`inline-flex items-center rounded-full px-3 py-1 text-xs font-semibold ${TONES[badge]}`}>
      {label}
    </span>
  );
}
