// Builds the app, gives it a fresh local state (migrations + demo data) and serves it in workerd through
// `vite preview`, for the browser tests (scripts/e2e.mjs) and the benchmark (scripts/bench.mjs).
//
// On its own it serves until Ctrl-C, to run specs by hand against it:
//   node scripts/serve-test-build.mjs [--dev-tools] [--skip-build] [--port N] [--wrangler]
//   E2E_BASE_URL=http://localhost:N npx playwright test tests/e2e/ban.spec.ts
import { spawn, spawnSync } from "node:child_process";
import { createWriteStream, existsSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { createServer } from "node:net";
import { delimiter, dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { ensureDevVars } from "./dev-vars.mjs";

export const root = resolve(dirname(fileURLToPath(import.meta.url)), "..");
const bin = join(root, "node_modules", ".bin");

/** The project's Node (the `node` devDependency) and tools first, whatever Node started this script. */
export function toolEnv(extra = {}) {
  return { ...process.env, PATH: `${bin}${delimiter}${process.env.PATH ?? ""}`, ...extra };
}

export function log(prefix, line) {
  console.log(`[${prefix}] ${line}`);
}

/** Runs a command to completion with its output shown; throws on a non-zero exit. */
export function run(command, args, { env = {}, quiet = false } = {}) {
  const started = Date.now();
  const result = spawnSync(command, args, {
    cwd: root,
    env: toolEnv(env),
    stdio: quiet ? ["ignore", "pipe", "pipe"] : ["ignore", "inherit", "inherit"],
    encoding: "utf8",
  });
  if (result.status !== 0) {
    if (quiet) process.stderr.write(`${result.stdout ?? ""}${result.stderr ?? ""}`);
    throw new Error(`\`${command} ${args.join(" ")}\` failed (exit ${result.status ?? result.signal})`);
  }
  return { seconds: (Date.now() - started) / 1000, stdout: result.stdout };
}

/**
 * `react-router build`. With devTools the /dev/mailbox route is compiled in (app/routes.ts reads
 * COMET_DEV_TOOLS); without, COMET_DEV_TOOLS is removed so a production build never has it by accident.
 */
export function build({ devTools }) {
  // The build copies .dev.vars (the local signing secret) into build/server/ for `vite preview` and `wrangler dev`.
  ensureDevVars();
  // Every build made here runs locally (tests, benchmarks, preview), so each has the bench's baselines (COMET_BENCH).
  const env = { COMET_DEV_TOOLS: devTools ? "1" : "", COMET_BENCH: "1" };
  return run("react-router", ["build"], { env, quiet: true });
}

/**
 * Points the test build at a Stripe emulator on `port`: build/server/.dev.vars (the build's copy of .dev.vars, read
 * by `vite preview`) gets STRIPE_API_PORT, which outranks wrangler.toml's 12111 (the port `npm run dev` uses).
 */
export function useStripeEmulatorPort(port) {
  setBuildVar("STRIPE_API_PORT", String(port));
}

/**
 * Points the test build at the translator stand-in on `port` (TRANSLATOR_STANDIN_PORT, over wrangler.toml's 12112), as
 * useStripeEmulatorPort does for Stripe.
 */
export function useTranslatorStandInPort(port) {
  setBuildVar("TRANSLATOR_STANDIN_PORT", String(port));
}

/**
 * Sets `name` in build/server/.dev.vars (the build's copy of .dev.vars, read by `vite preview` when it starts), or
 * removes it when `value` is undefined; every other line is kept.
 * @param {string} name
 * @param {string} [value]
 */
export function setBuildVar(name, value) {
  const file = join(root, "build", "server", ".dev.vars");
  const kept = (existsSync(file) ? readFileSync(file, "utf8") : "")
    .split(/\r?\n/)
    .filter((line) => line && !line.startsWith(`${name}=`));
  const lines = value === undefined ? kept : [...kept, `${name}="${value}"`];
  writeFileSync(file, `${lines.join("\n")}\n`, { mode: 0o600 });
}

/**
 * Empties a kept state's local trace store. `vite preview` and `wrangler dev` record every request's trace in the
 * state dir (the runtime's local observability, on by default; decision 043): about 90 MB a `npm run bench:catalog`
 * run, which a kept state would otherwise gain on every run. The traces are a log only; no page reads them.
 */
export function dropLocalTraces(stateDir) {
  rmSync(join(stateDir, "v3", "observability"), { recursive: true, force: true });
}

/**
 * A fresh state dir: deleted, migrated, then seeded with the demo data (`creators`: how many creators to generate;
 * default the demo set; `media: false`: rows only, no images).
 */
/**
 * @param {string} stateDir
 * @param {string} [prefix]
 * @param {{ creators?: number; media?: boolean }} [options]
 */
export function prepareState(stateDir, prefix = "state", { creators, media = true } = {}) {
  rmSync(stateDir, { recursive: true, force: true });
  // CI=true: wrangler asks no confirmation question.
  const migrate = run("wrangler", ["d1", "migrations", "apply", "DB", "--local", "--persist-to", stateDir], {
    env: { CI: "true" },
    quiet: true,
  });
  log(prefix, `migrations applied to ${stateDir} (${migrate.seconds.toFixed(1)} s)`);
  const seedScript = join(root, "scripts", "seed-local.mjs");
  if (existsSync(seedScript)) {
    const seed = run(
      "node",
      [
        seedScript,
        "--persist-to",
        stateDir,
        "--skip-migrations",
        ...(creators ? ["--creators", String(creators)] : []),
        ...(media ? [] : ["--no-media"]),
      ],
      { quiet: true },
    );
    log(prefix, `demo data loaded (${seed.seconds.toFixed(1)} s)`);
  } else {
    log(prefix, "scripts/seed-local.mjs not found: the database has the schema but no demo users");
  }
}

/** @returns {Promise<number>} */
export function freePort() {
  return new Promise((resolvePort, reject) => {
    const server = createServer();
    server.unref();
    server.on("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const { port } = /** @type {import("node:net").AddressInfo} */ (server.address());
      server.close(() => resolvePort(port));
    });
  });
}

/**
 * Starts a server as a child process and resolves once `probeUrl` answers (any status); throws, with the child's last
 * output, if it exits first or does not answer within `timeoutMs`. `stop()` sends SIGTERM (then SIGKILL after 5 s) to
 * the child, or, when `detached`, to its whole process group (Node and workerd). `logFile`: where all its output goes too.
 */
export async function startServer({
  label,
  command,
  args,
  env = {},
  probeUrl,
  detached = true,
  timeoutMs = 90_000,
  intervalMs = 300,
  probeTimeoutMs = 5_000,
  logFile = "",
}) {
  const child = spawn(command, args, { cwd: root, env: toolEnv(env), stdio: ["ignore", "pipe", "pipe"], detached });
  let output = "";
  // The whole output, when asked: the last 20,000 characters kept in memory lose a long run's errors.
  const log = logFile ? createWriteStream(logFile) : null;
  const collect = (chunk) => {
    output = (output + chunk).slice(-20_000);
    log?.write(chunk);
  };
  child.stdout.on("data", collect);
  child.stderr.on("data", collect);
  let exited = null;
  child.on("exit", (code, signal) => (exited = code ?? signal));

  const pid = /** @type {number} */ (child.pid);
  const target = detached ? -pid : pid;
  /** @returns {Promise<void>} */
  const stop = () =>
    new Promise((done) => {
      if (exited !== null) return done();
      child.once("exit", () => done());
      try {
        process.kill(target, "SIGTERM");
      } catch {
        return done();
      }
      setTimeout(() => {
        try {
          process.kill(target, "SIGKILL");
        } catch {}
      }, 5_000).unref();
    });

  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (exited !== null) throw new Error(`${label} exited (${exited}) before serving:\n${output}`);
    try {
      const response = await fetch(probeUrl, { redirect: "manual", signal: AbortSignal.timeout(probeTimeoutMs) });
      await response.arrayBuffer();
      // pgid: the server's process group when detached, for reading its CPU time in /proc.
      return { stop, output: () => output, pgid: child.pid, probeStatus: response.status };
    } catch {
      if (Date.now() > deadline) {
        await stop();
        throw new Error(`${label} did not answer at ${probeUrl} within ${timeoutMs} ms:\n${output}`);
      }
      await new Promise((r) => setTimeout(r, intervalMs));
    }
  }
}

/**
 * Serves build/ in workerd on the given state dir and resolves once `/` answers; `stop()` ends the server's
 * whole process group. Two ways, same Worker and state:
 * - "vite" (default): `vite preview`; the Cloudflare plugin reads COMET_STATE_DIR (vite.config.ts).
 * - "wrangler": `wrangler dev` on the build's own config (build/server/wrangler.json), wrangler's local server;
 *   `inspectorPort` opens its DevTools inspector there (scripts/profile-worker.mjs).
 */
/**
 * @param {{ stateDir: string; port: number; prefix?: string; server?: "vite" | "wrangler"; timeoutMs?: number; inspectorPort?: number; logFile?: string }} options
 */
export async function startPreview({
  stateDir,
  port,
  prefix = "serve",
  server = "vite",
  timeoutMs = 90_000,
  inspectorPort,
  logFile,
}) {
  const url = `http://localhost:${port}`;
  const inspector = inspectorPort ? ["--inspector-port", String(inspectorPort)] : [];
  const [command, args] =
    server === "wrangler"
      ? [
          "wrangler",
          [
            "dev",
            "-c",
            "build/server/wrangler.json",
            "--local",
            "--ip",
            "localhost",
            "--port",
            String(port),
            "--persist-to",
            stateDir,
            "--show-interactive-dev-session=false",
            "--log-level",
            "warn",
            ...inspector,
          ],
        ]
      : ["vite", ["preview", "--port", String(port), "--strictPort", "--host", "localhost"]];
  const started = await startServer({
    label: command,
    command,
    args,
    env: { COMET_STATE_DIR: stateDir, CI: "true" },
    probeUrl: url,
    timeoutMs,
    logFile,
  });
  log(prefix, `serving build/ with ${command} at ${url} (state ${stateDir}); GET / answered ${started.probeStatus}`);
  return { url, stop: started.stop, output: started.output, pgid: started.pgid };
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const args = process.argv.slice(2);
  const devTools = args.includes("--dev-tools");
  const portArg = args.indexOf("--port");
  const port = portArg >= 0 ? Number(args[portArg + 1]) : await freePort();
  const stateDir = join(root, ".wrangler", devTools ? "e2e-state" : "bench-state");
  if (!args.includes("--skip-build")) log("serve", `built in ${build({ devTools }).seconds.toFixed(1)} s`);
  prepareState(stateDir);
  const server = await startPreview({ stateDir, port, server: args.includes("--wrangler") ? "wrangler" : "vite" });
  log("serve", "Ctrl-C stops it");
  for (const signal of ["SIGINT", "SIGTERM"]) process.on(signal, () => server.stop().then(() => process.exit(0)));
}
