// The admin console is not there for anyone but an admin (issue 59, decision 087): React Router named the console's
// route ids to strangers (`/admin.data`, the signed-out 404's hydration data, the route manifest) before any loader
// could answer 404. The Worker now hands React Router a non-admin's request of the console as the same request of a
// path nothing claims, and asks the manifest about that path instead. Here the renderer is a stand-in that says what
// it was given; tests/e2e/admin.spec.ts reads what the real build answers.
import { createExecutionContext, env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { createApp, type PageRenderer } from "#worker/app";
import { isAdminConsolePath, unknownPathLike } from "#worker/admin/domain/admin-actions";
import { BASE } from "../support/helpers";
import { person } from "./admin-fixtures";

/** The app with a renderer that answers with the URL it was asked for, its context's URL and the body it could read. */
function echoingApp() {
  const render: PageRenderer = async (request, context) =>
    Response.json({
      method: request.method,
      url: request.url.slice(BASE.length),
      contextUrl: context.url.href.slice(BASE.length),
      body: request.method === "POST" ? await request.text() : null,
    });
  const app = createApp(render);
  return async (
    path: string,
    { cookie, method = "GET", body }: { cookie?: string; method?: string; body?: string } = {},
  ) => {
    const headers: Record<string, string> = { "sec-fetch-site": "same-origin" };
    if (cookie) headers.cookie = cookie;
    if (body) headers["content-type"] = "application/x-www-form-urlencoded";
    const response = await app.fetch(
      new Request(`${BASE}${path}`, { method, headers, body }),
      env,
      createExecutionContext(),
    );
    return (await response.json()) as { method: string; url: string; contextUrl: string; body: string | null };
  };
}

/** Console paths, each with the unknown path React Router is asked for in its place: of its shape, nothing's. */
const CONSOLE_PATHS: [string, string][] = [
  ["/admin", "/-"],
  ["/admin/", "/-"],
  ["/admin.data", "/-.data"],
  ["/admin/_.data", "/-.data"],
  ["/admin/reports", "/-/-"],
  ["/admin/anything.data", "/-/-.data"],
  ["/admin/users.data?q=a&_routes=routes/admin/users", "/-/-.data?q=a&_routes=routes/admin/users"],
  ["/Admin/Disputes", "/-/-"],
  ["/ADMIN.data", "/-.data"],
  ["/%61dmin/users", "/-/-"],
  ["/admin%2Fusers", "/-"],
  ["/admin/disputes/o1/files/evidence/f1", "/-/-/-/-/-/-"],
];

describe("a non-admin's request of the admin console", () => {
  it("reads the console's paths as React Router matches them, and no other", () => {
    for (const [path, unknown] of CONSOLE_PATHS) {
      expect(isAdminConsolePath(path.split("?")[0]), path).toBe(true);
      expect(unknownPathLike(path.split("?")[0]), path).toBe(unknown.split("?")[0]);
    }
    for (const path of [
      "/",
      "/administrator",
      "/admins/x",
      "/democreator",
      "/dashboard/admin",
      "/a/admin",
      "/_root.data",
    ])
      expect(isAdminConsolePath(path), path).toBe(false);
  });

  it("is handed to React Router as an unknown path of its shape, signed out or signed in, a page, its .data or a post", async () => {
    const fetch = echoingApp();
    const user = await person();
    for (const cookie of [undefined, user.cookie])
      for (const [path, unknown] of CONSOLE_PATHS) {
        const seen = await fetch(path, { cookie });
        expect(seen, `${path} ${cookie ? "signed in" : "signed out"}`).toEqual({
          method: "GET",
          url: unknown,
          contextUrl: unknown,
          body: null,
        });
      }
    const posted = await fetch("/admin/users", { cookie: user.cookie, method: "POST", body: "intent=ban&accountId=x" });
    expect(posted).toMatchObject({ method: "POST", url: "/-/-", body: "intent=ban&accountId=x" });
  });

  it("gets the route manifest of an unknown path in place of the console's; other paths are asked as they are", async () => {
    const fetch = echoingApp();
    const asked = await fetch("/__manifest?paths=%2Fadmin%2C%2Fexplore%2Fcreators%2C%2FAdmin%2Fusers&version=v1");
    const params = new URL(`${BASE}${asked.url}`).searchParams;
    expect(params.get("paths")).toBe("/-,/explore/creators,/-/-");
    expect(params.get("version")).toBe("v1");
    const other = "/__manifest?paths=%2Fexplore%2Fcreators&version=v1";
    expect((await fetch(other)).url).toBe(other);
  });

  it("reaches the console as it is for an admin; every other path is untouched for anyone", async () => {
    const fetch = echoingApp();
    const admin = await person({ admin: true });
    for (const path of ["/admin", "/admin/users.data?q=a", "/__manifest?paths=%2Fadmin&version=v1"])
      expect((await fetch(path, { cookie: admin.cookie })).url, path).toBe(path);
    for (const path of ["/", "/explore/creators", "/democreator.data", "/a/admin"])
      expect((await fetch(path)).url, path).toBe(path);
  });
});
