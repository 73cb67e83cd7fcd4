// `npm run dev`: the whole marketplace locally, nothing to configure.
// Applies migrations to the local D1, loads the demo data (idempotent), then starts Vite with the Worker in workerd.
import { spawnSync, spawn } from "node:child_process";
import { ensureDevVars } from "./dev-vars.mjs";
import { startStripeEmulatorProcess } from "./stripe-emulator.mjs";
import { startTranslatorStandInProcess } from "./translator-standin.mjs";

function run(command, args) {
  const result = spawnSync(command, args, { stdio: "inherit", env: { ...process.env, CI: "1" } });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

// The local secrets (.dev.vars), when this checkout has none yet.
const devVars = ensureDevVars();

// COMET_STATE_DIR points dev at another local state (vite.config.ts reads it too); default .wrangler/state.
const persist = process.env.COMET_STATE_DIR ? ["--persist-to", process.env.COMET_STATE_DIR] : [];
run("npx", ["wrangler", "d1", "migrations", "apply", "DB", "--local", ...persist]);
run("node", ["scripts/seed-local.mjs", ...persist]);

const port = process.env.PORT ?? "5173";
// Payments: the local Stripe emulator on the port wrangler.toml gives the Worker (STRIPE_API_PORT), sending its
// webhooks to this server.
const stripe = await startStripeEmulatorProcess({
  port: 12111,
  appOrigin: `http://localhost:${port}`,
  devVars,
});

// Translation: the translator's stand-in on the port wrangler.toml gives the Worker (TRANSLATOR_STANDIN_PORT,
// docs/decisions/078).
const translator = await startTranslatorStandInProcess({ port: 12112 });

console.log(
  `\nComet is starting at http://localhost:${port} — sign-in codes arrive at http://localhost:${port}/dev/mailbox; payments go to the local Stripe emulator at ${stripe.url}\n`,
);
const vite = spawn("npx", ["vite", "dev", "--port", port, ...process.argv.slice(2)], { stdio: "inherit" });
vite.on("exit", async (code) => {
  await stripe.stop();
  await translator.stop();
  process.exit(code ?? 0);
});
for (const signal of /** @type {const} */ (["SIGINT", "SIGTERM"])) process.on(signal, () => vite.kill(signal));
