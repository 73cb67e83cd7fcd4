#!/usr/bin/env node
/**
 * Seeds the local D1 database and R2 bucket with the demo data (idempotent; safe to run again).
 *
 *   node scripts/seed-local.mjs [--persist-to DIR] [--creators N] [--no-media] [--cli] [--skip-migrations]
 *
 * --no-media: rows only, no images in R2 (the pages still point at them), and the SQL goes in as one import, straight
 * into the local D1's SQLite file (node:sqlite, one transaction) instead of statement batches through the runtime.
 * For benchmarks, which fetch pages, not pictures: 10,000 creators load in well under two minutes this way.
 *
 * 1. applies the migrations (wrangler d1 migrations apply DB --local),
 * 2. writes scripts/seed/.out/seed.sql and the SVG images (scripts/seed/generate.mjs),
 * 3. runs the SQL and puts the images through wrangler's getPlatformProxy (one process, fast);
 *    with --cli, or if the proxy cannot start, through `wrangler d1 execute` and `wrangler r2 object put`.
 *
 * Without --persist-to the state is wrangler's default, .wrangler/state (the one `vite dev` uses).
 * --persist-to DIR means the same as wrangler's flag: the data lives in DIR/v3.
 */
import { spawnSync } from "node:child_process";
import { readFileSync, readdirSync } from "node:fs";
import { readFile } from "node:fs/promises";
import { createRequire } from "node:module";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { writeSeed } from "./seed/generate.mjs";

const root = resolve(dirname(fileURLToPath(import.meta.url)), "..");
const BUCKET = "comet-media";

function parseArgs(argv) {
  const args = { cli: false, migrations: true, media: true };
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i];
    if (a === "--persist-to") args.persistTo = resolve(argv[++i]);
    else if (a.startsWith("--persist-to=")) args.persistTo = resolve(a.slice("--persist-to=".length));
    else if (a === "--creators") args.creators = Number(argv[++i]);
    else if (a === "--cli") args.cli = true;
    else if (a === "--skip-migrations") args.migrations = false;
    else if (a === "--no-media") args.media = false;
    else throw new Error(`unknown argument ${a}`);
  }
  return args;
}

function wrangler(args, persistTo) {
  const bin = join(dirname(createRequire(import.meta.url).resolve("wrangler/package.json")), "bin", "wrangler.js");
  const full = [...args, ...(persistTo ? ["--persist-to", persistTo] : [])];
  const res = spawnSync(process.execPath, [bin, ...full], {
    cwd: root,
    stdio: ["ignore", "pipe", "pipe"],
    env: { ...process.env, CI: "true" },
    encoding: "utf8",
  });
  if (res.status !== 0) {
    process.stderr.write(res.stdout + res.stderr);
    throw new Error(`wrangler ${args.slice(0, 3).join(" ")} failed (exit ${res.status})`);
  }
  return res.stdout;
}

async function seedWithProxy({ statements, files }, persistTo) {
  const { getPlatformProxy } = await import("wrangler");
  /** @type {{ env: any; dispose: () => Promise<void> }} */
  const { env, dispose } = await getPlatformProxy({
    configPath: join(root, "wrangler.toml"),
    persist: persistTo ? { path: join(persistTo, "v3") } : true,
    remoteBindings: false,
  });
  try {
    // Batches are transactions; a few hundred statements each keeps them quick.
    for (let i = 0; i < statements.length; i += 100) {
      await env.DB.batch(statements.slice(i, i + 100).map((s) => env.DB.prepare(s)));
    }
    for (let i = 0; i < files.length; i += 16) {
      await Promise.all(
        files
          .slice(i, i + 16)
          .map((f) => env.MEDIA.put(f.key, f.body, { httpMetadata: { contentType: f.contentType } })),
      );
    }
  } finally {
    await dispose();
  }
}

/**
 * One import of the whole seed into the local D1's SQLite file: the file wrangler's `d1 migrations apply --local`
 * created under <persist>/v3/d1/miniflare-D1DatabaseObject/. Only while no runtime has the state open.
 */
async function seedDirect(sqlPath, persistTo) {
  const dir = join(persistTo ?? join(root, ".wrangler", "state"), "v3", "d1", "miniflare-D1DatabaseObject");
  const files = readdirSync(dir).filter((name) => name.endsWith(".sqlite") && name !== "metadata.sqlite");
  if (files.length !== 1) throw new Error(`expected one local D1 database in ${dir}, found ${files.length}`);
  const { DatabaseSync } = await import("node:sqlite");
  const db = new DatabaseSync(join(dir, files[0]));
  try {
    // The search triggers rebuild a creator's row on every text, role and form insert: for a bulk load that is most
    // of the time. They are dropped for the import, the table is rebuilt once, and they come back, in one transaction.
    const triggers = db
      .prepare("SELECT name, sql FROM sqlite_master WHERE type = 'trigger' AND name LIKE 'creator_search_%'")
      .all();
    // The import touches most of the database's pages many times (rows keyed by random ids go all over every
    // index): with SQLite's default 2 MB page cache they are written out and read back again and again. Up to 1 GiB
    // keeps them in memory until the commit (10,000 creators, a 780 MB database: the import 57 → 30 s).
    db.exec("PRAGMA cache_size = -1048576");
    db.exec("BEGIN");
    for (const trigger of triggers) db.exec(`DROP TRIGGER "${trigger.name}"`);
    db.exec(await readFile(sqlPath, "utf8"));
    for (const statement of creatorSearchRebuild()) db.exec(statement);
    for (const trigger of triggers) db.exec(/** @type {string} */ (trigger.sql));
    db.exec("COMMIT");
  } finally {
    db.close();
  }
}

/** The newest migration's rebuild of creator_search (its `DELETE FROM creator_search;` and the INSERT after it). */
function creatorSearchRebuild() {
  const dir = join(root, "migrations");
  for (const name of readdirSync(dir)
    .filter((n) => n.endsWith(".sql"))
    .sort()
    .reverse()) {
    const statements = readFileSync(join(dir, name), "utf8")
      .split("--> statement-breakpoint")
      .map((s) => s.trim());
    const at = statements.findLastIndex((s) => s.startsWith("DELETE FROM creator_search;"));
    if (at >= 0 && statements[at + 1]) return [statements[at], statements[at + 1]];
  }
  throw new Error("no migration rebuilds creator_search");
}

async function seedWithCli(sqlPath, mediaDir, files, persistTo) {
  wrangler(["d1", "execute", "DB", "--local", "--file", sqlPath], persistTo);
  console.log(`putting ${files.length} images one wrangler call at a time (several minutes)`);
  for (const f of files) {
    wrangler(
      [
        "r2",
        "object",
        "put",
        `${BUCKET}/${f.key}`,
        "--local",
        "--file",
        join(mediaDir, f.key),
        "--content-type",
        f.contentType,
      ],
      persistTo,
    );
  }
}

const args = parseArgs(process.argv.slice(2));
const started = Date.now();
if (args.migrations) {
  wrangler(["d1", "migrations", "apply", "DB", "--local"], args.persistTo);
  console.log("migrations applied");
}
const { sqlPath, mediaDir, result } = await writeSeed({ creators: args.creators, media: args.media });
console.log(`generated ${result.statements.length} statements, ${result.files.length} images`);

let via = "getPlatformProxy";
if (!args.media) {
  via = "one SQL import";
  await seedDirect(sqlPath, args.persistTo);
} else if (args.cli) {
  via = "wrangler CLI";
  await seedWithCli(sqlPath, mediaDir, result.files, args.persistTo);
} else {
  try {
    await seedWithProxy(result, args.persistTo);
  } catch (error) {
    console.warn(
      `getPlatformProxy failed (${error instanceof Error ? error.message : error}); falling back to the wrangler CLI`,
    );
    via = "wrangler CLI";
    await seedWithCli(sqlPath, mediaDir, result.files, args.persistTo);
  }
}

const manifest = JSON.parse(await readFile(join(dirname(sqlPath), "manifest.json"), "utf8"));
const wellKnown = manifest.logins.filter((l) => /^(creator|client|admin|banned)@/.test(l.email));
console.log(
  `seeded via ${via} in ${((Date.now() - started) / 1000).toFixed(1)} s; ${manifest.logins.length} accounts. Demo logins (e-mail code, see /dev/mailbox):`,
);
for (const l of wellKnown) console.log(`  ${l.email.padEnd(28)} @${l.handle.padEnd(12)} ${l.roles.join("+")}`);
