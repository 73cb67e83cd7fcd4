import { useState } from "react";
import { TextField } from "#app/components/form/text-field";
import { ErrorText } from "#app/components/form/error-text";
import { m } from "#app/paraglide/messages.js";
import { getLocale } from "#app/paraglide/runtime.js";
import { parseFields, signInStartSchema } from "#worker/domain/validation";
import { translateErrors } from "#worker/messages/validation";
import { sendSignInCode } from "#app/lib/auth-client";
import { CompleteStep } from "./complete-step";
import { LinkButton, PrimaryButton } from "./buttons";
import { OtpStep } from "./otp-step";

type Step = "start" | "otp" | "complete";

/** Sign-in: start (e-mail) -> otp -> complete. Back from otp returns to start. */
export function SignInFlow(props: { titleId: string; onSwitchToSignUp: () => void }) {
  const [step, setStep] = useState<Step>("start");
  const [email, setEmail] = useState("");
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);

  async function send(event?: React.FormEvent) {
    event?.preventDefault();
    const parsed = parseFields(signInStartSchema, { email });
    if (!parsed.ok) return setErrors(translateErrors(parsed.errors, getLocale()));
    setBusy(true);
    const result = await sendSignInCode(parsed.data.email);
    setBusy(false);
    if (!result.ok) return setErrors(result.errors ?? { form: result.error ?? m.error_generic() });
    setErrors({});
    setStep("otp");
  }

  if (step === "otp") {
    return (
      <OtpStep
        email={email.trim().toLowerCase()}
        titleId={props.titleId}
        onBack={() => setStep("start")}
        onResend={() => send()}
        onVerified={() => setStep("complete")}
      />
    );
  }
  if (step === "complete") return <CompleteStep titleId={props.titleId} title={m.auth_signin_complete()} />;

  return (
    <form onSubmit={send} noValidate className="space-y-4">
      <h2 id={props.titleId} className="text-xl font-bold">
        {m.auth_signin_title()}
      </h2>
      <TextField
        id="auth-email"
        label={m.auth_email_label()}
        name="email"
        type="email"
        autoComplete="email"
        value={email}
        onValueChange={setEmail}
        error={errors.email}
        autoFocus
      />
      <ErrorText text={errors.form} />
      <PrimaryButton busy={busy}>{m.auth_send_code()}</PrimaryButton>
      <p className="text-center text-sm">
        {m.auth_no_account()} <LinkButton onClick={props.onSwitchToSignUp}>{m.auth_signup()}</LinkButton>
      </p>
    </form>
  );
}
