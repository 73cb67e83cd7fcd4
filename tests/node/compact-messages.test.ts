// The browser build's compact messages (scripts/compact-messages.mjs, docs/decisions/038) must say exactly what
// Paraglide's modules say: for every message of the app, in both languages, chosen by the page's language or by an
// explicit `locale`, with inputs filled in. And they must keep applying: a Paraglide upgrade that changes the
// modules' shape would otherwise silently end the saving.
import { readdirSync, readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { compactMessage } from "../../scripts/compact-messages.mjs";

const dir = fileURLToPath(new URL("../../app/paraglide/messages/", import.meta.url));
const modules = readdirSync(dir)
  .filter((file) => file.endsWith(".js") && file !== "_index.js")
  .map((file) => ({ file, code: readFileSync(dir + file, "utf8") }));

type Message = (inputs?: unknown, options?: { locale?: string }) => string;

/** A message module's export, run with a stand-in for the runtime's getLocale. */
function evaluate(code: string, pageLocale: () => string): Message {
  const name = /export const (\w+) =/.exec(code)![1];
  const body = code.replace(/^import .*$/m, "").replace(`export const ${name} =`, `const ${name} =`) + `\nreturn ${name};`;
  return new Function("getLocale", "experimentalStaticLocale", body)(pageLocale, undefined) as Message;
}

/** Inputs that name themselves, whatever the message reads. */
const inputs = new Proxy({}, { get: (_, key) => (typeof key === "string" ? `[${key}]` : undefined) });

describe("compact messages", () => {
  const compacted = modules.flatMap(({ file, code }) => {
    const compact = compactMessage(code);
    return compact === null ? [] : [{ file, code, compact }];
  });

  it("apply to nearly every message (those exported under another name are left alone)", () => {
    expect(compacted.length).toBeGreaterThan(modules.length * 0.95);
  });

  it("return what Paraglide's own modules return, in both languages, for every message", () => {
    for (const { file, code, compact } of compacted) {
      for (const page of ["en", "ja"]) {
        const original = evaluate(code, () => page);
        const rewritten = evaluate(compact, () => page);
        expect(rewritten(inputs), `${file} on an ${page} page`).toBe(original(inputs));
        for (const locale of ["en", "ja"]) expect(rewritten(inputs, { locale }), `${file} in ${locale}`).toBe(original(inputs, { locale }));
      }
    }
  });

  it("differ by language where the translations do", () => {
    const message = evaluate(compactMessage(readFileSync(dir + "header_sign_in.js", "utf8"))!, () => "ja");
    expect([message(), message({}, { locale: "en" })]).toEqual(["ログイン", "Sign in"]);
  });
});
