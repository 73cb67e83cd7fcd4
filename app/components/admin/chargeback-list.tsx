// The chargebacks beside Comet's own disputes (decision 103): a card issuer's dispute of an order's payment, each with
// its status and, while Stripe waits for evidence, its due date. The loader made every word
// (app/routes/admin/chargeback-texts.server.ts).
import { Link } from "react-router";
import { m } from "#app/paraglide/messages.js";
import type { ChargebackEntryView } from "#app/routes/admin/chargeback-texts.server";

export function ChargebackList({ chargebacks }: { chargebacks: ChargebackEntryView[] }) {
  return (
    <section aria-labelledby="admin-chargebacks" className="space-y-3">
      <h2 id="admin-chargebacks" className="text-lg font-semibold text-zinc-900 dark:text-zinc-50">
        {m.chargebacks_title()}
      </h2>
      <p className="text-sm text-zinc-700 dark:text-zinc-300">{m.chargebacks_admin_intro()}</p>
      {chargebacks.length === 0 ? (
        <p className="rounded-lg border border-dashed border-zinc-400 px-6 py-6 text-center text-zinc-700 dark:border-zinc-600 dark:text-zinc-300">
          {m.chargebacks_admin_empty()}
        </p>
      ) : (
        <ul className="space-y-3">
          {chargebacks.map((chargeback) => (
            <li
              key={chargeback.id}
              data-testid="admin-chargeback"
              className="space-y-1 rounded-xl border border-zinc-200 p-4 dark:border-zinc-700"
            >
              <div className="flex flex-wrap items-baseline justify-between gap-2">
                <h3 className="font-semibold text-zinc-900 dark:text-zinc-50">
                  <Link
                    to={`/admin/chargebacks/${encodeURIComponent(chargeback.id)}`}
                    className="underline underline-offset-2 hover:no-underline"
                  >
                    {chargeback.heading}
                  </Link>
                </h3>
                <span className="text-sm font-medium text-zinc-900 dark:text-zinc-100">{chargeback.status}</span>
              </div>
              <p className="text-sm text-zinc-700 dark:text-zinc-300">
                {chargeback.amount} · {chargeback.reason}
              </p>
              {chargeback.due && (
                <p
                  className={`text-sm ${chargeback.due.urgent ? "font-semibold text-red-800 dark:text-red-300" : "text-zinc-700 dark:text-zinc-300"}`}
                >
                  <time dateTime={chargeback.due.iso}>{chargeback.due.text}</time>
                </p>
              )}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
