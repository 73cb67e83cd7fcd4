/**
 * The commission form's and service's limits, the form editor's drafts (a question, a choice) and its list helpers
 * (spec sections 3 and 5), used by the editors in the browser and by the server's schemas (commission-form.ts
 * re-exports all of it, so server code keeps one import). No valibot here, so the editors' JavaScript does not carry it.
 */
import type { QuestionType } from "../db/schema/enums";
import type { WorkMediaDraft } from "../media/domain/media-drafts";
import type { PriceKind } from "../orders/domain/price-lines";
import type { LicenceTag } from "../orders/domain/licence";

export const FORM_TITLE_MAX = 100;
export const FORM_DESCRIPTION_MAX = 2000;
export const QUESTION_TITLE_MAX = 200;
export const QUESTION_DESCRIPTION_MAX = 1000;
export const CHOICE_TITLE_MAX = 100;
export const QUESTIONS_MAX = 30;
export const CHOICES_MAX = 20;

export const CHOICE_TYPES: readonly QuestionType[] = ["SINGLE_CHOICE", "MULTIPLE_CHOICE"];

/** Upload folders of a form's media (v1/commission-form/{formId}/{field}/…): question and choice ids change on every save. */
export const FORM_MEDIA_FIELDS = { question: "question_medias", choice: "choice_media" } as const;

/** A service listing's text limits. */
export const SERVICE_TITLE_MAX = 100;
export const SERVICE_DESCRIPTION_MAX = 5000;
export const SERVICE_TERMS_MAX = 10000;

/**
 * The general settings' default terms become a service's terms, so they share the service terms limit.
 * @alias
 */
export const DEFAULT_TERMS_MAX = SERVICE_TERMS_MAX;

/** A question's or choice's media in the editor: same shape as a work's (kept by id, or new FILE / LINK / EMBED). */
export type FormMediaDraft = WorkMediaDraft;

/**
 * A choice as the editor holds and posts it (issue 63, decision 099: the creator prices it the way their price sheet
 * does). The pricing fields are optional so that a post from before them reads as it did: an `add` choice, no licence,
 * no rush. Numbers stay strings as typed; commission-form.ts's parse reads them.
 */
export interface ChoiceDraft {
  id?: string;
  title: string;
  /** Major units as typed; "" means no price (allowed for `add` only; `percent` takes none). */
  price: string;
  /** How the price counts (worker/orders/domain/price-lines.ts); absent is "add". */
  priceKind?: PriceKind;
  /** Whole percent of the base as typed ("30"), for `percent`. */
  percent?: string;
  /** The most of an `each` a client may ask for, as typed. */
  maxCount?: string;
  /** The licence the choice grants; "" (or absent) grants none. */
  licence?: LicenceTag | "";
  /** A rush option's days to deliver from payment, as typed; "" (or absent) is not rush. */
  rushDays?: string;
  /** One image shown with the choice. */
  media?: FormMediaDraft | null;
}

/** A blank choice, as the editor adds it: adds nothing until priced, grants nothing, not rush. */
export function newChoice(): ChoiceDraft {
  return { title: "", price: "", priceKind: "add", percent: "", maxCount: "", licence: "", rushDays: "" };
}

export interface QuestionDraft {
  id?: string;
  type: QuestionType;
  title: string;
  description: string;
  isRequired: boolean;
  choices: ChoiceDraft[];
  /** Up to FORM_QUESTION_MEDIA_MAX references shown with the question. */
  medias?: FormMediaDraft[];
}

/** A blank question of a type, as the editor adds it. */
export function newQuestion(type: QuestionType): QuestionDraft {
  return {
    type,
    title: "",
    description: "",
    isRequired: false,
    choices: CHOICE_TYPES.includes(type) ? [newChoice()] : [],
    medias: [],
  };
}

/** Move item `index` by `delta` (-1 up, +1 down); out-of-range moves return the list unchanged. */
export function moveItem<T>(list: readonly T[], index: number, delta: -1 | 1): T[] {
  const target = index + delta;
  if (index < 0 || index >= list.length || target < 0 || target >= list.length) return [...list];
  const next = [...list];
  [next[index], next[target]] = [next[target], next[index]];
  return next;
}
