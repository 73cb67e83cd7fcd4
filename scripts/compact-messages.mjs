// A Vite plugin for the browser build: each Paraglide message module (app/paraglide/messages/*.js) is compiled as
// two functions, one per language, and a third that picks between them. Route chunks carry dozens of messages,
// each in its own small chunk or with the route's code, so that scaffolding is repeated many times; this rewrites
// the plain ones (a template per language, no variants) to one expression:
//
//   export const key = (i, o = {}) => (o.locale ?? getLocale()) === "ja" ? `…` : `…`;
//
// The same templates, the same `i?.name` reads of the inputs, the same choice of language (the browser's runtime has
// no static locale; app/lib/page-locale-runtime.ts). A module in any other shape is left as Paraglide wrote it.
// Docs: docs/decisions/038-page-budgets-round-7.md.
import { fileURLToPath } from "node:url";

const MESSAGES_DIR = fileURLToPath(new URL("../app/paraglide/messages/", import.meta.url));

const TEMPLATE = "(`(?:[^`\\\\]|\\\\.)*`)";
const LANGUAGE = (locale) =>
  `const ${locale}_(\\w+) = /\\*\\*[^\\n]*?\\*/ \\((i?)\\) => \\{\\n\\treturn /\\*\\* @type \\{LocalizedString\\} \\*/ \\(${TEMPLATE}\\)\\n\\};`;
const PLAIN_MESSAGE = new RegExp(
  [
    "^/\\* eslint-disable \\*/\\nimport \\{ getLocale, experimentalStaticLocale \\} from '\\.\\./runtime\\.js';\\n\\n",
    "(?:/\\*\\* @typedef [^\\n]*\\*/\\n\\n)*",
    LANGUAGE("en"),
    "\\n\\n",
    LANGUAGE("ja"),
    "\\n\\n/\\*\\*[\\s\\S]*?\\*/\\nexport const (\\w+) = /\\*\\* [^\\n]*?\\*/ \\(\\(inputs(?: = \\{\\})?, options = \\{\\}\\) => \\{\\n",
    "\\tconst locale = experimentalStaticLocale \\?\\? options\\.locale \\?\\? getLocale\\(\\)\\n",
    '\\tif \\(locale === "ja"\\) return ja_(\\w+)\\(inputs\\)\\n',
    "\\treturn en_(\\w+)\\(inputs\\)\\n\\}\\);\\s*$",
  ].join(""),
);

/** The one-expression form of a plain message module, or null when `code` is not one. */
export function compactMessage(code) {
  const match = PLAIN_MESSAGE.exec(code);
  if (!match) return null;
  const [, enName, , en, jaName, , ja, name, jaCalled, enCalled] = match;
  if (enName !== name || jaName !== name || jaCalled !== name || enCalled !== name) return null;
  return `import { getLocale } from '../runtime.js';\nexport const ${name} = (i, o = {}) => (o.locale ?? getLocale()) === "ja" ? ${ja} : ${en};\n`;
}

/** @returns {import("vite").Plugin} */
export function compactMessages() {
  return {
    name: "comet-compact-messages",
    applyToEnvironment: (environment) => environment.name === "client",
    transform(code, id) {
      if (!id.startsWith(MESSAGES_DIR) || id.endsWith("_index.js")) return null;
      const compact = compactMessage(code);
      return compact === null ? null : { code: compact, map: null };
    },
  };
}
