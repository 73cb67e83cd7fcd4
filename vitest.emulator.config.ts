import { defineConfig } from "vitest/config";

// The Stripe emulator's own suite (emulators/stripe): plain Node, the real `stripe` SDK against a server on a free
// port. Apart from vitest.config.ts, whose tests run in workerd. The build tools' tests (tests/node: the Vite plugins in
// scripts/) are plain Node too.
export default defineConfig({
  test: {
    environment: "node",
    include: ["tests/emulator/**/*.test.ts", "tests/node/**/*.test.ts"],
  },
});
