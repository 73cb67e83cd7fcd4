// The Worker's own translation modules, bundled for Node with esbuild (as scripts/money-check.mjs bundles its check):
// the pipeline `npm run translation:eval` scores is the one stored translations go through, not a copy of it. The
// stand-in comes in the same bundle, so the check runs on any Node, with or without TypeScript support.
import { rmSync } from "node:fs";
import { join, resolve } from "node:path";
import { build } from "esbuild";

const root = resolve(import.meta.dirname, "..", "..");

const ENTRY = `
export { FREE_SPEND, translateText } from "./worker/services/translation-pipeline.ts";
export {
  TRANSLATION_MODELS,
  instructTranslator,
  m2m100Translator,
  standInAiBinding,
  workersAiTranslator,
} from "./worker/translation/translator.ts";
export { restAiBinding } from "./worker/translation/rest-ai-binding.ts";
export { segmentForTranslation, translationKeepsSpans } from "./worker/domain/text-language.ts";
export { startTranslatorStandIn } from "./emulators/translator/server.ts";
export { parseFaultSetting } from "./emulators/translator/faults.ts";
`;

/**
 * @typedef {{ run(model: string, input: Record<string, unknown>, options?: unknown): Promise<unknown> }} AiBinding
 * @typedef {{ translate(request: { text: string; source: "en" | "ja"; target: "en" | "ja" }, accept?: (text: string) => boolean): Promise<unknown> }} Translator
 * @typedef {{ ok: true; text: string; provider: string; model: string; calls: number } | { ok: false; reason: string }} PipelineResult
 * @typedef {{
 *   FREE_SPEND: unknown;
 *   translateText(translator: Translator, request: { text: string; from: "en" | "ja"; to: "en" | "ja" }, spend: unknown): Promise<PipelineResult>;
 *   TRANSLATION_MODELS: unknown;
 *   instructTranslator(ai: AiBinding, model: string): Translator;
 *   m2m100Translator(ai: AiBinding): Translator;
 *   restAiBinding(settings: { baseUrl: string; accountId: string; token?: string }): AiBinding;
 *   standInAiBinding(port: string): AiBinding;
 *   workersAiTranslator(ai: AiBinding): Translator;
 *   segmentForTranslation(text: string): { kind: string; value: string }[];
 *   translationKeepsSpans(original: string, translation: string): boolean;
 *   startTranslatorStandIn(options?: { port?: number; host?: string; fault?: unknown }): Promise<{ url: string; port: number; close(): Promise<void> }>;
 *   parseFaultSetting(value: unknown): unknown;
 * }} WorkerModules
 */

/** @returns {Promise<WorkerModules>} */
export async function loadWorkerModules() {
  // Inside the project, so the bundle resolves the packages it leaves out from node_modules.
  const bundle = join(root, "node_modules", ".cache", `comet-translation-eval-${process.pid}.mjs`);
  await build({
    stdin: { contents: ENTRY, resolveDir: root, loader: "ts" },
    bundle: true,
    platform: "node",
    format: "esm",
    outfile: bundle,
    packages: "external",
    logLevel: "error",
  });
  try {
    return await import(bundle);
  } finally {
    rmSync(bundle, { force: true });
  }
}
