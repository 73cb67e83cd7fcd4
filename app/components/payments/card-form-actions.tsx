import { m } from "#app/paraglide/messages.js";

/** Save card and Cancel, shared by both card forms (the local one and Elements). */
export function CardFormActions({
  busy,
  ready = true,
  onCancel,
}: {
  busy: boolean;
  ready?: boolean;
  onCancel: () => void;
}) {
  return (
    <div className="flex flex-wrap gap-3">
      <button type="submit" className="button-primary min-h-11" disabled={busy || !ready}>
        {busy ? m.payments_saving_card() : m.payments_save_card()}
      </button>
      <button type="button" className="button-secondary min-h-11" onClick={onCancel} disabled={busy}>
        {m.payments_cancel()}
      </button>
    </div>
  );
}
