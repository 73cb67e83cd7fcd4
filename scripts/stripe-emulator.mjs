// Starts the local Stripe-compatible emulator (emulators/stripe/, docs/decisions/017) as a child process for
// `npm run dev` and the browser tests, and stops it with them. Its webhook endpoint is the Worker's
// /webhooks/stripe, signed with the checkout's STRIPE_WEBHOOK_SECRET (.dev.vars), so events flow as in production.
import { spawn } from "node:child_process";
import { join } from "node:path";
import { log, root, toolEnv } from "./serve-test-build.mjs";

/** Resolves once the emulator answers on `port`; `stop()` ends it. */
export async function startStripeEmulatorProcess({ port, webhookUrl, webhookSecret, prefix = "stripe", timeoutMs = 30_000 }) {
  const child = spawn("node", [join(root, "emulators", "stripe", "main.ts")], {
    cwd: root,
    env: toolEnv({ STRIPE_EMULATOR_PORT: String(port), STRIPE_EMULATOR_WEBHOOK_URL: webhookUrl, STRIPE_EMULATOR_WEBHOOK_SECRET: webhookSecret }),
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  const collect = (chunk) => (output = (output + chunk).slice(-10_000));
  child.stdout.on("data", collect);
  child.stderr.on("data", collect);
  let exited = null;
  child.on("exit", (code, signal) => (exited = code ?? signal));
  const stop = () =>
    new Promise((done) => {
      if (exited !== null) return done();
      child.once("exit", () => done());
      child.kill("SIGTERM");
    });

  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (exited !== null) throw new Error(`the Stripe emulator exited (${exited}) before serving:\n${output}`);
    try {
      // Any answer will do (an unauthenticated call gets 401): the server is up.
      await (await fetch(`${url}/v1/balance`, { signal: AbortSignal.timeout(2_000) })).arrayBuffer();
      log(prefix, `Stripe emulator at ${url}, webhooks to ${webhookUrl}`);
      return { url, port, stop };
    } catch {
      if (Date.now() > deadline) {
        await stop();
        throw new Error(`the Stripe emulator did not answer at ${url} within ${timeoutMs} ms:\n${output}`);
      }
      await new Promise((r) => setTimeout(r, 200));
    }
  }
}
