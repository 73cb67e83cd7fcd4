// Reports of works and profiles (issue 49, decision 089): the door a signed-in user reports through (strangers, the
// owner, bad input, a repeat), the admins' queue, and hide / keep: the public pages gone (or kept) while the owner and
// the admins still see the target, the edge cache purged, one audit row under a race.
import { cometNow } from "#worker/services/clock";
import { createExecutionContext, env, waitOnExecutionContext } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import * as profileRoute from "#app/routes/profile";
import * as workRoute from "#app/routes/work";
import { createApp, type PageRenderer } from "#worker/app";
import type { ContentReportTarget } from "#worker/admin/domain/content-reports";
import { DEFAULT_EXPLORE_QUERY } from "#worker/domain/search";
import type { ReportedContent } from "#worker/admin/services/admin-reports";
import { searchCreators } from "#worker/services/catalog";
import { listWorks } from "#worker/services/portfolio";
import { createSession } from "#worker/services/sessions";
import { uid } from "../support/auth-helpers";
import { seedCreator } from "../support/catalog-fixtures";
import { BASE, call, db } from "../support/helpers";
import { PNG } from "../support/media-fixtures";
import { pageContext } from "../support/visibility-fixtures";
import { adminPost, auditRows, person, UNSTORABLE_REASONS, type Person } from "./admin-fixtures";

/** A creator (role creator, listed on explore) with two published works with media and titles, and a session. */
async function creator() {
  const seeded = await seedCreator({ handle: `cr${uid()}`, name: { en: `Reported ${uid()}` }, works: 2 });
  const { token } = await createSession(db(), seeded.accountId);
  return { ...seeded, cookie: `comet_session=${token}` };
}
type Creator = Awaited<ReturnType<typeof creator>>;

const report = (cookie: string | undefined, json: unknown) => call("/api/reports", { method: "POST", cookie, json });

const reportsOf = (targetId: string) =>
  env.DB.prepare(
    "SELECT reporter_id, reason, resolved_at, resolution, resolved_by FROM content_reports WHERE target_id = ? ORDER BY created_at, id",
  )
    .bind(targetId)
    .all<{
      reporter_id: string;
      reason: string;
      resolved_at: number | null;
      resolution: string | null;
      resolved_by: string | null;
    }>()
    .then((r) => r.results);

const hiddenAt = (table: "portfolio_works" | "user_profiles", id: string) =>
  env.DB.prepare(`SELECT hidden_at FROM ${table} WHERE id = ?`).bind(id).first<number | null>("hidden_at");

const contentQueue = async (cookie: string) => {
  const response = await call("/api/admin/reports/content", { cookie });
  expect(response.status).toBe(200);
  return ((await response.json()) as { data: ReportedContent[] }).data;
};

const resolve = (
  cookie: string,
  targetType: ContentReportTarget,
  targetId: string,
  decision: string,
  reason?: string,
) => adminPost("/reports/content/resolve", { targetType, targetId, decision, reason }, cookie);

/** A page loader's answer as a status: 200 with data, else what it threw (the site's 404 is a `data()` with a status). */
async function loaded<T>(load: () => Promise<T>): Promise<{ status: number; data?: T }> {
  try {
    return { status: 200, data: await load() };
  } catch (thrown) {
    if (thrown instanceof Response) return { status: thrown.status };
    return { status: (thrown as { init?: ResponseInit }).init?.status ?? 500 };
  }
}

type Viewer = { accountId: string } | null;
const workPage = (viewer: Viewer, handle: string, workId: string) =>
  loaded(async () => {
    const path = `/${handle}/works/${workId}`;
    return workRoute.loader({
      params: { handle, workId },
      request: new Request(`${BASE}${path}`),
      context: await pageContext(viewer as never, path),
    } as never);
  });
const profilePage = (viewer: Viewer, handle: string) =>
  loaded(async () =>
    profileRoute.loader({
      params: { handle },
      request: new Request(`${BASE}/${handle}`),
      context: await pageContext(viewer as never, `/${handle}`),
    } as never),
  );

const explored = async (handle: string) =>
  (
    await searchCreators(
      db(),
      { ...DEFAULT_EXPLORE_QUERY, q: handle },
      { locale: "en", accountId: null, displayCurrencyId: null },
      await cometNow(env),
    )
  ).creators;

/** A signed-out app with the edge cache on, its renderer a stand-in page: what the cache stores and purges. */
function cachingApp() {
  const render: PageRenderer = async () =>
    new Response("<!doctype html><p>page</p>", { headers: { "content-type": "text/html; charset=utf-8" } });
  const app = createApp(render, { pageCache: true });
  return async (path: string) => {
    const ctx = createExecutionContext();
    const response = await app.fetch(new Request(`${BASE}${path}`), env, ctx);
    await response.text();
    await waitOnExecutionContext(ctx);
    return response.headers.get("x-cache");
  };
}

describe("the report door", () => {
  it("refuses the signed-out (401) and bad input (400, in the caller's language), and stores nothing", async () => {
    const [owner, stranger] = await Promise.all([creator(), person()]);
    const good = { targetType: "work", targetId: owner.works[0], reason: "stolen_art" };
    expect((await report(undefined, good)).status).toBe(401);
    expect((await report(undefined, { ...good, reason: "nope" })).status).toBe(401);
    for (const bad of [
      {},
      { ...good, reason: "off_topic" },
      { ...good, reason: 3 },
      { ...good, targetType: "review" },
      { ...good, targetId: "" },
      { ...good, targetId: "x".repeat(65) },
      { targetType: "work", targetId: owner.works[0] },
    ]) {
      const answer = await report(stranger.cookie, bad);
      expect(answer.status, JSON.stringify(bad)).toBe(400);
      const body = (await answer.json()) as { error: string; message: string };
      expect(body.error).toBe("invalid_request");
      expect(body.message.length).toBeGreaterThan(0);
    }
    const en = (await (await report(stranger.cookie, { ...good, reason: "x" })).json()) as { message: string };
    expect(en.message).toBe("Choose one of the reasons for your report.");
    const ja = await report(`${stranger.cookie}; app-language=ja`, { ...good, targetType: "order" });
    expect(((await ja.json()) as { message: string }).message).toBe("ここで報告できるのは作品かプロフィールだけです。");
    const notJson = await call("/api/reports", {
      method: "POST",
      cookie: stranger.cookie,
      body: "targetType=work",
      headers: { "content-type": "application/x-www-form-urlencoded" },
    });
    expect(notJson.status).toBe(415);
    expect(await reportsOf(owner.works[0])).toEqual([]);
  });

  it("answers 404 for a target that is gone, private to the caller, or the caller's own", async () => {
    const [owner, stranger] = await Promise.all([creator(), person()]);
    const [, privateWork] = owner.works;
    await env.DB.prepare(
      "INSERT INTO visibility_settings (id, item_type, item_id, visibility_status) VALUES (?, 'portfolio_work', ?, 'PRIVATE')",
    )
      .bind(uid(), privateWork)
      .run();
    const cases: [string, string | undefined, unknown][] = [
      ["no such work", stranger.cookie, { targetType: "work", targetId: "nope", reason: "spam" }],
      ["no such profile", stranger.cookie, { targetType: "profile", targetId: "nope", reason: "spam" }],
      ["a private work", stranger.cookie, { targetType: "work", targetId: privateWork, reason: "spam" }],
      ["a work id as a profile", stranger.cookie, { targetType: "profile", targetId: owner.works[0], reason: "spam" }],
      ["their own work", owner.cookie, { targetType: "work", targetId: owner.works[0], reason: "spam" }],
      ["their own profile", owner.cookie, { targetType: "profile", targetId: owner.profileId, reason: "spam" }],
    ];
    for (const [name, cookie, body] of cases) {
      const answer = await report(cookie, body);
      expect(answer.status, name).toBe(404);
      expect(await answer.json(), name).toEqual({ error: "not_found" });
    }
    expect([...(await reportsOf(owner.works[0])), ...(await reportsOf(privateWork))]).toEqual([]);
    expect(await reportsOf(owner.profileId)).toEqual([]);
  });

  it("files a report once per reporter and target: a repeat is answered the same and changes nothing", async () => {
    const [owner, first, second] = await Promise.all([creator(), person(), person()]);
    const body = { targetType: "work", targetId: owner.works[0], reason: "stolen_art" };
    for (const json of [body, body, { ...body, reason: "spam" }]) {
      const answer = await report(first.cookie, json);
      expect(answer.status).toBe(200);
      expect(await answer.json()).toEqual({ data: { reported: true } });
    }
    expect((await report(second.cookie, { ...body, reason: "explicit" })).status).toBe(200);
    expect(
      (await report(second.cookie, { targetType: "profile", targetId: owner.profileId, reason: "impersonation" }))
        .status,
    ).toBe(200);
    expect(await reportsOf(owner.works[0])).toMatchObject([
      { reporter_id: first.accountId, reason: "stolen_art", resolved_at: null },
      { reporter_id: second.accountId, reason: "explicit", resolved_at: null },
    ]);
    expect(await reportsOf(owner.profileId)).toMatchObject([
      { reporter_id: second.accountId, reason: "impersonation" },
    ]);
  });
});

/** A creator's work and profile, each reported by `reporters` fresh users. */
async function reported(reporters = 1): Promise<{ owner: Creator; workId: string; people: Person[] }> {
  const owner = await creator();
  const people: Person[] = [];
  for (let n = 0; n < reporters; n++) {
    const reporter = await person();
    people.push(reporter);
    for (const [targetType, targetId, reason] of [
      ["work", owner.works[0], n % 2 ? "explicit" : "stolen_art"],
      ["profile", owner.profileId, "impersonation"],
    ] as const) {
      const answer = await report(reporter.cookie, { targetType, targetId, reason });
      if (answer.status !== 200) throw new Error(`report: ${answer.status}`);
    }
  }
  return { owner, workId: owner.works[0], people };
}

describe("the queue of reported works and profiles", () => {
  it("is the admins' alone: 401 signed out, 404 to anyone else, 400 for bad input, 404 for an unknown target", async () => {
    const { owner, workId, people } = await reported();
    const admin = await person({ admin: true });
    expect((await call("/api/admin/reports/content")).status).toBe(401);
    expect((await call("/api/admin/reports/content", { cookie: people[0].cookie })).status).toBe(404);
    expect((await resolve(people[0].cookie, "work", workId, "hide")).status).toBe(404);
    for (const bad of [
      { targetType: "review", targetId: workId, decision: "hide" },
      { targetType: "work", targetId: workId, decision: "delete" },
      { targetType: "work", targetId: "", decision: "keep" },
      { targetType: "work", targetId: workId, decision: "keep", reason: "x".repeat(501) },
    ])
      expect((await adminPost("/reports/content/resolve", bad, admin.cookie)).status, JSON.stringify(bad)).toBe(400);
    expect((await resolve(admin.cookie, "work", "nope", "hide")).status).toBe(404);
    expect((await resolve(admin.cookie, "profile", workId, "hide")).status).toBe(404);
    expect(await hiddenAt("portfolio_works", workId)).toBeNull();
    expect(await hiddenAt("user_profiles", owner.profileId)).toBeNull();
    expect(await auditRows(workId)).toEqual([]);
  });

  it("lists each reported target once, the longest waiting first, with its owner, title, reasons and count", async () => {
    const { owner, workId } = await reported(2);
    const admin = await person({ admin: true });
    const queue = await contentQueue(admin.cookie);
    const waited = queue.map((r) => r.firstReportedAt);
    expect(waited).toEqual([...waited].sort((a, b) => a - b));
    // The work's first report came before (or in the same millisecond as) the profile's.
    const listed = queue
      .filter((r) => [workId, owner.profileId].includes(r.targetId))
      .sort((a, b) => a.targetType.localeCompare(b.targetType))
      .reverse();
    expect(listed.map((r) => r.targetType)).toEqual(["work", "profile"]);
    expect(listed[0].firstReportedAt).toBeLessThanOrEqual(listed[1].firstReportedAt);
    expect(listed[0]).toMatchObject({
      targetId: workId,
      ownerHandle: owner.handle,
      title: "Work 0",
      reasons: ["explicit", "stolen_art"],
      reporters: 2,
      hidden: false,
    });
    expect(listed[0].ageMs).toBeGreaterThanOrEqual(0);
    expect(listed[1]).toMatchObject({ ownerHandle: owner.handle, reasons: ["impersonation"], reporters: 2 });
    expect(listed[1].title).toMatch(/^Reported /);
  });
});

describe("a decision on a reported work", () => {
  it("hide: the work leaves its page, the profile and explore, the cache is purged; its owner and the admins still see it", async () => {
    const { owner, workId, people } = await reported(2);
    const admin = await person({ admin: true });
    const reporter = people[0];
    const visit = cachingApp();
    const pages = [`/${owner.handle}`, `/${owner.handle}/works/${workId}`, "/explore/creators"];
    for (const path of pages) await visit(path);
    for (const path of pages) expect(await visit(path), path).toBe("HIT");
    expect((await workPage(reporter, owner.handle, workId)).status).toBe(200);
    const file = await env.DB.prepare(
      "SELECT m.file_url AS url FROM media m JOIN media_attachments a ON a.media_id = m.id WHERE a.owner_id = ?",
    )
      .bind(workId)
      .first<string>("url");
    await env.MEDIA.put(file!.replace(/^\/media\//, ""), PNG, { httpMetadata: { contentType: "image/png" } });
    expect((await call(file!)).status).toBe(200);
    const previews = async () => (await explored(owner.handle))[0]?.previews.length;
    expect(await previews()).toBe(2);

    const answer = await resolve(admin.cookie, "work", workId, "hide", "Traced from another artist");
    expect(answer.status).toBe(200);
    expect(await answer.json()).toEqual({
      data: { targetType: "work", targetId: workId, decision: "hide", reports: 2 },
    });
    expect(await hiddenAt("portfolio_works", workId)).not.toBeNull();
    expect((await reportsOf(workId)).map((r) => [r.resolution, r.resolved_by])).toEqual([
      ["hidden", admin.accountId],
      ["hidden", admin.accountId],
    ]);
    expect(await auditRows(workId)).toMatchObject([
      {
        admin_account_id: admin.accountId,
        action: "work.hide",
        target_type: "work",
        reason: "Traced from another artist",
      },
    ]);
    for (const path of pages) expect(await visit(path), path).toBe("MISS");

    // Gone for everyone else: its page is the 404, the profile and explore no longer show it, a report is refused.
    expect((await workPage(reporter, owner.handle, workId)).status).toBe(404);
    expect((await workPage(null, owner.handle, workId)).status).toBe(404);
    const profile = await profilePage(reporter, owner.handle);
    expect(profile.data?.profile.works.map((w) => w.id)).toEqual([owner.works[1]]);
    expect(await previews()).toBe(1);
    expect((await report(people[1].cookie, { targetType: "work", targetId: workId, reason: "spam" })).status).toBe(404);
    // Its files are no longer public.
    expect((await call(file!)).status).not.toBe(200);

    // Its owner and the admins still open it, told why; the owner's portfolio lists it as hidden.
    const own = await workPage(owner, owner.handle, workId);
    expect(own.status).toBe(200);
    expect(own.data?.restricted?.badge).toBe("Hidden by Comet's team");
    expect(own.data?.report).toBeNull();
    expect((await workPage(admin, owner.handle, workId)).status).toBe(200);
    const listed = await listWorks(db(), owner.accountId, "en");
    expect(listed.find((w) => w.id === workId)?.hidden).toBe(true);
    expect(listed.find((w) => w.id === owner.works[1])?.hidden).toBe(false);
    expect((await contentQueue(admin.cookie)).map((r) => r.targetId)).not.toContain(workId);
  });

  it("keep: the work stays where it was, its reports settled as kept", async () => {
    const { owner, workId, people } = await reported();
    const admin = await person({ admin: true });
    expect((await resolve(admin.cookie, "work", workId, "keep")).status).toBe(200);
    expect(await hiddenAt("portfolio_works", workId)).toBeNull();
    expect((await reportsOf(workId)).map((r) => r.resolution)).toEqual(["kept"]);
    expect(await auditRows(workId)).toMatchObject([{ action: "work.keep", target_type: "work", reason: null }]);
    expect((await workPage(people[0], owner.handle, workId)).status).toBe(200);
    expect((await workPage(people[0], owner.handle, workId)).data?.report?.name).toBe("Report this work");
    // Settled: a second decision is refused and changes nothing; a new reporter opens it again.
    const again = await resolve(admin.cookie, "work", workId, "hide");
    expect(again.status).toBe(409);
    expect(await again.json()).toEqual({ error: "already_resolved" });
    expect(await hiddenAt("portfolio_works", workId)).toBeNull();
    expect(await auditRows(workId)).toHaveLength(1);
    const newcomer = await person();
    expect((await report(newcomer.cookie, { targetType: "work", targetId: workId, reason: "abuse" })).status).toBe(200);
    expect((await contentQueue(admin.cookie)).find((r) => r.targetId === workId)).toMatchObject({ reporters: 1 });
  });
});

describe("a decision on a reported profile", () => {
  it("hide: the profile is the 404 to everyone else and leaves explore, even when its row is rebuilt; its owner and the admins still see it", async () => {
    const { owner, people } = await reported();
    const admin = await person({ admin: true });
    const visit = cachingApp();
    for (const path of [`/${owner.handle}`, "/explore/creators"]) {
      await visit(path);
      expect(await visit(path), path).toBe("HIT");
    }
    expect((await explored(owner.handle)).map((c) => c.handle)).toEqual([owner.handle]);
    expect((await profilePage(people[0], owner.handle)).data?.reportProfile?.name).toBe("Report this profile");

    expect((await resolve(admin.cookie, "profile", owner.profileId, "hide")).status).toBe(200);
    expect(await hiddenAt("user_profiles", owner.profileId)).not.toBeNull();
    expect(await auditRows(owner.profileId)).toMatchObject([{ action: "profile.hide", target_type: "profile" }]);
    for (const path of [`/${owner.handle}`, "/explore/creators"]) expect(await visit(path), path).toBe("MISS");

    expect((await profilePage(people[0], owner.handle)).status).toBe(404);
    expect((await profilePage(null, owner.handle)).status).toBe(404);
    expect(await explored(owner.handle)).toEqual([]);
    // A change that rebuilds the creator's search row (a new name) does not bring the profile back to explore.
    await env.DB.prepare(
      "UPDATE localized_texts SET text = ? WHERE entity_type = 'user_profile' AND entity_id = ? AND field = 'name'",
    )
      .bind(`Renamed ${uid()}`, owner.profileId)
      .run();
    expect(await explored(owner.handle)).toEqual([]);

    const own = await profilePage(owner, owner.handle);
    expect(own.status).toBe(200);
    expect(own.data?.hiddenNotice?.badge).toBe("Hidden by Comet's team");
    expect(own.data?.reportProfile).toBeNull();
    expect((await profilePage(admin, owner.handle)).status).toBe(200);
    // Its works keep their own pages (a ban is the stronger tool).
    expect((await workPage(people[0], owner.handle, owner.works[1])).status).toBe(200);
  });

  it("keep: the profile stays listed and open", async () => {
    const { owner, people } = await reported();
    const admin = await person({ admin: true });
    expect((await resolve(admin.cookie, "profile", owner.profileId, "keep")).status).toBe(200);
    expect(await hiddenAt("user_profiles", owner.profileId)).toBeNull();
    expect((await reportsOf(owner.profileId)).map((r) => r.resolution)).toEqual(["kept"]);
    expect((await profilePage(people[0], owner.handle)).status).toBe(200);
    expect((await explored(owner.handle)).map((c) => c.handle)).toEqual([owner.handle]);
  });
});

describe("two admins at once", () => {
  for (const targetType of ["work", "profile"] as const)
    for (const decisions of [
      ["hide", "hide"],
      ["keep", "keep"],
      ["hide", "keep"],
    ] as const)
      it(`decide a reported ${targetType} exactly once (${decisions.join(" / ")})`, async () => {
        const { owner, workId } = await reported(2);
        const targetId = targetType === "work" ? workId : owner.profileId;
        const admins = await Promise.all([person({ admin: true }), person({ admin: true })]);
        const answers = await Promise.all(
          decisions.map((decision, n) =>
            resolve(admins[n].cookie, targetType, targetId, decision).then((r) => r.status),
          ),
        );
        expect(answers.sort()).toEqual([200, 409]);
        const audit = await auditRows(targetId);
        expect(audit).toHaveLength(1);
        const outcome = audit[0].action === `${targetType}.hide` ? "hidden" : "kept";
        expect((await reportsOf(targetId)).map((r) => r.resolution)).toEqual([outcome, outcome]);
        const hidden = await hiddenAt(targetType === "work" ? "portfolio_works" : "user_profiles", targetId);
        expect(hidden === null).toBe(outcome === "kept");
      });
});

describe("a decision's note keeps the storable-text rule (issue 59)", () => {
  it("hide or keep of a work or a profile with characters that can't be stored is 400 and changes nothing", async () => {
    const { owner, workId } = await reported();
    const admin = await person({ admin: true });
    for (const [targetType, targetId] of [
      ["work", workId],
      ["profile", owner.profileId],
    ] as const) {
      for (const [what, reason] of Object.entries(UNSTORABLE_REASONS))
        for (const decision of ["hide", "keep"]) {
          const answer = await resolve(admin.cookie, targetType, targetId, decision, reason);
          expect(answer.status, `${targetType} ${decision} ${what}`).toBe(400);
          expect(await answer.json()).toMatchObject({ error: "reason_invalid_characters" });
        }
      expect((await reportsOf(targetId)).map((r) => r.resolved_at)).toEqual([null]);
      expect(await auditRows(targetId)).toEqual([]);
    }
    expect(await hiddenAt("portfolio_works", workId)).toBeNull();
    expect(await hiddenAt("user_profiles", owner.profileId)).toBeNull();
  });
});
