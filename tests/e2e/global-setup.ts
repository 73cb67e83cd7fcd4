import type { FullConfig } from "@playwright/test";

/**
 * Fails fast, with a reason, when there is nothing to test: no server at the base URL, or a build without the
 * dev mailbox (the specs read sign-in codes from /dev/mailbox; build with COMET_DEV_TOOLS=1).
 */
export default async function globalSetup(config: FullConfig) {
  const baseURL = config.projects[0]?.use.baseURL;
  if (!baseURL) throw new Error("playwright.config.ts has no baseURL");

  let home: Response;
  try {
    home = await fetch(new URL("/", baseURL), { redirect: "manual" });
  } catch (error) {
    throw new Error(
      `No server answers at ${baseURL} (${(error as Error).message}). Run \`npm run test:e2e\`, or start one and set E2E_BASE_URL.`,
    );
  }
  if (home.status >= 500) throw new Error(`${baseURL} answers ${home.status} for /: the app does not render`);

  const mailbox = await fetch(new URL("/dev/mailbox", baseURL), { redirect: "manual" });
  if (mailbox.status !== 200) {
    throw new Error(
      `${baseURL}/dev/mailbox answers ${mailbox.status}: the specs need a build with COMET_DEV_TOOLS=1 (or the dev server)`,
    );
  }
}
