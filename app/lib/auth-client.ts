/** Browser calls of the sign-in / sign-up flows. Each returns field errors translated by the server, or ok. */
export type AuthCallResult =
  | { ok: true; isNewAccount?: boolean }
  | { ok: false; errors?: Record<string, string>; error?: string };

async function asResult(response: Response): Promise<AuthCallResult> {
  const body = (await response.json().catch(() => ({}))) as {
    errors?: Record<string, string>;
    error?: string;
    isNewAccount?: boolean;
  };
  if (response.ok) return { ok: true, isNewAccount: body.isNewAccount };
  return { ok: false, errors: body.errors, error: body.error };
}

/** Never rejects: a network failure is a result without field errors, shown as the generic message. */
async function request(path: string, init?: RequestInit): Promise<AuthCallResult> {
  try {
    return await asResult(await fetch(path, init));
  } catch {
    return { ok: false };
  }
}

const postJson = (path: string, body: unknown) =>
  request(path, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(body) });

export const sendSignUpCode = (handle: string, email: string) => postJson("/api/auth/email/send", { handle, email });
export const sendSignInCode = (email: string) => postJson("/api/auth/email/send", { email });
/**
 * The browser sends `Sec-Fetch-Site: same-origin` with this fetch, which is what lets the server start a session
 * (it refuses the callback from anywhere else: login CSRF). `same-origin` mode keeps it from ever leaving the site.
 * A 409 with `errors.handle` means the sign-up's handle was taken while the code waited.
 */
export const verifyEmailCode = (email: string, token: string) =>
  request(`/api/auth/callback/email?${new URLSearchParams({ email, token })}`, {
    mode: "same-origin",
    credentials: "same-origin",
  });
export const saveProfileStep = (input: { name: string; birthday: string }) =>
  postJson("/api/account/profile-step", input);
