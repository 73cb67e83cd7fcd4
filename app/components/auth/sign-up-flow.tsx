import { useState } from "react";
import { TextField } from "#app/components/form/text-field";
import { ErrorText } from "#app/components/form/error-text";
import { m } from "#app/paraglide/messages.js";
import { getLocale } from "#app/paraglide/runtime.js";
import { parseFields, profileStepSchema, signUpStartSchema } from "#worker/domain/validation";
import { translateErrors } from "#worker/messages/validation";
import { saveProfileStep, sendSignUpCode } from "#app/lib/auth-client";
import { CompleteStep } from "./complete-step";
import { LinkButton, PrimaryButton } from "./buttons";
import { OtpStep } from "./otp-step";

type Step = "account" | "otp" | "profile" | "complete";

/**
 * Sign-up: account (handle + e-mail) -> otp -> profile (name, birthday) -> complete.
 * The account and its handle are saved when the code is verified, i.e. on entering the profile step.
 */
export function SignUpFlow(props: { titleId: string; onSwitchToSignIn: () => void }) {
  const [step, setStep] = useState<Step>("account");
  const [account, setAccount] = useState({ handle: "", email: "" });
  const [profile, setProfile] = useState({ name: "", birthday: "" });
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);
  const locale = getLocale();

  async function sendCode(event?: React.FormEvent) {
    event?.preventDefault();
    const parsed = parseFields(signUpStartSchema, account);
    if (!parsed.ok) return setErrors(translateErrors(parsed.errors, locale));
    setBusy(true);
    const result = await sendSignUpCode(parsed.data.handle, parsed.data.email);
    setBusy(false);
    if (!result.ok) return setErrors(result.errors ?? { form: result.error ?? m.error_generic() });
    setErrors({});
    setStep("otp");
  }

  async function saveProfile(event: React.FormEvent) {
    event.preventDefault();
    const parsed = parseFields(profileStepSchema(Date.now()), profile);
    if (!parsed.ok) return setErrors(translateErrors(parsed.errors, locale));
    setBusy(true);
    const result = await saveProfileStep(profile);
    setBusy(false);
    if (!result.ok) return setErrors(result.errors ?? { form: result.error ?? m.error_generic() });
    setStep("complete");
  }

  if (step === "otp") {
    return (
      <OtpStep
        email={account.email.trim().toLowerCase()}
        titleId={props.titleId}
        onBack={() => setStep("account")}
        onResend={() => sendCode()}
        onVerified={() => setStep("profile")}
        onHandleTaken={(message) => {
          // Back to the account step with the e-mail kept: another handle, then a new code.
          setErrors({ handle: message, form: m.auth_handle_taken_meanwhile() });
          setStep("account");
        }}
      />
    );
  }
  if (step === "complete")
    return <CompleteStep titleId={props.titleId} title={m.auth_signup_complete()} reloadTo="/?signup" />;

  if (step === "profile") {
    return (
      <form onSubmit={saveProfile} noValidate className="space-y-4">
        <h2 id={props.titleId} className="text-xl font-bold">
          {m.auth_profile_title()}
        </h2>
        <p className="text-sm text-zinc-700 dark:text-zinc-300">{m.auth_profile_intro()}</p>
        <TextField
          id="auth-name"
          label={m.auth_name_label()}
          name="name"
          autoComplete="name"
          value={profile.name}
          onValueChange={(name) => setProfile({ ...profile, name })}
          error={errors.name}
          autoFocus
        />
        <TextField
          id="auth-birthday"
          label={m.auth_birthday_label()}
          name="birthday"
          type="date"
          autoComplete="bday"
          value={profile.birthday}
          onValueChange={(birthday) => setProfile({ ...profile, birthday })}
          error={errors.birthday}
        />
        <ErrorText text={errors.form} />
        <PrimaryButton busy={busy}>{m.auth_save()}</PrimaryButton>
        <p className="text-center text-sm">
          <LinkButton onClick={() => setStep("complete")}>{m.auth_skip()}</LinkButton>
        </p>
      </form>
    );
  }

  return (
    <form onSubmit={sendCode} noValidate className="space-y-4">
      <h2 id={props.titleId} className="text-xl font-bold">
        {m.auth_signup_title()}
      </h2>
      <TextField
        id="auth-handle"
        label={m.auth_handle_label()}
        name="handle"
        autoComplete="username"
        value={account.handle}
        onValueChange={(handle) => setAccount({ ...account, handle })}
        error={errors.handle}
        hint={m.auth_handle_hint()}
        autoFocus
      />
      <TextField
        id="auth-email"
        label={m.auth_email_label()}
        name="email"
        type="email"
        autoComplete="email"
        value={account.email}
        onValueChange={(email) => setAccount({ ...account, email })}
        error={errors.email}
      />
      <ErrorText text={errors.form} />
      <PrimaryButton busy={busy}>{m.auth_send_code()}</PrimaryButton>
      <p className="text-center text-sm">
        {m.auth_have_account()} <LinkButton onClick={props.onSwitchToSignIn}>{m.auth_signin()}</LinkButton>
      </p>
    </form>
  );
}
