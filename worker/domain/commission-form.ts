import { parseServiceRating } from "./content-gate";
import * as v from "valibot";
import { textField } from "./text";
import { CURRENCIES, isCurrencyCode, type CurrencyCode } from "./currency";
import { parsePrice, priceInputError } from "./pricing";
import { LICENCE_TAGS, PRICE_KINDS, QUESTION_TYPES, type QuestionType } from "../db/schema/enums";
import { parseChoicePricing, type ParsedChoicePricing } from "./choice-pricing";
import { FORM_QUESTION_MEDIA_MAX, MEDIA_URL_MAX, SERVICE_MEDIA_MAX_FILES } from "../media/domain/media-limits";
import { buildMediaEntry, type MediaEntry } from "../media/domain/media-entries";
import { mimeTypeForKeyFile } from "../media/domain/media-sniff";
import { parseMediaKey } from "../media/domain/media-keys";
import {
  mediaDraftListSchema,
  parseMediaDrafts,
  type ParsedMediaDraft,
  type WorkMediaDraft,
} from "../media/domain/media-drafts";
import { parseFields, type FieldErrors } from "./validation";
import { parseSlotCount } from "./slots";
import { DELIVERY_DAYS_MAX, DELIVERY_DAYS_MIN } from "./delivery-days";
import type { StagePlanItem } from "../orders/domain/order-stages";
import { parseStagePlanRows, type StagePlanRow } from "../orders/domain/stage-plan-rows";
import {
  CHOICES_MAX,
  CHOICE_TITLE_MAX,
  CHOICE_TYPES,
  FORM_DESCRIPTION_MAX,
  FORM_MEDIA_FIELDS,
  FORM_TITLE_MAX,
  QUESTIONS_MAX,
  QUESTION_DESCRIPTION_MAX,
  QUESTION_TITLE_MAX,
  SERVICE_DESCRIPTION_MAX,
  SERVICE_TERMS_MAX,
  SERVICE_TITLE_MAX,
  type QuestionDraft,
} from "./commission-form-fields";

// The limits and the editor's helpers live in commission-form-fields.ts (no valibot, so the editors' JavaScript
// does not carry it); the server's code keeps importing them from here.
export * from "./commission-form-fields";

/**
 * The commission form builder's payload (issue 3, spec sections 3 and 5), shared by the editor in the browser and
 * the server. Prices are typed in major units ("1500", "12.50") and stored in the currency's minor unit: read and
 * written back by pricing.ts (parsePrice, formatPriceInput), the one price reader.
 * Messages are message keys of messages/authoring; authoring-messages.ts translates them.
 */

export { FORM_QUESTION_MEDIA_MAX };

/** Kept media by id (must already be this form's), or a new entry rebuilt by the server. */
export type ParsedFormMedia = { id: string; entry?: undefined } | { id?: undefined; entry: MediaEntry };

export interface FormDraft {
  title: string;
  description: string;
  categoryCode: string;
  price: string;
  currency: CurrencyCode;
  questions: QuestionDraft[];
  /** The milestones an order of this form starts with (decision 073), as typed; absent leaves them as they are. */
  stagePlan?: StagePlanRow[];
}

/** A choice as stored: its title, its pricing (choice-pricing.ts; absent on the template's copy: an `add`), its image. */
interface ParsedChoice extends Partial<Omit<ParsedChoicePricing, "priceAmount">> {
  title: string;
  priceAmount: number | null;
  media?: ParsedFormMedia | null;
}

interface ParsedQuestion {
  type: QuestionType;
  title: string;
  description: string;
  isRequired: boolean;
  choices: ParsedChoice[];
  /** Absent: none (the template copy). */
  medias?: ParsedFormMedia[];
}

export interface ParsedForm {
  title: string;
  description: string;
  categoryCode: string | null;
  priceAmount: number | null;
  currency: CurrencyCode;
  questions: ParsedQuestion[];
  stagePlan?: StagePlanItem[];
}

/** A text field by the rules of text.ts: required when it has a `minKey` (blank is empty). */
const text = (max: number, maxKey: string, minKey?: string): v.GenericSchema<string, string> =>
  textField({ max, required: Boolean(minKey) }, { max: maxKey, required: minKey });

/** A stage plan's typed rows (stage-plan-rows.ts reads them by the rule, parseStagePlan). */
const stagePlanRowsSchema = v.optional(
  v.array(v.object({ title: v.string(), share: v.string(), revisions: v.string() })),
);

/**
 * The plan's rows by the rule, its errors added to `errors` (message keys by path, "stagePlan.1.share"). No rows
 * posted at all (not the editors' post) is undefined: the stored plan stays as it is.
 */
function parsedPlan(rows: StagePlanRow[] | undefined, errors: FieldErrors): StagePlanItem[] | undefined {
  if (rows === undefined) return undefined;
  const parsed = parseStagePlanRows(rows);
  if (parsed.ok) return parsed.plan;
  Object.assign(errors, parsed.errors);
  return undefined;
}

const mediaSchema = v.object({
  id: v.optional(v.string()),
  url: v.pipe(v.string(), v.trim(), v.maxLength(MEDIA_URL_MAX, "authoring_media_url")),
  formatType: v.optional(v.picklist(["FILE", "LINK", "EMBED"])),
  code: v.optional(v.nullable(v.pipe(v.string(), v.maxLength(5000)))),
});

const choiceSchema = v.object({
  id: v.optional(v.string()),
  title: text(CHOICE_TITLE_MAX, "authoring_choice_title_max", "authoring_choice_title_required"),
  price: v.string(),
  // Pricing (issue 63): a post from before these fields is an unpriced-or-adding choice, as it always read.
  priceKind: v.optional(v.picklist(PRICE_KINDS, "authoring_choice_price_kind"), "add"),
  percent: v.optional(v.string(), ""),
  maxCount: v.optional(v.string(), ""),
  licence: v.optional(v.picklist([...LICENCE_TAGS, ""], "authoring_choice_licence"), ""),
  rushDays: v.optional(v.string(), ""),
  media: v.optional(v.nullable(mediaSchema)),
});

const questionSchema = v.object({
  id: v.optional(v.string()),
  type: v.picklist(QUESTION_TYPES, "authoring_question_type"),
  title: text(QUESTION_TITLE_MAX, "authoring_question_title_max", "authoring_question_title_required"),
  description: text(QUESTION_DESCRIPTION_MAX, "authoring_question_description_max"),
  isRequired: v.boolean(),
  choices: v.pipe(v.array(choiceSchema), v.maxLength(CHOICES_MAX, "authoring_choices_max")),
  medias: v.optional(v.pipe(v.array(mediaSchema), v.maxLength(FORM_QUESTION_MEDIA_MAX, "media_limit_exceeded"))),
});

const formDraftSchema = v.object({
  title: text(FORM_TITLE_MAX, "authoring_form_title_max", "authoring_form_title_required"),
  description: text(FORM_DESCRIPTION_MAX, "authoring_form_description_max"),
  categoryCode: v.string(),
  price: v.string(),
  currency: v.picklist(CURRENCIES, "authoring_currency"),
  questions: v.pipe(v.array(questionSchema), v.maxLength(QUESTIONS_MAX, "authoring_questions_max")),
  stagePlan: stagePlanRowsSchema,
});

/** Validate a draft; errors are keyed by dot path ("title", "questions.2.choices.0.price"). */
/** The top-level price's error even when other fields failed the schema, so every message shows at once. */
function withPriceError(errors: FieldErrors, input: unknown): FieldErrors {
  if (errors.price || typeof input !== "object" || input === null) return errors;
  const { price, currency } = input as { price?: unknown; currency?: unknown };
  if (typeof price !== "string" || !isCurrencyCode(currency)) return errors;
  return parsePrice(price, currency) === undefined ? { ...errors, price: priceInputError(currency) } : errors;
}

export function parseFormDraft(input: unknown): { ok: true; data: ParsedForm } | { ok: false; errors: FieldErrors } {
  const parsed = parseFields(formDraftSchema, input);
  if (!parsed.ok) return { ok: false, errors: withPriceError(parsed.errors, input) };
  const draft = parsed.data;
  const errors: FieldErrors = {};
  const priceAmount = parsePrice(draft.price, draft.currency);
  if (priceAmount === undefined) errors.price = priceInputError(draft.currency);
  const questions: ParsedQuestion[] = draft.questions.map((q, qi) => {
    const isChoice = CHOICE_TYPES.includes(q.type);
    if (isChoice && q.choices.length === 0) errors[`questions.${qi}.choices`] = "authoring_choices_required";
    const choices = isChoice
      ? q.choices.map((c, ci): ParsedChoice => {
          const path = `questions.${qi}.choices.${ci}`;
          const priced = parseChoicePricing(c, q.type, draft.currency);
          if (!priced.ok) for (const [field, key] of Object.entries(priced.errors)) errors[`${path}.${field}`] = key;
          const media = c.media ? parseFormMedia(c.media, FORM_MEDIA_FIELDS.choice) : null;
          if (media === undefined) errors[`${path}.media`] = "authoring_media_url";
          else if (media?.entry && media.entry.mediaType !== "IMAGE")
            errors[`${path}.media`] = "authoring_choice_media_image";
          return { title: c.title, ...(priced.ok ? priced.pricing : { priceAmount: null }), media: media ?? null };
        })
      : [];
    const medias: ParsedFormMedia[] = [];
    (q.medias ?? []).forEach((m, mi) => {
      const media = parseFormMedia(m, FORM_MEDIA_FIELDS.question);
      if (media === undefined) errors[`questions.${qi}.medias.${mi}`] = "authoring_media_url";
      else medias.push(media);
    });
    // A notice block (NONE) asks nothing, so it cannot be required.
    return {
      type: q.type,
      title: q.title,
      description: q.description,
      isRequired: q.type === "NONE" ? false : q.isRequired,
      choices,
      medias,
    };
  });
  const stagePlan = parsedPlan(draft.stagePlan, errors);
  if (Object.keys(errors).length > 0) return { ok: false, errors };
  return {
    ok: true,
    data: {
      title: draft.title,
      description: draft.description,
      categoryCode: draft.categoryCode.trim() || null,
      priceAmount: priceAmount ?? null,
      currency: draft.currency,
      questions,
      ...(stagePlan && { stagePlan }),
    },
  };
}

/**
 * A media of the payload: kept by id, or a new entry rebuilt here (never trusting the browser's type, site or
 * thumbnail): FILE only from one of our keys under a form's `field` folder (whose form the server checks), LINK and
 * EMBED from their URL or code. Undefined when it says nothing usable.
 */
function parseFormMedia(m: v.InferOutput<typeof mediaSchema>, field: string): ParsedFormMedia | undefined {
  if (m.id) return { id: m.id };
  if (m.formatType === "FILE") {
    const key = parseMediaKey(m.url);
    if (key?.domain !== "commission-form" || key.field !== field) return undefined;
    const mimeType = mimeTypeForKeyFile(key.file);
    const entry = mimeType ? buildMediaEntry({ formatType: "FILE", url: `/media/${key.key}`, mimeType }) : null;
    return entry ? { entry } : undefined;
  }
  const entry =
    m.formatType === "EMBED"
      ? m.code
        ? buildMediaEntry({ formatType: "EMBED", code: m.code })
        : null
      : /^https?:\/\//i.test(m.url)
        ? buildMediaEntry({ formatType: "LINK", url: m.url })
        : null;
  return entry ? { entry } : undefined;
}

const CODE_ALPHABET = "abcdefghjkmnpqrstuvwxyz23456789";
const FORM_CODE_LENGTH = 8;

/** A short public code for /cf/{code}: 8 characters of an unambiguous alphabet (31^8 ≈ 8.5e11). */
export function generateFormCode(
  random: (n: number) => Uint8Array = (n) => crypto.getRandomValues(new Uint8Array(n)),
): string {
  // 248 = 8 * 31: rejecting bytes above it keeps every character equally likely.
  let out = "";
  while (out.length < FORM_CODE_LENGTH) {
    for (const byte of random(FORM_CODE_LENGTH * 2)) {
      if (byte < 248 && out.length < FORM_CODE_LENGTH) out += CODE_ALPHABET[byte % 31];
    }
  }
  return out;
}

/** A service listing (spec sections 3 and 5): title and description strings, price, linked form, terms, categories. */

export interface ServiceDraft {
  title: string;
  description: string;
  /** The gallery, in order (the first is the card's thumbnail): as the work editor's media list. */
  medias: WorkMediaDraft[];
  price: string;
  currency: CurrencyCode;
  formId: string;
  terms: string;
  categoryCodes: string[];
  /** The milestones an order of this service starts with (decision 073), as typed; absent leaves them as they are. */
  stagePlan?: StagePlanRow[];
  /** Its own slot count (decision 091) as typed: blank for none (the creator's overall count alone applies); absent
   * leaves it as it is. */
  slots?: string;
  /** Its typical delivery time in whole days (decision 109) as typed: blank for none; absent leaves it as it is. */
  deliveryDays?: string;
  /** Its content rating (decision 110), a code; blank or all-ages for none; absent leaves it as it is. */
  contentRatingCode?: string;
}

export interface ParsedService {
  title: string;
  description: string;
  medias: ParsedMediaDraft[];
  priceAmount: number | null;
  currency: CurrencyCode;
  formId: string | null;
  terms: string;
  categoryCodes: string[];
  stagePlan?: StagePlanItem[];
  /** null: no count of its own; absent: left as it is. Saved by saveTargetSlots (worker/services/waitlist.ts). */
  slots?: number | null;
  /** Typical delivery time in whole days; null: none said; absent: left as it is. */
  deliveryDays?: number | null;
  /** Content rating code; null: all-ages; absent: left as it is. */
  contentRatingCode?: string | null;
}

/** The editor's delivery time as typed (decision 109): blank for none, else whole days within the bounds. */
const deliveryDaysSchema = v.pipe(
  v.string(),
  v.trim(),
  v.union([
    v.pipe(
      v.literal(""),
      v.transform(() => null),
    ),
    v.pipe(
      v.string(),
      v.regex(/^\d{1,3}$/),
      v.transform(Number),
      v.number(),
      v.minValue(DELIVERY_DAYS_MIN),
      v.maxValue(DELIVERY_DAYS_MAX),
    ),
  ]),
);

/** The posted delivery time (parsed by its schema first); a refusal names its message key. */
export function parseDeliveryDays(
  input: string,
): { ok: true; days: number | null } | { ok: false; error: "delivery_days_invalid" } {
  const parsed = v.safeParse(deliveryDaysSchema, input);
  return parsed.success ? { ok: true, days: parsed.output } : { ok: false, error: "delivery_days_invalid" };
}

/** A posted delivery time by parseDeliveryDays: undefined when not posted, its message key on refusal. */
function parsedDeliveryDays(
  input: unknown,
): { deliveryDays: number | null } | { error: "delivery_days_invalid" } | undefined {
  const posted =
    typeof input === "object" && input !== null ? (input as { deliveryDays?: unknown }).deliveryDays : undefined;
  if (typeof posted !== "string") return undefined;
  const days = parseDeliveryDays(posted);
  return days.ok ? { deliveryDays: days.days } : { error: days.error };
}

/** A posted slot count by parseSlotCount: undefined when not posted, its message key on refusal. */
function parsedSlots(input: unknown): { slots: number | null } | { error: "slots_invalid" } | undefined {
  const posted = typeof input === "object" && input !== null ? (input as { slots?: unknown }).slots : undefined;
  if (typeof posted !== "string") return undefined;
  const count = parseSlotCount(posted);
  return count.ok ? { slots: count.slots } : { error: count.error };
}

const serviceDraftSchema = v.object({
  title: text(SERVICE_TITLE_MAX, "authoring_form_title_max", "authoring_form_title_required"),
  description: text(SERVICE_DESCRIPTION_MAX, "authoring_service_description_max"),
  medias: mediaDraftListSchema(SERVICE_MEDIA_MAX_FILES),
  price: v.string(),
  currency: v.picklist(CURRENCIES, "authoring_currency"),
  formId: v.string(),
  terms: text(SERVICE_TERMS_MAX, "authoring_service_terms_max"),
  categoryCodes: v.pipe(v.array(v.string()), v.maxLength(10, "authoring_category")),
  stagePlan: stagePlanRowsSchema,
});

export function parseServiceDraft(
  input: unknown,
): { ok: true; data: ParsedService } | { ok: false; errors: FieldErrors } {
  const parsed = parseFields(serviceDraftSchema, input);
  const slots = parsedSlots(input);
  const slotsError = slots && "error" in slots ? { slots: slots.error } : null;
  const days = parsedDeliveryDays(input);
  const daysError = days && "error" in days ? { deliveryDays: days.error } : null;
  const rating = parseServiceRating(
    typeof input === "object" && input !== null
      ? (input as { contentRatingCode?: unknown }).contentRatingCode
      : undefined,
  );
  const ratingError = rating && "error" in rating ? { contentRatingCode: rating.error } : null;
  if (!parsed.ok)
    return {
      ok: false,
      errors: { ...withPriceError(parsed.errors, input), ...slotsError, ...daysError, ...ratingError },
    };
  const d = parsed.data;
  const priceAmount = parsePrice(d.price, d.currency);
  const { medias, errors } = parseMediaDrafts(d.medias, { domain: "commission-service", field: "medias" });
  if (priceAmount === undefined) errors.price = priceInputError(d.currency);
  if (slotsError) Object.assign(errors, slotsError);
  if (daysError) Object.assign(errors, daysError);
  if (ratingError) Object.assign(errors, ratingError);
  const stagePlan = parsedPlan(d.stagePlan, errors);
  if (priceAmount === undefined || Object.keys(errors).length) return { ok: false, errors };
  return {
    ok: true,
    data: {
      title: d.title,
      description: d.description,
      medias,
      priceAmount,
      currency: d.currency,
      formId: d.formId.trim() || null,
      terms: d.terms,
      categoryCodes: [...new Set(d.categoryCodes.map((c) => c.trim()).filter(Boolean))],
      ...(stagePlan && { stagePlan }),
      ...(slots && "slots" in slots && { slots: slots.slots }),
      ...(days && "deliveryDays" in days && { deliveryDays: days.deliveryDays }),
      ...(rating && "contentRatingCode" in rating && { contentRatingCode: rating.contentRatingCode }),
    },
  };
}
