// A creator's milestones on a service and a form (issue 36, decision 073), through the editors' real save path: the
// page actions as React Router calls them, the post as the editors send it (repeated stageTitle/stageShare/
// stageRevisions inputs). A valid plan is stored; each error comes back with its message on its field, the rows as
// typed, and nothing stored; what no editor sends (too many rows, huge titles, stray fields) is refused the same way.
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import * as formEditPage from "#app/routes/dashboard/commission-form-edit";
import * as serviceEditPage from "#app/routes/dashboard/commission-forms-service-edit";
import * as serviceNewPage from "#app/routes/dashboard/commission-forms-service-new";
import type { Locale } from "#worker/domain/locales";
import { translateAuthoringErrors } from "#worker/messages/authoring";
import { getFormForEdit } from "#worker/services/commission-forms";
import { getServiceForEdit } from "#worker/services/commission-services";
import { seedCreator, type SeededCreator } from "../support/catalog-fixtures";
import { db } from "../support/helpers";
import { pageContext } from "../support/page-context";

type Rows = [title: string, share: string, revisions: string][];
const SKETCH_LINE_COLOUR: Rows = [
  ["Sketch", "30", "1"],
  ["Line art", "30", "1"],
  ["Colour", "40", "2"],
];
const PLAN = [
  { title: "Sketch", sharePercent: 30, includedRevisions: 1 },
  { title: "Line art", sharePercent: 30, includedRevisions: 1 },
  { title: "Colour", sharePercent: 40, includedRevisions: 2 },
];

async function creator(): Promise<SeededCreator> {
  return seedCreator({
    handle: `sp${crypto.randomUUID().slice(0, 8)}`,
    forms: [{ title: { en: "Plan form" }, price: 5000, questions: [] }],
    services: [{ title: "Planned service", price: 10_000 }],
  });
}

function withRows(body: FormData, rows: Rows) {
  for (const [title, share, revisions] of rows) {
    body.append("stageTitle", title);
    body.append("stageShare", share);
    body.append("stageRevisions", revisions);
  }
  return body;
}

type ActionResult = { status: number; data: Record<string, unknown> };
/** React Router's answer to an action: a redirect, data with its status, or plain data (200). */
function answered(result: unknown): ActionResult {
  if (result instanceof Response) return { status: result.status, data: {} };
  const value = result as { type?: string; data?: Record<string, unknown>; init?: { status?: number } };
  return value.type === "DataWithResponseInit"
    ? { status: value.init?.status ?? 200, data: value.data ?? {} }
    : { status: 200, data: result as Record<string, unknown> };
}

/** The service editor's post: its fields as a plain form, with the plan's rows (none: the field left out). */
async function postService(c: SeededCreator, serviceId: string | null, rows: Rows, locale: Locale = "en") {
  const path = serviceId
    ? `/dashboard/commission/setting/service/${serviceId}/edit`
    : "/dashboard/commission/setting/service/new";
  const body = new FormData();
  for (const [name, value] of Object.entries({ title: "Planned service", price: "10000", currency: "JPY" }))
    body.set(name, value);
  body.set("intent", "save");
  withRows(body, rows);
  const args = {
    context: await pageContext(c.accountId, locale, path),
    request: new Request(`http://localhost${path}`, { method: "POST", body }),
    params: serviceId ? { serviceId } : {},
  } as never;
  return answered(await (serviceId ? serviceEditPage.action(args) : serviceNewPage.action(args)));
}

/** The form builder's post: the draft as JSON in `payload`, the plan's rows as their own inputs. */
async function postForm(c: SeededCreator, rows: Rows, locale: Locale = "en") {
  const formId = c.forms[0].id;
  const path = `/dashboard/commission/setting/form/form/edit?formId=${formId}`;
  const stored = await getFormForEdit(db(), c.accountId, formId, "en");
  const body = new FormData();
  body.set("payload", JSON.stringify(stored!.draft));
  body.set("intent", "save");
  withRows(body, rows);
  return answered(
    await formEditPage.action({
      context: await pageContext(c.accountId, locale, path),
      request: new Request(`http://localhost${path}`, { method: "POST", body }),
      params: {},
    } as never),
  );
}

const servicePlan = async (serviceId: string) =>
  (await env.DB.prepare("SELECT stage_plan FROM commission_services WHERE id = ?").bind(serviceId).first<{
    stage_plan: string;
  }>())!.stage_plan;
const formPlan = async (formId: string) =>
  (await env.DB.prepare("SELECT stage_plan FROM commission_forms WHERE id = ?").bind(formId).first<{
    stage_plan: string;
  }>())!.stage_plan;

/** Each refused plan: the rows typed, the field its message shows on, the rule's key. */
const REFUSED: { name: string; rows: Rows; field: string; key: string }[] = [
  {
    name: "shares summing to 90",
    rows: [
      ["Sketch", "30", "1"],
      ["Colour", "60", "1"],
    ],
    field: "stagePlan",
    key: "stage_shares_sum",
  },
  {
    name: "a blank title",
    rows: [
      ["Sketch", "50", "1"],
      ["  ", "50", "1"],
    ],
    field: "stagePlan.1.title",
    key: "stage_title_required",
  },
  {
    name: "a title over 40",
    rows: [["x".repeat(41), "100", "1"]],
    field: "stagePlan.0.title",
    key: "stage_title_too_long",
  },
  {
    name: "a share of 0",
    rows: [
      ["Sketch", "0", "1"],
      ["Colour", "100", "1"],
    ],
    field: "stagePlan.0.share",
    key: "stage_share_invalid",
  },
  {
    name: "a share in decimals",
    rows: [
      ["Sketch", "33.5", "1"],
      ["Colour", "66.5", "1"],
    ],
    field: "stagePlan.0.share",
    key: "stage_share_invalid",
  },
  {
    name: "revisions over 10",
    rows: [["Sketch", "100", "11"]],
    field: "stagePlan.0.revisions",
    key: "stage_revisions_invalid",
  },
  {
    name: "negative revisions",
    rows: [["Sketch", "100", "-1"]],
    field: "stagePlan.0.revisions",
    key: "stage_revisions_invalid",
  },
  {
    name: "six stages",
    rows: Array.from({ length: 6 }, (_, i) => [`S${i}`, i < 5 ? "16" : "20", "0"]),
    field: "stagePlan",
    key: "stages_count",
  },
];

describe("a service's milestones", () => {
  it("are saved as the plan, read back into the editor, and cleared by a post of no rows", async () => {
    const c = await creator();
    const created = await postService(c, null, SKETCH_LINE_COLOUR);
    expect(created.status).toBe(302);
    const saved = await env.DB.prepare(
      "SELECT s.id, s.stage_plan FROM commission_services s WHERE s.commission_account_id = ? AND s.id != ?",
    )
      .bind(c.commissionAccountId, c.services[0])
      .first<{ id: string; stage_plan: string }>();
    expect(JSON.parse(saved!.stage_plan)).toEqual(PLAN);
    expect((await getServiceForEdit(db(), c.accountId, saved!.id, "en"))!.stagePlan).toEqual(
      SKETCH_LINE_COLOUR.map(([title, share, revisions]) => ({ title, share, revisions })),
    );

    // No rows is no milestones, the default: the order behaves as before them.
    expect((await postService(c, saved!.id, [])).status).toBe(302);
    expect(await servicePlan(saved!.id)).toBe("[]");
  });

  it("refuses each wrong plan with its message on its field, keeps the rows as typed, and stores nothing", async () => {
    const c = await creator();
    const serviceId = c.services[0];
    expect((await postService(c, serviceId, SKETCH_LINE_COLOUR)).status).toBe(302);
    for (const { name, rows, field, key } of REFUSED)
      for (const locale of ["en", "ja"] as const) {
        const result = await postService(c, serviceId, rows, locale);
        expect(result.status, name).toBe(400);
        expect((result.data.errors as Record<string, string>)[field], name).toBe(
          translateAuthoringErrors({ [field]: key }, locale)[field],
        );
        expect((result.data.values as { stagePlan: unknown }).stagePlan, name).toEqual(
          rows.map(([title, share, revisions]) => ({ title, share, revisions })),
        );
      }
    expect(translateAuthoringErrors({ stagePlan: "stage_shares_sum" }, "ja").stagePlan).toContain("100%");
    expect(JSON.parse(await servicePlan(serviceId))).toEqual(PLAN);
  });

  it("refuses what no editor posts: many rows, a huge title, rows missing fields, numbers not typed as digits", async () => {
    const c = await creator();
    const serviceId = c.services[0];
    const many: Rows = Array.from({ length: 500 }, () => ["Stage", "1", "0"]);
    const result = await postService(c, serviceId, many);
    expect(result.status).toBe(400);
    expect(result.data.errors).toMatchObject({ stagePlan: translateAuthoringErrors({ s: "stages_count" }, "en").s });
    // Kept back: one row more than a plan may hold, enough to show the count's message.
    expect((result.data.values as { stagePlan: unknown[] }).stagePlan).toHaveLength(6);
    for (const rows of [
      [["x".repeat(20_000), "100", "1"]],
      [["Sketch", "1e2", "1"]],
      [["Sketch", "0x64", "1"]],
      [["Sketch", "100", ""]],
      [["Sketch\u0000", "100", "1"]],
    ] as Rows[])
      expect((await postService(c, serviceId, rows)).status, JSON.stringify(rows[0][0].slice(0, 10))).toBe(400);
    // A share without its title or revisions: the row reads with blanks, refused.
    const path = `/dashboard/commission/setting/service/${serviceId}/edit`;
    const body = new FormData();
    for (const [name, value] of Object.entries({ title: "Planned service", price: "10000", currency: "JPY" }))
      body.set(name, value);
    body.append("stageShare", "100");
    const stray = answered(
      await serviceEditPage.action({
        context: await pageContext(c.accountId, "en", path),
        request: new Request(`http://localhost${path}`, { method: "POST", body }),
        params: { serviceId },
      } as never),
    );
    expect(stray.status).toBe(400);
    expect(Object.keys(stray.data.errors as object)).toEqual(["stagePlan.0.title"]);
    expect(await servicePlan(serviceId)).toBe("[]");
  });

  it("a stored plan the rule refuses reads as none in the editor", async () => {
    const c = await creator();
    const serviceId = c.services[0];
    await env.DB.prepare("UPDATE commission_services SET stage_plan = ? WHERE id = ?")
      .bind(JSON.stringify([{ title: "All", sharePercent: 90, includedRevisions: 1 }]), serviceId)
      .run();
    expect((await getServiceForEdit(db(), c.accountId, serviceId, "en"))!.stagePlan).toEqual([]);
  });
});

describe("a form's milestones", () => {
  it("are saved with the form, refused with their message and nothing stored, cleared by no rows", async () => {
    const c = await creator();
    const formId = c.forms[0].id;
    expect(await postForm(c, SKETCH_LINE_COLOUR)).toEqual({ status: 200, data: { saved: true, errors: {} } });
    expect(JSON.parse(await formPlan(formId))).toEqual(PLAN);
    expect((await getFormForEdit(db(), c.accountId, formId, "en"))!.draft.stagePlan).toHaveLength(3);

    for (const { name, rows, field, key } of REFUSED) {
      const result = await postForm(c, rows, "ja");
      expect(result.status, name).toBe(400);
      expect(result.data, name).toEqual({
        saved: false,
        errors: translateAuthoringErrors({ [field]: key }, "ja"),
      });
    }
    expect(JSON.parse(await formPlan(formId))).toEqual(PLAN);
    // The payload's own copy of the plan (the draft as loaded) is not what is saved: the rows posted are.
    expect((await postForm(c, [])).status).toBe(200);
    expect(await formPlan(formId)).toBe("[]");
  });
});
