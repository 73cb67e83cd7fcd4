// `npm run validate`: the static checks, one after another, each run to its end so one failure does not hide another:
// types (`npm run typecheck`: wrangler types, react-router typegen, tsc -b, which includes scripts/**/*.mjs through
// tsconfig.scripts.json), Biome (format and lint, no writes), knip (dead files, exports and dependencies) and the floors
// (scripts/floors.mjs: which folder may import which, decision 083).
// Prints one line per step and exits non-zero when any failed; CI (.ci/run) counts a failure as one failed test.
import { spawnSync } from "node:child_process";

const steps = [
  { name: "typecheck", command: "npm", args: ["run", "typecheck"] },
  { name: "biome check", command: "npx", args: ["biome", "check", "."] },
  { name: "knip", command: "npx", args: ["knip"] },
  { name: "floors", command: "node", args: ["scripts/floors.mjs"] },
];

const failed = [];
for (const step of steps) {
  console.log(`\nvalidate: ${step.name}`);
  const status = spawnSync(step.command, step.args, { stdio: "inherit" }).status;
  if (status !== 0) failed.push(step.name);
}
console.log(failed.length === 0 ? "\nvalidate: all steps passed" : `\nvalidate: failed: ${failed.join(", ")}`);
process.exit(failed.length === 0 ? 0 : 1);
