// An order's parts on the Payment tab (issue 63, decisions 100 and 101): the deposit and the rest, or each stage's part
// of an order paid stage by stage, each with its amount and where it stands, under the terms they are paid by; and,
// while a later part is due, the client's notice of why it waits for them. Worded by the loader
// (order-parts-texts.server.ts).
import type { OrderPartsTexts } from "#app/loaders/orders/order-parts-texts.server";

const STATUS_CLASS: Record<OrderPartsTexts["parts"][number]["status"], string> = {
  paid: "bg-emerald-100 text-emerald-900 dark:bg-emerald-900/40 dark:text-emerald-100",
  due: "bg-amber-100 text-amber-900 dark:bg-amber-900/40 dark:text-amber-100",
  upcoming: "bg-zinc-100 text-zinc-800 dark:bg-zinc-800 dark:text-zinc-200",
  refunded: "bg-zinc-100 text-zinc-800 dark:bg-zinc-800 dark:text-zinc-200",
  kept: "bg-zinc-100 text-zinc-800 dark:bg-zinc-800 dark:text-zinc-200",
  unpaid: "bg-zinc-100 text-zinc-800 dark:bg-zinc-800 dark:text-zinc-200",
};

export function OrderParts({ parts }: { parts: OrderPartsTexts }) {
  return (
    <section aria-labelledby="order-parts-heading" className="space-y-1">
      <h3 id="order-parts-heading" className="text-sm font-semibold text-zinc-900 dark:text-zinc-50">
        {parts.heading}
      </h3>
      <p className="text-sm text-zinc-700 dark:text-zinc-300" data-testid="deposit-terms">
        {parts.terms}
      </p>
      <ul className="divide-y divide-zinc-200 dark:divide-zinc-800" data-testid="order-parts">
        {parts.parts.map((part) => (
          <li
            key={part.part}
            data-part={part.part}
            data-status={part.status}
            className="flex flex-wrap items-center justify-between gap-x-4 gap-y-1 py-2 text-sm"
          >
            <span className="text-zinc-700 dark:text-zinc-300">{part.label}</span>
            <span className="flex items-center gap-2">
              <span className="font-medium text-zinc-900 tabular-nums dark:text-zinc-100">{part.amount}</span>
              <span className={`rounded-full px-2.5 py-0.5 text-xs font-semibold ${STATUS_CLASS[part.status]}`}>
                {part.statusLabel}
              </span>
            </span>
          </li>
        ))}
      </ul>
    </section>
  );
}

/**
 * The client's notice while a later part (the rest, a stage's) is due: the bank wants them, the card was declined, or
 * the charge is under way.
 */
export function PartDueNotice({ text }: { text: string }) {
  return (
    <p
      role="status"
      data-testid="rest-due"
      className="rounded-md border border-amber-600 bg-amber-50 px-3 py-2 text-sm text-amber-900 dark:border-amber-400 dark:bg-amber-950 dark:text-amber-100"
    >
      {text}
    </p>
  );
}
