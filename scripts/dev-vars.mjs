// The local signing secret for signed media URLs: generated once per checkout into .dev.vars (gitignored), which
// wrangler and the Cloudflare Vite plugin read for `npm run dev`, and which `react-router build` copies into
// build/server/.dev.vars for `vite preview` (browser tests, bench). Never a fixed key: a token signed on one
// machine is worthless on another. Production sets MEDIA_SIGNING_SECRET with `wrangler secret put`.
import { randomBytes } from "node:crypto";
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";

const root = resolve(dirname(fileURLToPath(import.meta.url)), "..");
const NAME = "MEDIA_SIGNING_SECRET";

/** Adds MEDIA_SIGNING_SECRET to .dev.vars when it has none; every other line is kept. Idempotent. */
export function ensureDevVars(file = join(root, ".dev.vars")) {
  const current = existsSync(file) ? readFileSync(file, "utf8") : "";
  if (new RegExp(`^\\s*${NAME}\\s*=\\s*\\S`, "m").test(current)) return false;
  const kept = current.split(/\r?\n/).filter((line) => !new RegExp(`^\\s*${NAME}\\s*=`).test(line));
  while (kept.length && kept.at(-1) === "") kept.pop();
  kept.push(`${NAME}="${randomBytes(32).toString("hex")}"`);
  writeFileSync(file, `${kept.join("\n")}\n`, { mode: 0o600 });
  console.log(`[dev-vars] wrote a new local ${NAME} to ${file}`);
  return true;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) ensureDevVars();
