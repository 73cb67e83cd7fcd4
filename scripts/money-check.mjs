// `npm run money:check`: every order with a payment set against what Stripe holds for it (issue 30, docs/decisions/047),
// by the invariant of worker/orders/domain/order-money.ts; prints each disagreement and repairs nothing (the cron repairs what
// has one safe repair). It reads the local D1 (.wrangler/state, or `-- --persist-to DIR`) and the Stripe the local
// Worker talks to (the emulator of `npm run dev`, which must be running: it keeps its payments in memory).
// Production runs the same check in its cron every 15 minutes; its findings are the log lines "money check: …".
import { build } from "esbuild";
import { rmSync } from "node:fs";
import { join, resolve } from "node:path";
import { getPlatformProxy } from "wrangler";

const root = resolve(import.meta.dirname, "..");
const args = process.argv.slice(2);
const persistAt = args.indexOf("--persist-to");
const persistTo = persistAt >= 0 ? resolve(args[persistAt + 1]) : null;

// The Worker's own modules, bundled for Node: the check that runs here is the one the cron runs.
// Inside the project, so the bundle finds the `stripe` package it leaves out.
const bundle = join(root, "node_modules", ".cache", `comet-money-check-${process.pid}.mjs`);
await build({
  stdin: {
    contents: `export { checkMoney, describeReport } from "./worker/orders/services/money-check.ts"; export { createStripe } from "./worker/payments/stripe-client.ts";`,
    resolveDir: root,
    loader: "ts",
  },
  bundle: true,
  platform: "node",
  format: "esm",
  outfile: bundle,
  external: ["stripe"],
  logLevel: "error",
});
const { checkMoney, describeReport, createStripe } = await import(bundle);
rmSync(bundle, { force: true });

const proxy = await getPlatformProxy({
  configPath: join(root, "wrangler.toml"),
  persist: persistTo ? { path: join(persistTo, "v3") } : true,
});
try {
  const { env } = proxy;
  const stripeUrl = env.STRIPE_API_HOST
    ? `${env.STRIPE_API_PROTOCOL ?? "http"}://${env.STRIPE_API_HOST}:${env.STRIPE_API_PORT}`
    : "Stripe";
  if (env.STRIPE_API_HOST) {
    const reachable = await fetch(`${stripeUrl}/v1/balance`).then(
      () => true,
      () => false,
    );
    if (!reachable) {
      console.error(`money:check: the Stripe emulator is not running at ${stripeUrl}; start \`npm run dev\` first.`);
      process.exitCode = 2;
    }
  }
  if (!process.exitCode) {
    const { checked, reports } = await checkMoney(
      { d1: env.DB, stripe: createStripe(env) },
      { since: null, repair: false },
    );
    for (const line of reports.flatMap(describeReport)) console.log(line);
    console.log(
      `money:check: ${checked} orders with a payment checked against ${stripeUrl}; ${reports.length} disagree`,
    );
    if (reports.length > 0) process.exitCode = 1;
  }
} finally {
  await proxy.dispose();
}
