// The licence changed by agreement on the order page (issue 63, decision 099), beside the delivery-date block. The
// client: "Ask to change the licence", folded, opens a box per licence tag (their licence ticked to start from) and
// Send; while their request waits, what they asked for. The creator: the waiting request with Accept and Decline, each
// confirmed first. Its words come from the loader (order-licence-texts.server.ts); the posts go to the page's action
// (worker/orders/commands/*-licence.ts), and the Order object checks every rule again. The boxes are uncontrolled:
// what was ticked stays when a post is refused.
import { type FormEvent, useId } from "react";
import { useFetcher } from "react-router";
import { ErrorText } from "#app/components/form/error-text";
import type { LicenceAskForm, LicencePending, OrderLicencePanel } from "#app/loaders/orders/order-licence-texts.server";
import { failedOf, PendingAnswer, type Posted } from "./pending-answer";

const foldClass = "mt-2 space-y-3 rounded-lg border border-zinc-200 p-4 dark:border-zinc-800";
const summaryClass = "inline-flex min-h-11 cursor-pointer items-center text-zinc-700 underline dark:text-zinc-300";

export function OrderLicence({ orderId, licence }: { orderId: string; licence: OrderLicencePanel }) {
  return (
    <div className="space-y-3 text-sm" data-testid="licence-change">
      {licence.waiting && (
        <p
          role="status"
          className="rounded-lg border border-zinc-200 p-3 text-zinc-800 dark:border-zinc-800 dark:text-zinc-200"
        >
          {licence.waiting}
        </p>
      )}
      {licence.pending && <PendingRequest orderId={orderId} pending={licence.pending} />}
      {licence.ask && <AskForm orderId={orderId} current={licence.current} form={licence.ask} />}
    </div>
  );
}

function AskForm({ orderId, current, form }: { orderId: string; current: string; form: LicenceAskForm }) {
  const ids = { intro: useId(), error: useId() };
  const fetcher = useFetcher<Posted>();
  const failed = failedOf(fetcher);
  const fieldError = failed?.errors?.licence;
  return (
    <details className="group" data-testid="licence-ask">
      <summary className={summaryClass}>{form.toggle}</summary>
      <fetcher.Form method="post" className={foldClass}>
        <input type="hidden" name="orderId" value={orderId} />
        <input type="hidden" name="intent" value="requestLicence" />
        <p className="font-medium text-zinc-900 dark:text-zinc-100">{current}</p>
        <p id={ids.intro} className="text-zinc-700 dark:text-zinc-300">
          {form.intro}
        </p>
        <fieldset
          aria-describedby={[ids.intro, fieldError ? ids.error : ""].join(" ").trim()}
          aria-invalid={fieldError ? true : undefined}
          className="space-y-1"
        >
          <legend className="mb-1 font-semibold text-zinc-900 dark:text-zinc-100">{form.legend}</legend>
          {form.options.map((option) => (
            <label
              key={option.tag}
              className="flex min-h-11 cursor-pointer items-center gap-3 rounded-md px-2 text-zinc-900 hover:bg-zinc-50 dark:text-zinc-100 dark:hover:bg-zinc-900"
            >
              <input
                type="checkbox"
                name="licence"
                value={option.tag}
                defaultChecked={option.checked}
                className="size-5 accent-brand-700 dark:accent-brand-300"
              />
              <span>{option.label}</span>
            </label>
          ))}
        </fieldset>
        <ErrorText id={ids.error} text={fieldError} />
        <ErrorText text={failed?.message} />
        <button
          type="submit"
          disabled={fetcher.state !== "idle"}
          className="button-primary min-h-11 disabled:opacity-60"
        >
          {form.submit}
        </button>
      </fetcher.Form>
    </details>
  );
}

function PendingRequest({ orderId, pending }: { orderId: string; pending: LicencePending }) {
  // Each answer is confirmed first (it is final); without JavaScript the post goes straight away.
  const confirmAnswer = (event: FormEvent<HTMLFormElement>) => {
    const submitter = (event.nativeEvent as SubmitEvent).submitter as HTMLButtonElement | null;
    const question = submitter?.value === "acceptLicence" ? pending.acceptConfirm : pending.declineConfirm;
    if (!window.confirm(question)) event.preventDefault();
  };
  return (
    <PendingAnswer
      orderId={orderId}
      testId="licence-pending"
      heading={pending.heading}
      facts={pending.facts}
      accept={{ intent: "acceptLicence", label: pending.accept }}
      decline={{ intent: "declineLicence", label: pending.decline }}
      onSubmit={confirmAnswer}
    >
      <p className="text-zinc-700 dark:text-zinc-300">{pending.note}</p>
    </PendingAnswer>
  );
}
