// How much room each test leaves under its timeout (issue 44, docs/decisions/074). A timeout in these suites catches
// a hang; it is not a speed check, so a test that takes more than half of it on a quiet machine is one busy machine
// away from failing on noise. Two halves:
// - `TimeoutRoomReporter`, a vitest reporter (scripts/test.mjs adds it to both vitest runs): writes every test's
//   duration and its own timeout (the project's testTimeout, or the test's own) to test-results/timings-<run>.json
//   (the run's projects' shared name: `workerd` for both workerd projects);
// - `printSlowest`, called by scripts/test.mjs at the end of `npm test`: the ten slowest tests of each runner (vitest
//   node, vitest workerd, Playwright) with their share of their timeout, and a line naming any over half.
// It prints; it never fails a run (a timing assertion would fail on the same noise it is meant to expose).
import { readFileSync, writeFileSync } from "node:fs";
import { relative } from "node:path";

export default class TimeoutRoomReporter {
  /** @param {ReadonlyArray<import("vitest/node").TestModule>} testModules */
  onTestRunEnd(testModules) {
    if (testModules.length === 0) return;
    const tests = [];
    for (const module of testModules) {
      for (const test of module.children.allTests()) {
        const diagnostic = test.diagnostic();
        if (!diagnostic) continue;
        tests.push({
          file: module.relativeModuleId,
          name: test.fullName,
          duration: Math.round(diagnostic.duration),
          timeout: test.options.timeout ?? null,
        });
      }
    }
    writeFileSync(`test-results/timings-${runName(testModules)}.json`, JSON.stringify({ tests }, null, 1));
  }
}

/** The run's name, which its projects' names share: `workerd` for `workerd` and `workerd-alone` (decision 084). */
function runName(testModules) {
  const names = [...new Set(testModules.map((module) => module.project.name))];
  const shared = names.reduce((prefix, name) => {
    let length = 0;
    while (length < prefix.length && prefix[length] === name[length]) length++;
    return prefix.slice(0, length);
  });
  return shared.replace(/-+$/, "") || names[0];
}

/** A runner's JSON report, or null when it wrote none (a crashed run): scripts/test.mjs reads its counts with it too. */
export function readJson(path) {
  try {
    return JSON.parse(readFileSync(path, "utf8"));
  } catch {
    return null;
  }
}

/** Every test of Playwright's JSON report, with its longest attempt and its own timeout. */
function playwrightTimings(report, root) {
  const tests = [];
  // The top-level suites are the files; below them, describe blocks, whose titles lead the test's name.
  const visit = (suite, titles) => {
    for (const spec of suite.specs ?? []) {
      for (const test of spec.tests ?? []) {
        const duration = Math.max(0, ...(test.results ?? []).map((result) => result.duration ?? 0));
        tests.push({
          file: relative(root, `${report.config?.rootDir ?? root}/${spec.file}`),
          name: [...titles, spec.title].join(" › "),
          duration,
          timeout: test.timeout ?? null,
        });
      }
    }
    for (const child of suite.suites ?? []) visit(child, [...titles, child.title]);
  };
  for (const file of report.suites ?? []) visit(file, []);
  return tests;
}

const seconds = (ms) => `${(ms / 1000).toFixed(1)} s`;

/**
 * Prints each runner's ten slowest tests and any test over half its timeout.
 * @param {{ results: string, root: string, runners: { name: string, file: string, playwright?: boolean }[] }} options
 */
export function printSlowest({ results, root, runners }) {
  for (const runner of runners) {
    const report = readJson(`${results}/${runner.file}`);
    if (!report) continue;
    const tests = runner.playwright ? playwrightTimings(report, root) : report.tests;
    const slowest = [...tests].sort((a, b) => b.duration - a.duration).slice(0, 10);
    console.log(`\nslowest ten, ${runner.name} (of ${tests.length}):`);
    for (const test of slowest) {
      const share = test.timeout
        ? ` of ${seconds(test.timeout)} (${Math.round((100 * test.duration) / test.timeout)}%)`
        : "";
      console.log(`  ${seconds(test.duration)}${share}  ${test.file} › ${test.name.slice(0, 140)}`);
    }
    const crowded = tests.filter((test) => test.timeout && test.duration > test.timeout / 2);
    console.log(
      crowded.length
        ? `  over half their timeout: ${crowded.length} (${crowded.map((test) => test.name.slice(0, 60)).join("; ")})`
        : "  none over half its timeout",
    );
  }
}
