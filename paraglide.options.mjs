// One source for Paraglide's compiler options, used by vite.config.ts (dev/build) and scripts/postinstall.mjs (tests, typecheck).
/** @type {import("@inlang/paraglide-js").CompilerOptions} */
export const paraglideOptions = {
  project: "./project.inlang",
  outdir: "./app/paraglide",
  strategy: ["cookie", "localStorage", "preferredLanguage", "baseLocale"],
  cookieName: "app-language",
  localStorageKey: "app-language",
  emitReadme: false,
  // The same output in dev (vite plugin) and from scripts/postinstall.mjs, so neither invalidates the other.
  outputStructure: "message-modules",
};
