import { defineConfig } from "drizzle-kit";

// Migrations are generated from worker/db/schema and applied by wrangler (dev, deploy) and by the tests.
export default defineConfig({
  dialect: "sqlite",
  schema: "./worker/db/schema/index.ts",
  out: "./migrations",
});
