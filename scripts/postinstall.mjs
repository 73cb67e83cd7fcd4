// Runs after `npm install`: compiles the en/ja messages and generates the Worker's binding types,
// so tests, typecheck and the editor work before the first dev server start.
import { execFileSync } from "node:child_process";
import { compile } from "@inlang/paraglide-js";
import { paraglideOptions } from "../paraglide.options.mjs";

await compile(paraglideOptions);
execFileSync("npx", ["wrangler", "types", "--strict-vars=false"], { stdio: "inherit" });
