import { useState } from "react";
import { m } from "#app/paraglide/messages.js";
import type { PaymentAccountMethod } from "#worker/payments/cards";
import { CardBrandMark, cardBrandName } from "./card-brand";

// The card calls load with the first Delete (or the card form): a pointer nearing a Delete button or its focus starts it.
const loadCardApi = () => import("#app/lib/payments/card-api");
const preloadCardApi = () => void loadCardApi();

/**
 * The user's saved cards: brand, last 4 digits, expiry, and Delete, which asks first (window.confirm, as every delete
 * does: keyboard and screen-reader ready; issue 33). A failed delete stops loading and says nothing (spec section 8);
 * the card simply stays listed.
 */
export function SavedCardList({ cards, onDeleted }: { cards: PaymentAccountMethod[]; onDeleted: () => void }) {
  const [deleting, setDeleting] = useState<string | null>(null);

  async function remove(methodId: string, card: PaymentAccountMethod["card"]) {
    if (
      !window.confirm(
        m.payments_delete_card_confirm({
          card: m.payments_card_label({ brand: cardBrandName(card.brand), last4: card.last4 }),
        }),
      )
    )
      return;
    setDeleting(methodId);
    try {
      const { deletePaymentMethod } = await loadCardApi();
      await deletePaymentMethod(methodId);
      onDeleted();
    } catch {
      // Spec section 8: swallowed; the list is unchanged.
    } finally {
      setDeleting(null);
    }
  }

  return (
    <section aria-labelledby="saved-cards-heading" className="space-y-3">
      <h2 id="saved-cards-heading" className="text-lg font-semibold text-zinc-900 dark:text-zinc-100">
        {m.payments_cards_heading()}
      </h2>
      {cards.length === 0 ? (
        <div className="rounded-lg border border-dashed border-zinc-400 px-4 py-6 dark:border-zinc-600">
          <p className="font-semibold text-zinc-900 dark:text-zinc-100">{m.payments_no_cards()}</p>
          <p className="mt-1 text-sm text-zinc-700 dark:text-zinc-300">{m.payments_no_cards_detail()}</p>
        </div>
      ) : (
        <ul className="divide-y divide-zinc-200 rounded-lg border border-zinc-200 dark:divide-zinc-800 dark:border-zinc-800">
          {cards.map(({ id, card }) => (
            <li key={id} className="flex flex-wrap items-center gap-3 px-4 py-3">
              <CardBrandMark brand={card.brand} />
              <div className="min-w-0 flex-1">
                <p className="font-medium text-zinc-900 dark:text-zinc-100">
                  {m.payments_card_label({ brand: cardBrandName(card.brand), last4: card.last4 })}
                </p>
                <p className="text-sm text-zinc-700 dark:text-zinc-300">
                  {m.payments_card_expires({
                    month: String(card.expMonth).padStart(2, "0"),
                    year: String(card.expYear % 100).padStart(2, "0"),
                  })}
                </p>
              </div>
              <button
                type="button"
                className="button-secondary min-h-11"
                onPointerEnter={preloadCardApi}
                onFocus={preloadCardApi}
                onClick={() => remove(id, card)}
                disabled={deleting !== null}
                aria-label={m.payments_delete_card_label({ last4: card.last4 })}
              >
                {m.payments_delete_card()}
              </button>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
