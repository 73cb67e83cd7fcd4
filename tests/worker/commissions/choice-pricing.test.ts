import { env } from "cloudflare:test";
import { eq, inArray } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { commissionFormQuestionChoices, commissionFormQuestions } from "#worker/db/schema";
import type { FormDraft } from "#worker/domain/commission-form";
import { createAccount } from "#worker/services/accounts";
import { createFormFromTemplate, getFormForEdit, saveForm } from "#worker/services/commission-forms";
import { parsedFormDraft } from "../support/draft-fixtures";
import { creatorOf, db } from "../support/helpers";

// A form's choices priced as a creator's sheet has them (issue 63): saved, read back into the editor, and copied from
// the template.

let serial = 0;
async function newCreator() {
  const handle = `Price${Date.now() % 100000}${serial++}`;
  return createAccount(db(), { email: `${handle.toLowerCase()}@example.com`, handle, languageCode: "en" });
}

async function newForm(owner: string) {
  return createFormFromTemplate(db(), await creatorOf(owner), "en", { title: "Sheet" });
}

/** The stored pricing columns of a form's choices, in question then choice order. */
async function storedChoices(formId: string) {
  const questions = await db()
    .select({ id: commissionFormQuestions.id, userIndex: commissionFormQuestions.userIndex })
    .from(commissionFormQuestions)
    .where(eq(commissionFormQuestions.formId, formId));
  const rows = await db()
    .select()
    .from(commissionFormQuestionChoices)
    .where(
      inArray(
        commissionFormQuestionChoices.questionId,
        questions.map((q) => q.id),
      ),
    );
  const order = new Map(questions.map((q) => [q.id, q.userIndex]));
  return rows
    .sort((a, b) => order.get(a.questionId)! - order.get(b.questionId)! || a.userIndex - b.userIndex)
    .map((c) => [c.priceKind, c.priceAmount, c.pricePercent, c.maxCount, c.licence, c.rushDays]);
}

const priceSheet: FormDraft = {
  title: "Sheet",
  description: "",
  categoryCode: "",
  price: "",
  currency: "JPY",
  questions: [
    {
      type: "SINGLE_CHOICE",
      title: "Size",
      description: "",
      isRequired: true,
      choices: [
        { title: "Bust-up", price: "20000", priceKind: "plan" },
        { title: "Full body", price: "30000", priceKind: "plan" },
      ],
    },
    {
      type: "MULTIPLE_CHOICE",
      title: "Extras",
      description: "",
      isRequired: false,
      choices: [
        { title: "Background", price: "5000" },
        { title: "Commercial use", price: "", priceKind: "percent", percent: "100", licence: "goods" },
        { title: "Extra character", price: "8000", priceKind: "each", maxCount: "3" },
        { title: "Rush", price: "", priceKind: "percent", percent: "30", rushDays: "7" },
        { title: "Exclusive", price: "50000", licence: "exclusive" },
      ],
    },
  ],
};

/** The sheet's choices as their columns hold them: kind, amount, percent, most count, licence, rush days. */
const storedSheet = [
  ["plan", 20000, null, null, null, null],
  ["plan", 30000, null, null, null, null],
  ["add", 5000, null, null, null, null],
  ["percent", null, 100, null, "goods", null],
  ["each", 8000, null, 3, null, null],
  ["percent", null, 30, null, null, 7],
  ["add", 50000, null, null, "exclusive", null],
];

describe("a form's priced choices", () => {
  it("round-trip: saved in their columns and read back into the editor's fields as typed", async () => {
    const owner = await newCreator();
    const formId = await newForm(owner);
    expect(await saveForm(db(), owner, formId, parsedFormDraft(priceSheet), "en", env.MEDIA)).toEqual({ ok: true });
    expect(await storedChoices(formId)).toEqual(storedSheet);
    const form = await getFormForEdit(db(), owner, formId, "en");
    const pricing = form!.draft.questions.flatMap((q) =>
      q.choices.map((c) => [c.title, c.price, c.priceKind, c.percent, c.maxCount, c.licence, c.rushDays]),
    );
    expect(pricing).toEqual([
      ["Bust-up", "20000", "plan", "", "", "", ""],
      ["Full body", "30000", "plan", "", "", "", ""],
      ["Background", "5000", "add", "", "", "", ""],
      ["Commercial use", "", "percent", "100", "", "goods", ""],
      ["Extra character", "8000", "each", "", "3", "", ""],
      ["Rush", "", "percent", "30", "", "", "7"],
      ["Exclusive", "50000", "add", "", "", "exclusive", ""],
    ]);
    // What the editor read back saves again unchanged (a second save of an untouched form changes nothing).
    expect(await saveForm(db(), owner, formId, parsedFormDraft(form!.draft), "en", env.MEDIA)).toEqual({ ok: true });
    expect(await storedChoices(formId)).toEqual(storedSheet);
  });

  it("saves a choice posted without the pricing fields as it always did: an add, granting nothing, not rush", async () => {
    const owner = await newCreator();
    const formId = await newForm(owner);
    const old: FormDraft = {
      ...priceSheet,
      questions: [{ ...priceSheet.questions[1], choices: [{ title: "Background", price: "5000" }] }],
    };
    expect(await saveForm(db(), owner, formId, parsedFormDraft(old), "en", env.MEDIA)).toEqual({ ok: true });
    expect(await storedChoices(formId)).toEqual([["add", 5000, null, null, null, null]]);
  });
});

describe("a form made from the template", () => {
  it("starts as a price sheet: the sizes are plans, the private fee adds, the usage choices grant their licence", async () => {
    const owner = await newCreator();
    const formId = await newForm(owner);
    const form = await getFormForEdit(db(), owner, formId, "en");
    expect(form!.draft.currency).toBe("JPY");
    const question = (title: string) => form!.draft.questions.find((q) => q.title === title)!;
    expect(question("Price list plan").choices.map((c) => [c.price, c.priceKind])).toEqual([
      ["10000", "plan"],
      ["20000", "plan"],
      ["30000", "plan"],
    ]);
    expect(question("Usage").choices.map((c) => [c.priceKind, c.licence])).toEqual([
      ["add", "personal"],
      ["add", "streaming"],
      ["add", "goods"],
      ["add", "advertising"],
    ]);
    expect(question("Publication rules").choices.map((c) => [c.price, c.priceKind, c.licence])).toEqual([
      ["", "add", ""],
      ["", "add", ""],
      ["10000", "add", ""],
    ]);
    // The copy saves as it stands: the creator need not touch a price to keep the form.
    expect(await saveForm(db(), owner, formId, parsedFormDraft(form!.draft), "en", env.MEDIA)).toEqual({ ok: true });
  });

  it("leaves a creator pricing in another currency unpriced adds to price, still granting the usage licences", async () => {
    const owner = await newCreator();
    await env.DB.prepare(
      "UPDATE commission_accounts SET default_currency_id = (SELECT id FROM currencies WHERE code = 'USD') WHERE user_account_id = ?",
    )
      .bind(owner)
      .run();
    const formId = await newForm(owner);
    const form = await getFormForEdit(db(), owner, formId, "en");
    expect(form!.draft.currency).toBe("USD");
    const question = (title: string) => form!.draft.questions.find((q) => q.title === title)!;
    expect(question("Price list plan").choices.map((c) => [c.price, c.priceKind])).toEqual([
      ["", "add"],
      ["", "add"],
      ["", "add"],
    ]);
    expect(question("Usage").choices.map((c) => c.licence)).toEqual(["personal", "streaming", "goods", "advertising"]);
    expect(await saveForm(db(), owner, formId, parsedFormDraft(form!.draft), "en", env.MEDIA)).toEqual({ ok: true });
  });
});
