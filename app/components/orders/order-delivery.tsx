// The Delivery tab (spec sections 2 and 4; decision 024): the deliverable files (deliverable-list.tsx: each file's
// facts, and the sources held until completion, decision 096), read by both parties through signed URLs; the seller
// uploads them (deliverable-upload.tsx: in parts into the order's private folder, then attached through the order's
// Durable Object) while DRAFT, APPROVED or DELIVERED, and deletes them while DRAFT or APPROVED.
import { useEffect, useState } from "react";
import { useRevalidator } from "react-router";
import { ErrorText } from "#app/components/form/error-text";
import { AddToPortfolio } from "#app/components/history/add-to-portfolio";
import { uploadErrorMessage } from "#app/components/media/upload-client";
import { DeliverableList } from "./deliverable-list";
import { DeliverableUpload } from "./deliverable-upload";
import { m } from "#app/paraglide/messages.js";
import { sellerEditable } from "#worker/orders/domain/order-display";
import type { OrderDetail } from "#worker/orders/services/order-views";

async function post(path: string, body: unknown): Promise<boolean> {
  const response = await fetch(`/api/features/commission/order/deliverable/${path}`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify(body),
  });
  return response.ok;
}

/** How soon the page asks again while Comet is still hashing a file: often at first, then every half minute. */
const checksumPollMs = (tries: number) => (tries < 12 ? 5_000 : 30_000);

/**
 * While a file's SHA-256 is being checked (issue 75: hashed by the server in the background, in seconds, or by the
 * cron for files over a gigabyte), the page reads the order again until it is known; only while the tab is shown.
 */
function useChecksumsAwaited(files: OrderDetail["deliverables"], revalidator: ReturnType<typeof useRevalidator>) {
  const [tries, setTries] = useState(0);
  const waiting = files.some((file) => file.checksum === "pending");
  const idle = revalidator.state === "idle";
  const { revalidate } = revalidator;
  useEffect(() => {
    if (!waiting || !idle) return;
    const timer = window.setTimeout(() => {
      setTries((n) => n + 1);
      if (document.visibilityState === "visible") void revalidate();
    }, checksumPollMs(tries));
    return () => window.clearTimeout(timer);
  }, [waiting, idle, tries, revalidate]);
}

/** `heldForRest`: the client's notice that the files open once the rest is paid (decision 100); null otherwise. */
export function OrderDelivery({ order, heldForRest = null }: { order: OrderDetail; heldForRest?: string | null }) {
  const revalidator = useRevalidator();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const can =
    order.side === "seller" ? sellerEditable(order.facts) : { addDeliverable: false, deleteDeliverable: false };
  useChecksumsAwaited(order.deliverables, revalidator);

  async function remove(mediaId: string) {
    if (!window.confirm(m.orders_deliverables_delete_confirm())) return;
    setBusy(true);
    if (!(await post("update", { orderId: order.id, mediaIdsToDelete: [mediaId] })))
      setError(uploadErrorMessage("failed"));
    setBusy(false);
    revalidator.revalidate();
  }

  return (
    <section aria-labelledby="order-deliverables-heading" className="space-y-3" aria-busy={busy}>
      <h3 id="order-deliverables-heading" className="font-semibold text-zinc-900 dark:text-zinc-50">
        {m.orders_deliverables_heading()}
      </h3>
      {heldForRest && (
        <p
          data-testid="deliverables-held"
          className="rounded-md bg-zinc-100 px-3 py-2 text-sm text-zinc-900 dark:bg-zinc-900 dark:text-zinc-100"
        >
          {heldForRest}
        </p>
      )}
      <DeliverableList
        files={order.deliverables}
        side={order.side}
        canDelete={can.deleteDeliverable}
        busy={busy}
        onDelete={remove}
      />
      {/* Sent in parts, resumable, each file with its progress, Pause and Cancel (issue 60, decision 096). */}
      {can.addDeliverable && <DeliverableUpload orderId={order.id} deliverableCount={order.deliverables.length} />}
      <ErrorText text={error} persistent />
      <AddToPortfolio order={order} />
    </section>
  );
}
