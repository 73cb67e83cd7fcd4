// `npm run emulator:stripe`: the Stripe emulator as a process. Env: STRIPE_EMULATOR_PORT (default 12111),
// STRIPE_EMULATOR_WEBHOOK_URL and STRIPE_EMULATOR_WEBHOOK_SECRET (the platform's endpoint, registered at start),
// STRIPE_EMULATOR_CONNECT_WEBHOOK_URL and STRIPE_EMULATOR_CONNECT_WEBHOOK_SECRET (the Connect endpoint: connected
// accounts' events, signed with a secret of its own as on Stripe),
// STRIPE_EMULATOR_FAULTS (fault rules active from the start, as JSON: '[{"fault":"api_error","rate":0.05}]'),
// STRIPE_EMULATOR_VERIFICATION_DELAY_MS (how long a submitted Connect onboarding stays in review; default 3000),
// STRIPE_EMULATOR_WEBHOOK_RETRY_DELAYS_MS (the waits between webhook attempts, comma-separated ms; default Stripe's
// live schedule, about three days).
import { parseFaultRules, type FaultRuleInput } from "./faults.ts";
import { startStripeEmulator } from "./server.ts";

const port = Number(process.env.STRIPE_EMULATOR_PORT ?? 12111);
const webhookUrl = process.env.STRIPE_EMULATOR_WEBHOOK_URL;
const webhookSecret = process.env.STRIPE_EMULATOR_WEBHOOK_SECRET;
const connectWebhookUrl = process.env.STRIPE_EMULATOR_CONNECT_WEBHOOK_URL;
const connectWebhookSecret = process.env.STRIPE_EMULATOR_CONNECT_WEBHOOK_SECRET;
if ((webhookUrl && !webhookSecret) || (connectWebhookUrl && !connectWebhookSecret)) {
  console.error(
    "Each webhook URL needs its signing secret (whsec_…): STRIPE_EMULATOR_WEBHOOK_SECRET, STRIPE_EMULATOR_CONNECT_WEBHOOK_SECRET.",
  );
  process.exit(1);
}
// Two endpoints, as on Stripe: the platform's events, and connected accounts' (account.updated) with their own secret.
const webhooks = [
  ...(webhookUrl && webhookSecret ? [{ url: webhookUrl, secret: webhookSecret }] : []),
  ...(connectWebhookUrl && connectWebhookSecret
    ? [{ url: connectWebhookUrl, secret: connectWebhookSecret, connect: true }]
    : []),
];

let faults: FaultRuleInput[] = [];
if (process.env.STRIPE_EMULATOR_FAULTS?.trim()) {
  try {
    faults = parseFaultRules(process.env.STRIPE_EMULATOR_FAULTS);
  } catch (error) {
    // Refuse to start rather than run a "bad day" the developer did not ask for, or a good one they think is bad.
    console.error(`STRIPE_EMULATOR_FAULTS: ${error instanceof Error ? error.message : String(error)}`);
    process.exit(1);
  }
}

// Stripe verifies a submitted onboarding after a while: a developer sees the wallet's "in review" for a few seconds,
// then account.updated makes the account ready. The browser tests set 0 (verified within the submission).
const accountVerificationDelayMs = Number(process.env.STRIPE_EMULATOR_VERIFICATION_DELAY_MS ?? 3000);
if (!Number.isFinite(accountVerificationDelayMs) || accountVerificationDelayMs < 0) {
  console.error("STRIPE_EMULATOR_VERIFICATION_DELAY_MS is a number of milliseconds, 0 or more.");
  process.exit(1);
}

const retryDelays = process.env.STRIPE_EMULATOR_WEBHOOK_RETRY_DELAYS_MS?.trim();
const webhookRetryDelaysMs = retryDelays ? retryDelays.split(",").map(Number) : undefined;
if (webhookRetryDelaysMs?.some((ms) => !Number.isInteger(ms) || ms < 0)) {
  console.error(
    "STRIPE_EMULATOR_WEBHOOK_RETRY_DELAYS_MS is a comma-separated list of milliseconds, e.g. 1000,2000,4000.",
  );
  process.exit(1);
}

const emulator = await startStripeEmulator({
  port,
  webhooks,
  faults,
  accountVerificationDelayMs,
  webhookRetryDelaysMs,
});
console.log(
  `Stripe emulator listening on ${emulator.url}${webhooks.length ? ` (webhooks → ${webhooks.map((w) => w.url).join(", ")})` : ""}`,
);
if (faults.length > 0) {
  console.log(
    `Stripe emulator faults on (STRIPE_EMULATOR_FAULTS): ${JSON.stringify(faults)}. See, add or clear them at ${emulator.url}/_emulator/faults`,
  );
}

let closing = false;
for (const signal of ["SIGINT", "SIGTERM"] as const) {
  process.on(signal, () => {
    if (closing) return;
    closing = true;
    void emulator.close().then(() => process.exit(0));
  });
}
