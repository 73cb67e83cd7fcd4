import { useState } from "react";
import { TextField } from "#app/components/form/text-field";
import { m } from "#app/paraglide/messages.js";
import { getLocale } from "#app/paraglide/runtime.js";
import { parseFields, verifyCodeSchema } from "#worker/domain/validation";
import { validationMessage } from "#worker/messages/validation";
import { verifyEmailCode } from "#app/lib/auth-client";
import { BackButton, LinkButton, PrimaryButton } from "./buttons";

/**
 * Enter the 6-digit code sent to `email`. Shared by sign-in and sign-up. `onHandleTaken` gets the server's message
 * when a sign-up's handle went to someone else while the code waited (the code is spent; a new one is needed).
 */
export function OtpStep(props: {
  email: string;
  titleId: string;
  onBack: () => void;
  onResend: () => Promise<void>;
  onVerified: () => void;
  onHandleTaken?: (message: string) => void;
}) {
  const [token, setToken] = useState("");
  const [error, setError] = useState<string>();
  const [busy, setBusy] = useState(false);
  const [resent, setResent] = useState(false);

  async function submit(event: React.FormEvent) {
    event.preventDefault();
    const parsed = parseFields(verifyCodeSchema, { email: props.email, token });
    if (!parsed.ok) return setError(validationMessage(parsed.errors.token ?? "validation_invalid", getLocale()));
    setBusy(true);
    const result = await verifyEmailCode(props.email, parsed.data.token);
    setBusy(false);
    if (result.ok) return props.onVerified();
    if (result.errors?.handle && props.onHandleTaken) return props.onHandleTaken(result.errors.handle);
    setError(m.auth_code_invalid());
  }

  return (
    <form onSubmit={submit} noValidate className="space-y-4">
      <BackButton label={m.auth_back()} onClick={props.onBack} />
      <h2 id={props.titleId} className="text-xl font-bold">
        {m.auth_otp_title()}
      </h2>
      <p className="text-sm text-zinc-700 dark:text-zinc-300">{m.auth_otp_sent({ email: props.email })}</p>
      <TextField
        id="auth-token"
        label={m.auth_code_label()}
        name="token"
        value={token}
        onValueChange={(value) => setToken(value.replace(/\D/g, "").slice(0, 6))}
        inputMode="numeric"
        autoComplete="one-time-code"
        maxLength={6}
        error={error}
        autoFocus
      />
      <PrimaryButton busy={busy}>{m.auth_verify()}</PrimaryButton>
      <p className="text-center text-sm" role="status">
        {resent ? (
          m.auth_code_resent()
        ) : (
          <LinkButton
            onClick={async () => {
              await props.onResend();
              setResent(true);
            }}
          >
            {m.auth_resend()}
          </LinkButton>
        )}
      </p>
    </form>
  );
}
