// The confirm page of a money action (issue 75): a stage approval, a completion or a cancel posted without its
// confirmation (pressed before its part of the order page hydrated, or without script) is answered with this instead
// of the order. It works without script: a form posting the same fields again with `confirmed=true`, and a link back.
import { useEffect, useRef } from "react";
import { Form, Link } from "react-router";
import { DashboardPage } from "#app/components/dashboard/dashboard-page";
import { useIsPosting } from "#app/components/form/use-is-posting";
import type { OrderConfirmation } from "#app/loaders/orders/order-confirm-texts.server";

export function OrderConfirm({ title, confirm }: { title: string; confirm: OrderConfirmation }) {
  const posting = useIsPosting();
  const panel = useRef<HTMLElement>(null);
  // Met after a post with script (a confirm the dialog did not send): focus moves to what the page now asks.
  useEffect(() => panel.current?.focus(), []);
  return (
    <DashboardPage title={title}>
      <section
        ref={panel}
        tabIndex={-1}
        aria-labelledby="order-confirm-heading"
        data-testid="order-confirm"
        className="max-w-xl space-y-4 rounded-xl border-2 border-amber-500 bg-amber-50 p-5 dark:border-amber-400 dark:bg-amber-950"
      >
        <h2 id="order-confirm-heading" className="text-lg font-semibold text-zinc-900 dark:text-zinc-50">
          {confirm.heading}
        </h2>
        <p className="font-medium text-zinc-900 dark:text-zinc-100">{confirm.question}</p>
        <p className="text-sm text-zinc-800 dark:text-zinc-200">{confirm.note}</p>
        <div className="flex flex-wrap items-center gap-4">
          <Form method="post">
            {confirm.fields.map(([name, value]) => (
              <input key={name} type="hidden" name={name} value={value} />
            ))}
            <input type="hidden" name="confirmed" value="true" />
            <button type="submit" disabled={posting} className="button-primary min-h-11 disabled:opacity-60">
              {confirm.submit}
            </button>
          </Form>
          <Link to={confirm.back.href} className="text-sm font-medium text-brand-700 underline dark:text-brand-300">
            {confirm.back.label}
          </Link>
        </div>
      </section>
    </DashboardPage>
  );
}
