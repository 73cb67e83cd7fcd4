import type { Locale } from "#worker/domain/locales";
import type { ProfileViewer } from "#worker/domain/public-profiles";
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

type ViewerArgs = ReturnType<typeof viewerArgs>;

/** The reader a catalog read shows prices and works to (worker/services/catalog.ts's `Viewer`). */
export const catalogViewerOf = ({ locale, accountId, displayCurrencyId, showsAdult }: ViewerArgs) => ({
  locale,
  accountId,
  displayCurrencyId,
  showsAdult,
});

/** Who reads, as the profile rule takes them (domain/public-profiles.ts): a signed-in reader's account and roles. */
export const profileReaderOf = ({ accountId, roles }: ViewerArgs): ProfileViewer =>
  accountId ? { accountId, roles } : null;
