// Vitest globalSetup (Node, once per run): the local Stripe-compatible emulator (emulators/stripe/) on the port
// vitest.config.ts gave the Worker as STRIPE_API_PORT. The Worker's `stripe` SDK reaches it by host and port, the
// production code path. Webhooks are not pushed here (workerd under test listens on no port): the webhook tests read
// the emulator's events through the API and deliver them, signed, to the Worker themselves.
//
// Every exchange is held against Stripe's own description (the contract check, emulators/stripe/contract.ts): on
// teardown what did not match is written to test-results/stripe-contract.json, which scripts/test.mjs counts as a test.
import { mkdirSync, writeFileSync } from "node:fs";
import { ContractLog } from "#emulators/stripe/contract-recorder.ts";
import { startStripeEmulator } from "#emulators/stripe/server.ts";
import { oncePerRun } from "./once-per-run.ts";

const CONTRACT_REPORT = "test-results/stripe-contract.json";

export default async function setup() {
  const port = Number(process.env.COMET_TEST_STRIPE_PORT);
  if (!port) throw new Error("vitest.config.ts sets COMET_TEST_STRIPE_PORT");
  // Default platforms (the Worker's sk_test_comet_local first); a submitted onboarding is verified at once, so the
  // suites' "Complete onboarding" lands on a ready account.
  return oncePerRun(
    "stripe emulator",
    async () => {
      const contract = new ContractLog();
      const emulator = await startStripeEmulator({ port, accountVerificationDelayMs: 0, contract: contract.record });
      return { contract, emulator };
    },
    async ({ contract, emulator }) => {
      await emulator.close();
      mkdirSync("test-results", { recursive: true });
      writeFileSync(CONTRACT_REPORT, `${JSON.stringify(contract.report(), null, 2)}\n`);
    },
  );
}
