import { isUnanswered, type RequestAnswer } from "#worker/orders/domain/order-request";
import type { QuestionType } from "#worker/db/schema/enums";

/**
 * What a client has typed into a request, kept in the browser: in state while they write, and in sessionStorage so
 * closing the modal, a failed send or a 3-D Secure redirect while adding a card never loses it (nor the modal's terms
 * box, `isAgreedToTerms`). Cleared once sent.
 */
export interface AnswerDraft {
  text: string;
  date: string;
  choiceIds: string[];
  medias: { formatType: "FILE" | "LINK"; url: string; name: string }[];
}

export interface RequestDraft {
  answers: Record<string, AnswerDraft>;
  isAgreedToTerms: boolean;
  isAcknowledged: boolean;
}

export const emptyAnswer = (): AnswerDraft => ({ text: "", date: "", choiceIds: [], medias: [] });
export const emptyDraft = (): RequestDraft => ({ answers: {}, isAgreedToTerms: false, isAcknowledged: false });

const storageKey = (target: string) => `comet-request:${target}`;

/** The draft's key for a request target: the service modal (which keeps its terms box here too) and the form page. */
export const requestDraftKey = (target: { serviceId: string } | { formCode: string }) =>
  "serviceId" in target ? `service:${target.serviceId}` : `form:${target.formCode}`;

export function loadDraft(target: string): RequestDraft | null {
  try {
    const raw = sessionStorage.getItem(storageKey(target));
    return raw ? (JSON.parse(raw) as RequestDraft) : null;
  } catch {
    return null;
  }
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
}

/** The answers as spec section 7's payload; questions that ask nothing (NONE) send nothing. */
export function answersPayload(
  questions: DraftQuestion[],
  draft: RequestDraft,
  languageCode: "en" | "ja",
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
        questionChoices: a.choiceIds.map((id) => ({
          formQuestionChoiceId: id,
          formQuestionChoiceStatus: "SELECTED" as const,
        })),
      };
    });
}

/** The required questions left unanswered, by the one rule the server applies too (worker/orders/domain/order-request.ts). */
export function missingAnswers(questions: DraftQuestion[], draft: RequestDraft): string[] {
  return questions
    .filter((q) => {
      if (!q.isRequired) return false;
      const a = draft.answers[q.id] ?? emptyAnswer();
      return isUnanswered(q, {
        text: { text: a.text },
        date: a.date || null,
        medias: a.medias,
        selectedChoiceIds: new Set(a.choiceIds),
      });
    })
    .map((q) => q.id);
}
