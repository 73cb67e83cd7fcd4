import { useEffect, useRef } from "react";
import { keepTabInside } from "./focus-trap";

export interface ModalDialogProps
  extends Omit<React.DialogHTMLAttributes<HTMLDialogElement>, "open" | "onClose" | "onCancel" | "onClick"> {
  open: boolean;
  /** Asked to close: Escape, a click on the backdrop, or the browser closing the dialog itself. */
  onClose: () => void;
  /** Runs before the Tab trap; call event.preventDefault() to keep the trap out of it (e.g. arrow keys). */
  onKeyDown?: (event: React.KeyboardEvent<HTMLDialogElement>) => void;
  children: React.ReactNode;
}

/**
 * The one modal <dialog> every modal uses (sign-in, share, add media, media lightbox): showModal() while `open`
 * (the page behind is inert), Escape and a backdrop click ask `onClose`, Tab / Shift+Tab cycle inside
 * (`keepTabInside`), and focus goes back to whatever had it before opening, whether the dialog closes or unmounts.
 * Children render only while open. Open/close is the parent's state: the dialog never closes itself.
 */
export function ModalDialog({ open, onClose, onKeyDown, children, ...rest }: ModalDialogProps) {
  const ref = useRef<HTMLDialogElement>(null);
  const opener = useRef<HTMLElement | null>(null);
  const openProp = useRef(open);
  openProp.current = open;

  const restoreFocus = () => {
    const target = opener.current;
    opener.current = null;
    if (target?.isConnected) target.focus();
  };

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) {
      opener.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
      dialog.showModal();
    }
    if (!open && dialog.open) dialog.close();
  }, [open]);

  // Mounted only while open (a card's lightbox, the share modal): unmounting closes it, so focus returns here.
  // The opener is kept: React's development double effects "unmount" once while the dialog stays open.
  useEffect(() => () => opener.current?.focus(), []);

  return (
    <dialog
      ref={ref}
      {...rest}
      onKeyDown={(event) => {
        onKeyDown?.(event);
        if (!event.defaultPrevented) keepTabInside(event, ref.current);
      }}
      onCancel={(event) => {
        event.preventDefault();
        onClose();
      }}
      onClick={(event) => {
        if (event.target === ref.current) onClose();
      }}
      onClose={() => {
        restoreFocus();
        // Closed by the browser rather than by `open` (e.g. a repeated Escape it will not let us cancel).
        if (openProp.current) onClose();
      }}
    >
      {open ? children : null}
    </dialog>
  );
}
