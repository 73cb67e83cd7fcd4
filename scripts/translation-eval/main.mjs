// `npm run translation:eval` (issue 62): every text of the corpus (scripts/translation-eval/corpus/, about 200 a
// direction, each with a careful human translation) through the pipeline stored translations take
// (worker/services/translation-pipeline.ts), scored with chrF against the references, with every link, e-mail, handle,
// order code and amount the translation failed to keep named.
//
//   npm run translation:eval                      against the translator stand-in (emulators/translator/), started
//                                                 here on a free port: the pipeline's check, not the model's (the
//                                                 stand-in's phrase book is no translator, so its chrF means little)
//   npm run translation:eval -- --check           the same, exiting 1 unless every text came back translated with
//                                                 every span kept (the floor `npm test` holds)
//   npm run translation:eval -- --remote          each candidate model on Workers AI's REST API, alone (no fallback),
//                                                 with its cost; needs CLOUDFLARE_ACCOUNT_ID and CLOUDFLARE_API_TOKEN
//   --limit N (the first N texts of each direction), --models a,b (with --remote), --concurrency N (texts at once,
//   default 4), --corpus DIR (another folder of en-ja.json and ja-en.json), --fault JSON (the stand-in's bad day,
//   emulators/translator/faults.ts, e.g. '{"mode":"capacity","model":"@cf/google/gemma-3-12b-it"}': the pipeline on it),
//   --api URL (with --remote: another Workers AI REST endpoint than Cloudflare's, such as a running stand-in's)
//
// Results go to .bench/translation-eval.json.
import { parseArgs } from "node:util";
import { quantile, writeBenchResults } from "../bench-tools.mjs";
import { corpusChrf } from "./chrf.mjs";
import { CORPUS_DIRECTIONS, readCorpus } from "./corpus.mjs";
import { costOf, PRICE_PER_MILLION_TOKENS, tokensOfCall } from "./costs.mjs";
import { spansNotKept } from "./kept-spans.mjs";
import { loadWorkerModules } from "./worker-modules.mjs";

/** The models compared with --remote (issue 62's shortlist), besides any the translator itself names. */
const CANDIDATE_MODELS = Object.keys(PRICE_PER_MILLION_TOKENS);
const M2M100 = "@cf/meta/m2m100-1.2b";
const CLOUDFLARE_API = "https://api.cloudflare.com";

const { values: options } = parseArgs({
  options: {
    check: { type: "boolean", default: false },
    remote: { type: "boolean", default: false },
    limit: { type: "string" },
    models: { type: "string" },
    concurrency: { type: "string", default: "4" },
    corpus: { type: "string" },
    fault: { type: "string" },
    api: { type: "string", default: CLOUDFLARE_API },
  },
});
const limit = options.limit === undefined ? Infinity : Number(options.limit);
const concurrency = Number(options.concurrency);
if (!(limit > 0) || !(concurrency >= 1)) {
  console.error("translation:eval: --limit and --concurrency take a positive number.");
  process.exit(2);
}

const accountId = process.env.CLOUDFLARE_ACCOUNT_ID;
const token = process.env.CLOUDFLARE_API_TOKEN;
if (options.remote && (!accountId || !token)) {
  console.error(
    "translation:eval --remote calls Workers AI's REST API and needs CLOUDFLARE_ACCOUNT_ID and CLOUDFLARE_API_TOKEN (a token with Workers AI Read permission) in the environment.",
  );
  process.exit(2);
}

/** @type {{ direction: import("./corpus.mjs").CorpusDirection; entries: import("./corpus.mjs").CorpusEntry[] }[]} */
let corpus;
try {
  corpus = CORPUS_DIRECTIONS.map((direction) => ({
    direction,
    entries: readCorpus(direction.name, options.corpus).slice(0, limit),
  }));
} catch (error) {
  console.error(`translation:eval: cannot read the corpus: ${error instanceof Error ? error.message : error}`);
  process.exit(2);
}

/** @type {import("./worker-modules.mjs").WorkerModules} */
let worker;
try {
  worker = await loadWorkerModules();
} catch {
  // esbuild has printed what did not build.
  console.error("translation:eval: the Worker's translation modules do not build (above).");
  process.exit(2);
}

/**
 * @typedef {import("./worker-modules.mjs").AiBinding} AiBinding
 * @typedef {import("./worker-modules.mjs").Translator} Translator
 * @typedef {{ model: string; tokens: import("./costs.mjs").Tokens; failed: boolean }} Call
 * @typedef {{ label: string; binding: AiBinding; translatorOver(ai: AiBinding): Translator }} Run
 */

/**
 * `binding` with every call it makes written down: its model and tokens, so a text's calls and cost are its own even
 * when several texts are in flight.
 * @param {AiBinding} binding
 * @param {Call[]} calls
 * @returns {AiBinding}
 */
function metered(binding, calls) {
  return {
    async run(model, input, ...rest) {
      try {
        const output = await binding.run(model, input, ...rest);
        calls.push({ model, tokens: tokensOfCall(input, output), failed: false });
        return output;
      } catch (error) {
        // Counted as unbilled: Workers AI bills the neurons of an inference that answered.
        calls.push({ model, tokens: { input: 0, output: 0, estimated: false }, failed: true });
        throw error;
      }
    },
  };
}

/**
 * Runs `work` over `items`, at most `concurrency` at once, answering in the items' order.
 * @template T, R
 * @param {T[]} items
 * @param {(item: T) => Promise<R>} work
 * @returns {Promise<R[]>}
 */
async function inPool(items, work) {
  /** @type {R[]} */
  const results = new Array(items.length);
  let next = 0;
  const takeTurns = async () => {
    while (next < items.length) {
      const i = next++;
      results[i] = await work(/** @type {T} */ (items[i]));
    }
  };
  await Promise.all(Array.from({ length: Math.min(concurrency, items.length) }, takeTurns));
  return results;
}

/**
 * One text through the pipeline, timed, with its calls and cost.
 * @param {Run} run
 * @param {import("./corpus.mjs").CorpusDirection} direction
 * @param {import("./corpus.mjs").CorpusEntry} entry
 */
async function translateEntry(run, direction, entry) {
  /** @type {Call[]} */
  const calls = [];
  const translator = run.translatorOver(metered(run.binding, calls));
  const started = performance.now();
  const result = await worker.translateText(
    translator,
    { text: entry.source, from: direction.from, to: direction.to },
    worker.FREE_SPEND,
  );
  const ms = performance.now() - started;
  const costs = calls.map((call) => costOf(call.model, call.tokens));
  const keeps = result.ok && worker.translationKeepsSpans(entry.source, result.text);
  return {
    id: entry.id,
    kind: entry.kind,
    ms,
    calls: calls.length,
    models: calls.map((call) => call.model),
    tokens: {
      input: calls.reduce((sum, call) => sum + call.tokens.input, 0),
      output: calls.reduce((sum, call) => sum + call.tokens.output, 0),
      estimated: calls.some((call) => call.tokens.estimated),
    },
    cost: costs.includes(null) ? null : costs.reduce((sum, cost) => (sum ?? 0) + (cost ?? 0), 0),
    translation: result.ok ? result.text : null,
    model: result.ok ? result.model : null,
    reason: result.ok ? null : result.reason,
    keeps,
    notKept: result.ok && !keeps ? spansNotKept(entry.source, result.text, worker) : [],
  };
}

/**
 * @param {Run} run
 * @param {{ direction: import("./corpus.mjs").CorpusDirection; entries: import("./corpus.mjs").CorpusEntry[] }} part
 */
async function evaluate(run, { direction, entries }) {
  const texts = await inPool(entries, (entry) => translateEntry(run, direction, entry));
  const translated = texts.filter((text) => text.translation !== null);
  const kept = translated.filter((text) => text.keeps).length;
  const sorted = texts.map((text) => text.ms).sort((a, b) => a - b);
  const chats = texts.filter((text) => text.kind === "chat");
  const priced = texts.every((text) => text.cost !== null);
  const chatCost = chats.reduce((sum, text) => sum + (text.cost ?? 0), 0);
  return {
    direction: direction.name,
    texts: texts.length,
    translated: translated.length,
    // An untranslated text scores as an empty answer, so a model that fails often cannot score well on the rest.
    chrf: corpusChrf(
      texts.map((text, i) => ({ hypothesis: text.translation ?? "", reference: entries[i]?.reference ?? "" })),
    ),
    keptSpans: { kept, of: translated.length, percent: translated.length ? (100 * kept) / translated.length : 0 },
    calls: texts.reduce((sum, text) => sum + text.calls, 0),
    callsByModel: Object.fromEntries(
      [...new Set(texts.flatMap((text) => text.models))].map((model) => [
        model,
        texts.reduce((sum, text) => sum + text.models.filter((called) => called === model).length, 0),
      ]),
    ),
    latencyMs: { p50: quantile(sorted, 0.5), p95: quantile(sorted, 0.95) },
    tokens: {
      input: texts.reduce((sum, text) => sum + text.tokens.input, 0),
      output: texts.reduce((sum, text) => sum + text.tokens.output, 0),
      estimated: texts.some((text) => text.tokens.estimated),
    },
    cost: priced ? texts.reduce((sum, text) => sum + (text.cost ?? 0), 0) : null,
    costPer1000Chats: priced && chats.length ? (1000 * chatCost) / chats.length : null,
    untranslated: texts.filter((text) => text.translation === null).map(({ id, reason }) => ({ id, reason })),
    notKept: translated.filter((text) => !text.keeps).map(({ id, notKept }) => ({ id, spans: notKept })),
    translations: texts.map(({ id, model, translation, ms, calls }) => ({ id, model, translation, ms, calls })),
  };
}

const dollars = (/** @type {number | null} */ value) => (value === null ? "unpriced" : `$${value.toFixed(4)}`);

/** @param {Awaited<ReturnType<typeof evaluate>>} result */
function printDirection(result) {
  const { kept, of, percent } = result.keptSpans;
  const perModel = Object.entries(result.callsByModel)
    .map(([model, calls]) => `${model.split("/").at(-1)} ${calls}`)
    .join(", ");
  console.log(
    `  ${result.direction}: ${result.texts} texts, ${result.translated} translated, chrF ${result.chrf.toFixed(1)}, ` +
      `kept spans ${kept}/${of} (${percent.toFixed(1)}%), ${result.calls} calls (${perModel}), ` +
      `latency p50 ${Math.round(result.latencyMs.p50)} ms, p95 ${Math.round(result.latencyMs.p95)} ms`,
  );
  if (options.remote)
    console.log(
      `    cost ${dollars(result.cost)} (${result.tokens.input} tokens in, ${result.tokens.output} out${result.tokens.estimated ? ", some estimated" : ", from usage"}), per 1,000 chat messages ${dollars(result.costPer1000Chats)}`,
    );
  for (const { id, spans } of result.notKept) console.log(`    spans not kept: ${id}: ${spans.join("; ")}`);
  for (const { id, reason } of result.untranslated) console.log(`    untranslated: ${id} (${reason})`);
}

/** The models the translator module names (whatever shape TRANSLATION_MODELS has), for --remote. */
function modelsNamedBy(/** @type {unknown} */ value) {
  /** @type {string[]} */
  const found = [];
  const visit = (/** @type {unknown} */ item) => {
    if (typeof item === "string") {
      if (item.startsWith("@cf/")) found.push(item);
    } else if (item && typeof item === "object") Object.values(item).forEach(visit);
  };
  visit(value);
  return found;
}

/**
 * One model alone: m2m100's own call, or the instruct translator on that model.
 * @param {string} model
 * @returns {(ai: AiBinding) => Translator}
 */
const modelAlone = (model) => (ai) =>
  model === M2M100 ? worker.m2m100Translator(ai) : worker.instructTranslator(ai, model);

/** @type {Run[]} */
let runs;
/** @type {(() => Promise<void>) | null} */
let stopStandIn = null;
if (options.remote) {
  const binding = worker.restAiBinding({ baseUrl: options.api, accountId: accountId ?? "", token });
  const models = options.models
    ? options.models.split(",").map((model) => model.trim())
    : [...new Set([...CANDIDATE_MODELS, ...modelsNamedBy(worker.TRANSLATION_MODELS)])];
  runs = models.map((model) => ({ label: `${model} on Workers AI`, binding, translatorOver: modelAlone(model) }));
} else {
  let fault;
  try {
    fault = options.fault === undefined ? undefined : worker.parseFaultSetting(JSON.parse(options.fault));
  } catch (error) {
    console.error(`translation:eval: --fault: ${error instanceof Error ? error.message : error}`);
    process.exit(2);
  }
  const standIn = await worker.startTranslatorStandIn({ port: 0, host: "127.0.0.1", fault });
  stopStandIn = () => standIn.close();
  runs = [
    {
      label: `the production translator (${modelsNamedBy(worker.TRANSLATION_MODELS).join(", then ")}) over the stand-in at ${standIn.url}`,
      binding: worker.standInAiBinding(String(standIn.port)),
      translatorOver: (ai) => worker.workersAiTranslator(ai),
    },
  ];
}

const results = [];
try {
  for (const run of runs) {
    console.log(`translation:eval: ${run.label}`);
    const directions = [];
    for (const part of corpus) {
      const result = await evaluate(run, part);
      printDirection(result);
      directions.push(result);
    }
    results.push({ run: run.label, directions });
  }
} finally {
  await stopStandIn?.();
}

const file = writeBenchResults("translation-eval.json", {
  at: new Date().toISOString(),
  against: options.remote ? "workers-ai" : "stand-in",
  limit: Number.isFinite(limit) ? limit : null,
  results,
});
console.log(`translation:eval: results in ${file}`);

const directions = results.flatMap((result) => result.directions);
const floorHolds = directions.every(
  (result) => result.untranslated.length === 0 && result.keptSpans.kept === result.keptSpans.of,
);
if (options.check) {
  console.log(
    floorHolds
      ? "translation:eval --check: every text translated, every span kept"
      : "translation:eval --check: FAILED: a text came back untranslated or with a span not kept (listed above)",
  );
  if (!floorHolds) process.exitCode = 1;
}
