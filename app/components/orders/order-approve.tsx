// The creator's Approve with its optional deposit (issue 63, decision 100): a percent of the total (empty: the whole
// total is paid at once) and whether the deposit goes back when the client walks away, with the deposit and the rest
// shown as the percent is typed. Posted by a fetcher, so a refused approval keeps what was typed and says why (the
// page's posts answer a refusal unworded: the form words it from the loader's texts).
import { useState } from "react";
import { useFetcher } from "react-router";
import { TextField } from "#app/components/form/text-field";
import { m } from "#app/paraglide/messages.js";
import { depositAmount, depositFits, isDepositPercent } from "#worker/orders/domain/order-parts";
import type { OrderPost } from "#app/loaders/orders/order-panel-texts.server";
import type { DepositFieldTexts } from "#app/loaders/orders/order-parts-texts.server";
import { showMoney } from "./order-format";
import { failedOf, type Posted } from "./pending-answer";

/** The deposit and the rest of `percent` of the total, or null while it is no deposit the order takes (decide's rule). */
function previewOf(deposit: DepositFieldTexts, percent: string): string | null {
  const value = Number(percent);
  if (deposit.total === null || percent.trim() === "" || !isDepositPercent(value)) return null;
  if (!depositFits(deposit.total, value)) return deposit.refused;
  const first = depositAmount(deposit.total, value);
  return m.orders_deposit_preview({
    deposit: showMoney(first, deposit.currencyCode),
    rest: showMoney(deposit.total - first, deposit.currencyCode),
  });
}

export function ApproveWithDeposit({
  orderId,
  post,
  deposit,
}: {
  orderId: string;
  post: OrderPost;
  deposit: DepositFieldTexts;
}) {
  const fetcher = useFetcher<Posted>();
  const [percent, setPercent] = useState("");
  const [postedPercent, setPostedPercent] = useState("");
  const busy = fetcher.state !== "idle";
  // The refusal a deposit can cause is the one worded here; a refused approval without one changed nothing to explain.
  const refused = failedOf(fetcher) && postedPercent !== "" ? deposit.refused : undefined;
  const preview = previewOf(deposit, percent);
  const { caution } = post;
  return (
    <div className="space-y-2">
      {caution && (
        <p
          id="approve-caution"
          data-testid="approve-slots-note"
          className="rounded-md border border-amber-600 bg-amber-50 px-3 py-2 text-sm text-amber-900 dark:border-amber-400 dark:bg-amber-950 dark:text-amber-100"
        >
          {caution.note}
        </p>
      )}
      <fetcher.Form
        method="post"
        className="space-y-3"
        onSubmit={(event) => {
          // Approving with every slot taken asks first (decision 091).
          if (caution && !window.confirm(caution.confirm)) return event.preventDefault();
          setPostedPercent(String(new FormData(event.currentTarget).get("depositPercent") ?? "").trim());
        }}
      >
        <input type="hidden" name="orderId" value={orderId} />
        <input type="hidden" name="intent" value="approve" />
        <fieldset className="space-y-3 rounded-lg border border-zinc-200 p-3 dark:border-zinc-800">
          <legend className="px-1 text-sm font-semibold text-zinc-900 dark:text-zinc-100">{deposit.legend}</legend>
          <TextField
            type="number"
            name="depositPercent"
            id={`deposit-percent-${orderId}`}
            inputMode="numeric"
            min={deposit.min}
            max={deposit.max}
            step={1}
            defaultValue=""
            onValueChange={setPercent}
            label={deposit.label}
            error={refused}
            hint={
              <>
                {deposit.hint}
                <span aria-live="polite" className="block font-medium text-zinc-900 dark:text-zinc-100">
                  {preview}
                </span>
              </>
            }
          />
          <fieldset className="space-y-1">
            <legend className="text-sm font-medium text-zinc-900 dark:text-zinc-100">{deposit.termsLegend}</legend>
            {(["refundable", "kept"] as const).map((terms) => (
              <label
                key={terms}
                className="flex min-h-11 cursor-pointer items-center gap-3 text-sm text-zinc-900 dark:text-zinc-100"
              >
                <input
                  type="radio"
                  name="depositTerms"
                  value={terms}
                  defaultChecked={terms === "refundable"}
                  className="size-4 accent-brand-600"
                />
                {deposit[terms]}
              </label>
            ))}
          </fieldset>
        </fieldset>
        <div className="space-y-1">
          <button
            type="submit"
            disabled={!post.enabled || busy}
            aria-describedby={
              [caution && "approve-caution", !post.enabled && post.hint && "approve-hint"].filter(Boolean).join(" ") ||
              undefined
            }
            className="button-primary min-h-11 w-full disabled:cursor-not-allowed disabled:opacity-60"
          >
            {post.label}
          </button>
          {!post.enabled && post.hint && (
            <p id="approve-hint" className="text-xs text-zinc-700 dark:text-zinc-300">
              {post.hint}
            </p>
          )}
        </div>
      </fetcher.Form>
    </div>
  );
}
