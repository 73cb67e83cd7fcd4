import { isUnanswered, type RequestAnswer } from "#worker/orders/domain/order-request";
import type { QuestionType } from "#worker/db/schema/enums";
import { isOffered, pickCount, type ChoicePricing } from "./request-price";
import type { Locale } from "#worker/domain/locales";

/**
 * What a client has typed into a request, kept in the browser: in state while they write, and in sessionStorage so
 * closing the modal, a failed send or a 3-D Secure redirect while adding a card never loses it (nor the modal's terms
 * box, `isAgreedToTerms`). Cleared once sent.
 */
export interface AnswerDraft {
  text: string;
  date: string;
  choiceIds: string[];
  /** How many of each `each` choice picked (issue 63), by choice id; absent is 1. */
  counts: Record<string, number>;
  medias: { formatType: "FILE" | "LINK"; url: string; name: string }[];
}

export interface RequestDraft {
  answers: Record<string, AnswerDraft>;
  isAgreedToTerms: boolean;
  isAcknowledged: boolean;
}

export const emptyAnswer = (): AnswerDraft => ({ text: "", date: "", choiceIds: [], counts: {}, medias: [] });
export const emptyDraft = (): RequestDraft => ({ answers: {}, isAgreedToTerms: false, isAcknowledged: false });

const storageKey = (target: string) => `comet-request:${target}`;

/** The draft's key for a request target: the service modal (which keeps its terms box here too) and the form page. */
export const requestDraftKey = (target: { serviceId: string } | { formCode: string }) =>
  "serviceId" in target ? `service:${target.serviceId}` : `form:${target.formCode}`;

export function loadDraft(target: string): RequestDraft | null {
  try {
    const raw = sessionStorage.getItem(storageKey(target));
    if (!raw) return null;
    const draft = JSON.parse(raw) as RequestDraft;
    // A draft kept before counts were (issue 63) reads as counts of 1.
    for (const answer of Object.values(draft.answers ?? {})) answer.counts ??= {};
    return draft;
  } catch {
    return null;
  }
}

/**
 * The draft from an earlier visit, with what was typed on this page before it came back laid over it. It comes back
 * just after hydration, when the page's draft holds only what the client typed or ticked while the page was loading
 * (decision 060): newer than anything kept, so each answer typed wins over the kept one, and a box ticked stays ticked.
 */
export function restoredDraft(kept: RequestDraft, typed: RequestDraft): RequestDraft {
  return {
    answers: { ...kept.answers, ...typed.answers },
    isAgreedToTerms: kept.isAgreedToTerms || typed.isAgreedToTerms,
    isAcknowledged: kept.isAcknowledged || typed.isAcknowledged,
  };
}

export function saveDraft(target: string, draft: RequestDraft) {
  try {
    sessionStorage.setItem(storageKey(target), JSON.stringify(draft));
  } catch {
    // Private mode or a full storage: the draft still lives in the page's state.
  }
}

export function clearDraft(target: string) {
  try {
    sessionStorage.removeItem(storageKey(target));
  } catch {
    // Nothing to clear.
  }
}

interface DraftQuestion {
  id: string;
  questionType: QuestionType;
  isRequired: boolean;
  choices: readonly { id: string; pricing: ChoicePricing }[];
}

/**
 * The choices of an answer that go: those the page still offers (a rush choice picked while rush was offered is
 * dropped once it is not: the server would refuse it), each with its count (`each` choices only; 1..its maximum).
 */
function sentChoices(question: DraftQuestion, answer: AnswerDraft, rushOffered: boolean) {
  return answer.choiceIds.flatMap((id) => {
    const pricing = question.choices.find((choice) => choice.id === id)?.pricing;
    if (!isOffered(pricing, rushOffered)) return [];
    return [{ id, count: pricing?.kind === "each" ? pickCount(pricing, answer.counts?.[id]) : null }];
  });
}

/**
 * The answers as spec section 7's payload; questions that ask nothing (NONE) send nothing. `rushOffered`: whether a
 * request now takes a free slot nobody waits for (decision 091), without which rush choices are not sent.
 */
export function answersPayload(
  questions: DraftQuestion[],
  draft: RequestDraft,
  languageCode: Locale,
  rushOffered: boolean,
): RequestAnswer[] {
  return questions
    .filter((q) => q.questionType !== "NONE")
    .map((q) => {
      const a = draft.answers[q.id] ?? emptyAnswer();
      return {
        formQuestionId: q.id,
        formQuestionType: q.questionType,
        answer: {
          text: a.text.trim() ? { text: a.text, languageCode } : null,
          date: a.date || null,
          medias: a.medias.map(({ formatType, url, name }) =>
            formatType === "FILE" ? { formatType, url, name } : { formatType, url },
          ),
        },
        questionChoices: sentChoices(q, a, rushOffered).map(({ id, count }) => ({
          formQuestionChoiceId: id,
          formQuestionChoiceStatus: "SELECTED" as const,
          ...(count === null ? {} : { count }),
        })),
      };
    });
}

/**
 * The required questions left unanswered, by the one rule the server applies too (worker/orders/domain/order-request.ts),
 * on what would be sent (a rush pick no longer offered answers nothing).
 */
export function missingAnswers(questions: DraftQuestion[], draft: RequestDraft, rushOffered: boolean): string[] {
  return questions
    .filter((q) => {
      if (!q.isRequired) return false;
      const a = draft.answers[q.id] ?? emptyAnswer();
      return isUnanswered(q, {
        text: { text: a.text },
        date: a.date || null,
        medias: a.medias,
        selectedChoiceIds: new Set(sentChoices(q, a, rushOffered).map((choice) => choice.id)),
      });
    })
    .map((q) => q.id);
}
