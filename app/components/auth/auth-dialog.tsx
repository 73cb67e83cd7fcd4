import { useId } from "react";
import { ModalShell } from "#app/components/dialog/modal-shell";
import { SignInFlow } from "./sign-in-flow";
import { SignUpFlow } from "./sign-up-flow";

export type AuthMode = "signin" | "signup";

/** The sign-in / sign-up modal. `mode` null means closed; the links inside switch between the two flows. */
export function AuthDialog(props: {
  mode: AuthMode | null;
  onModeChange: (mode: AuthMode) => void;
  onClose: () => void;
}) {
  const titleId = useId();
  return (
    <ModalShell open={props.mode !== null} labelledBy={titleId} onClose={props.onClose}>
      {props.mode === "signup" ? (
        <SignUpFlow key="signup" titleId={titleId} onSwitchToSignIn={() => props.onModeChange("signin")} />
      ) : (
        <SignInFlow key="signin" titleId={titleId} onSwitchToSignUp={() => props.onModeChange("signup")} />
      )}
    </ModalShell>
  );
}
