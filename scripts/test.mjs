// `npm test`: every test. The node project of vitest.config.ts (the Stripe emulator's suite, the build tools' tests
// and the pure domain's unit tests), its workerd project (worker, API and Durable Object tests) with the Stripe contract check over every
// exchange they made (one test), then the browser tests in real Chromium (scripts/e2e.mjs). Prints the runners' own
// counts and a final `N passed, N failed`.
//
// The vitest files and the tests inside them run in a shuffled order (docs/decisions/015): the seed is printed, and
// `VITEST_SEED=<seed> npm test` (or `npx vitest run --project 'workerd*' --sequence.shuffle --sequence.seed=<seed>`)
// replays a failing order. Between the two suites, `npm run preview -- --check` proves the README's preview command
// serves `/` with a 200 (one test in the totals), `npm run bench:js -- --check` holds each route's client JS to its
// committed baseline on that build (one test), and `npm run bench:vitals -- --check` holds five pages to issue 35's
// Web Vitals on an emulated phone (one test).
//
// Each test runs once (docs/decisions/067). `REPEAT=2 npm test` runs every workerd test twice in a row on the same
// storage (`--repeats=1`) and every browser spec twice (`--repeat-each 2`), which fails a test that leaves behind what
// its own next run trips over (decisions 015 and 019); E2E_REPEAT_EACH overrides the browser count alone.
import { spawnSync } from "node:child_process";
import { printSlowest, readJson } from "./timeout-room.mjs";
import { mkdirSync, rmSync } from "node:fs";

const results = "test-results";
rmSync(results, { recursive: true, force: true });
mkdirSync(results, { recursive: true });

function run(command, args, env = {}) {
  return spawnSync(command, args, { stdio: "inherit", env: { ...process.env, ...env } }).status ?? 1;
}

const suites = [];

// First, because it is fast: the Stripe emulator's own suite (plain Node, the real SDK against emulators/stripe),
// the build tools' tests (tests/node) and the domain's unit tests (worker/domain).
const emulatorStatus = run("npx", [
  "vitest",
  "run",
  "--project",
  "node",
  "--reporter=default",
  "--reporter=json",
  "--reporter=./scripts/timeout-room.mjs",
  `--outputFile.json=${results}/emulator.json`,
]);
const emulator = readJson(`${results}/emulator.json`);
suites.push({
  name: "stripe emulator, build tools and domain (vitest, node)",
  status: emulatorStatus,
  passed: emulator?.numPassedTests ?? 0,
  failed: emulator ? emulator.numFailedTests : 1,
});

const repeat = Math.max(1, Number(process.env.REPEAT ?? 1) || 1);
const seed = process.env.VITEST_SEED ?? String(Math.floor(Math.random() * 1_000_000));
console.log(`vitest order: shuffled with seed ${seed} (replay: VITEST_SEED=${seed} npm test), each test ${repeat}×`);
const workerStatus = run("npx", [
  "vitest",
  "run",
  "--project",
  "workerd*",
  "--sequence.shuffle",
  `--sequence.seed=${seed}`,
  `--repeats=${repeat - 1}`,
  "--reporter=default",
  "--reporter=json",
  "--reporter=./scripts/timeout-room.mjs",
  `--outputFile.json=${results}/worker.json`,
]);
const worker = readJson(`${results}/worker.json`);
suites.push({
  name: `workerd (vitest, seed ${seed}, each test ${repeat}×)`,
  status: workerStatus,
  passed: worker?.numPassedTests ?? 0,
  // A crashed runner counts as one failure, so a broken suite can never read as green.
  failed: worker ? worker.numFailedTests : 1,
});

// The Stripe contract (docs/decisions/049): the emulator held every exchange of the workerd suite against Stripe's
// own description (tests/global/stripe-emulator.ts wrote what did not match). One test; no report is a failure.
const contract = readJson(`${results}/stripe-contract.json`);
const contractHolds = contract !== null && contract.violations.length === 0;
if (contract === null)
  console.log(`stripe contract: no report in ${results}/stripe-contract.json (did the workerd suite finish?)`);
else {
  console.log(
    `stripe contract: ${contract.exchanges} exchanges, ${contract.events} events, ${contract.operations.length} operations checked against Stripe's OpenAPI description ${contract.describedApiVersion}`,
  );
  for (const violation of contract.violations) {
    console.log(
      `  ${violation.where}: ${violation.path} ${violation.problem}${violation.count > 1 ? ` (×${violation.count})` : ""}`,
    );
  }
}
suites.push({
  name: "stripe contract: every request the Worker sent and every answer it got matches Stripe's description",
  status: contractHolds ? 0 : 1,
  passed: contractHolds ? 1 : 0,
  failed: contractHolds ? 0 : 1,
});

// The translation pipeline's floor (issue 62): every text of scripts/translation-eval/corpus/ through the pipeline
// stored translations take, against the translator stand-in, comes back translated with every link, e-mail, handle,
// order code and amount kept. One test; the texts that fail are printed.
const translationStatus = run("npm", ["run", "translation:eval", "--", "--check"]);
suites.push({
  name: "translation pipeline (npm run translation:eval -- --check: every kept span kept, every text translated)",
  status: translationStatus,
  passed: translationStatus === 0 ? 1 : 0,
  failed: translationStatus === 0 ? 0 : 1,
});

// Before the browser tests: they rebuild build/ with the dev tools, preview serves the production build. Built with
// hidden source maps (the shipped files are byte for byte the same), so the JS budget below reads the same build.
if (process.env.SKIP_PREVIEW !== "1") {
  const previewStatus = run("npm", ["run", "preview", "--", "--check"], { COMET_SOURCEMAP: "1" });
  suites.push({
    name: "commands (npm run preview serves / with 200, no local card form, test fixtures nor dev clock in production)",
    status: previewStatus,
    passed: previewStatus === 0 ? 1 : 0,
    failed: previewStatus === 0 ? 0 : 1,
  });
}

// The JS budget (docs/performance.md): no route's own client JS more than 5 KB gzip over bench/route-js-baseline.json.
// One test; the routes over it are printed. On preview's build, or its own when the preview check was skipped.
const budgetStatus = run("node", [
  "scripts/route-js.mjs",
  "--check",
  ...(process.env.SKIP_PREVIEW !== "1" ? ["--skip-build"] : []),
]);
suites.push({
  name: "JS budget (npm run bench:js -- --check: each route within 5 KB gzip of its baseline)",
  status: budgetStatus,
  passed: budgetStatus === 0 ? 1 : 0,
  failed: budgetStatus === 0 ? 0 : 1,
});

// What a visitor on a phone feels (docs/decisions/072, 074): LCP, INP and CLS of five pages in Chromium at 4× CPU and
// Slow 4G: INP and CLS within issue 35's goals, LCP after the first byte within 300 ms of its committed baseline. One
// test; the pages over are printed. On preview's build and its demo state.
const vitalsStatus = run("node", [
  "scripts/bench-vitals.mjs",
  "--check",
  ...(process.env.SKIP_PREVIEW !== "1" ? ["--skip-build", "--state", ".wrangler/preview-state"] : []),
]);
suites.push({
  name: "Web Vitals on a phone (npm run bench:vitals -- --check: LCP within its baseline, INP ≤ 100 ms, CLS ≤ 0.05)",
  status: vitalsStatus,
  passed: vitalsStatus === 0 ? 1 : 0,
  failed: vitalsStatus === 0 ? 0 : 1,
});

if (process.env.SKIP_E2E !== "1") {
  // REPEAT=2: every spec twice in one run (docs/decisions/019), so a spec that leaves behind what its next run trips over fails.
  const repeatEach = process.env.E2E_REPEAT_EACH ?? String(repeat);
  const e2eStatus = run("node", ["scripts/e2e.mjs"], { E2E_REPEAT_EACH: repeatEach });
  const e2e = readJson(`${results}/e2e.json`);
  const stats = e2e?.stats;
  suites.push({
    name: `browser (playwright, each spec ${repeatEach}×)`,
    status: e2eStatus,
    passed: stats ? stats.expected : 0,
    failed: stats ? stats.unexpected + (stats.flaky ?? 0) : 1,
  });
}

// Each runner's ten slowest tests and their room under their timeouts (docs/decisions/074): printed, never counted.
printSlowest({
  results,
  root: process.cwd(),
  runners: [
    { name: "vitest node", file: "timings-node.json" },
    { name: "vitest workerd", file: "timings-workerd.json" },
    { name: "playwright", file: "e2e.json", playwright: true },
  ],
});

let passed = 0;
let failed = 0;
for (const suite of suites) {
  // A non-zero exit with no failed test counted still fails the run.
  const suiteFailed = suite.failed || (suite.status !== 0 ? 1 : 0);
  console.log(`${suite.name}: ${suite.passed} passed, ${suiteFailed} failed`);
  passed += suite.passed;
  failed += suiteFailed;
}
console.log(`${passed} passed, ${failed} failed`);
process.exit(failed === 0 ? 0 : 1);
