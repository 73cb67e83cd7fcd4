// The follows' words (decision 107) in the reader's language: why the follow door refused.
import { m } from "#app/paraglide/messages.js";
import type { Locale } from "../domain/locales";

type FollowDoorError = "follows_error_self" | "follows_error_target" | "follows_error_rate_limited";

const ERRORS: Record<FollowDoorError, (inputs: Record<string, never>, options: { locale: Locale }) => string> = {
  follows_error_self: m.follows_error_self,
  follows_error_target: m.follows_error_target,
  follows_error_rate_limited: m.follows_error_rate_limited,
};

export const followError = (key: FollowDoorError, locale: Locale) => ERRORS[key]({}, { locale });
