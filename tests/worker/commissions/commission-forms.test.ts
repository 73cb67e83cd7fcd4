import { env } from "cloudflare:test";
import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { createDb } from "#worker/db/client";
import { commissionForms, commissionFormQuestions, commissionServices, localizedTexts } from "#worker/db/schema";
import { parseFormDraft, parseServiceDraft, type FormDraft } from "#worker/domain/commission-form";
import { createAccount } from "#worker/services/accounts";
import {
  createFormFromTemplate,
  deleteForm,
  getFormForEdit,
  listForms,
  saveForm,
  setFormStatus,
} from "#worker/services/commission-forms";
import { getServiceForEdit, listServices, saveService } from "#worker/services/commission-services";
import { getCreatorProfile } from "#worker/services/catalog";
import { getPublicService } from "#worker/orders/services/request-views";
import { parsedFormDraft } from "../support/draft-fixtures";
import { creatorOf } from "../support/helpers";

const db = () => createDb(env.DB);
let serial = 0;
async function newCreator() {
  const handle = `Form${Date.now() % 100000}${serial++}`;
  return createAccount(db(), { email: `${handle.toLowerCase()}@example.com`, handle, languageCode: "en" });
}

const sampleDraft: FormDraft = {
  title: "  Icons  ",
  description: "Small icons",
  categoryCode: "character-illustration",
  price: "12.50",
  currency: "USD",
  questions: [
    {
      type: "SINGLE_CHOICE",
      title: "Size",
      description: "",
      isRequired: true,
      choices: [
        { title: "S", price: "" },
        { title: "L", price: "5" },
      ],
    },
    { type: "NONE", title: "Notice", description: "Read me", isRequired: true, choices: [] },
  ],
};

describe("commission form template copy", () => {
  it("copies the default template's questions and choices in the creator's language", async () => {
    const owner = await newCreator();
    const formId = await createFormFromTemplate(db(), await creatorOf(owner), "ja", { title: "依頼" });
    expect(formId).toBeTruthy();
    const form = await getFormForEdit(db(), owner, formId!, "ja");
    expect(form?.status).toBe("DRAFT");
    expect(form?.code).toMatch(/^[a-z2-9]{8}$/);
    const types = form!.draft.questions.map((q) => q.type);
    expect(types).toEqual(
      expect.arrayContaining(["LONG_TEXT", "MEDIA", "SINGLE_CHOICE", "SHORT_TEXT", "DATE", "NONE"]),
    );
    expect(form!.draft.questions[0].title).toBe("依頼内容");
    const plan = form!.draft.questions.find((q) => q.title === "料金プラン");
    expect(plan?.choices.map((c) => c.price)).toEqual(["10000", "20000", "30000"]);
    // Only the creator's language is copied, as the original.
    const texts = await db()
      .select()
      .from(localizedTexts)
      .where(and(eq(localizedTexts.entityType, "commission_form_question"), eq(localizedTexts.languageCode, "en")));
    const ids = new Set(
      (
        await db()
          .select({ id: commissionFormQuestions.id })
          .from(commissionFormQuestions)
          .where(eq(commissionFormQuestions.formId, formId!))
      ).map((r) => r.id),
    );
    expect(texts.filter((t) => ids.has(t.entityId))).toEqual([]);
  });
});

describe("commission form editing", () => {
  it("saves title, price in minor units, ordered questions and choices; a notice is never required", async () => {
    const owner = await newCreator();
    const formId = (await createFormFromTemplate(db(), await creatorOf(owner), "en", { title: "x" }))!;
    expect(await saveForm(db(), owner, formId, parsedFormDraft(sampleDraft), "en", env.MEDIA)).toEqual({ ok: true });
    const row = await db().select().from(commissionForms).where(eq(commissionForms.id, formId)).get();
    expect(row?.priceAmount).toBe(1250);
    const form = await getFormForEdit(db(), owner, formId, "en");
    expect(form?.draft).toMatchObject({
      title: "Icons",
      price: "12.50",
      currency: "USD",
      categoryCode: "character-illustration",
    });
    expect(form?.draft.questions.map((q) => [q.type, q.title, q.isRequired])).toEqual([
      ["SINGLE_CHOICE", "Size", true],
      ["NONE", "Notice", false],
    ]);
    expect(form?.draft.questions[0].choices.map((c) => [c.title, c.price])).toEqual([
      ["S", ""],
      ["L", "5.00"],
    ]);
    expect((await listForms(db(), owner, "en")).map((f) => f.title)).toEqual(["Icons"]);
  });

  it("refuses someone else's form and leaves it unchanged", async () => {
    const owner = await newCreator();
    const stranger = await newCreator();
    const formId = (await createFormFromTemplate(db(), await creatorOf(owner), "en", { title: "Mine" }))!;
    const before = await getFormForEdit(db(), owner, formId, "en");
    expect(await getFormForEdit(db(), stranger, formId, "en")).toBeNull();
    expect(await saveForm(db(), stranger, formId, parsedFormDraft(sampleDraft), "en", env.MEDIA)).toEqual({
      ok: false,
      reason: "not_found",
    });
    expect(await setFormStatus(db(), stranger, formId, "PUBLISHED")).toEqual({ ok: false, reason: "not_found" });
    expect(await deleteForm(db(), stranger, formId)).toEqual({ ok: false, reason: "not_found" });
    const after = await getFormForEdit(db(), owner, formId, "en");
    expect(after?.status).toBe("DRAFT");
    expect(after?.draft.title).toBe("Mine");
    expect(after?.draft.questions.length).toBe(before?.draft.questions.length);
    expect(await listForms(db(), stranger, "en")).toEqual([]);
  });

  it("refuses an inactive or unknown category", async () => {
    const owner = await newCreator();
    const formId = (await createFormFromTemplate(db(), await creatorOf(owner), "en", { title: "x" }))!;
    const result = await saveForm(
      db(),
      owner,
      formId,
      parsedFormDraft({ ...sampleDraft, categoryCode: "no-such-category" }),
      "en",
      env.MEDIA,
    );
    expect(result).toEqual({ ok: false, reason: "invalid", errors: { categoryCode: "authoring_category" } });
  });

  it("publishes and deletes with texts and questions", async () => {
    const owner = await newCreator();
    const formId = (await createFormFromTemplate(db(), await creatorOf(owner), "en", { title: "x" }))!;
    expect(await setFormStatus(db(), owner, formId, "PUBLISHED")).toEqual({ ok: true });
    expect((await listForms(db(), owner, "en"))[0].status).toBe("PUBLISHED");
    expect(await deleteForm(db(), owner, formId)).toEqual({ ok: true });
    expect(await db().select().from(commissionFormQuestions).where(eq(commissionFormQuestions.formId, formId))).toEqual(
      [],
    );
    expect(await db().select().from(localizedTexts).where(eq(localizedTexts.entityId, formId))).toEqual([]);
  });
});

describe("form codes", () => {
  it("draws another code when the first is taken", async () => {
    const owner = await newCreator();
    const taken = `tk${Date.now() % 1000000}`.slice(0, 8).padEnd(8, "a");
    const first = (await createFormFromTemplate(db(), await creatorOf(owner), "en", {
      title: "a",
      generateCode: () => taken,
    }))!;
    const codes = [taken, `n${taken.slice(1)}`.replace(/^n/, "z")];
    const second = (await createFormFromTemplate(db(), await creatorOf(owner), "en", {
      title: "b",
      generateCode: () => codes.shift()!,
    }))!;
    const rows = await db()
      .select({ id: commissionForms.id, code: commissionForms.code })
      .from(commissionForms)
      .where(
        eq(
          commissionForms.commissionAccountId,
          (await db()
            .select({ c: commissionForms.commissionAccountId })
            .from(commissionForms)
            .where(eq(commissionForms.id, first))
            .get())!.c,
        ),
      );
    const byId = Object.fromEntries(rows.map((r) => [r.id, r.code]));
    expect(byId[first]).toBe(taken);
    expect(byId[second]).not.toBe(taken);
  });

  it("gives every form its own code", async () => {
    const owner = await newCreator();
    const creator = await creatorOf(owner);
    const ids = await Promise.all(
      [1, 2, 3, 4, 5].map((n) => createFormFromTemplate(db(), creator, "en", { title: `f${n}` })),
    );
    const codes = (await listForms(db(), owner, "en")).map((f) => f.code);
    expect(new Set(codes).size).toBe(ids.length);
  });
});

describe("form draft validation", () => {
  it("reports errors by path with message keys", () => {
    const result = parseFormDraft({
      ...sampleDraft,
      title: " ",
      price: "12.345",
      questions: [
        { type: "MULTIPLE_CHOICE", title: "", description: "", isRequired: false, choices: [] },
        {
          type: "SINGLE_CHOICE",
          title: "ok",
          description: "",
          isRequired: false,
          choices: [{ title: "a", price: "-1" }],
        },
      ],
    });
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.errors.title).toBe("authoring_form_title_required");
    expect(result.errors["questions.0.title"]).toBe("authoring_question_title_required");
  });

  it("checks prices per currency and choice counts", () => {
    const bad = parseFormDraft({
      ...sampleDraft,
      currency: "JPY",
      price: "10.5",
      questions: [{ type: "SINGLE_CHOICE", title: "t", description: "", isRequired: false, choices: [] }],
    });
    expect(bad).toEqual({
      ok: false,
      errors: { price: "authoring_price_jpy", "questions.0.choices": "authoring_choices_required" },
    });
    expect(
      parseFormDraft({
        ...sampleDraft,
        questions: [{ type: "BOGUS", title: "t", description: "", isRequired: false, choices: [] }],
      }).ok,
    ).toBe(false);
  });
});

describe("services", () => {
  it("creates and edits a service linked to the creator's own form; others are refused", async () => {
    const owner = await newCreator();
    const stranger = await newCreator();
    const formId = (await createFormFromTemplate(db(), await creatorOf(owner), "en", { title: "x" }))!;
    const input = parseServiceDraft({
      title: "Icon",
      description: "An icon",
      medias: [{ url: "https://example.com/a.png" }],
      price: "3000",
      currency: "JPY",
      formId,
      terms: "No refunds",
      categoryCodes: ["character-illustration"],
    });
    if (!input.ok) throw new Error("invalid");
    const created = await saveService(db(), await creatorOf(owner), null, input.data, "en", env.MEDIA);
    expect(created.ok).toBe(true);
    if (!created.ok) return;
    expect(await getServiceForEdit(db(), owner, created.serviceId, "en")).toMatchObject({
      title: "Icon",
      price: "3000",
      formId,
      terms: "No refunds",
      medias: [expect.objectContaining({ url: "https://example.com/a.png", formatType: "LINK", mediaType: "IMAGE" })],
    });
    expect(await listServices(db(), owner, "en")).toEqual([
      expect.objectContaining({ title: "Icon", priceAmount: 3000, thumbnailUrl: "https://example.com/a.png" }),
    ]);

    expect(await getServiceForEdit(db(), stranger, created.serviceId, "en")).toBeNull();
    expect(
      await saveService(
        db(),
        await creatorOf(stranger),
        created.serviceId,
        { ...input.data, title: "Stolen" },
        "en",
        env.MEDIA,
      ),
    ).toEqual({ ok: false, reason: "not_found" });
    // A stranger cannot link the owner's form to their own service either.
    expect(await saveService(db(), await creatorOf(stranger), null, input.data, "en", env.MEDIA)).toEqual({
      ok: false,
      reason: "invalid",
      errors: { formId: "authoring_invalid" },
    });
    const row = await db().select().from(commissionServices).where(eq(commissionServices.id, created.serviceId)).get();
    expect(row?.priceAmount).toBe(3000);
    expect((await getServiceForEdit(db(), owner, created.serviceId, "en"))?.title).toBe("Icon");
  });
});

describe("a service's typical delivery time (decision 109)", () => {
  it("is saved from the editor, shown with the service, kept by a save without the field and cleared by a blank", async () => {
    const handle = `Days${Date.now() % 100000}${serial++}`;
    const owner = await createAccount(db(), {
      email: `${handle.toLowerCase()}@example.com`,
      handle,
      languageCode: "en",
    });
    const creator = await creatorOf(owner);
    const draft = {
      title: "Icon",
      description: "",
      medias: [],
      price: "3000",
      currency: "JPY",
      formId: "",
      terms: "",
      categoryCodes: [],
    };
    const parsed = (deliveryDays?: string) => {
      const input = parseServiceDraft({ ...draft, ...(deliveryDays !== undefined && { deliveryDays }) });
      if (!input.ok) throw new Error(JSON.stringify(input.errors));
      return input.data;
    };
    const created = await saveService(db(), creator, null, parsed("14"), "en", env.MEDIA);
    if (!created.ok) throw new Error("not saved");
    const id = created.serviceId;
    const viewer = { locale: "en" as const, accountId: null, displayCurrencyId: null };
    expect((await getServiceForEdit(db(), owner, id, "en"))?.deliveryDays).toBe("14");
    expect((await getCreatorProfile(db(), handle, viewer))?.services).toEqual([
      expect.objectContaining({ id, deliveryDays: 14 }),
    ]);
    expect((await getPublicService(db(), handle, id, viewer, Date.now()))?.deliveryDays).toBe(14);

    // A post without the field (not the editor's) leaves the days as they are; a blank clears them.
    await saveService(db(), creator, id, parsed(undefined), "en", env.MEDIA);
    expect((await getServiceForEdit(db(), owner, id, "en"))?.deliveryDays).toBe("14");
    await saveService(db(), creator, id, parsed(""), "en", env.MEDIA);
    expect((await getServiceForEdit(db(), owner, id, "en"))?.deliveryDays).toBe("");
    expect((await getPublicService(db(), handle, id, viewer, Date.now()))?.deliveryDays).toBeNull();
  });
});
