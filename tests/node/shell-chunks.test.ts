// Which modules the layouts' shell chunks capture (scripts/shell-chunks.mjs): app code the layouts reach, with the
// messages it calls; never the stack's packages, the messages barrel, the route modules themselves, or a module a
// shell before it already took.
import { describe, expect, it } from "vitest";
import { shellMembers } from "../../scripts/shell-chunks.mjs";

const graphOf = (modules: Record<string, { imports?: string[]; code?: string }>) => ({
  getModuleInfo: (id: string) => (id in modules ? { importedIds: modules[id].imports ?? [], code: modules[id].code ?? "" } : null),
});

const shells = [
  { name: "shell", entries: ["/app/root.tsx?route"], roots: [] },
  { name: "dashboard-shell", entries: ["/app/dashboard/layout.tsx?route"], roots: ["/app/dashboard/page.tsx"] },
];

describe("shell chunks", () => {
  const graph = graphOf({
    "/app/root.tsx?route": { imports: ["/app/header.tsx", "/node_modules/react/index.js", "/app/paraglide/messages.js"] },
    "/app/header.tsx": { imports: ["/app/icons.tsx"], code: "m.header_sign_in(); m.header_missing();" },
    "/app/icons.tsx": {},
    "/node_modules/react/index.js": { imports: ["/node_modules/react/cjs.js"] },
    "/app/paraglide/messages.js": { imports: ["/app/paraglide/messages/unused.js"] },
    "/app/dashboard/layout.tsx?route": { imports: ["/app/dashboard/sidebar.tsx", "/app/icons.tsx"] },
    "/app/dashboard/sidebar.tsx": { code: "m.dashboard_nav()" },
    "/app/dashboard/page.tsx": {},
    [`${process.cwd()}/app/paraglide/messages/header_sign_in.js`]: {},
  });
  const members = shellMembers(graph, shells, []);

  it("captures the app modules each layout reaches, in the first shell that reaches them", () => {
    expect(members.get("/app/header.tsx")).toBe("shell");
    expect(members.get("/app/icons.tsx")).toBe("shell");
    expect(members.get("/app/dashboard/sidebar.tsx")).toBe("dashboard-shell");
    expect(members.get("/app/dashboard/page.tsx")).toBe("dashboard-shell");
  });

  it("leaves out the route modules, the stack's packages and the messages barrel", () => {
    for (const id of ["/app/root.tsx?route", "/app/dashboard/layout.tsx?route", "/node_modules/react/index.js", "/node_modules/react/cjs.js", "/app/paraglide/messages.js", "/app/paraglide/messages/unused.js"]) {
      expect(members.has(id), id).toBe(false);
    }
  });

  it("adds the messages the captured modules call, when the build has them", () => {
    expect(members.get(`${process.cwd()}/app/paraglide/messages/header_sign_in.js`)).toBe("shell");
    expect([...members.keys()].some((id) => id.endsWith("header_missing.js"))).toBe(false);
  });

  it("puts a kit's modules in the kit's chunk as they are: not what they import, not what a shell already took", () => {
    const kitGraph = graphOf({
      "/app/root.tsx?route": { imports: ["/app/header.tsx"] },
      "/app/header.tsx": { imports: ["/app/form/field.tsx"] },
      "/app/form/field.tsx": { imports: ["/app/form/error-text.tsx"] },
      "/app/form/text-field.tsx": { imports: ["/app/form/field.tsx", "/app/form/counter.tsx"] },
      "/app/form/counter.tsx": {},
      "/app/form/select-field.tsx": {},
      "/app/form/error-text.tsx": {},
    });
    const kits = [{ name: "fields", modules: ["/app/form/field.tsx", "/app/form/text-field.tsx", "/app/form/select-field.tsx", "/app/form/missing.tsx"] }];
    const kitMembers = shellMembers(kitGraph, shells, kits);
    expect(kitMembers.get("/app/form/field.tsx")).toBe("shell");
    expect(kitMembers.get("/app/form/text-field.tsx")).toBe("fields");
    expect(kitMembers.get("/app/form/select-field.tsx")).toBe("fields");
    expect(kitMembers.get("/app/form/error-text.tsx")).toBe("shell");
    expect(kitMembers.has("/app/form/counter.tsx")).toBe(false);
    expect(kitMembers.has("/app/form/missing.tsx")).toBe(false);
  });
});
