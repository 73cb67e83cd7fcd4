// `npm run preview` (after `npm run build`): serves the production build in workerd with `vite preview`, on a
// fresh local state of its own (migrations + demo data in .wrangler/preview-state; `npm run dev`'s
// .wrangler/state is left alone). Sign in with the demo accounts of the README; the production build has no
// /dev/mailbox, so read codes through `npm run dev` instead.
//
//   node scripts/preview.mjs [--port N] [--check]
// --port: default 4173 (vite preview's own default). --check: serve on a free port, require GET / to answer
// 200, stop, and exit 0 or 1 (scripts/test.mjs runs `npm run preview -- --check` to prove the command works); it
// also requires that the production build has no trace of the local card form (docs/decisions/018).
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { build, freePort, log, prepareState, root, startPreview } from "./serve-test-build.mjs";

const args = process.argv.slice(2);
const check = args.includes("--check");
const portArg = args.indexOf("--port");
const port = portArg >= 0 ? Number(args[portArg + 1]) : check ? await freePort() : 4173;
const stateDir = join(root, ".wrangler", "preview-state");

// `npm run preview` builds first; run on its own, the script builds when there is no build yet.
if (!existsSync(join(root, "build", "server", "wrangler.json"))) {
  log("preview", `no build/ yet: built in ${build({ devTools: false }).seconds.toFixed(1)} s`);
}
prepareState(stateDir, "preview");
const server = await startPreview({ stateDir, port, prefix: "preview" });

/** Built files that carry the local card form (its emulator call sends `card[number]`); none in production. */
function localCardFormFiles() {
  const found = [];
  for (const dir of [join(root, "build", "client", "assets"), join(root, "build", "server", "assets")]) {
    if (!existsSync(dir)) continue;
    for (const name of readdirSync(dir))
      if (name.endsWith(".js") && readFileSync(join(dir, name), "utf8").includes("card[number]")) found.push(name);
  }
  return found;
}

if (check) {
  const response = await fetch(server.url, { redirect: "manual" }).catch((error) => ({ status: String(error) }));
  // The browser tests' fixtures route (app/routes/dev-fixtures.ts) is compiled out of a production build.
  const fixtures = await fetch(new URL("/dev/fixtures/workVisits", server.url), {
    method: "POST",
    headers: { "content-type": "application/json", "sec-fetch-site": "same-origin" },
    body: JSON.stringify({ workId: "none" }),
  }).catch((error) => ({ status: String(error) }));
  // Nor the dev clock (app/routes/dev-clock.tsx): a production build reads only the real time (decision 080).
  const clock = await fetch(new URL("/dev/clock", server.url), { redirect: "manual" }).catch((error) => ({
    status: String(error),
  }));
  await server.stop();
  log("preview", `check: GET / answered ${response.status} (200 expected)`);
  log(
    "preview",
    `check: POST /dev/fixtures/workVisits answered ${fixtures.status} (anything but 200 expected: no fixtures in production)`,
  );
  log(
    "preview",
    `check: GET /dev/clock answered ${clock.status} (anything but 200 expected: no dev clock in production)`,
  );
  const cardForm = localCardFormFiles();
  log(
    "preview",
    `check: local card form in the production build: ${cardForm.length ? cardForm.join(", ") : "none"} (none expected)`,
  );
  process.exit(
    response.status === 200 && fixtures.status !== 200 && clock.status !== 200 && cardForm.length === 0 ? 0 : 1,
  );
}
log("preview", `open ${server.url}; Ctrl-C stops it`);
for (const signal of ["SIGINT", "SIGTERM"]) process.on(signal, () => server.stop().then(() => process.exit(0)));
