// A profile's words and cards as the page shows them, made by its loader in the viewer's language (decision 016's
// pattern): the sections' headings and empty states, the prices as text (priceTag), and each work's title, address,
// picture, media type label and what its preview plays. Their messages, formatting and media helpers stay off the
// browser. A title the creator wrote in another language shows its stored translation (cardText, issue 46). Each
// service and form card carries its slot status (decision 091), null where the creator set no slots.
import { workPagePath } from "#app/components/work/work-path";
import { mediaTypeLabel } from "#app/components/media/media-type-label";
import { slotBadge } from "#app/loaders/requests/waitlist-view.server";
import { m } from "#app/paraglide/messages.js";
import type { Locale } from "#worker/domain/locales";
import type { CreatorProfile } from "#worker/services/catalog";
import type { CreatorSlots } from "#worker/services/waitlist";
import { cardTitle } from "#app/components/catalog/card-readings";
import { playableOfPreview, previewImageUrl } from "#app/components/catalog/media-label";
import { openBadgeLabel } from "#app/components/catalog/open-badge";
import { priceTag } from "#app/components/catalog/price-label";
import { deliveryLabel } from "#app/components/catalog/delivery-label";
import type { WorkCardView } from "#app/components/catalog/work-card";

export function profileCards(
  profile: Omit<CreatorProfile, "untranslated" | "standing">,
  slots: { of: CreatorSlots | null; locale: Locale },
) {
  const { readings } = profile;
  const slotsOf = (id: string) => slotBadge(slots.of?.targets[id], slots.locale);
  return {
    works: profile.works.map(
      (work): WorkCardView => ({
        id: work.id,
        ...cardTitle(work.title || m.catalog_work_untitled(), readings),
        href: workPagePath(profile.handle, work.id),
        media: work.media
          ? {
              image: previewImageUrl(work.media),
              mediaType: work.media.mediaType,
              typeLabel: mediaTypeLabel(work.media.mediaType),
              playable: playableOfPreview(work.media),
            }
          : null,
        gallery: work.medias.map(playableOfPreview),
      }),
    ),
    services: profile.services.map((service) => ({
      ...service,
      ...cardTitle(service.title, readings),
      price: priceTag(service.price, true),
      delivery: deliveryLabel(service.deliveryDays),
      slots: slotsOf(service.id),
    })),
    forms: profile.forms.map((form) => ({
      ...form,
      ...cardTitle(form.title, readings),
      price: priceTag(form.price),
      slots: slotsOf(form.id),
    })),
  };
}

/**
 * The page's own words: its pictures' alternative texts, the open badge and share text, and each section's heading
 * and empty state.
 */
export const profileTexts = ({ name, isOpenCommission }: Pick<CreatorProfile, "name" | "isOpenCommission">) => ({
  openBadge: openBadgeLabel(isOpenCommission),
  coverAlt: m.catalog_profile_cover_alt({ name }),
  avatarAlt: m.catalog_profile_avatar_alt({ name }),
  shareText: m.catalog_share_text_profile({ name }),
  portfolio: m.catalog_profile_portfolio(),
  portfolioEmpty: m.catalog_profile_portfolio_empty(),
  services: m.catalog_profile_services(),
  servicesEmpty: m.catalog_profile_services_empty(),
  forms: m.catalog_profile_forms(),
  formsEmpty: m.catalog_profile_forms_empty(),
});
