// The admin console's refusals in the admin's language (decisions 087, 088 and 093): a text with characters no admin
// text keeps. Listed explicitly (not m[key]) so a bundle carries only these messages.
import { m } from "#app/paraglide/messages.js";
import type { Locale } from "../domain/constants";

/** A reason or a note refused for its characters (`adminTextOf`: control characters, direction overrides, lone surrogates). */
export const adminTextCharactersMessage = (locale: Locale) => m.admin_text_invalid_characters({}, { locale });
