import type { Locale } from "#worker/domain/locales";
import type { SessionUser } from "#worker/services/sessions";

/**
 * What a page's reads take of who reads it (decision 114): equal for the session's last user and this request's only
 * when the reads would be the same.
 */
export const viewerArgs = (user: SessionUser | null, locale: Locale) => ({
  locale,
  accountId: user?.accountId ?? null,
  displayCurrencyId: user?.displayCurrencyId ?? null,
  showsAdult: user?.showsAdult ?? false,
  roles: user?.roles ?? [],
});
