import { ModalDialog } from "~/components/dialog/modal-dialog";
import { m } from "~/paraglide/messages.js";


/**
 * A small modal with a close button (sign-in, share, add media) on the shared `ModalDialog`: the page behind is
 * inert, Escape and the backdrop close, Tab / Shift+Tab cycle inside, focus returns to the opener.
 */
export function ModalShell(props: { open: boolean; labelledBy: string; onClose: () => void; children: React.ReactNode }) {
  return (
    <ModalDialog
      open={props.open}
      onClose={props.onClose}
      aria-labelledby={props.labelledBy}
      className="m-auto w-[min(92vw,26rem)] rounded-2xl bg-white p-0 text-zinc-900 shadow-2xl backdrop:bg-zinc-950/60 dark:bg-zinc-900 dark:text-zinc-100"
    >
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
    </ModalDialog>
  );
}
