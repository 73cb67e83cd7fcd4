import { AuthDialogButton } from "#app/components/auth/auth-dialog-button";
import { m } from "#app/paraglide/messages.js";
import type { RequestViewerState } from "#worker/orders/services/request-views";

/**
 * The primary action of a service or form by viewer (spec section 4, "Service modal"): signed out, sign up or log in;
 * the creator, disabled 'You are the creator himself'; a client with a pending request, disabled 'You have already
 * sent'; anyone else gets `children` (Next, or the form itself).
 */
export function RequestGate({ state, children }: { state: RequestViewerState; children: React.ReactNode }) {
  if (state.kind === "can-send") return <>{children}</>;
  if (state.kind === "signed-out") {
    return (
      <div className="space-y-3">
        <p className="text-sm text-zinc-700 dark:text-zinc-300">{m.requests_signed_out_hint()}</p>
        <div className="flex flex-wrap gap-3">
          <AuthDialogButton mode="signup" className="button-primary min-h-11">
            {m.requests_sign_up()}
          </AuthDialogButton>
          <AuthDialogButton mode="signin" className="button-secondary min-h-11">
            {m.requests_log_in()}
          </AuthDialogButton>
        </div>
      </div>
    );
  }
  return (
    <button type="button" disabled className="button-primary min-h-11 cursor-not-allowed opacity-60">
      {state.kind === "own" ? m.requests_error_own() : m.requests_already_sent()}
    </button>
  );
}
