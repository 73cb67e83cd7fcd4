// A Vite plugin for the browser build (decision 105): a language adds no JavaScript to a page that doesn't show it.
// Paraglide compiles each message to one module holding every language's text, so each route's chunk would carry five
// languages where a page shows one. English and Japanese stay in the message modules as they are (the pages the JS
// budget measures are read in them, and `en` is every message's fallback); the texts of the other languages
// (ADDED_LOCALES) move out to one module per message area and language (messages/<area>/<locale>.json), which a page
// in that language loads before it runs: the area's selector awaits it at the top level, so every message of the area
// finds its text in place. An English or Japanese page never requests them.
//
// The Worker keeps Paraglide's modules as compiled (the server renders every language), and so does the dev server
// ("locale-modules", decision 079). A message module that does not have the shape this plugin reads fails the build,
// so no language is dropped silently.
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

const ROOT = fileURLToPath(new URL("..", import.meta.url));
const MESSAGES_DIR = path.join(ROOT, "messages");
const COMPILED_DIR = path.join(ROOT, "app", "paraglide", "messages");
const RUNTIME = path.join(ROOT, "app", "paraglide", "runtime.js");

/** The languages a page loads its texts for on demand: every locale but the two the message modules keep. */
export const ADDED_LOCALES = ["zh-Hans", "zh-Hant", "ko"];

const AREA_PREFIX = "virtual:comet-messages/";
const RESOLVED_PREFIX = "\0comet-messages/";

/**
 * Each message key's area and its place there, from the source files (a key is unique across areas, as Paraglide
 * requires): the area's module lists its texts in the order of its en.json, and a message reads its own by that index.
 */
function areasByKey() {
  const areas = new Map();
  for (const area of readdirSync(MESSAGES_DIR)) {
    let source;
    try {
      source = JSON.parse(readFileSync(path.join(MESSAGES_DIR, area, "en.json"), "utf8"));
    } catch {
      continue;
    }
    const keys = Object.keys(source).filter((key) => !key.startsWith("$"));
    keys.forEach((key, index) => areas.set(key, { area, index }));
  }
  return areas;
}

/**
 * Each compiled message module's key: Paraglide names a module (and its function) after the key made a safe
 * identifier (`authoring_status_DRAFT` is authoring_status_draft5.js) and exports it under the key itself.
 */
function compiledFilesByKey() {
  const files = new Map();
  for (const name of readdirSync(COMPILED_DIR)) {
    if (!name.endsWith(".js") || name.startsWith("_")) continue;
    const file = path.join(COMPILED_DIR, name);
    const code = readFileSync(file, "utf8");
    const key = /\nexport \{ \w+ as "([^"]+)" \}/.exec(code)?.[1] ?? /\nexport const (\w+) =/.exec(code)?.[1];
    if (key) files.set(key, file);
  }
  return files;
}

/**
 * The function of `locale` in a compiled message module: the name Paraglide gave it (from the module's own
 * `if (locale === "…") return name(inputs)` line), that line, and the function's definition.
 */
function localeFunction(code, locale, file) {
  const branch = new RegExp(`\\n\\tif \\(locale === "${locale}"\\) return (\\w+)\\(inputs\\)`).exec(code);
  if (!branch)
    throw new Error(`${file}: no branch for ${locale}; scripts/page-locale-messages.mjs reads another shape`);
  const name = branch[1];
  const definition = new RegExp(`\\nconst ${name} = [\\s\\S]*?\\n\\};\\n`).exec(code);
  if (!definition) throw new Error(`${file}: no definition of ${name}`);
  return { name, branch: branch[0], definition: definition[0] };
}

/**
 * A message module with the added languages' texts taken out and read from its area's module instead, by its `index`
 * there (an index, not the key: the key's name would ride in every route's JS).
 */
export function withoutAddedLocales(code, { area, index }, file = area) {
  let out = code;
  for (const locale of ADDED_LOCALES) {
    const found = localeFunction(code, locale, file);
    out = out.replace(found.definition, "\n").replace(found.branch, "");
  }
  // After the Japanese branch: any locale but English here is the page's added one, whose texts the area loaded.
  const read = `\n\tif (locale !== "en" && __addedTexts) return __addedTexts[${index}](inputs)`;
  const marker = "\n\treturn en_";
  const at = out.lastIndexOf(marker);
  if (at < 0) throw new Error(`${file}: no English fallback`);
  out = `${out.slice(0, at)}${read}${out.slice(at)}`;
  return `import { addedTexts as __addedTexts } from ${JSON.stringify(AREA_PREFIX + area)};\n${out}`;
}

/** The module of one area (its `keys`) in one added language: each of its messages' functions, as Paraglide compiled them. */
function areaLocaleModule(locale, keys, files) {
  const parts = [];
  const names = [];
  for (const key of keys) {
    const file = files.get(key);
    if (!file) throw new Error(`no compiled module for the message ${key}: compile the messages first`);
    const found = localeFunction(readFileSync(file, "utf8"), locale, file);
    parts.push(found.definition.trim());
    names.push(found.name);
  }
  return `${parts.join("\n")}\nexport default [${names.join(", ")}];\n`;
}

/** The area's selector: the texts of the page's language when it is an added one, loaded before anything reads them. */
function areaSelectorModule(area) {
  const branches = ADDED_LOCALES.map(
    (locale) =>
      `locale === ${JSON.stringify(locale)} ? (await import(${JSON.stringify(`${AREA_PREFIX}${area}/${locale}`)})).default : `,
  ).join("");
  return `import { getLocale } from ${JSON.stringify(RUNTIME)};\nconst locale = getLocale();\nexport const addedTexts = ${branches}null;\n`;
}

/** @returns {import("vite").Plugin} */
export function pageLocaleMessages() {
  let areas = new Map();
  let files = new Map();
  /** The key of each compiled module, by file. */
  let keysByFile = new Map();
  return {
    name: "comet-page-locale-messages",
    apply: "build",
    applyToEnvironment: (environment) => environment.name === "client",
    buildStart() {
      areas = areasByKey();
      files = compiledFilesByKey();
      keysByFile = new Map([...files].map(([key, file]) => [file, key]));
    },
    resolveId(source) {
      return source.startsWith(AREA_PREFIX) ? RESOLVED_PREFIX + source.slice(AREA_PREFIX.length) : null;
    },
    load(id) {
      if (!id.startsWith(RESOLVED_PREFIX)) return null;
      const [area, locale] = id.slice(RESOLVED_PREFIX.length).split("/");
      if (!locale) return areaSelectorModule(area);
      const keys = [...areas].filter(([, place]) => place.area === area).map(([key]) => key);
      return areaLocaleModule(locale, keys, files);
    },
    transform(code, id) {
      const key = keysByFile.get(id);
      const place = key === undefined ? undefined : areas.get(key);
      if (!place) return null;
      return { code: withoutAddedLocales(code, place, id), map: null };
    },
  };
}
