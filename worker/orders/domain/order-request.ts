import type { AnswerChoiceStatus, QuestionType } from "../../db/schema/enums";
import { isCalendarDate } from "../../domain/dates";
import { fileNameOf } from "../../media/domain/file-names";
import { isBlankText } from "../../domain/text";
import type { SlotStatus } from "../../domain/slots";
import { licenceOf, type Licence, type LicenceTag } from "./licence";
import { priceLines, rushDaysOf, type ChoicePrice, type PickedChoice, type PriceLine } from "./price-lines";
import type { Locale } from "../../domain/locales";

/**
 * A client's request (spec sections 4, 5 and 7; docs/decisions/025): the submission payload (parsed by
 * order-request-schema.ts), and the rules, shared by the service modal, the form page and the server, a request must pass before an order exists. Pure: the server
 * loads the questions and the client's state, asks `checkRequest`, and writes the order only when it says yes.
 * Refusals are message keys (messages/requests); the edge words them in the user's language.
 */

export const ANSWER_TEXT_MAX = 5000;
/** The name an answer's file is shown by: the client's own, kept as every file's name is (`fileNameOf`). */
export function answerFileName(given: string | null | undefined, storedFile: string): string {
  return fileNameOf(given, storedFile);
}

/** A file the client uploaded (its stored or signed URL) or a link. */
interface AnswerMediaInput {
  formatType: "FILE" | "LINK";
  url: string;
  /** A file's own name on the client's device, shown in the order's Details (the stored key is a random id). */
  name?: string | null;
}

/** One answer of spec section 7's service submission payload. */
export interface RequestAnswer {
  formQuestionId: string;
  formQuestionType: QuestionType;
  answer: {
    text?: { text: string; languageCode: Locale } | null;
    date?: string | null;
    medias: AnswerMediaInput[];
  };
  /** `count`: how many of an `each` choice (issue 63); absent is 1, and any other choice may only be 1. */
  questionChoices: { formQuestionChoiceId: string; formQuestionChoiceStatus: AnswerChoiceStatus; count?: number }[];
}

interface RequestCommon {
  paymentAccountMethodId?: string | null;
  isAgreedToTerms: boolean;
  /** The separate acknowledgement that sending a request does not guarantee the creator accepts it (spec section 5). */
  isAcknowledged: boolean;
  formQuestionAnswers: RequestAnswer[];
}

/** POST /api/features/commission/service/submit (spec section 7). Parsed by order-request-schema.ts. */
export interface ServiceRequest extends RequestCommon {
  serviceId: string;
}
/** POST /api/features/commission/form/submit: the same, for a form's code (the page /cf/{code}). */
export interface FormRequest extends RequestCommon {
  formCode: string;
}

/** What the rules and the pricing read of a form's choice (issue 63: its price's kind, licence and rush days). */
export interface RequestChoice {
  id: string;
  price: ChoicePrice;
  licence: LicenceTag | null;
  rushDays: number | null;
}

/** What the rules read of a form's question. */
export interface RequestQuestion {
  id: string;
  questionType: QuestionType;
  isRequired: boolean;
  choices: RequestChoice[];
}

/** Why a request is refused, as message keys of messages/requests. */
export type RequestRefusal =
  | "requests_error_required"
  | "requests_error_terms"
  | "requests_error_acknowledge"
  | "requests_error_no_card"
  | "requests_error_own"
  | "requests_error_already_submitted"
  | "requests_error_closed"
  | "requests_error_full"
  /** A rush choice while the request would not take a free slot nobody waits for (issue 63, decision 091). */
  | "requests_error_rush_unavailable"
  | "requests_error_invalid";

/** A question's answer as the order keeps it: the choices it lists, the text, date and media as given. */
export interface CheckedAnswer {
  question: RequestQuestion;
  text: { text: string; languageCode: Locale } | null;
  date: string | null;
  medias: AnswerMediaInput[];
  selectedChoiceIds: Set<string>;
  /** How many of each selected `each` choice the client asked for (absent: 1). */
  counts: Map<string, number>;
}

export type RequestCheck =
  | { ok: true; answers: CheckedAnswer[] }
  /** `missing`: the required questions left unanswered, shown inline as 'This field is required.'. */
  | { ok: false; refusal: RequestRefusal; missing?: string[] };

/**
 * Spec section 5: "A required question is unanswered when text is empty, no choice is selected, no media is
 * attached, or the date is null." Text is empty when it is blank by the text rules (worker/domain/text.ts, decision
 * 048): whitespace and invisible characters only. A NONE question (a notice block) asks nothing.
 */
export function isUnanswered(
  question: Pick<RequestQuestion, "questionType">,
  answer:
    | {
        text: { text: string } | null;
        date: string | null;
        medias: readonly unknown[];
        selectedChoiceIds: ReadonlySet<string>;
      }
    | undefined,
): boolean {
  if (!answer) return question.questionType !== "NONE";
  switch (question.questionType) {
    case "SHORT_TEXT":
    case "LONG_TEXT":
      // Decision 048's blank: only whitespace and invisible characters (a zero-width space alone is no answer).
      return !answer.text || isBlankText(answer.text.text);
    case "SINGLE_CHOICE":
    case "MULTIPLE_CHOICE":
      return answer.selectedChoiceIds.size === 0;
    case "MEDIA":
      return answer.medias.length === 0;
    case "DATE":
      return !answer.date;
    case "NONE":
      return false;
  }
}

export interface RequestContext {
  /** The client is the creator of the service or form. */
  isOwn: boolean;
  /** The creator has closed commissions (general settings). */
  isClosed: boolean;
  /** The client has a pending request (DRAFT, submitted) for this service or form already. */
  hasPendingRequest: boolean;
  /** Saved cards of the client. */
  savedCardCount: number;
  /** The card the request names is one of the client's saved cards (true when it names none). */
  namedCardIsSaved: boolean;
}

/**
 * Every rule of a request, in the order the client meets them: who may send, the answers, the terms and the
 * acknowledgement, then a saved card. Answers to unknown questions, choices of other questions, two choices for a
 * single-choice question, or a file for a text question are refused as invalid (a browser never sends them).
 */
export function checkRequest(
  questions: RequestQuestion[],
  input: Pick<ServiceRequest, "formQuestionAnswers" | "isAgreedToTerms" | "isAcknowledged">,
  context: RequestContext,
): RequestCheck {
  if (context.isOwn) return { ok: false, refusal: "requests_error_own" };
  if (context.hasPendingRequest) return { ok: false, refusal: "requests_error_already_submitted" };
  if (context.isClosed) return { ok: false, refusal: "requests_error_closed" };

  const byId = new Map(questions.map((q) => [q.id, q]));
  const given = new Map<string, Omit<CheckedAnswer, "question">>();
  for (const a of input.formQuestionAnswers) {
    const question = byId.get(a.formQuestionId);
    if (!question || question.questionType !== a.formQuestionType || given.has(a.formQuestionId))
      return { ok: false, refusal: "requests_error_invalid" };
    const choices = new Map(question.choices.map((c) => [c.id, c]));
    const selected = new Set(
      a.questionChoices.filter((c) => c.formQuestionChoiceStatus === "SELECTED").map((c) => c.formQuestionChoiceId),
    );
    if ([...selected].some((id) => !choices.has(id))) return { ok: false, refusal: "requests_error_invalid" };
    const counts = new Map<string, number>();
    for (const given of a.questionChoices) {
      const choice = choices.get(given.formQuestionChoiceId);
      const count = given.count ?? 1;
      if (choice && !isCountOf(choice.price, count)) return { ok: false, refusal: "requests_error_invalid" };
      if (selected.has(given.formQuestionChoiceId)) counts.set(given.formQuestionChoiceId, count);
    }
    if (question.questionType === "SINGLE_CHOICE" && selected.size > 1)
      return { ok: false, refusal: "requests_error_invalid" };
    if (a.answer.medias.length > 0 && question.questionType !== "MEDIA")
      return { ok: false, refusal: "requests_error_invalid" };
    if (a.answer.date && (question.questionType !== "DATE" || !isCalendarDate(a.answer.date)))
      return { ok: false, refusal: "requests_error_invalid" };
    given.set(a.formQuestionId, {
      text: a.answer.text ?? null,
      date: a.answer.date ?? null,
      medias: a.answer.medias,
      selectedChoiceIds: selected,
      counts,
    });
  }
  const missing = questions.filter((q) => q.isRequired && isUnanswered(q, given.get(q.id))).map((q) => q.id);
  if (missing.length > 0) return { ok: false, refusal: "requests_error_required", missing };
  if (!input.isAgreedToTerms) return { ok: false, refusal: "requests_error_terms" };
  if (!input.isAcknowledged) return { ok: false, refusal: "requests_error_acknowledge" };
  if (context.savedCardCount < 1) return { ok: false, refusal: "requests_error_no_card" };
  // A card id that is not one of the client's saved cards is no page's post: refused, not ignored.
  if (!context.namedCardIsSaved) return { ok: false, refusal: "requests_error_invalid" };

  const empty = { text: null, date: null, medias: [], selectedChoiceIds: new Set<string>(), counts: new Map() };
  return { ok: true, answers: questions.map((question) => ({ question, ...(given.get(question.id) ?? empty) })) };
}

/**
 * A count the choice allows: an `each` choice 1 up to the most its creator set (no maximum set is 1), any other choice
 * only 1. The page offers nothing else, so anything else is refused, not clamped.
 */
function isCountOf(price: ChoicePrice, count: number): boolean {
  if (!Number.isSafeInteger(count) || count < 1) return false;
  return price.kind === "each" ? count <= (price.maxCount ?? 1) : count === 1;
}

/** A request as priced (issue 63, decision 099): its lines and total, the licence its picks grant, its rush days. */
export interface RequestPricing {
  lines: PriceLine[];
  /** Null when nothing is priced: the creator sets it (spec section 5, 'Unsettled'). */
  total: number | null;
  licence: Licence;
  rushDays: number | null;
}

/**
 * Prices a checked request from the service's (or form's) price: the picked choices in the form's order, questions
 * then choices, as the page lists them. `lineIdOf` names a choice in the lines: the order's snapshot choice, so the
 * lines read the snapshot's titles after the form has changed.
 */
export function priceRequest(
  basePrice: number | null,
  currencyId: string,
  answers: readonly CheckedAnswer[],
  lineIdOf: (formChoiceId: string) => string = (id) => id,
): RequestPricing {
  const picked = answers.flatMap((a) =>
    a.question.choices
      .filter((choice) => a.selectedChoiceIds.has(choice.id))
      .map((choice) => ({ ...choice, count: a.counts.get(choice.id) ?? 1 })),
  );
  const picks: PickedChoice[] = picked.map((choice) => ({
    choiceId: lineIdOf(choice.id),
    price: choice.price,
    count: choice.count,
  }));
  return {
    ...priceLines(basePrice, currencyId, picks),
    licence: licenceOf(picked.map((choice) => choice.licence)),
    rushDays: rushDaysOf(picked),
  };
}

/** Where a request's slot comes from (decision 091): a free one nobody waits for, the client's reservation, or none. */
export type SlotTaken = "free" | "reservation" | "none";

/**
 * Whether the slot the request takes lets it through: every slot held is "full"; a rush order must take a free slot
 * nobody waits for, so it never jumps a waiting client (issue 63), and a reservation's holder asks without rush.
 */
export function slotRefusal(slot: SlotTaken, isRush: boolean): RequestRefusal | null {
  if (isRush && slot !== "free") return "requests_error_rush_unavailable";
  return slot === "none" ? "requests_error_full" : null;
}

/** Whether the page offers rush choices: a request now would take a free slot nobody waits for (`slotRefusal`). */
export function offersRush(status: SlotStatus | null, holdsReservation: boolean): boolean {
  if (holdsReservation) return false;
  return status === null || status.kind === "unlimited" || status.kind === "open";
}

/** The order's short public code (notification links ?order={code}): 8 characters without look-alikes (0/O, 1/I). */
const ORDER_CODE_ALPHABET = "23456789ABCDEFGHJKLMNPQRSTUVWXYZ";
export function orderCodeFrom(random: Uint8Array): string {
  if (random.length < 8) throw new Error("orderCodeFrom needs 8 random bytes");
  return Array.from(random.slice(0, 8), (byte) => ORDER_CODE_ALPHABET[byte % ORDER_CODE_ALPHABET.length]).join("");
}
