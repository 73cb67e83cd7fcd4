// The request's payload as the page sends it (issue 63): an `each` choice goes with its count (clamped to 1..its
// maximum, the draft's absent count as 1), no other choice carries one, and a rush choice picked while rush was offered
// is dropped once it is not (the server would refuse the request), also for the required-answer check.
import { describe, expect, it } from "vitest";
import { answersPayload, emptyAnswer, emptyDraft, missingAnswers, type RequestDraft } from "./request-draft";
import { priced } from "./priced-choice.test-support";

const extras = {
  id: "q-extras",
  questionType: "MULTIPLE_CHOICE" as const,
  isRequired: false,
  choices: [
    { id: "c-background", pricing: priced({ amount: 5000, currencyCode: "JPY" }) },
    { id: "c-character", pricing: priced({ kind: "each", amount: 8000, currencyCode: "JPY", maxCount: 3 }) },
    { id: "c-rush", pricing: priced({ kind: "percent", percent: 30, rushDays: 5 }) },
  ],
};
const delivery = {
  id: "q-delivery",
  questionType: "SINGLE_CHOICE" as const,
  isRequired: true,
  choices: [
    { id: "c-normal", pricing: priced({}) },
    { id: "c-express", pricing: priced({ amount: 3000, currencyCode: "JPY", rushDays: 3 }) },
  ],
};

const draftWith = (answers: RequestDraft["answers"]): RequestDraft => ({ ...emptyDraft(), answers });
const choicesSent = (rushOffered: boolean, draft: RequestDraft) =>
  answersPayload([extras, delivery], draft, "en", rushOffered).map((answer) => answer.questionChoices);

describe("the request's payload", () => {
  it("sends an each choice with its count, and no count on the others", () => {
    const draft = draftWith({
      "q-extras": { ...emptyAnswer(), choiceIds: ["c-background", "c-character"], counts: { "c-character": 2 } },
    });
    expect(choicesSent(true, draft)[0]).toEqual([
      { formQuestionChoiceId: "c-background", formQuestionChoiceStatus: "SELECTED" },
      { formQuestionChoiceId: "c-character", formQuestionChoiceStatus: "SELECTED", count: 2 },
    ]);
  });

  it("sends an each choice's absent count as 1 and clamps one past its maximum", () => {
    const absent = draftWith({ "q-extras": { ...emptyAnswer(), choiceIds: ["c-character"] } });
    expect(choicesSent(true, absent)[0]).toEqual([
      { formQuestionChoiceId: "c-character", formQuestionChoiceStatus: "SELECTED", count: 1 },
    ]);
    const past = draftWith({
      "q-extras": { ...emptyAnswer(), choiceIds: ["c-character"], counts: { "c-character": 9 } },
    });
    expect(choicesSent(true, past)[0][0]).toMatchObject({ count: 3 });
  });

  it("never sends a count kept for a choice that is not each", () => {
    const draft = draftWith({
      "q-extras": { ...emptyAnswer(), choiceIds: ["c-background"], counts: { "c-background": 4 } },
    });
    expect(choicesSent(true, draft)[0]).toEqual([
      { formQuestionChoiceId: "c-background", formQuestionChoiceStatus: "SELECTED" },
    ]);
  });

  it("sends rush choices while rush is offered, and drops them once it is not", () => {
    const draft = draftWith({
      "q-extras": { ...emptyAnswer(), choiceIds: ["c-background", "c-rush"] },
      "q-delivery": { ...emptyAnswer(), choiceIds: ["c-express"] },
    });
    expect(choicesSent(true, draft).map((choices) => choices.map((c) => c.formQuestionChoiceId))).toEqual([
      ["c-background", "c-rush"],
      ["c-express"],
    ]);
    expect(choicesSent(false, draft).map((choices) => choices.map((c) => c.formQuestionChoiceId))).toEqual([
      ["c-background"],
      [],
    ]);
  });

  it("reads a required question answered only by a dropped rush choice as unanswered", () => {
    const draft = draftWith({ "q-delivery": { ...emptyAnswer(), choiceIds: ["c-express"] } });
    expect(missingAnswers([extras, delivery], draft, true)).toEqual([]);
    expect(missingAnswers([extras, delivery], draft, false)).toEqual(["q-delivery"]);
  });

  it("reads a draft kept before counts (no counts field) as counts of 1", () => {
    const old = draftWith({
      "q-extras": { text: "", date: "", choiceIds: ["c-character"], medias: [] } as unknown as ReturnType<
        typeof emptyAnswer
      >,
    });
    expect(choicesSent(true, old)[0]).toEqual([
      { formQuestionChoiceId: "c-character", formQuestionChoiceStatus: "SELECTED", count: 1 },
    ]);
  });
});
