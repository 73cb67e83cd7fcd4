// The Delivery tab (spec sections 2 and 4; decision 024): the deliverable files (deliverable-list.tsx: each file's
// facts, and the sources held until completion, decision 096), read by both parties through signed URLs; the seller
// uploads them (signed writes into the order's private folder, then attached through the order's Durable Object)
// while DRAFT, APPROVED or DELIVERED, and deletes them while DRAFT or APPROVED.
import { useId, useState, type ChangeEvent } from "react";
import { useRevalidator } from "react-router";
import { ErrorText } from "#app/components/form/error-text";
import { AddToPortfolio } from "#app/components/history/add-to-portfolio";
import { precheckFiles, uploadErrorMessage } from "#app/components/media/upload-client";
import { UploadProgressList, useUploads } from "#app/components/media/upload-progress";
import { DeliverableList } from "./deliverable-list";
import { m } from "#app/paraglide/messages.js";
import { acceptAttribute, findUploadRule } from "#worker/domain/upload-rules";
import { checkMediaLimit, ORDER_DELIVERABLES_MAX_FILES } from "#worker/domain/media-limits";
import { sellerEditable } from "#worker/domain/order-display";
import type { OrderDetail } from "#worker/services/order-views";

const RULE = findUploadRule("commission-order", "deliverables")!;

async function post(path: string, body: unknown): Promise<boolean> {
  const response = await fetch(`/api/features/commission/order/deliverable/${path}`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify(body),
  });
  return response.ok;
}

export function OrderDelivery({ order }: { order: OrderDetail }) {
  const revalidator = useRevalidator();
  const inputId = useId();
  const uploads = useUploads();
  const [saving, setSaving] = useState(false);
  const busy = saving || uploads.busy;
  const setBusy = setSaving;
  const [error, setError] = useState<string | null>(null);
  const can =
    order.side === "seller" ? sellerEditable(order.facts) : { addDeliverable: false, deleteDeliverable: false };

  async function upload(event: ChangeEvent<HTMLInputElement>) {
    const files = [...(event.currentTarget.files ?? [])];
    event.currentTarget.value = "";
    if (files.length === 0) return;
    setError(null);
    const limit = checkMediaLimit(order.deliverables.length, files.length, ORDER_DELIVERABLES_MAX_FILES);
    const problem = limit.ok ? await precheckFiles(files, RULE) : limit.error;
    if (problem) return setError(uploadErrorMessage(problem));
    const uploaded = await uploads.upload({ domain: "commission-order", id: order.id, field: "deliverables" }, files);
    if (!uploaded.ok) return setError(uploadErrorMessage(uploaded.code));
    // Every file cancelled: nothing to attach.
    if (uploaded.uploaded.length === 0) return;
    setBusy(true);
    if (
      !(await post("create", {
        orderId: order.id,
        medias: uploaded.uploaded.map(({ url, file }) => ({ url, name: file.name })),
      }))
    )
      setError(uploadErrorMessage("failed"));
    setBusy(false);
    revalidator.revalidate();
  }

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
      <DeliverableList
        files={order.deliverables}
        side={order.side}
        canDelete={can.deleteDeliverable}
        busy={busy}
        onDelete={remove}
      />
      {can.addDeliverable && (
        <div className="space-y-1">
          <label className="button-secondary min-h-11 cursor-pointer has-[[aria-disabled=true]]:opacity-60 has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-offset-2 has-[:focus-visible]:outline-brand-600 dark:has-[:focus-visible]:outline-brand-300">
            {busy ? m.orders_deliverables_uploading() : m.orders_deliverables_upload()}
            {/* aria-disabled, not disabled, while busy: a disabled input loses focus, and the keyboard user who pressed
                Enter on it would be left on the page's body for the whole upload. */}
            <input
              id={inputId}
              type="file"
              multiple
              accept={acceptAttribute(RULE)}
              aria-disabled={busy}
              onClick={(event) => busy && event.preventDefault()}
              onChange={upload}
              aria-describedby={`${inputId}-hint`}
              className="sr-only"
            />
          </label>
          <p id={`${inputId}-hint`} className="text-xs text-zinc-700 dark:text-zinc-300">
            {m.orders_deliverables_hint()} {m.uploads_exchange_files_hint()}
          </p>
          <UploadProgressList uploads={uploads} />
          <ErrorText text={error} persistent />
        </div>
      )}
      <AddToPortfolio order={order} />
    </section>
  );
}
