// Runs after `npm install`: compiles the en/ja messages and generates the Worker's binding types,
// so tests, typecheck and the editor work before the first dev server start.
import { execFileSync } from "node:child_process";
import { compile } from "@inlang/paraglide-js";
import { paraglideOptions } from "../paraglide.options.mjs";
import { ensureDevVars } from "./dev-vars.mjs";

await compile(paraglideOptions);
// Before `wrangler types`, so the secret is typed on Env too.
ensureDevVars();
execFileSync("npx", ["wrangler", "types", "--strict-vars=false"], { stdio: "inherit" });
