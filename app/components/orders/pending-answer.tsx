// A request one party made on the order, waiting for the other's answer (decision 090's deadline extension, decision
// 099's licence change): its heading, its facts, what the request's own block adds, and Accept and Decline as two
// intents of one form posted to the order page's action. The blocks differ in their words, their intents and what
// they show between the facts and the buttons; the shape is this one.
import type { FormEvent, ReactNode } from "react";
import { useId } from "react";
import { useFetcher } from "react-router";
import { ErrorText } from "#app/components/form/error-text";

/** What the order page's action answers a block's post. */
export type Posted = { ok: boolean; intent?: string; errors?: Record<string, string>; message?: string };

/** The post's refusal once it is back, if it was refused. */
export const failedOf = (fetcher: ReturnType<typeof useFetcher<Posted>>) =>
  fetcher.state === "idle" && fetcher.data && !fetcher.data.ok ? fetcher.data : undefined;

interface Answer {
  intent: string;
  label: string;
}

export function PendingAnswer(props: {
  orderId: string;
  testId: string;
  heading: string;
  facts: readonly { label: string; value: string }[];
  accept: Answer;
  decline: Answer;
  /** Runs before the post (a confirm); preventing the event keeps the post from going. */
  onSubmit?: (event: FormEvent<HTMLFormElement>) => void;
  children?: ReactNode;
}) {
  const headingId = useId();
  const fetcher = useFetcher<Posted>();
  const failed = failedOf(fetcher);
  return (
    <section
      aria-labelledby={headingId}
      className="space-y-3 rounded-lg border border-amber-300 bg-amber-50 p-4 dark:border-amber-700 dark:bg-amber-950"
      data-testid={props.testId}
    >
      <h3 id={headingId} className="font-semibold text-zinc-900 dark:text-zinc-50">
        {props.heading}
      </h3>
      <dl>
        {props.facts.map((fact) => (
          <div key={fact.label} className="flex flex-wrap justify-between gap-x-4 py-1">
            <dt className="text-zinc-700 dark:text-zinc-300">{fact.label}</dt>
            <dd className="text-right font-medium text-zinc-900 dark:text-zinc-100">{fact.value}</dd>
          </div>
        ))}
      </dl>
      {props.children}
      <ErrorText text={failed?.message} />
      <fetcher.Form method="post" className="flex flex-wrap gap-2" onSubmit={props.onSubmit}>
        <input type="hidden" name="orderId" value={props.orderId} />
        {[props.accept, props.decline].map((answer, index) => (
          <button
            key={answer.intent}
            type="submit"
            name="intent"
            value={answer.intent}
            disabled={fetcher.state !== "idle"}
            className={`${index === 0 ? "button-primary" : "button-secondary"} min-h-11 disabled:opacity-60`}
          >
            {answer.label}
          </button>
        ))}
      </fetcher.Form>
    </section>
  );
}
