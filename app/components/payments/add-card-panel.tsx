import { lazy, Suspense, useEffect, useRef, useState } from "react";
import { ErrorText } from "#app/components/form/error-text";
import { m } from "#app/paraglide/messages.js";
import { getLocale } from "#app/paraglide/runtime.js";
import type { SavedCard } from "#app/lib/payments/card-api";
import type { CardEntry } from "#worker/payments/card-entry";

// The local form is compiled only into dev and test builds (vite.config.ts); a production build has no trace of it.
const EmulatorCardForm = __LOCAL_CARD_FORM__ ? lazy(() => import("#app/components/payments/emulator-card-form")) : null;
const ElementsCardForm = lazy(() => import("#app/components/payments/elements-card-form"));

/**
 * "Add a card", then the card form of this deployment (docs/decisions/018), loaded on first use: the payment settings
 * page and a request's submit step both add cards here. `error` is shown above it (a failed 3-D Secure return).
 */
export function AddCardPanel(props: {
  cardEntry: CardEntry;
  onSaved: (card: SavedCard) => void;
  initiallyOpen?: boolean;
  error?: string | null;
  onClose?: () => void;
  label?: string;
}) {
  const { cardEntry } = props;
  const [adding, setAdding] = useState(props.initiallyOpen ?? false);
  // "Add card" and the form replace each other: the local form opens with focus in its first field (autoFocus, as it
  // loads lazily), and Cancel or a save give focus back to "Add card", rather than dropping it on the page's body.
  const addButton = useRef<HTMLButtonElement>(null);
  const shownAdding = useRef(adding);
  useEffect(() => {
    if (shownAdding.current === adding) return;
    shownAdding.current = adding;
    if (!adding) addButton.current?.focus();
  }, [adding]);
  const saved = (card: SavedCard) => {
    setAdding(false);
    props.onSaved(card);
  };
  const close = () => {
    setAdding(false);
    props.onClose?.();
  };
  return (
    <div className="space-y-4">
      <ErrorText text={props.error} />
      {cardEntry.mode === "unavailable" ? (
        <p className="text-zinc-700 dark:text-zinc-300">{m.payments_unavailable()}</p>
      ) : !adding ? (
        <button ref={addButton} type="button" className="button-primary min-h-11" onClick={() => setAdding(true)}>
          {props.label ?? m.payments_add_card()}
        </button>
      ) : (
        <Suspense fallback={<p className="text-sm text-zinc-700 dark:text-zinc-300">{m.payments_saving_card()}</p>}>
          {cardEntry.mode === "emulator" && EmulatorCardForm ? (
            <EmulatorCardForm
              keys={cardEntry}
              onSaved={saved}
              onCancel={close}
              focusFirstField={!props.initiallyOpen}
            />
          ) : cardEntry.mode === "elements" ? (
            <ElementsCardForm
              publishableKey={cardEntry.publishableKey}
              locale={getLocale()}
              onSaved={saved}
              onCancel={close}
            />
          ) : (
            <p className="text-zinc-700 dark:text-zinc-300">{m.payments_unavailable()}</p>
          )}
        </Suspense>
      )}
    </div>
  );
}
