// `npm run dev`: the whole marketplace locally, nothing to configure.
// Applies migrations to the local D1, loads the demo data (idempotent), then starts Vite with the Worker in workerd.
import { spawnSync, spawn } from "node:child_process";
import { ensureDevVars } from "./dev-vars.mjs";

function run(command, args) {
  const result = spawnSync(command, args, { stdio: "inherit", env: { ...process.env, CI: "1" } });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

// The local signing secret for signed media URLs (.dev.vars), when this checkout has none yet.
ensureDevVars();

// COMET_STATE_DIR points dev at another local state (vite.config.ts reads it too); default .wrangler/state.
const persist = process.env.COMET_STATE_DIR ? ["--persist-to", process.env.COMET_STATE_DIR] : [];
run("npx", ["wrangler", "d1", "migrations", "apply", "DB", "--local", ...persist]);
run("node", ["scripts/seed-local.mjs", ...persist]);

console.log("\nComet is starting at http://localhost:5173 — sign-in codes arrive at http://localhost:5173/dev/mailbox\n");
const vite = spawn("npx", ["vite", "dev", "--port", process.env.PORT ?? "5173", ...process.argv.slice(2)], { stdio: "inherit" });
vite.on("exit", (code) => process.exit(code ?? 0));
for (const signal of ["SIGINT", "SIGTERM"]) process.on(signal, () => vite.kill(signal));
