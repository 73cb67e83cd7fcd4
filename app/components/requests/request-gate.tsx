import { lazy, Suspense, useState } from "react";
import type { AuthMode } from "#app/components/auth/auth-dialog";
import { m } from "#app/paraglide/messages.js";
import type { RequestViewerState } from "#worker/services/request-views";

const loadAuthDialog = () => import("#app/components/auth/auth-dialog");
const AuthDialog = lazy(() => loadAuthDialog().then((module) => ({ default: module.AuthDialog })));

/**
 * The primary action of a service or form by viewer (spec section 4, "Service modal"): signed out, sign up or log in;
 * the creator, disabled 'You are the creator himself'; a client with a pending request, disabled 'You have already
 * sent'; anyone else gets `children` (Next, or the form itself).
 */
export function RequestGate({ state, children }: { state: RequestViewerState; children: React.ReactNode }) {
  const [authMode, setAuthMode] = useState<AuthMode | null>(null);
  if (state.kind === "can-send") return <>{children}</>;
  if (state.kind === "signed-out") {
    return (
      <div className="space-y-3">
        <p className="text-sm text-zinc-700 dark:text-zinc-300">{m.requests_signed_out_hint()}</p>
        <div className="flex flex-wrap gap-3">
          <button
            type="button"
            aria-haspopup="dialog"
            className="button-primary min-h-11"
            onPointerEnter={loadAuthDialog}
            onFocus={loadAuthDialog}
            onClick={() => setAuthMode("signup")}
          >
            {m.requests_sign_up()}
          </button>
          <button
            type="button"
            aria-haspopup="dialog"
            className="button-secondary min-h-11"
            onPointerEnter={loadAuthDialog}
            onFocus={loadAuthDialog}
            onClick={() => setAuthMode("signin")}
          >
            {m.requests_log_in()}
          </button>
        </div>
        {authMode ? (
          <Suspense fallback={null}>
            <AuthDialog mode={authMode} onModeChange={setAuthMode} onClose={() => setAuthMode(null)} />
          </Suspense>
        ) : null}
      </div>
    );
  }
  return (
    <button type="button" disabled className="button-primary min-h-11 cursor-not-allowed opacity-60">
      {state.kind === "own" ? m.requests_error_own() : m.requests_already_sent()}
    </button>
  );
}
