import { isAdmin } from "./roles";

/**
 * Who a profile shows to, in one place (decisions 075 and 089; issue 59): the page at /{handle}, and what hangs on
 * that profile alone wherever it is shown: the reviews of its creator and their rating (the profile, the "More
 * reviews" API, the form page's line), and its name, picture and link on the reviews it wrote.
 * - A banned account's (075): to nobody; a ban takes the whole public face away.
 * - One an admin hid after a report (089): to its owner and the admins only, as its page.
 * - Any other: to everyone.
 * The SQL reads the facts (`hidden_at`, `notBannedSql`); this decides.
 */
export interface ProfileStanding {
  /** The profile's user account. */
  ownerAccountId: string;
  hidden: boolean;
  banned: boolean;
}

/** Who is looking: a signed-in user's account and roles, or null when signed out. */
export type ProfileViewer = { accountId: string; roles: readonly string[] } | null;

export function isProfileShownTo(profile: ProfileStanding, viewer: ProfileViewer): boolean {
  if (profile.banned) return false;
  if (!profile.hidden) return true;
  return viewer !== null && (viewer.accountId === profile.ownerAccountId || isAdmin(viewer.roles));
}
