// `npm run dev`: the whole marketplace locally, nothing to configure.
// Applies migrations to the local D1, loads the demo data (idempotent), then starts Vite with the Worker in workerd.
import { spawnSync, spawn } from "node:child_process";
import { existsSync } from "node:fs";

function run(command, args) {
  const result = spawnSync(command, args, { stdio: "inherit", env: { ...process.env, CI: "1" } });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

run("npx", ["wrangler", "d1", "migrations", "apply", "DB", "--local"]);
if (existsSync("scripts/seed-local.mjs")) run("node", ["scripts/seed-local.mjs"]);

console.log("\nComet is starting at http://localhost:5173 — sign-in codes arrive at http://localhost:5173/dev/mailbox\n");
const vite = spawn("npx", ["vite", "dev", "--port", process.env.PORT ?? "5173", ...process.argv.slice(2)], { stdio: "inherit" });
vite.on("exit", (code) => process.exit(code ?? 0));
for (const signal of ["SIGINT", "SIGTERM"]) process.on(signal, () => vite.kill(signal));
