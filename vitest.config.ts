import { cloudflareTest, readD1Migrations } from "@cloudflare/vitest-plugin";
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
        miniflare: { bindings: { TEST_MIGRATIONS: migrations } },
      }),
    ],
    test: {
      include: ["tests/worker/**/*.test.ts", "worker/**/*.test.ts"],
      setupFiles: ["./tests/worker/apply-migrations.ts"],
    },
  };
});
