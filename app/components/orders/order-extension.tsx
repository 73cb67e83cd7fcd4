// The delivery date moved by agreement on the order page (issue 50, decision 090), under the order's summary. The
// creator: "Ask for more time", folded, opens the form (a new delivery date and a reason); while a request waits, a
// note says until when the client may answer. The client: a waiting request's proposed date and reason (read in their
// language) with Accept and Decline; otherwise "Give more time", folded, moves the date at once. Its words come from
// the loader (order-extension-texts.server.ts); the posts go to the page's action (worker/orders/commands/), and the
// Order object checks every rule again. The inputs are uncontrolled: what was typed stays when a post is refused.
import { useId } from "react";
import { useFetcher } from "react-router";
import { ErrorText } from "#app/components/form/error-text";
import { TextareaField } from "#app/components/form/textarea-field";
import { TranslatedText } from "#app/components/translation/translated-text";
import { failedOf, PendingAnswer, type Posted } from "./pending-answer";
import type {
  ExtensionAskForm,
  ExtensionDateField,
  ExtensionGiveForm,
  ExtensionPending,
  OrderExtensionPanel,
} from "#app/loaders/orders/order-extension-texts.server";

const fieldClass =
  "w-full rounded-md border border-zinc-300 bg-white px-3 py-2 text-sm text-zinc-900 aria-invalid:border-red-700 dark:border-zinc-700 dark:bg-zinc-900 dark:text-zinc-100 dark:aria-invalid:border-red-400";
const foldClass = "mt-2 space-y-3 rounded-lg border border-zinc-200 p-4 dark:border-zinc-800";
const summaryClass = "inline-flex min-h-11 cursor-pointer items-center text-zinc-700 underline dark:text-zinc-300";

export function OrderExtension({ orderId, extension }: { orderId: string; extension: OrderExtensionPanel }) {
  return (
    <div className="space-y-3 text-sm" data-testid="order-extension">
      {extension.waiting && (
        <p className="rounded-lg border border-zinc-200 p-3 text-zinc-800 dark:border-zinc-800 dark:text-zinc-200">
          {extension.waiting}
        </p>
      )}
      {extension.pending && <PendingRequest orderId={orderId} pending={extension.pending} />}
      {extension.ask && <AskForm orderId={orderId} form={extension.ask} />}
      {extension.give && <GiveForm orderId={orderId} form={extension.give} />}
    </div>
  );
}

function AskForm({ orderId, form }: { orderId: string; form: ExtensionAskForm }) {
  const headingId = useId();
  const fetcher = useFetcher<Posted>();
  const failed = failedOf(fetcher);
  return (
    <details className="group" data-testid="extension-ask">
      <summary className={summaryClass}>{form.toggle}</summary>
      <section aria-labelledby={headingId} className={foldClass}>
        <h3 id={headingId} className="font-semibold text-zinc-900 dark:text-zinc-50">
          {form.heading}
        </h3>
        <p className="text-zinc-700 dark:text-zinc-300">{form.intro}</p>
        <fetcher.Form method="post" className="space-y-3">
          <input type="hidden" name="orderId" value={orderId} />
          <input type="hidden" name="intent" value="requestExtension" />
          <DateField field={form.date} error={failed?.errors?.deliveryDeadline} />
          <ReasonField field={form.reason} error={failed?.errors?.reason} />
          <ErrorText text={failed?.message} />
          <button
            type="submit"
            disabled={fetcher.state !== "idle"}
            className="button-primary min-h-11 disabled:opacity-60"
          >
            {form.submit}
          </button>
        </fetcher.Form>
      </section>
    </details>
  );
}

function GiveForm({ orderId, form }: { orderId: string; form: ExtensionGiveForm }) {
  const fetcher = useFetcher<Posted>();
  const failed = failedOf(fetcher);
  return (
    <details className="group" data-testid="extension-give">
      <summary className={summaryClass}>{form.toggle}</summary>
      <fetcher.Form method="post" className={foldClass}>
        <p className="text-zinc-700 dark:text-zinc-300">{form.intro}</p>
        <input type="hidden" name="orderId" value={orderId} />
        <input type="hidden" name="intent" value="giveExtension" />
        <DateField field={form.date} error={failed?.errors?.deliveryDeadline} />
        <ErrorText text={failed?.message} />
        <button
          type="submit"
          disabled={fetcher.state !== "idle"}
          className="button-secondary min-h-11 disabled:opacity-60"
        >
          {form.submit}
        </button>
      </fetcher.Form>
    </details>
  );
}

function PendingRequest({ orderId, pending }: { orderId: string; pending: ExtensionPending }) {
  return (
    <PendingAnswer
      orderId={orderId}
      testId="extension-pending"
      heading={pending.heading}
      facts={pending.facts}
      accept={{ intent: "acceptExtension", label: pending.accept }}
      decline={{ intent: "declineExtension", label: pending.decline }}
    >
      {pending.reason && (
        <div>
          <h4 className="font-semibold text-zinc-900 dark:text-zinc-100">{pending.reasonLabel}</h4>
          <TranslatedText
            text={pending.reason.body}
            reading={pending.reason.reading}
            className="whitespace-pre-wrap text-zinc-800 dark:text-zinc-200"
          />
        </div>
      )}
      <p className="text-zinc-700 dark:text-zinc-300">{pending.until}</p>
    </PendingAnswer>
  );
}

function DateField({ field, error }: { field: ExtensionDateField; error?: string }) {
  const ids = { field: useId(), hint: useId(), error: useId() };
  return (
    <div className="space-y-1">
      <label htmlFor={ids.field} className="block font-semibold text-zinc-900 dark:text-zinc-100">
        {field.label}
      </label>
      <p id={ids.hint} className="text-zinc-700 dark:text-zinc-300">
        {field.hint}
      </p>
      <input
        id={ids.field}
        type="date"
        name="deliveryDeadline"
        required
        min={field.min}
        max={field.max}
        aria-invalid={error ? true : undefined}
        aria-describedby={[ids.hint, error ? ids.error : ""].join(" ").trim()}
        className={`${fieldClass} min-h-11`}
      />
      <ErrorText id={ids.error} text={error} />
    </div>
  );
}

/** The reason's textarea with a counter of characters used. */
function ReasonField({ field, error }: { field: ExtensionAskForm["reason"]; error?: string }) {
  const count = (n: number) => field.counter.replace("{count}", n.toLocaleString());
  return (
    <TextareaField
      id={useId()}
      name="reason"
      label={field.label}
      error={error}
      required
      rows={4}
      maxLength={field.max}
      counter={{ visible: count, spoken: count }}
    />
  );
}
