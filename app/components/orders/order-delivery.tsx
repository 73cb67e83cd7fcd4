// The Delivery tab (spec sections 2 and 4): the deliverable files, read through signed URLs; the seller's upload and
// delete come with the deliverables API.
import { m } from "~/paraglide/messages.js";
import type { OrderDetail } from "../../../worker/services/order-views";

export function OrderDelivery({ order }: { order: OrderDetail }) {
  return (
    <section aria-labelledby="order-deliverables-heading" className="space-y-3">
      <h3 id="order-deliverables-heading" className="font-semibold text-zinc-900 dark:text-zinc-50">
        {m.orders_deliverables_heading()}
      </h3>
      {order.deliverables.length === 0 ? (
        <p className="text-sm text-zinc-700 dark:text-zinc-300">{m.orders_deliverables_empty()}</p>
      ) : (
        <ul className="space-y-2">
          {order.deliverables.map((file) => (
            <li key={file.id} className="flex items-center justify-between gap-2 rounded-md border border-zinc-200 px-3 py-2 dark:border-zinc-800">
              <span className="min-w-0 truncate text-sm text-zinc-900 dark:text-zinc-100">{file.name ?? m.orders_deliverable_file()}</span>
              {file.url && (
                <a href={file.url} download={file.name ?? undefined} className="inline-flex min-h-11 items-center text-sm font-semibold text-brand-700 underline dark:text-brand-300">
                  {m.orders_deliverables_download({ name: file.name ?? m.orders_deliverable_file() })}
                </a>
              )}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
