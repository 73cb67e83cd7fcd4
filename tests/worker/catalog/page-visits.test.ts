import { env } from "cloudflare:workers";
import { beforeAll, describe, expect, it } from "vitest";
import { createDb } from "#worker/db/client";
import { PAGE_VISIT_INTERVAL_MS, parsePageVisitModel } from "#worker/domain/page-visits";
import { countPageVisit } from "#worker/services/page-visits";
import { getSessionUser } from "#worker/services/sessions";
import { grantCreatorRole } from "#worker/services/roles";
import { seedCreator, uniqueTag, type SeededCreator } from "../support/catalog-fixtures";
import { freshIp } from "../support/auth-helpers";
import { call, countVisits, getBookmark, signUp } from "../support/helpers";

const db = () => createDb(env.DB);

/** A same-origin POST through the real Worker (tests/worker/entry.ts: createApp with all its middleware). */
function post(path: string, json: unknown, cookie?: string, clientIp?: string) {
  return call(path, { method: "POST", json, cookie, headers: clientIp ? { "cf-connecting-ip": clientIp } : {} });
}

const tag = uniqueTag();
let creator: SeededCreator;
beforeAll(async () => {
  creator = await seedCreator({
    handle: `visit${tag}`,
    works: 1,
    forms: [
      { title: { en: "Visited" }, price: 1000 },
      { title: { en: "Draft" }, price: 1000, status: "DRAFT" },
    ],
    services: [{ title: "Service", price: 1000, formIndex: 0 }],
  });
});

describe("page visits", () => {
  it("names models in the spellings clients use", () => {
    expect(parsePageVisitModel("commission_form")).toBe("commission_form");
    expect(parsePageVisitModel("CommissionForm")).toBe("commission_form");
    expect(parsePageVisitModel("portfolioWork")).toBe("portfolio_work");
    expect(parsePageVisitModel("user")).toBeNull();
  });

  it("counts a visitor once per 24 hours per item", async () => {
    const formId = creator.forms[0].id;
    const visitor = { kind: "cookie" as const, visitorId: crypto.randomUUID() };
    // A client of its own: the per-client budget (page-visits-limits.test.ts) does not come into play here.
    const clientKey = `service-test-${crypto.randomUUID()}`;
    const count = (
      input: { model?: "commission_form" | "portfolio_work"; modelId?: string; visitor?: typeof visitor },
      now: number,
    ) =>
      countPageVisit(
        db(),
        {
          model: input.model ?? "commission_form",
          modelId: input.modelId ?? formId,
          visitor: input.visitor ?? visitor,
          clientKey,
        },
        now,
      );
    const t0 = 5_000_000_000_000;
    expect(await count({}, t0)).toEqual({ ok: true, counted: true, timestamp: t0 });
    expect(await count({}, t0 + 1000)).toEqual({ ok: true, counted: false, timestamp: t0 });
    expect(await count({}, t0 + PAGE_VISIT_INTERVAL_MS - 1)).toMatchObject({ counted: false });
    expect(await count({}, t0 + PAGE_VISIT_INTERVAL_MS + 1)).toMatchObject({ counted: true });
    // Another visitor counts separately.
    expect(await count({ visitor: { kind: "cookie", visitorId: `${visitor.visitorId}-2` } }, t0 + 5)).toMatchObject({
      counted: true,
    });
    // Unpublished or unknown items are not counted.
    expect(await count({ modelId: creator.forms[1].id }, t0)).toEqual({ ok: false, reason: "not_found" });
    expect(await count({ model: "portfolio_work" }, t0)).toEqual({ ok: false, reason: "not_found" });
  });

  it("sets the a.sid cookie for a new visitor and counts by it", async () => {
    const formId = creator.forms[0].id;
    // A client of its own: the one cookie-less visit per client and day is this test's.
    const ip = freshIp();
    const before = await countVisits(db(), "commission_form", formId);
    const first = await post(
      "/api/features/pageVisit/commission/form",
      { modelName: "commission_form", modelId: formId },
      undefined,
      ip,
    );
    expect(first.status).toBe(200);
    const body = (await first.json()) as { data: { timestamp: number } };
    expect(typeof body.data.timestamp).toBe("number");
    const cookie = first.headers.getSetCookie().find((c) => c.startsWith("a.sid="));
    expect(cookie).toMatch(/HttpOnly/);
    const sid = cookie!.split(";")[0];

    const again = await post(
      "/api/features/pageVisit/commission/form",
      { modelName: "commission_form", modelId: formId },
      sid,
      ip,
    );
    expect(again.status).toBe(200);
    expect(again.headers.getSetCookie().some((c) => c.startsWith("a.sid="))).toBe(false);
    expect(((await again.json()) as { data: { timestamp: number } }).data.timestamp).toBe(body.data.timestamp);
    expect(await countVisits(db(), "commission_form", formId)).toBe(before + 1);

    const workVisitsBefore = await countVisits(db(), "portfolio_work", creator.works[0]);
    const work = await post(
      "/api/features/pageVisit/portfolio/work",
      { modelName: "portfolio_work", modelId: creator.works[0] },
      sid,
      ip,
    );
    expect(work.status).toBe(200);
    expect(await countVisits(db(), "portfolio_work", creator.works[0])).toBe(workVisitsBefore + 1);
  });

  it("refuses an unsupported model name with the spec's message, and unknown items", async () => {
    const wrong = await post("/api/features/pageVisit/commission/form", {
      modelName: "user_account",
      modelId: creator.forms[0].id,
    });
    expect(wrong.status).toBe(400);
    expect(await wrong.json()).toEqual({ error: "Unsupported model name: user_account" });
    // The name must match the path's model.
    const mismatched = await post("/api/features/pageVisit/portfolio/work", {
      modelName: "commission_form",
      modelId: creator.forms[0].id,
    });
    expect(await mismatched.json()).toEqual({ error: "Unsupported model name: commission_form" });
    const unknown = await post("/api/features/pageVisit/commission/form", {
      modelName: "commission_form",
      modelId: "missing",
    });
    expect(unknown.status).toBe(404);
    const noId = await post("/api/features/pageVisit/commission/form", { modelName: "commission_form" });
    expect(noId.status).toBe(400);
  });
});

describe("bookmarks", () => {
  it("needs a session", async () => {
    const response = await post("/api/features/bookmark/order/submit", {
      commissionFormId: creator.forms[0].id,
      isActive: true,
    });
    expect(response.status).toBe(401);
  });

  it("refuses creators and admins: only non-creators bookmark", async () => {
    const handle = `bc${uniqueTag()}`;
    const cookie = await signUp(handle, `${handle}@example.com`);
    const user = await getSessionUser(db(), decodeURIComponent(cookie.split("=")[1]));
    await grantCreatorRole(db(), user!.accountId);
    const response = await post(
      "/api/features/bookmark/order/submit",
      { commissionFormId: creator.forms[0].id, isActive: true },
      cookie,
    );
    expect(response.status).toBe(403);
    expect(await getBookmark(db(), user!.accountId, { kind: "form", id: creator.forms[0].id })).toBeNull();
  });

  it("toggles a form or service bookmark for a signed-in client", async () => {
    const handle = `bu${uniqueTag()}`;
    const cookie = await signUp(handle, `${handle}@example.com`);
    const user = await getSessionUser(db(), decodeURIComponent(cookie.split("=")[1]));
    const form = { kind: "form" as const, id: creator.forms[0].id };

    const on = await post("/api/features/bookmark/order/submit", { commissionFormId: form.id, isActive: true }, cookie);
    expect(on.status).toBe(200);
    expect(await on.json()).toEqual({ data: { isActive: true } });
    expect(await getBookmark(db(), user!.accountId, form)).toBe(true);
    await post("/api/features/bookmark/order/submit", { commissionFormId: form.id, isActive: true }, cookie);
    const off = await post(
      "/api/features/bookmark/order/submit",
      { commissionFormId: form.id, isActive: false },
      cookie,
    );
    expect(off.status).toBe(200);
    expect(await getBookmark(db(), user!.accountId, form)).toBe(false);
    const rows = await env.DB.prepare("SELECT count(*) AS n FROM bookmarks WHERE user_account_id = ?")
      .bind(user!.accountId)
      .first<{ n: number }>();
    expect(rows?.n).toBe(1);

    const service = await post(
      "/api/features/bookmark/order/submit",
      { commissionServiceId: creator.services[0], isActive: true },
      cookie,
    );
    expect(service.status).toBe(200);
    expect(await getBookmark(db(), user!.accountId, { kind: "service", id: creator.services[0] })).toBe(true);
  });

  it("refuses bad bodies and unpublished or unknown targets", async () => {
    const handle = `bx${uniqueTag()}`;
    const cookie = await signUp(handle, `${handle}@example.com`);
    const send = (json: unknown) => post("/api/features/bookmark/order/submit", json, cookie);
    expect((await send({ commissionFormId: creator.forms[0].id })).status).toBe(400);
    expect(
      (await send({ commissionFormId: creator.forms[0].id, commissionServiceId: creator.services[0], isActive: true }))
        .status,
    ).toBe(400);
    expect((await send({ commissionFormId: creator.forms[1].id, isActive: true })).status).toBe(404);
    expect((await send({ commissionFormId: "missing", isActive: true })).status).toBe(404);
  });
});
