// `npm run emulator:stripe`: the CLI starts on the port its environment names, registers the configured webhook
// endpoint, prints its URL and exits cleanly on SIGTERM.
import { spawn } from "node:child_process";
import Stripe from "stripe";
import { afterEach, expect, it } from "vitest";
import { receiver } from "./helpers.ts";

const closers: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const close of closers.splice(0)) await close();
});

it("starts from the environment, delivers to the configured webhook and stops on SIGTERM", async () => {
  const hook = await receiver();
  closers.push(() => hook.close());
  const child = spawn(process.execPath, ["emulators/stripe/main.ts"], {
    env: {
      ...process.env,
      STRIPE_EMULATOR_PORT: "0",
      STRIPE_EMULATOR_WEBHOOK_URL: hook.url,
      STRIPE_EMULATOR_WEBHOOK_SECRET: "whsec_cli",
    },
    stdio: ["ignore", "pipe", "inherit"],
  });
  const exited = new Promise<number | null>((resolve) => child.once("exit", (code) => resolve(code)));
  closers.push(async () => {
    if (child.exitCode === null) child.kill("SIGKILL");
  });
  const url = await new Promise<string>((resolve, reject) => {
    let output = "";
    child.stdout!.on("data", (chunk: Buffer) => {
      output += chunk.toString();
      const match = /listening on (http:\/\/\S+)/.exec(output);
      if (match) resolve(match[1]!);
    });
    child.once("exit", () => reject(new Error(`exited before listening: ${output}`)));
  });
  const { hostname, port } = new URL(url);
  // The default platform's key (wrangler.toml's): the endpoint configured at start is that platform's.
  const stripe = new Stripe("sk_test_comet_local", { host: hostname, port, protocol: "http", maxNetworkRetries: 0 });
  await stripe.customers.create({});
  const [received] = await hook.until((all) => all.length >= 1);
  const event = await stripe.webhooks.constructEventAsync(
    received!.body,
    received!.signature,
    "whsec_cli",
    undefined,
    Stripe.createSubtleCryptoProvider(),
  );
  expect(event.type).toBe("customer.created");
  child.kill("SIGTERM");
  expect(await exited).toBe(0);
});
