// `npm run emulator:stripe`: the Stripe emulator as a process. Env: STRIPE_EMULATOR_PORT (default 12111),
// STRIPE_EMULATOR_WEBHOOK_URL and STRIPE_EMULATOR_WEBHOOK_SECRET (the platform's endpoint, registered at start),
// STRIPE_EMULATOR_CONNECT_WEBHOOK_URL and STRIPE_EMULATOR_CONNECT_WEBHOOK_SECRET (the Connect endpoint: connected
// accounts' events, signed with a secret of its own as on Stripe).
import { startStripeEmulator } from "./server.ts";

const port = Number(process.env.STRIPE_EMULATOR_PORT ?? 12111);
const webhookUrl = process.env.STRIPE_EMULATOR_WEBHOOK_URL;
const webhookSecret = process.env.STRIPE_EMULATOR_WEBHOOK_SECRET;
const connectWebhookUrl = process.env.STRIPE_EMULATOR_CONNECT_WEBHOOK_URL;
const connectWebhookSecret = process.env.STRIPE_EMULATOR_CONNECT_WEBHOOK_SECRET;
if ((webhookUrl && !webhookSecret) || (connectWebhookUrl && !connectWebhookSecret)) {
  console.error("Each webhook URL needs its signing secret (whsec_…): STRIPE_EMULATOR_WEBHOOK_SECRET, STRIPE_EMULATOR_CONNECT_WEBHOOK_SECRET.");
  process.exit(1);
}
// Two endpoints, as on Stripe: the platform's events, and connected accounts' (account.updated) with their own secret.
const webhooks = [
  ...(webhookUrl && webhookSecret ? [{ url: webhookUrl, secret: webhookSecret }] : []),
  ...(connectWebhookUrl && connectWebhookSecret ? [{ url: connectWebhookUrl, secret: connectWebhookSecret, connect: true }] : []),
];

const emulator = await startStripeEmulator({ port, webhooks });
console.log(`Stripe emulator listening on ${emulator.url}${webhookUrl ? ` (webhooks → ${webhookUrl})` : ""}`);

let closing = false;
for (const signal of ["SIGINT", "SIGTERM"] as const) {
  process.on(signal, () => {
    if (closing) return;
    closing = true;
    void emulator.close().then(() => process.exit(0));
  });
}
