import { cloudflareTest, readD1Migrations } from "@cloudflare/vitest-plugin";
import { randomBytes } from "node:crypto";
import { createServer } from "node:net";
import { defineConfig } from "vitest/config";

// Every vitest test, as two projects (`--project workerd` / `--project node` runs one):
// - workerd: the Hono API, the Durable Objects and the edge's request helpers (worker/http) in workerd
//   (@cloudflare/vitest-plugin), without the React Router build (pages are covered by the browser tests in tests/e2e);
// - node: the Stripe emulator's own suite (the real `stripe` SDK against emulators/stripe on a free port), the
//   build tools' tests (tests/node: the Vite plugins in scripts/) and the pure domain's unit tests (worker/domain:
//   no runtime import, so they need no workerd; in Node they take seconds where a workerd per file took ~100 s of CI),
//   in plain Node.
// Kept apart from vite.config.ts, which builds the app.

/** A port nothing listens on now, for the Stripe emulator tests/global/stripe-emulator.ts starts. */
function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer().on("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

/**
 * Both projects' timeouts. A timeout here catches a hang; speed is the benches' job (docs/decisions/074). Vitest's 5 s
 * default was a speed check in effect: a test of 2 s on a quiet machine failed at 5.6 s on a busy one. 20 s leaves the
 * slowest test on the default (about 2.3 s quiet) more than 8× room; a test that needs more says so with its own.
 */
const timeouts = { testTimeout: 20_000, hookTimeout: 30_000 };

/** The worker files that compare every stored row before and after, so need a world no other file writes to. */
const WORKERD_ALONE = ["tests/worker/api/fuzz-doors.test.ts"];
const WORKERD_FILES = ["tests/worker/**/*.test.ts", "worker/http/**/*.test.ts", "worker/orders/**/*.test.ts"];

type WorkerdProject = { name: string; isolate: boolean; include?: string[]; exclude?: string[] };

export default defineConfig(async () => {
  const migrations = await readD1Migrations(new URL("./migrations", import.meta.url).pathname);
  // The Worker's Stripe client reaches the emulator by host and port, as in dev (wrangler.toml); the port is this
  // run's own, handed to the globalSetup that starts the emulator there.
  const stripePort = await freePort();
  process.env.COMET_TEST_STRIPE_PORT = String(stripePort);
  // The translator's stand-in (emulators/translator), reached the same way on a port of its own (decision 078).
  const translatorPort = await freePort();
  process.env.COMET_TEST_TRANSLATOR_PORT = String(translatorPort);
  const bindings = {
    TEST_MIGRATIONS: migrations,
    MEDIA_SIGNING_SECRET: randomBytes(32).toString("hex"),
    STRIPE_API_PORT: String(stripePort),
    TRANSLATOR_STANDIN_PORT: String(translatorPort),
    STRIPE_WEBHOOK_SECRET: `whsec_${randomBytes(24).toString("hex")}`,
    STRIPE_CONNECT_WEBHOOK_SECRET: `whsec_${randomBytes(24).toString("hex")}`,
    // tests/worker/orders/order-money-model.test.ts: replay another seed of the model test.
    MONEY_MODEL_SEED: process.env.MONEY_MODEL_SEED ?? "",
  };
  const workerdProject = ({ name, isolate, include = WORKERD_FILES, exclude = [] }: WorkerdProject) => ({
    extends: false as const,
    plugins: [
      cloudflareTest({
        main: "./tests/worker/entry.ts",
        wrangler: { configPath: "./wrangler.toml" },
        // A fresh signing secret every run: no test can lean on a known key (the code has no fallback key).
        miniflare: { bindings },
      }),
    ],
    // The dev clock and the bench's baselines are compiled in, as in `npm run dev` and the browser tests' build.
    define: { __DEV_CLOCK__: "true", __BENCH_DOORS__: "true" },
    test: {
      name,
      ...timeouts,
      include,
      exclude,
      isolate,
      // One file at a time: the files of a shared world must not write it at once (decision 084).
      maxWorkers: 1,
      setupFiles: ["./tests/worker/apply-migrations.ts"],
      // A local HTTP server for the production mailer's test (tests/worker/notifications/mailer.test.ts), each project's
      // own; the Stripe emulator and the translator's stand-in, one for the run on the ports above (once-per-run.ts).
      globalSetup: [
        "./tests/global/mail-server.ts",
        "./tests/global/stripe-emulator.ts",
        "./tests/global/translator-standin.ts",
      ],
    },
  });
  return {
    test: {
      projects: [
        // Most worker files share one isolate and one stored world, in turn (decision 084): a file loads the Worker's
        // modules once instead of once per file, which took two thirds of the suite's time. The files that judge every
        // stored row run alone, each in a fresh isolate and world of its own.
        workerdProject({ name: "workerd", isolate: false, exclude: WORKERD_ALONE }),
        workerdProject({ name: "workerd-alone", isolate: true, include: WORKERD_ALONE }),
        {
          extends: false,
          test: {
            name: "node",
            ...timeouts,
            environment: "node",
            include: [
              "tests/emulator/**/*.test.ts",
              "tests/node/**/*.test.ts",
              "worker/domain/**/*.test.ts",
              "worker/*/domain/**/*.test.ts",
              "app/**/*.test.ts",
            ],
          },
        },
      ],
    },
  };
});
