import { m } from "#app/paraglide/messages.js";
import type { Locale } from "../domain/locales";
import { translateAuthoringErrors } from "./authoring";

/**
 * The work editor's own message keys (og images, user categories, grants: messages/work-editor) → their texts; every
 * other key goes through the authoring messages. Listed explicitly, like authoring-messages.ts, so a bundle carries
 * only these.
 */
const WORK_EDITOR_MESSAGES: Record<string, (inputs: object, options: { locale: Locale }) => string> = {
  work_editor_og_image_only: m.work_editor_og_image_only,
  work_editor_user_categories_max: m.work_editor_user_categories_max,
  work_editor_user_unknown: m.work_editor_user_unknown,
  work_editor_users_max: m.work_editor_users_max,
  work_editor_role_unknown: m.work_editor_role_unknown,
};

export function translateWorkErrors(errors: Record<string, string>, locale: Locale): Record<string, string> {
  const own = Object.entries(errors).filter(([, key]) => key in WORK_EDITOR_MESSAGES);
  const rest = Object.fromEntries(Object.entries(errors).filter(([, key]) => !(key in WORK_EDITOR_MESSAGES)));
  return {
    ...translateAuthoringErrors(rest, locale),
    ...Object.fromEntries(own.map(([field, key]) => [field, WORK_EDITOR_MESSAGES[key]({}, { locale })])),
  };
}
