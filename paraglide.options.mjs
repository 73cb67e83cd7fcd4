// One source for Paraglide's compiler options, used by vite.config.ts (dev/build) and scripts/postinstall.mjs (tests, typecheck).
/** @type {import("@inlang/paraglide-js").CompilerOptions} */
export const paraglideOptions = {
  project: "./project.inlang",
  outdir: "./app/paraglide",
  strategy: ["cookie", "localStorage", "preferredLanguage", "baseLocale"],
  cookieName: "app-language",
  localStorageKey: "app-language",
  emitReadme: false,
  // One module per message: what a production build tree-shakes per route, and what scripts/postinstall.mjs leaves
  // for the tests and typecheck. vite.config.ts overrides it for the dev server ("locale-modules", docs/decisions/079);
  // each structure has its own cache key in the plugin, and a switch rewrites the output (stale files are deleted).
  outputStructure: "message-modules",
};
