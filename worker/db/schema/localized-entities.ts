/**
 * The (entityType, field) pairs stored in localized_texts. entityId is always the owning row's id.
 * One place to look them up, so that writers and readers agree on the spelling.
 */
export const LOCALIZED = {
  currency: { type: "currency", fields: ["name"] },
  language: { type: "language", fields: ["name"] },
  userProfile: { type: "user_profile", fields: ["name", "bio"] },
  commissionCategory: { type: "commission_category", fields: ["name"] },
  contentKind: { type: "content_kind", fields: ["name"] },
  useCase: { type: "use_case", fields: ["name"] },
  contentRating: { type: "content_rating", fields: ["name"] },
  media: { type: "media", fields: ["name", "description"] },
  portfolioWork: { type: "portfolio_work", fields: ["title", "description"] },
  commissionFormTemplate: { type: "commission_form_template", fields: ["name"] },
  commissionFormTemplateQuestion: { type: "commission_form_template_question", fields: ["title", "description"] },
  commissionFormTemplateQuestionChoice: { type: "commission_form_template_question_choice", fields: ["title"] },
  commissionForm: { type: "commission_form", fields: ["title", "description"] },
  commissionFormQuestion: { type: "commission_form_question", fields: ["title", "description"] },
  commissionFormQuestionChoice: { type: "commission_form_question_choice", fields: ["title"] },
  commissionPolicy: { type: "commission_policy", fields: ["terms"] },
  /** General commission settings: the terms a new service starts with. */
  commissionAccount: { type: "commission_account", fields: ["default_terms"] },
  commissionService: { type: "commission_service", fields: ["title", "description"] },
  commissionOrderService: { type: "commission_order_service", fields: ["title", "description", "terms"] },
  commissionOrderForm: { type: "commission_order_form", fields: ["title", "description"] },
  commissionOrderFormQuestion: { type: "commission_order_form_question", fields: ["title", "description"] },
  commissionOrderQuestionChoice: { type: "commission_order_question_choice", fields: ["title"] },
  commissionOrderQuestionAnswer: { type: "commission_order_question_answer", fields: ["text"] },
  fee: { type: "fee", fields: ["name"] },
  chatMessage: { type: "chat_message", fields: ["text"] },
  notification: { type: "notification", fields: ["title", "message"] },
} as const;

export type LocalizedEntityType = (typeof LOCALIZED)[keyof typeof LOCALIZED]["type"];

/**
 * The (ownerType, field) pairs of media_attachments. ownerId is the owning row's id.
 */
export const MEDIA_OWNERS = {
  portfolioWork: { type: "portfolio_work", fields: ["medias", "og_images"] },
  commissionService: { type: "commission_service", fields: ["medias"] },
  commissionFormQuestion: { type: "commission_form_question", fields: ["medias"] },
  commissionFormQuestionChoice: { type: "commission_form_question_choice", fields: ["media"] },
  commissionOrderService: { type: "commission_order_service", fields: ["medias"] },
  commissionOrderFormQuestion: { type: "commission_order_form_question", fields: ["medias"] },
  commissionOrderQuestionChoice: { type: "commission_order_question_choice", fields: ["media"] },
  commissionOrderQuestionAnswer: { type: "commission_order_question_answer", fields: ["medias"] },
  commissionOrderDeliverable: { type: "commission_order_deliverable", fields: ["medias"] },
  chatMessage: { type: "chat_message", fields: ["medias"] },
} as const;

export type MediaOwnerType = (typeof MEDIA_OWNERS)[keyof typeof MEDIA_OWNERS]["type"];
