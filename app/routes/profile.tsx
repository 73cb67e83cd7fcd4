import { lazy, Suspense } from "react";
import { data, useNavigate } from "react-router";
import { CollapsibleText } from "#app/components/catalog/collapsible-text";
import { FormCard } from "#app/components/catalog/form-card";
import { OpenBadge } from "#app/components/catalog/open-badge";
import { profileCards, profileTexts } from "#app/loaders/catalog/profile-cards.server";
import { ServiceCard } from "#app/components/catalog/service-card";
import { SlotBadge } from "#app/components/catalog/slot-badge";
import { slotBadge, waitlistView } from "#app/loaders/requests/waitlist-view.server";
import { ShareButton } from "#app/components/catalog/share-modal";
import { FollowButton } from "#app/components/follows/follow-button";
import { WorkCard } from "#app/components/catalog/work-card";
import { Avatar } from "#app/components/layout/avatar";
import { settleReturnedSetup } from "#app/lib/payments/card-return.server";
import { requestContext } from "#app/lib/request-context";
import { m } from "#app/paraglide/messages.js";
import { isProfileShownTo } from "#worker/domain/public-profiles";
import { isCreatorSide } from "#worker/domain/roles";
import { PROFILE_SERVICE_PARAM } from "#worker/domain/service-links";
import { cardEntryFor } from "#worker/payments/card-entry";
import { titleText, translateAfterAnswer } from "#worker/services/localized-texts";
import { profileMeta } from "#app/components/catalog/profile-meta";
import { getPublicService, requestViewerState, signGatedService } from "#worker/orders/services/request-views";
import { signGatedProfile } from "#worker/services/catalog";
import { cometNow } from "#worker/services/clock";
import { placeOf } from "#worker/services/waitlist";
import { RatingSummaryLine } from "#app/components/reviews/stars";
import { ReportButton } from "#app/components/reports/report-button";
import { reportButtonTexts } from "#app/loaders/reports/report-texts.server";
import { SignalList } from "#app/components/signals/signal-list";
import { cardSignalItems, creatorSignalItems, signalListTexts } from "#app/loaders/signals/signal-items.server";
import { readPage } from "#worker/http/read-ahead";
import { profileReads } from "#app/loaders/page-reads/profile-reads.server";
import { catalogViewerOf, profileReaderOf, viewerArgs } from "#app/loaders/page-reads/viewer-args";
import type { Route } from "./+types/profile";

/** /{handle}: a public profile. Handles are unique ignoring case, so /Alice and /alice are the same page. */
export async function loader({ params, request, context }: Route.LoaderArgs) {
  const { db, env, user, locale, executionCtx } = context.get(requestContext);
  // The reader as the page's reads take them (profile-reads.server.ts), for the service opened beside them.
  const args = viewerArgs(user, locale);
  const viewer = catalogViewerOf(args);
  // Who sees the profile, and its reviews and rating with it (domain/public-profiles.ts).
  const reader = profileReaderOf(args);
  const url = new URL(request.url);
  const serviceId = url.searchParams.get(PROFILE_SERVICE_PARAM);
  const [
    {
      now,
      values: [found, reviews, slots, signalFigures],
    },
    unsignedService,
  ] = await Promise.all([
    // The profile, its reviews, slots and signals in one batch (profile-reads.server.ts), sent with the session's
    // statement when it can be (decision 114).
    readPage(context.get(requestContext), profileReads, params),
    serviceId ? getPublicService(db, params.handle, serviceId, viewer, await cometNow(env)) : null,
  ]);
  // A banned account's profile is the site's 404 (decision 075); one the admins hid (decision 089) is, to all but its
  // owner and the admins.
  if (!found || !isProfileShownTo(found.standing, reader)) throw data(null, { status: 404 });
  // What the page shows in the original for want of a translation is made after the answer (issue 46).
  const { untranslated, standing: _standing, ...read } = found;
  translateAfterAnswer(executionCtx, locale, untranslated);
  // Works and services rated for adults are shown by links signed for this viewer (decision 110): their files are not
  // at /media/.
  const [profile, service] = await Promise.all([
    signGatedProfile(env, read, user?.profileId ?? null),
    unsignedService && signGatedService(env, unsignedService, user?.profileId ?? null),
  ]);
  // ?service={id} opens the service's request modal; an unknown or unlisted service simply leaves it closed. Back from a
  // 3-D Secure redirect while adding a card in it, the card is saved first, so the modal reopens with it (issue 33).
  const cardReturn = service ? await settleReturnedSetup(url, db, env, user?.accountId ?? null) : null;
  const target = { kind: "service", id: service?.id ?? "" } as const;
  const [viewerState, place] = service
    ? await Promise.all([
        requestViewerState(db, user?.accountId ?? null, { serviceId: service.id }),
        // The client's own place (decision 091) only in a signed-in answer: a signed-out page is the edge cache's copy
        // for everyone.
        user ? placeOf(db.$client, user.accountId, target, now) : null,
      ])
    : [null, null];
  const serviceRequest =
    service && viewerState
      ? {
          service,
          request: viewerState,
          cardEntry: cardEntryFor(env),
          profileId: user?.profileId ?? null,
          cardReturn,
          waitlist: waitlistView({
            target,
            status: slots?.targets[service.id] ?? null,
            place,
            request: viewerState,
            locale,
          }),
        }
      : null;
  const signalItems = profile.isCreator && signalFigures ? creatorSignalItems(signalFigures.signals, locale) : null;
  const signals = signalItems && { items: signalItems, texts: signalListTexts("creator") };
  // Spec section 6: the bookmark button shows to signed-in non-creators.
  return {
    signals,
    cardSignals: signals && { ...signals, items: cardSignalItems(signals.items) },
    profile: { ...profile, ...profileCards(profile, { of: slots, locale }) },
    texts: profileTexts(profile),
    slots: profile.isCreator ? slotBadge(slots?.overall, locale) : null,
    canBookmark: Boolean(user && !isCreatorSide(user.roles)),
    // A signed-out page is the edge cache's copy for everyone: it never shows "Translating…" (use-text-reading.tsx).
    askTranslations: Boolean(user),
    serviceRequest,
    reviews,
    // Reports come from signed-in readers; a signed-out page is the edge cache's copy for everyone.
    canReport: Boolean(user),
    // The profile itself is reported by anyone signed in but its owner (decision 089), and not once hidden.
    reportProfile: user && !found.ownedByViewer && !found.hidden ? reportButtonTexts("profile") : null,
    hiddenNotice: found.hidden ? { badge: m.reports_hidden_badge(), text: m.reports_hidden_profile_notice() } : null,
    // The title and share card in the reader's language where a translation is stored (issue 62), never waited for.
    meta: profileMeta({
      name: profile.name,
      handle: profile.handle,
      bio: titleText(profile.bio, profile.readings),
      service: service
        ? {
            title: titleText(service.title, profile.readings),
            description: titleText(service.description, profile.readings),
          }
        : null,
    }),
  };
}

const ServiceModal = lazy(() => import("#app/components/requests/service-modal"));
// The reviews section in its own chunk: the server renders it in the same response, and the browser keeps that markup
// until the chunk arrives (its "More reviews" and reports are what needs the code).
const CreatorReviews = lazy(() =>
  import("#app/components/reviews/creator-reviews").then((module) => ({ default: module.CreatorReviews })),
);

// Made by the loader: the og: tags' text helpers stay off the browser.
export const meta: Route.MetaFunction = ({ loaderData }) => loaderData?.meta ?? [];

const sectionTitle = "text-xl font-semibold text-zinc-900 dark:text-zinc-50";

function Empty({ text }: { text: string }) {
  return (
    <p className="mt-4 rounded-2xl border border-dashed border-zinc-300 px-6 py-10 text-center text-zinc-700 dark:border-zinc-700 dark:text-zinc-300">
      {text}
    </p>
  );
}

export default function Profile({ loaderData }: Route.ComponentProps) {
  const { profile, texts, canBookmark, serviceRequest, askTranslations, reviews } = loaderData;
  const { canReport, reportProfile, hiddenNotice } = loaderData;
  const navigate = useNavigate();
  return (
    <div className="mx-auto max-w-6xl px-4 pb-12 sm:px-6">
      {serviceRequest ? (
        <Suspense fallback={null}>
          <ServiceModal
            {...serviceRequest}
            rating={reviews?.summary ?? null}
            signals={loaderData.signals}
            readings={profile.readings}
            askTranslations={askTranslations}
            onClose={() => navigate(`/${profile.handle}`, { preventScrollReset: true })}
          />
        </Suspense>
      ) : null}
      <div className="-mx-4 h-40 overflow-hidden bg-gradient-to-r from-brand-100 to-zinc-100 sm:mx-0 sm:mt-6 sm:h-56 sm:rounded-2xl dark:from-zinc-800 dark:to-zinc-900">
        {profile.coverUrl ? (
          // The page's largest picture (its LCP element): fetched before the scripts. Its box is the frame's fixed height.
          <img src={profile.coverUrl} alt={texts.coverAlt} fetchPriority="high" className="size-full object-cover" />
        ) : null}
      </div>
      <div className="-mt-12 px-2">
        <Avatar
          src={profile.avatarUrl}
          alt={texts.avatarAlt}
          className="size-24 ring-4 ring-white sm:size-28 dark:ring-zinc-950"
        />
      </div>
      <div className="mt-3 flex flex-wrap items-center gap-x-5 gap-y-3 px-2">
        {/* flex-auto, not flex-1: the name's own width is its basis, so the badge and Share wrap onto the next line before
            the name is cut; a name wider than the screen wraps (overflow-wrap: anywhere) instead of being clipped. */}
        <div className="min-w-0 max-w-full flex-auto">
          <h1 className="text-2xl font-bold tracking-tight break-words text-zinc-900 [overflow-wrap:anywhere] sm:text-3xl dark:text-zinc-50">
            {profile.name}
          </h1>
          <p className="mt-1 text-zinc-600 [overflow-wrap:anywhere] dark:text-zinc-400">@{profile.handle}</p>
          {profile.isCreator && reviews ? <RatingSummaryLine summary={reviews.summary} className="mt-1" /> : null}
        </div>
        <div className="flex flex-wrap items-center gap-3">
          {profile.isCreator ? <OpenBadge open={profile.isOpenCommission} label={texts.openBadge} /> : null}
          <SlotBadge slots={loaderData.slots} />
          {profile.isCreator ? <FollowButton creator={profile} slotKind={loaderData.slots?.kind ?? null} /> : null}
          <ShareButton path={`/${profile.handle}`} text={texts.shareText} />
          {reportProfile ? <ReportButton targetType="profile" targetId={profile.id} texts={reportProfile} /> : null}
        </div>
      </div>
      {hiddenNotice ? (
        <p
          className="mt-4 flex flex-wrap items-center gap-2 rounded-md border border-zinc-300 bg-zinc-50 px-3 py-2 text-sm text-zinc-800 dark:border-zinc-700 dark:bg-zinc-900 dark:text-zinc-200"
          data-testid="profile-hidden"
        >
          <span className="rounded-full bg-zinc-800 px-2 py-0.5 text-xs font-semibold text-white dark:bg-zinc-200 dark:text-zinc-900">
            {hiddenNotice.badge}
          </span>
          <span>{hiddenNotice.text}</span>
        </p>
      ) : null}
      {loaderData.signals ? <SignalList {...loaderData.signals} className="mt-4 px-2" /> : null}
      {profile.bio ? (
        <CollapsibleText
          text={profile.bio}
          reading={profile.readings[profile.bio]}
          ask={askTranslations}
          className="mt-6 max-w-3xl text-zinc-700 dark:text-zinc-300"
        />
      ) : null}

      <section aria-labelledby="profile-portfolio" className="mt-12">
        <h2 id="profile-portfolio" className={sectionTitle}>
          {texts.portfolio}
        </h2>
        {profile.works.length === 0 ? (
          <Empty text={texts.portfolioEmpty} />
        ) : (
          <ul className="mt-4 grid grid-cols-2 gap-4 sm:grid-cols-3 lg:grid-cols-4">
            {profile.works.map((work) => (
              <li key={work.id}>
                <WorkCard work={work} />
              </li>
            ))}
          </ul>
        )}
      </section>

      {profile.isCreator ? (
        <>
          <section aria-labelledby="profile-services" className="mt-12">
            <h2 id="profile-services" className={sectionTitle}>
              {texts.services}
            </h2>
            {profile.services.length === 0 ? (
              <Empty text={texts.servicesEmpty} />
            ) : (
              <ul className="mt-4 grid gap-5 sm:grid-cols-2 lg:grid-cols-3">
                {profile.services.map((service) => (
                  <li key={service.id}>
                    <ServiceCard service={service} canBookmark={canBookmark} signals={loaderData.cardSignals} />
                  </li>
                ))}
              </ul>
            )}
          </section>

          <section aria-labelledby="profile-forms" className="mt-12">
            <h2 id="profile-forms" className={sectionTitle}>
              {texts.forms}
            </h2>
            {profile.forms.length === 0 ? (
              <Empty text={texts.formsEmpty} />
            ) : (
              <ul className="mt-4 grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
                {profile.forms.map((form) => (
                  <li key={form.id}>
                    <FormCard form={form} canBookmark={canBookmark} />
                  </li>
                ))}
              </ul>
            )}
          </section>
          {reviews ? (
            <Suspense fallback={null}>
              <CreatorReviews
                handle={profile.handle}
                creatorName={profile.name}
                data={reviews}
                canReport={canReport}
                askTranslations={askTranslations}
                headingClassName={sectionTitle}
              />
            </Suspense>
          ) : null}
        </>
      ) : null}
    </div>
  );
}
