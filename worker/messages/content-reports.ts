// The report door's words (issue 49, decision 089), in the caller's language: why a report could not be read.
import { m } from "#app/paraglide/messages.js";
import type { Locale } from "../domain/locales";

/** A report the door could not read: no known reason, or not a work or a profile. */
export const reportInputError = (field: "reason" | "target", locale: Locale) =>
  field === "reason" ? m.reports_error_reason({}, { locale }) : m.reports_error_target({}, { locale });
