// Vitest globalSetup (Node, once per run): the translator stand-in (emulators/translator/, issue 46) on the port
// vitest.config.ts gave the Worker as TRANSLATOR_STANDIN_PORT. The Worker's translator reaches it over HTTP in the
// Workers AI binding's contract, the production code path; a test makes it slow, failing or refusing through
// `POST /__standin/faults` and reads what was sent at `GET /__standin/calls`.
import { startTranslatorStandIn } from "#emulators/translator/server.ts";
import { oncePerRun } from "./once-per-run.ts";

export default async function setup() {
  const port = Number(process.env.COMET_TEST_TRANSLATOR_PORT);
  if (!port) throw new Error("vitest.config.ts sets COMET_TEST_TRANSLATOR_PORT");
  return oncePerRun(
    "translator stand-in",
    () => startTranslatorStandIn({ port }),
    (standIn) => standIn.close(),
  );
}
