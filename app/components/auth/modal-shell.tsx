import { useEffect, useRef } from "react";
import { keepTabInside } from "~/components/dialog/focus-trap";
import { m } from "~/paraglide/messages.js";


/**
 * A modal <dialog>: the page behind is inert, Escape closes, and Tab / Shift+Tab cycle inside it
 * (the explicit trap keeps focus in the dialog even where the browser would move it to its own UI).
 */
export function ModalShell(props: { open: boolean; labelledBy: string; onClose: () => void; children: React.ReactNode }) {
  const ref = useRef<HTMLDialogElement>(null);

  // Focus goes back to whatever opened the modal, also when the modal unmounts rather than closes.
  useEffect(() => {
    const opener = document.activeElement as HTMLElement | null;
    return () => opener?.focus();
  }, []);

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (props.open && !dialog.open) dialog.showModal();
    if (!props.open && dialog.open) dialog.close();
  }, [props.open]);

  return (
    <dialog
      ref={ref}
      aria-labelledby={props.labelledBy}
      onKeyDown={(event) => keepTabInside(event, ref.current)}
      onCancel={(event) => {
        event.preventDefault();
        props.onClose();
      }}
      onClick={(event) => {
        if (event.target === ref.current) props.onClose();
      }}
      className="m-auto w-[min(92vw,26rem)] rounded-2xl bg-white p-0 text-zinc-900 shadow-2xl backdrop:bg-zinc-950/60 dark:bg-zinc-900 dark:text-zinc-100"
    >
      {props.open ? (
        <div className="relative p-6">
          <button
            type="button"
            onClick={props.onClose}
            aria-label={m.auth_close()}
            className="absolute right-3 top-3 rounded-full p-2 text-zinc-600 hover:bg-zinc-100 focus-visible:outline-2 focus-visible:outline-brand-600 dark:text-zinc-300 dark:hover:bg-zinc-800"
          >
            <svg aria-hidden="true" viewBox="0 0 20 20" className="h-4 w-4" fill="none" stroke="currentColor" strokeWidth="2">
              <path d="M5 5l10 10M15 5L5 15" />
            </svg>
          </button>
          {props.children}
        </div>
      ) : null}
    </dialog>
  );
}
