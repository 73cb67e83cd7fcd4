// Starts the local Stripe-compatible emulator (emulators/stripe/, docs/decisions/017) as a child process for
// `npm run dev` and the browser tests, and stops it with them. Its two webhook endpoints are the Worker's: the
// platform's events go to /webhooks/stripe signed with STRIPE_WEBHOOK_SECRET, connected accounts' events to
// /webhooks/stripe/connect signed with STRIPE_CONNECT_WEBHOOK_SECRET (.dev.vars), so events flow as in production.
import { join } from "node:path";
import { log, root, startServer } from "./serve-test-build.mjs";

/**
 * Resolves once the emulator answers on `port`; `stop()` ends it. `accountVerificationDelayMs`: how long a submitted
 * Connect onboarding stays in review (unset: main.ts's few seconds, as a developer sees it; the browser tests say 0).
 */
/**
 * @param {{ port: number; appOrigin: string; devVars: Record<string, string>; accountVerificationDelayMs?: number; webhookRetryDelaysMs?: number[]; prefix?: string; timeoutMs?: number }} options
 */
export async function startStripeEmulatorProcess({
  port,
  appOrigin,
  devVars,
  accountVerificationDelayMs,
  webhookRetryDelaysMs,
  prefix = "stripe",
  timeoutMs = 30_000,
}) {
  const webhookUrl = `${appOrigin}/webhooks/stripe`;
  const url = `http://127.0.0.1:${port}`;
  const { stop } = await startServer({
    label: "the Stripe emulator",
    command: "node",
    args: [join(root, "emulators", "stripe", "main.ts")],
    env: {
      STRIPE_EMULATOR_PORT: String(port),
      STRIPE_EMULATOR_WEBHOOK_URL: webhookUrl,
      STRIPE_EMULATOR_WEBHOOK_SECRET: devVars.STRIPE_WEBHOOK_SECRET,
      STRIPE_EMULATOR_CONNECT_WEBHOOK_URL: `${webhookUrl}/connect`,
      STRIPE_EMULATOR_CONNECT_WEBHOOK_SECRET: devVars.STRIPE_CONNECT_WEBHOOK_SECRET,
      ...(accountVerificationDelayMs === undefined
        ? {}
        : { STRIPE_EMULATOR_VERIFICATION_DELAY_MS: String(accountVerificationDelayMs) }),
      ...(webhookRetryDelaysMs === undefined
        ? {}
        : { STRIPE_EMULATOR_WEBHOOK_RETRY_DELAYS_MS: webhookRetryDelaysMs.join(",") }),
    },
    // Any answer will do (an unauthenticated call gets 401): the server is up.
    probeUrl: `${url}/v1/balance`,
    // Not detached: it stays in the terminal's process group, so Ctrl-C reaches it as it reaches `npm run dev`.
    detached: false,
    timeoutMs,
    intervalMs: 200,
    probeTimeoutMs: 2_000,
  });
  log(prefix, `Stripe emulator at ${url}, webhooks to ${webhookUrl} and ${webhookUrl}/connect`);
  return { url, port, stop };
}
