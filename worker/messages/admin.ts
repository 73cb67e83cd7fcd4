// The admin console's refusals in the admin's language (decisions 087, 088 and 093): a text with characters no admin
// text keeps, an action refused to an admin who is a party to it. Listed explicitly (not m[key]) so a bundle carries
// only these messages.
import { m } from "#app/paraglide/messages.js";
import type { AdminCase, CaseJudge } from "../admin/domain/admin-actions";
import type { Locale } from "../domain/locales";

/** A reason or a note refused for its characters (`adminTextOf`: control characters, direction overrides, lone surrogates). */
export const adminTextCharactersMessage = (locale: Locale) => m.admin_text_invalid_characters({}, { locale });

const PARTY: Record<AdminCase, (inputs: object, options: { locale: Locale }) => string> = {
  order: m.admin_party_order,
  review: m.admin_party_review,
  work: m.admin_party_work,
  profile: m.admin_party_profile,
  account: m.admin_party_account,
};

/** Why an admin may not decide this case (decision 093): they are a party to it; another admin must. */
export const adminPartyMessage = (what: AdminCase, locale: Locale) => PARTY[what]({}, { locale });

/**
 * What the console says of a case the reading admin may not decide (null when they may): another admin must, or, when
 * every admin is a party, that it waits until another admin is added.
 */
export function caseJudgeNote(judge: CaseJudge, what: AdminCase, locale: Locale): string | null {
  if (judge === "you") return null;
  return judge === "another_admin" ? adminPartyMessage(what, locale) : m.admin_party_no_admin({}, { locale });
}
