// An order's chargebacks, shown to both parties above the order (decision 103): while one is open it is what the
// order's money waits on, so it is the first thing either side reads. The loader made every word
// (app/loaders/orders/order-chargeback-texts.server.ts).
import type { ChargebackTone, OrderChargebackBanner } from "#app/loaders/orders/order-chargeback-texts.server";

const TONES: Record<ChargebackTone, string> = {
  open: "border-amber-500 bg-amber-50 dark:border-amber-400 dark:bg-amber-950",
  lost: "border-red-600 bg-red-50 dark:border-red-400 dark:bg-red-950",
  won: "border-emerald-600 bg-emerald-50 dark:border-emerald-400 dark:bg-emerald-950",
  ended: "border-zinc-300 bg-zinc-50 dark:border-zinc-600 dark:bg-zinc-900",
};

export function OrderChargebacks({ banners }: { banners: OrderChargebackBanner[] }) {
  return (
    <div className="space-y-3">
      {banners.map((banner) => (
        <section
          key={banner.id}
          aria-labelledby={`chargeback-${banner.id}`}
          data-testid="order-chargeback"
          data-tone={banner.tone}
          className={`space-y-1 rounded-xl border-2 p-4 ${TONES[banner.tone]}`}
        >
          <h2 id={`chargeback-${banner.id}`} className="font-semibold text-zinc-900 dark:text-zinc-50">
            {banner.heading}
          </h2>
          <p className="text-sm text-zinc-800 dark:text-zinc-200">{banner.facts}</p>
          <p className="text-sm text-zinc-900 dark:text-zinc-100">{banner.body}</p>
          <a href={banner.terms.href} className="text-sm text-sky-800 underline dark:text-sky-300">
            {banner.terms.label}
          </a>
        </section>
      ))}
    </div>
  );
}
