// The translator stand-in as a process, for `npm run dev` (started by scripts/translator-standin.mjs) or by hand:
//   node emulators/translator/main.ts
// Env: TRANSLATOR_STANDIN_PORT (default 12112; 0 picks a free one), TRANSLATOR_STANDIN_FAULT (a bad day from the start,
// as JSON: '{"mode":"slow","delayMs":3000}'; faults.ts).
import { FaultSettingError, parseFaultSetting, type FaultSetting } from "./faults.ts";
import { startTranslatorStandIn } from "./server.ts";

const port = Number(process.env.TRANSLATOR_STANDIN_PORT ?? 12112);
if (!Number.isInteger(port) || port < 0 || port > 65535) {
  console.error("TRANSLATOR_STANDIN_PORT is a port number (0 picks a free one).");
  process.exit(1);
}

let fault: FaultSetting | undefined;
if (process.env.TRANSLATOR_STANDIN_FAULT?.trim()) {
  try {
    fault = parseFaultSetting(JSON.parse(process.env.TRANSLATOR_STANDIN_FAULT));
  } catch (error) {
    // Refuse to start rather than run a bad day the developer did not ask for, or a good one they think is bad.
    const reason = error instanceof FaultSettingError ? error.message : "not JSON";
    console.error(`TRANSLATOR_STANDIN_FAULT: ${reason}`);
    process.exit(1);
  }
}

const standIn = await startTranslatorStandIn({ port, fault });
console.log(
  `Translator stand-in listening on ${standIn.url} (Workers AI's contracts for m2m100 and gemma-3-12b-it, phrase-book answers)`,
);
if (fault) {
  console.log(
    `Translator stand-in fault on (TRANSLATOR_STANDIN_FAULT): ${JSON.stringify(fault)}. See or change it at ${standIn.url}/__standin/faults`,
  );
}

let closing = false;
for (const signal of ["SIGINT", "SIGTERM"] as const) {
  process.on(signal, () => {
    if (closing) return;
    closing = true;
    void standIn.close().then(() => process.exit(0));
  });
}
