import { CloseButton } from "#app/components/dialog/close-button";
import { ModalDialog } from "#app/components/dialog/modal-dialog";
import { m } from "#app/paraglide/messages.js";

/**
 * A small modal with a close button (sign-in, share, add media) on the shared `ModalDialog`: the page behind is
 * inert, Escape and the backdrop close, Tab / Shift+Tab cycle inside, focus returns to the opener.
 */
export function ModalShell(props: {
  open: boolean;
  labelledBy: string;
  onClose: () => void;
  children: React.ReactNode;
}) {
  return (
    <ModalDialog
      open={props.open}
      onClose={props.onClose}
      aria-labelledby={props.labelledBy}
      className="m-auto w-[min(92vw,26rem)] rounded-2xl bg-white p-0 text-zinc-900 shadow-2xl backdrop:bg-zinc-950/60 dark:bg-zinc-900 dark:text-zinc-100"
    >
      <div className="relative p-6">
        <CloseButton label={m.auth_close()} onClick={props.onClose} className="absolute right-3 top-3" />
        {props.children}
      </div>
    </ModalDialog>
  );
}
