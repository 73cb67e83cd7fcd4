// The local secrets (signed media URLs, the Stripe emulator's webhook signatures): generated once per checkout
// into .dev.vars (gitignored), which
// wrangler and the Cloudflare Vite plugin read for `npm run dev`, and which `react-router build` copies into
// build/server/.dev.vars for `vite preview` (browser tests, bench). Never a fixed key: a token signed on one
// machine is worthless on another. Production sets them with `wrangler secret put`.
import { randomBytes } from "node:crypto";
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";

const root = resolve(dirname(fileURLToPath(import.meta.url)), "..");
/**
 * The local secrets, each made once per checkout: the media signing secret, and the signing secret of the local
 * Stripe emulator's two webhook endpoints, the platform's and the Connect one (as on Stripe, each signs with its own
 * secret; the emulator signs with them, the Worker checks with them; scripts/dev.mjs).
 */
const SECRETS = {
  MEDIA_SIGNING_SECRET: () => randomBytes(32).toString("hex"),
  STRIPE_WEBHOOK_SECRET: () => `whsec_${randomBytes(24).toString("hex")}`,
  STRIPE_CONNECT_WEBHOOK_SECRET: () => `whsec_${randomBytes(24).toString("hex")}`,
};

/** Adds each missing secret to .dev.vars; every other line is kept. Idempotent. Returns the values. */
export function ensureDevVars(file = join(root, ".dev.vars")) {
  let current = existsSync(file) ? readFileSync(file, "utf8") : "";
  for (const [name, make] of Object.entries(SECRETS)) {
    if (new RegExp(`^\\s*${name}\\s*=\\s*\\S`, "m").test(current)) continue;
    const kept = current.split(/\r?\n/).filter((line) => !new RegExp(`^\\s*${name}\\s*=`).test(line));
    while (kept.length && kept.at(-1) === "") kept.pop();
    kept.push(`${name}="${make()}"`);
    current = `${kept.join("\n")}\n`;
    writeFileSync(file, current, { mode: 0o600 });
    console.log(`[dev-vars] wrote a new local ${name} to ${file}`);
  }
  return readDevVars(file);
}

/** The name=value pairs of a .dev.vars file (quotes removed). */
export function readDevVars(file = join(root, ".dev.vars")) {
  /** @type {Record<string, string>} */
  const vars = {};
  for (const line of (existsSync(file) ? readFileSync(file, "utf8") : "").split(/\r?\n/)) {
    const match = /^\s*([A-Z0-9_]+)\s*=\s*"?(.*?)"?\s*$/.exec(line);
    if (match) vars[match[1]] = match[2];
  }
  return vars;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) ensureDevVars();
