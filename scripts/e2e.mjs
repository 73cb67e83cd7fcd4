// `npm run test:e2e`: the browser tests, end to end, from nothing.
// 1. Debian's Chromium (and CJK fonts) present, 2. a test build (with /dev/mailbox), 3. a fresh local state
// (migrations + demo data), 4. the Stripe emulator, the translator stand-in, and the build served in workerd by `vite preview`, 5. Playwright against it,
// 6. the server stopped; exit code = Playwright's. test-results/e2e.json is Playwright's JSON report.
//
// Arguments go to `playwright test` (e.g. `npm run test:e2e -- tests/e2e/ban.spec.ts --grep creator`).
// E2E_SKIP_BUILD=1 reuses build/ as it is (it must have been built with COMET_DEV_TOOLS=1).
import { spawn } from "node:child_process";
import { mkdirSync, readFileSync, rmSync } from "node:fs";
import { join } from "node:path";
import { ensureChromium } from "./ensure-chromium.mjs";
import {
  build,
  freePort,
  log,
  prepareState,
  root,
  startPreview,
  toolEnv,
  useStripeEmulatorPort,
  useTranslatorStandInPort,
} from "./serve-test-build.mjs";
import { readDevVars } from "./dev-vars.mjs";
import { startStripeEmulatorProcess } from "./stripe-emulator.mjs";
import { startTranslatorStandInProcess } from "./translator-standin.mjs";

const STATE_DIR = join(root, ".wrangler", "e2e-state");
const REPORT = join(root, "test-results", "e2e.json");

function runPlaywright(baseURL, chromiumPath) {
  return new Promise((resolve) => {
    // E2E_REPEAT_EACH=2 (set by `REPEAT=2 npm test`): every spec runs twice in one run, which proves it leaves nothing behind
    // that its next run, or a later spec, would trip over (docs/decisions/019).
    const repeat = Number(process.env.E2E_REPEAT_EACH ?? 1);
    const repeatArgs = repeat > 1 ? ["--repeat-each", String(repeat)] : [];
    const child = spawn("playwright", ["test", ...repeatArgs, ...process.argv.slice(2)], {
      cwd: root,
      env: toolEnv({ E2E_BASE_URL: baseURL, CHROMIUM_PATH: chromiumPath }),
      stdio: "inherit",
    });
    child.on("exit", (code, signal) => resolve(code ?? (signal ? 1 : 0)));
  });
}

/** The counts from Playwright's JSON report, as one closing line a CI log can be read by. */
function summarize(exitCode) {
  try {
    const { stats, errors = [] } = JSON.parse(readFileSync(REPORT, "utf8"));
    // Errors outside a test (global setup, a spec that does not load) count as failures, and so does a
    // non-zero exit that nothing else explains: a broken run never reads as green.
    let failed = stats.unexpected + (stats.flaky ?? 0) + errors.length;
    if (exitCode !== 0 && failed === 0) failed = 1;
    console.log(`e2e: ${stats.expected} passed, ${failed} failed, ${stats.skipped} skipped`);
  } catch {
    console.log("e2e: 0 passed, 1 failed (no report: the run did not get to the tests)");
  }
}

let server;
let stripe;
let translator;
let exitCode = 1;
const started = Date.now();
try {
  rmSync(REPORT, { force: true });
  mkdirSync(join(root, "test-results"), { recursive: true });

  const chromiumPath = ensureChromium({ log: (line) => log("e2e", line) });

  if (process.env.E2E_SKIP_BUILD === "1") log("e2e", "E2E_SKIP_BUILD=1: using build/ as it is");
  else log("e2e", `test build (COMET_DEV_TOOLS=1) in ${build({ devTools: true }).seconds.toFixed(1)} s`);

  prepareState(STATE_DIR, "e2e");
  // The Stripe emulator on a port of this run's own, sending webhooks to the server about to start.
  const port = await freePort();
  stripe = await startStripeEmulatorProcess({
    port: await freePort(),
    appOrigin: `http://localhost:${port}`,
    devVars: readDevVars(),
    // "Complete onboarding" lands on a ready account, as the wallet spec expects, with no verification wait.
    accountVerificationDelayMs: 0,
    // A delivery a spec waits on is retried within seconds, not Stripe's minutes.
    webhookRetryDelaysMs: [1000, 2000, 4000, 8000, 16000],
    prefix: "e2e",
  });
  useStripeEmulatorPort(stripe.port);
  // The translator's stand-in (issue 46) on a port of this run's own; specs reach its controls through E2E_TRANSLATOR_URL.
  translator = await startTranslatorStandInProcess({ port: await freePort(), prefix: "e2e" });
  useTranslatorStandInPort(translator.port);
  process.env.E2E_TRANSLATOR_URL = translator.url;
  server = await startPreview({ stateDir: STATE_DIR, port, prefix: "e2e" });

  exitCode = await runPlaywright(server.url, chromiumPath);
} catch (error) {
  console.error(`[e2e] ${error instanceof Error ? error.message : error}`);
  exitCode = 1;
} finally {
  await server?.stop();
  await stripe?.stop();
  await translator?.stop();
  summarize(exitCode);
  log("e2e", `done in ${((Date.now() - started) / 1000).toFixed(0)} s, exit ${exitCode}`);
}
process.exit(exitCode);
