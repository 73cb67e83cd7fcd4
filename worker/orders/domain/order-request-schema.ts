import * as v from "valibot";
import { ANSWER_CHOICE_STATUSES, QUESTION_TYPES } from "../../db/schema/enums";
import { MEDIA_URL_MAX, PORTFOLIO_MEDIA_MAX_FILES } from "../../media/domain/media-limits";
import { ANSWER_TEXT_MAX, type FormRequest, type ServiceRequest } from "./order-request";
import { EACH_COUNT_MAX } from "./price-lines";
import { LOCALES } from "../../domain/locales";

/**
 * The request payloads' schemas, for the server's edge (worker/api/order-requests.ts). Apart from the rules in
 * order-request.ts so the pages that only check answers do not ship valibot.
 */

const ID = v.pipe(v.string(), v.minLength(1), v.maxLength(64));

const answerMedia = v.variant("formatType", [
  v.object({
    formatType: v.literal("FILE"),
    url: v.pipe(v.string(), v.maxLength(MEDIA_URL_MAX)),
    name: v.nullish(v.pipe(v.string(), v.maxLength(MEDIA_URL_MAX))),
  }),
  v.object({ formatType: v.literal("LINK"), url: v.pipe(v.string(), v.maxLength(MEDIA_URL_MAX)) }),
]);

const answer = v.object({
  formQuestionId: ID,
  formQuestionType: v.picklist(QUESTION_TYPES),
  answer: v.object({
    text: v.nullish(
      v.object({ text: v.pipe(v.string(), v.maxLength(ANSWER_TEXT_MAX)), languageCode: v.picklist(LOCALES) }),
    ),
    date: v.nullish(v.pipe(v.string(), v.isoDate())),
    medias: v.optional(v.pipe(v.array(answerMedia), v.maxLength(PORTFOLIO_MEDIA_MAX_FILES)), []),
  }),
  questionChoices: v.optional(
    v.pipe(
      v.array(
        v.object({
          formQuestionChoiceId: ID,
          formQuestionChoiceStatus: v.picklist(ANSWER_CHOICE_STATUSES),
          // How many of an `each` choice (issue 63); whether the choice allows it is checkRequest's.
          count: v.optional(v.pipe(v.number(), v.integer(), v.minValue(1), v.maxValue(EACH_COUNT_MAX))),
        }),
      ),
      v.maxLength(50),
    ),
    [],
  ),
});

const common = {
  paymentAccountMethodId: v.nullish(ID),
  isAgreedToTerms: v.boolean(),
  /** The separate acknowledgement that sending a request does not guarantee the creator accepts it (spec section 5). */
  isAcknowledged: v.boolean(),
  formQuestionAnswers: v.pipe(v.array(answer), v.maxLength(60)),
};

/** POST /api/features/commission/service/submit (spec section 7's service submission payload). */
export const serviceRequestSchema = v.object({ serviceId: ID, ...common }) satisfies v.GenericSchema<
  unknown,
  ServiceRequest
>;
/** POST /api/features/commission/form/submit: the same, for a form's code (the page /cf/{code}). */
export const formRequestSchema = v.object({
  formCode: v.pipe(v.string(), v.minLength(1), v.maxLength(32)),
  ...common,
}) satisfies v.GenericSchema<unknown, FormRequest>;
