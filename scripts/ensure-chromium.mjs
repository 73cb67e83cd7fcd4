// Makes sure the browser tests have Debian's Chromium (/usr/bin/chromium) and CJK fonts for Japanese pages.
// Nothing here downloads a browser build of its own: this machine, the developers' and CI's reach only the
// npm registry and Debian's packages, so the browser comes from apt. Quick and silent-ish when all is present.
//
//   node scripts/ensure-chromium.mjs        (also imported by scripts/e2e.mjs)
import { execFileSync, spawnSync } from "node:child_process";
import { existsSync } from "node:fs";
import { fileURLToPath } from "node:url";

export const CHROMIUM_PATH = "/usr/bin/chromium";

function hasDebianPackage(name) {
  // biome-ignore lint/suspicious/noTemplateCurlyInString: ${Status} is dpkg-query's own field syntax
  const result = spawnSync("dpkg-query", ["-W", "-f=${Status}", name], { encoding: "utf8" });
  return result.status === 0 && result.stdout.includes("install ok installed");
}

function chromiumVersion() {
  const result = spawnSync(CHROMIUM_PATH, ["--version"], { encoding: "utf8" });
  return result.status === 0 ? result.stdout.trim() : "unknown version";
}

/**
 * Installs whatever is missing of chromium, fonts-noto-cjk and `also` (more Debian packages a caller needs beside the
 * browser: bench:vitals's openssl, which a slim Debian lacks); returns the path of the browser.
 * @param {{ log?: (line: string) => void; also?: string[] }} [options]
 */
export function ensureChromium({ log = (line) => console.log(`[ensure-chromium] ${line}`), also = [] } = {}) {
  const missing = [];
  if (!existsSync(CHROMIUM_PATH)) missing.push("chromium");
  for (const name of ["fonts-noto-cjk", ...also]) if (!hasDebianPackage(name)) missing.push(name);

  if (missing.length === 0) {
    log(
      `present: ${chromiumVersion()} at ${CHROMIUM_PATH}, ${["fonts-noto-cjk", ...also].join(", ")} installed; nothing to do`,
    );
    return CHROMIUM_PATH;
  }

  log(`missing: ${missing.join(", ")}; installing from Debian's packages`);
  const asRoot = typeof process.getuid === "function" && process.getuid() === 0;
  const apt = (args) => {
    const [command, argv] = asRoot ? ["apt-get", args] : ["sudo", ["-n", "apt-get", ...args]];
    log(`$ ${[command, ...argv].join(" ")}`);
    execFileSync(command, argv, { stdio: "inherit", env: { ...process.env, DEBIAN_FRONTEND: "noninteractive" } });
  };
  apt(["update"]);
  apt(["install", "-y", ...missing]);

  if (!existsSync(CHROMIUM_PATH)) throw new Error(`apt-get finished but ${CHROMIUM_PATH} is still missing`);
  log(`installed ${missing.join(", ")}: ${chromiumVersion()} at ${CHROMIUM_PATH}`);
  return CHROMIUM_PATH;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  try {
    ensureChromium();
  } catch (error) {
    console.error(`[ensure-chromium] failed: ${/** @type {Error} */ (error).message}`);
    process.exit(1);
  }
}
