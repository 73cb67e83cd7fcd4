// `npm run emulator:stripe`: the Stripe emulator as a process. Env: STRIPE_EMULATOR_PORT (default 12111),
// STRIPE_EMULATOR_WEBHOOK_URL and STRIPE_EMULATOR_WEBHOOK_SECRET (an endpoint registered at start).
import { startStripeEmulator } from "./server.ts";

const port = Number(process.env.STRIPE_EMULATOR_PORT ?? 12111);
const webhookUrl = process.env.STRIPE_EMULATOR_WEBHOOK_URL;
const webhookSecret = process.env.STRIPE_EMULATOR_WEBHOOK_SECRET;
if (webhookUrl && !webhookSecret) {
  console.error("STRIPE_EMULATOR_WEBHOOK_URL needs STRIPE_EMULATOR_WEBHOOK_SECRET (whsec_…) to sign with.");
  process.exit(1);
}
// One URL for the platform's events and one for connected accounts' (account.updated), as two Stripe endpoints.
const webhooks = webhookUrl && webhookSecret
  ? [{ url: webhookUrl, secret: webhookSecret }, { url: webhookUrl, secret: webhookSecret, connect: true }]
  : [];

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
