// Starts the translator stand-in (emulators/translator/, issue 46) as a child process for `npm run dev` and the browser
// tests, and stops it with them. The Worker reaches it on the port wrangler.toml (or build/server/.dev.vars) gives it
// as TRANSLATOR_STANDIN_PORT, answering Workers AI's contracts for m2m100 and gemma-3-12b-it from a phrase book.
import { join } from "node:path";
import { log, root, startServer } from "./serve-test-build.mjs";

/**
 * Resolves once the stand-in answers on `port`; `stop()` ends it. `fault`: a bad day from the start (faults.ts), e.g.
 * `{ mode: "slow", delayMs: 3000 }`; unset, every call is answered.
 * @param {{ port: number; fault?: { mode: string; delayMs?: number; times?: number; retryAfterSeconds?: number; match?: string; model?: string }; prefix?: string; timeoutMs?: number }} options
 */
export async function startTranslatorStandInProcess({ port, fault, prefix = "translator", timeoutMs = 30_000 }) {
  const url = `http://127.0.0.1:${port}`;
  const { stop } = await startServer({
    label: "the translator stand-in",
    command: "node",
    args: [join(root, "emulators", "translator", "main.ts")],
    env: {
      TRANSLATOR_STANDIN_PORT: String(port),
      ...(fault === undefined ? {} : { TRANSLATOR_STANDIN_FAULT: JSON.stringify(fault) }),
    },
    probeUrl: `${url}/__standin/faults`,
    // Not detached: it stays in the terminal's process group, so Ctrl-C reaches it as it reaches `npm run dev`.
    detached: false,
    timeoutMs,
    intervalMs: 200,
    probeTimeoutMs: 2_000,
  });
  log(prefix, `translator stand-in at ${url}${fault ? ` (fault ${JSON.stringify(fault)})` : ""}`);
  return { url, port, stop };
}
