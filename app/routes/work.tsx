import { data, Link, redirect } from "react-router";
import { AUTHORING_PATHS } from "#app/components/authoring/paths";
import { CollapsibleText } from "#app/components/catalog/collapsible-text";
import { ServiceGalleryView } from "#app/components/catalog/service-gallery-view";
import { ShareButton } from "#app/components/catalog/share-modal";
import { usePageVisit } from "#app/components/catalog/use-page-visit";
import { Avatar } from "#app/components/layout/avatar";
import { viewedMedia } from "#app/components/media/players/player-view";
import { ReportButton } from "#app/components/reports/report-button";
import { reportButtonTexts } from "#app/loaders/reports/report-texts.server";
import { WorkDetails } from "#app/components/work/work-details";
import { workDetailLabels } from "#app/loaders/work/work-details-labels.server";
import { workMeta } from "#app/components/work/work-meta";
import { workPagePath } from "#app/components/work/work-path";
import { requestContext } from "#app/lib/request-context";
import { useTextReading } from "#app/components/translation/use-text-reading";
import { m } from "#app/paraglide/messages.js";
import { READ_AS_WRITTEN } from "#worker/domain/text-reading";
import { keepingLanguage } from "#worker/http/locale";
import { titleText, translateAfterAnswer } from "#worker/services/localized-texts";
import { getWorkPage } from "#worker/services/work-page";
import { licenceText } from "#app/components/orders/licence-text";
import type { Route } from "./+types/work";

/**
 * /{handle}/works/{id}: one portfolio work, for those its visibility lets read it (decision 031). A work that does not
 * exist and one this viewer may not read answer the same 404 (also to `.data` requests, which run this loader), so a
 * private work's existence is not told. The id finds the work; another handle redirects to the owner's.
 */
export async function loader({ params, request, context }: Route.LoaderArgs) {
  const { db, env, user, locale, executionCtx } = context.get(requestContext);
  const found = await getWorkPage(db, env, params.workId, user, locale);
  if (!found) throw data(null, { status: 404 });
  // The title and description shown in the original for want of a translation get one after the answer (issue 46).
  const { untranslated, ...work } = found;
  translateAfterAnswer(executionCtx, locale, untranslated);
  if (work.handle.toLowerCase() !== params.handle.toLowerCase())
    throw redirect(keepingLanguage(workPagePath(work.handle, work.id), new URL(request.url)));
  // Each media's player is decided here, so the page's JS does not parse media URLs (player-view.ts).
  const { medias, ...shown } = work;
  // The header's links and share text are made here too, so the page ships neither the paths nor the message.
  // The title and share texts in the reader's language when a translation is stored (issue 62), never waited for.
  const titled = {
    ...work,
    title: titleText(work.title, work.readings),
    description: titleText(work.description, work.readings),
  };
  const header = {
    editHref: work.canEdit ? AUTHORING_PATHS.workEdit(work.id) : null,
    sharePath: workPagePath(work.handle, work.id),
    shareText: m.work_page_share_text({ title: titled.title, name: work.creator.name }),
  };
  // Who sees a work others cannot open is told so: a work hidden by the admins (decision 089), a private work, or a
  // draft (no media yet, decision 060).
  const restricted = work.hidden
    ? { badge: m.reports_hidden_badge({}, { locale }), text: m.reports_hidden_work_notice({}, { locale }) }
    : work.reachable
      ? null
      : work.published
        ? { badge: m.work_page_private_badge({}, { locale }), text: m.work_page_private_notice({}, { locale }) }
        : { badge: m.work_page_draft_badge({}, { locale }), text: m.work_page_draft_notice({}, { locale }) };
  return {
    work: shown,
    header,
    restricted,
    detailLabels: workDetailLabels(),
    // The licence of the order the work was made for (issue 63), worded here so the page ships no licence words.
    licence: work.licence ? licenceText(work.licence) : null,
    gallery: medias.map(viewedMedia),
    meta: workMeta(titled, new URL(request.url).origin),
    // A signed-out page is the edge cache's copy for everyone: it never shows "Translating…" (use-text-reading.tsx).
    askTranslations: Boolean(user),
    // Reports come from signed-in readers other than those who may edit it (decision 089); none of a hidden work.
    report: user && !work.canEdit && !work.hidden ? reportButtonTexts("work") : null,
  };
}

// Made by the loader: the og: tags' text helpers stay off the browser.
export const meta: Route.MetaFunction = ({ loaderData }) => loaderData?.meta ?? [];

export default function WorkPage({ loaderData }: Route.ComponentProps) {
  const { work, header, detailLabels, gallery, restricted, askTranslations, report, licence } = loaderData;
  const title = useTextReading(work.title, work.readings[work.title] ?? READ_AS_WRITTEN, { ask: askTranslations });
  // Spec section 8: a work's page counts a visit like its preview does; only works anyone may open are counted.
  usePageVisit("portfolio/work", "portfolio_work", work.id, work.reachable);

  return (
    <article className="mx-auto max-w-4xl px-4 pt-6 pb-12 sm:px-6">
      <header className="flex flex-wrap items-start gap-x-5 gap-y-3">
        <div className="min-w-0 flex-1 basis-64">
          <h1
            lang={title.lang}
            className="text-2xl font-bold tracking-tight break-words text-zinc-900 sm:text-3xl dark:text-zinc-50"
          >
            {title.text}
          </h1>
          {title.marker}
          <p className="mt-2 flex items-center gap-2 text-zinc-700 dark:text-zinc-300">
            <span>{m.work_page_by()}</span>
            <Link
              to={`/${work.creator.handle}`}
              className="flex min-w-0 items-center gap-2 font-semibold text-zinc-900 hover:underline dark:text-zinc-50"
            >
              <Avatar src={work.creator.avatarUrl} className="size-7 shrink-0" />
              <span className="truncate">{work.creator.name}</span>
            </Link>
          </p>
        </div>
        <div className="flex items-center gap-3">
          {header.editHref ? (
            <Link to={header.editHref} className="button-secondary">
              {m.work_page_edit()}
            </Link>
          ) : null}
          <ShareButton path={header.sharePath} text={header.shareText} />
          {report ? <ReportButton targetType="work" targetId={work.id} texts={report} /> : null}
        </div>
      </header>

      {restricted ? (
        <p
          className="mt-4 flex flex-wrap items-center gap-2 rounded-md border border-zinc-300 bg-zinc-50 px-3 py-2 text-sm text-zinc-800 dark:border-zinc-700 dark:bg-zinc-900 dark:text-zinc-200"
          data-testid="work-restricted"
        >
          <span className="rounded-full bg-zinc-800 px-2 py-0.5 text-xs font-semibold text-white dark:bg-zinc-200 dark:text-zinc-900">
            {restricted.badge}
          </span>
          <span>{restricted.text}</span>
        </p>
      ) : null}

      {gallery.length ? (
        <div className="mt-6">
          <ServiceGalleryView medias={gallery} title={work.title} />
        </div>
      ) : null}

      {work.description ? (
        <CollapsibleText
          text={work.description}
          reading={work.readings[work.description]}
          ask={askTranslations}
          className="mt-6 whitespace-pre-line text-zinc-700 dark:text-zinc-300"
        />
      ) : null}

      <WorkDetails work={work} labels={detailLabels} askTranslations={askTranslations} licence={licence} />
    </article>
  );
}
