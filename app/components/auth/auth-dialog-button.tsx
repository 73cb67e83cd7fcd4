import { lazy, Suspense, useState, type ReactNode } from "react";
import type { AuthMode } from "./auth-dialog";

const loadAuthDialog = () => import("./auth-dialog");
const AuthDialog = lazy(() => loadAuthDialog().then((module) => ({ default: module.AuthDialog })));

/**
 * A button that opens the sign-up or sign-in dialog in place (a request's "Sign up" / "Log in", the waitlist's "Sign in
 * to join"). The dialog's code loads in its own chunk, fetched as the pointer comes near or the button takes focus.
 */
export function AuthDialogButton({
  mode,
  className,
  children,
}: {
  mode: AuthMode;
  className: string;
  children: ReactNode;
}) {
  const [open, setOpen] = useState<AuthMode | null>(null);
  return (
    <>
      <button
        type="button"
        aria-haspopup="dialog"
        className={className}
        onPointerEnter={loadAuthDialog}
        onFocus={loadAuthDialog}
        onClick={() => setOpen(mode)}
      >
        {children}
      </button>
      {open ? (
        <Suspense fallback={null}>
          <AuthDialog mode={open} onModeChange={setOpen} onClose={() => setOpen(null)} />
        </Suspense>
      ) : null}
    </>
  );
}
