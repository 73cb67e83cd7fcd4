import { defineConfig, devices } from "@playwright/test";

// Browser tests in Debian's Chromium (see docs/decisions/003-browser-tests.md). `npm run test:e2e` builds the
// app, seeds a fresh state dir, serves it and sets E2E_BASE_URL; `npx playwright test` alone runs the specs
// against whatever already serves E2E_BASE_URL (default: the dev server).
const baseURL = process.env.E2E_BASE_URL ?? "http://localhost:5173";

/** The flags this machine needs: without the networking ones Chromium keeps calling hosts it cannot reach. */
export const CHROMIUM_ARGS = [
  "--no-sandbox",
  "--disable-gpu",
  "--disable-quic",
  "--no-first-run",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
];

export default defineConfig({
  testDir: "./tests/e2e",
  testMatch: "**/*.spec.ts",
  globalSetup: "./tests/e2e/global-setup.ts",
  // Two spec files at once, each test in order within its file (decision 084): every spec makes the users and data it
  // changes (decision 019), so two at once share the seeded database as two people share the site. On this 2-core
  // machine two workers take the browser suite from about 22 to about 15 minutes; more only queue for the cores.
  workers: 2,
  fullyParallel: false,
  forbidOnly: !!process.env.CI,
  retries: 0,
  // Timeouts catch a hang, not slowness (docs/decisions/074): a test's own is at least twice what it takes on a quiet
  // machine (a long walk sets its own), and an expectation waits 20 s, since on a busy machine a step that takes 2 s
  // when quiet (a payment and its webhooks) can take several times that.
  timeout: 60_000,
  expect: { timeout: 20_000 },
  // Kept inside test-results/ but apart from the JSON summary, which Playwright must not wipe.
  outputDir: "test-results/e2e-artifacts",
  reporter: [["list"], ["json", { outputFile: "test-results/e2e.json" }]],
  // The dev clock's spec moves the server's one clock, and a move fires every deadline that has passed, whoever's order
  // it is (decision 080): it runs alone, after every other spec has finished. A teardown project runs then, whether the
  // others passed or not (a dependent project would be skipped after any failure); `--no-deps` runs it in place.
  // `--repeat-each` does not reach a teardown project: it repeats as E2E_REPEAT_EACH (`REPEAT=2 npm test`) says.
  projects: [
    { name: "specs", testIgnore: ["**/dev-clock.spec.ts", "**/alone/**"], teardown: "dev-clock" },
    // Then, one file at a time: the walks that fill the server's two cores for a minute (tests/e2e/alone/: the 300 MiB
    // upload of issue 60, which made the other worker's pages time out), then the dev clock's spec. In path order:
    // alone/ comes before dev-clock.spec.ts, so no walk runs on a moved clock.
    {
      name: "dev-clock",
      testMatch: ["**/alone/*.spec.ts", "**/dev-clock.spec.ts"],
      workers: 1,
      repeatEach: Math.max(1, Number(process.env.E2E_REPEAT_EACH ?? 1) || 1),
    },
  ],
  use: {
    ...devices["Desktop Chrome"],
    baseURL,
    locale: "en-US",
    timezoneId: "Asia/Tokyo",
    colorScheme: "light",
    // No trace by default: recording one for every test, kept only on failure, cost an eighth of the suite's time, and
    // CI keeps no artifacts. A failure still leaves its screenshot and page snapshot; `npm run test:e2e -- <spec>
    // --trace=retain-on-failure` records one when it is wanted.
    trace: "off",
    screenshot: "only-on-failure",
    launchOptions: { executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium", args: CHROMIUM_ARGS },
  },
});
