// Vitest globalSetup (Node, once per run): the local Stripe-compatible emulator (emulators/stripe/) on the port
// vitest.config.ts gave the Worker as STRIPE_API_PORT. The Worker's `stripe` SDK reaches it by host and port, the
// production code path. Webhooks are not pushed here (workerd under test listens on no port): the webhook tests read
// the emulator's events through the API and deliver them, signed, to the Worker themselves.
import { startStripeEmulator } from "../../emulators/stripe/server.ts";

export default async function setup() {
  const port = Number(process.env.COMET_TEST_STRIPE_PORT);
  if (!port) throw new Error("vitest.config.ts sets COMET_TEST_STRIPE_PORT");
  const emulator = await startStripeEmulator({ port });
  return () => emulator.close();
}
