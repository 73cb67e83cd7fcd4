import { cloudflareTest, readD1Migrations } from "@cloudflare/vitest-plugin";
import { randomBytes } from "node:crypto";
import { defineConfig } from "vitest/config";

// Kept apart from vite.config.ts: tests run the Hono API and the Durable Objects in workerd without the
// React Router build (pages are covered by the browser tests in tests/e2e).
export default defineConfig(async () => {
  const migrations = await readD1Migrations(new URL("./migrations", import.meta.url).pathname);
  return {
    resolve: { alias: { "~": new URL("./app", import.meta.url).pathname } },
    plugins: [
      cloudflareTest({
        main: "./tests/worker/entry.ts",
        wrangler: { configPath: "./wrangler.toml" },
        // A fresh signing secret every run: no test can lean on a known key (the code has no fallback key).
        miniflare: { bindings: { TEST_MIGRATIONS: migrations, MEDIA_SIGNING_SECRET: randomBytes(32).toString("hex") } },
      }),
    ],
    test: {
      include: ["tests/worker/**/*.test.ts", "worker/**/*.test.ts"],
      setupFiles: ["./tests/worker/apply-migrations.ts"],
      // A local HTTP server for the production mailer's test (tests/worker/mailer.test.ts).
      globalSetup: ["./tests/global/mail-server.ts"],
    },
  };
});
