// The creator's Approve with how the client pays (issue 63): for an order without stages, an optional deposit (decision
// 100): a percent of the total (empty: the whole total is paid at once) and whether the deposit goes back when the
// client walks away, with the deposit and the rest shown as the percent is typed; for a plan of two stages or more,
// the whole total now or each stage charged when it starts (decision 101). Posted by a fetcher, so a refused approval
// keeps what was chosen and says why (the page's posts answer a refusal unworded: the form words it from the loader's
// texts). Server-rendered, it posts as a plain form without JavaScript.
import { useState } from "react";
import { useFetcher } from "react-router";
import { TextField } from "#app/components/form/text-field";
import { m } from "#app/paraglide/messages.js";
import { depositAmount, depositFits, isDepositPercent } from "#worker/orders/domain/order-parts";
import type { OrderPost } from "#app/loaders/orders/order-panel-texts.server";
import type { ByStageFieldTexts, DepositFieldTexts } from "#app/loaders/orders/order-parts-texts.server";
import { ErrorText } from "#app/components/form/error-text";
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

/** The deposit's fields (decision 100): its percent with the parts previewed as it is typed, and its terms. */
function DepositFields({
  orderId,
  deposit,
  refused,
}: {
  orderId: string;
  deposit: DepositFieldTexts;
  refused?: string;
}) {
  const [percent, setPercent] = useState("");
  const preview = previewOf(deposit, percent);
  return (
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
  );
}

/** The choice of a plan of two stages or more (decision 101): the whole total now, or each stage when it starts. */
function ByStageFields({
  orderId,
  byStage,
  refused,
}: {
  orderId: string;
  byStage: ByStageFieldTexts;
  refused?: string;
}) {
  const hintId = `by-stage-hint-${orderId}`;
  const errorId = `by-stage-error-${orderId}`;
  return (
    <fieldset
      className="space-y-1 rounded-lg border border-zinc-200 p-3 dark:border-zinc-800"
      aria-describedby={refused ? errorId : undefined}
      data-testid="approve-payment"
    >
      <legend className="px-1 text-sm font-semibold text-zinc-900 dark:text-zinc-100">{byStage.legend}</legend>
      {(["atOnce", "byStage"] as const).map((choice) => (
        <label
          key={choice}
          className="flex min-h-11 cursor-pointer items-center gap-3 text-sm text-zinc-900 dark:text-zinc-100"
        >
          <input
            type="radio"
            name="payment"
            value={choice}
            defaultChecked={choice === "atOnce"}
            aria-describedby={choice === "byStage" ? hintId : undefined}
            className="size-4 shrink-0 accent-brand-600"
          />
          {choice === "atOnce" ? byStage.atOnce : byStage.byStage}
        </label>
      ))}
      <p id={hintId} className="text-xs text-zinc-700 dark:text-zinc-300">
        {byStage.hint}
      </p>
      <ErrorText id={errorId} text={refused} />
    </fieldset>
  );
}

export function ApproveWithParts({
  orderId,
  post,
  deposit,
  byStage,
}: {
  orderId: string;
  post: OrderPost;
  deposit?: DepositFieldTexts;
  byStage?: ByStageFieldTexts;
}) {
  const fetcher = useFetcher<Posted>();
  // What the refused post asked for: a deposit ("deposit") or stage by stage ("byStage"), or neither ("").
  const [asked, setAsked] = useState<"" | "deposit" | "byStage">("");
  const busy = fetcher.state !== "idle";
  // The refusals a deposit or the by-stage choice can cause are the ones worded here; a refused approval without either
  // changed nothing to explain.
  const failed = failedOf(fetcher);
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
          const form = new FormData(event.currentTarget);
          if (form.get("payment") === "byStage") setAsked("byStage");
          else setAsked(String(form.get("depositPercent") ?? "").trim() === "" ? "" : "deposit");
        }}
      >
        <input type="hidden" name="orderId" value={orderId} />
        <input type="hidden" name="intent" value="approve" />
        {deposit && (
          <DepositFields
            orderId={orderId}
            deposit={deposit}
            refused={failed && asked === "deposit" ? deposit.refused : undefined}
          />
        )}
        {byStage && (
          <ByStageFields
            orderId={orderId}
            byStage={byStage}
            refused={failed && asked === "byStage" ? byStage.refused : undefined}
          />
        )}
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
