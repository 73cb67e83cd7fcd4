import { useState, type ReactNode } from "react";
import { ConfirmForm } from "#app/components/form/confirm-form";
import { Link } from "react-router";
import { MediaImage } from "#app/components/media/media-image";
import { LazyMediaLightbox } from "#app/components/catalog/lazy-lightbox";
import { m } from "#app/paraglide/messages.js";
import type { WorkListItem, WorkPerson } from "#worker/services/portfolio";

/** A work as its card shows it: the list item and its words, made by the loader (work-card-texts.server.ts). */
export type WorkCardItem = WorkListItem & {
  texts: { mediaType: string; summary: string; person: string | null; hidden: string | null };
};

/** Who a client work was for (creator's list) or by ("Made for you"): avatar, then the loader's line. */
function WorkPersonLine({ person, text }: { person: WorkPerson; text: string }) {
  const profile = person.profile;
  return (
    <p className="flex items-center gap-2 text-sm text-zinc-700 dark:text-zinc-300">
      {profile?.avatarUrl ? (
        <img src={profile.avatarUrl} alt="" className="size-6 shrink-0 rounded-full object-cover" />
      ) : (
        <span
          aria-hidden="true"
          className="flex size-6 shrink-0 items-center justify-center rounded-full bg-zinc-200 text-xs font-semibold text-zinc-800 dark:bg-zinc-700 dark:text-zinc-100"
        >
          {profile ? profile.name.slice(0, 1).toUpperCase() : "?"}
        </span>
      )}
      <span className="min-w-0 break-words">{text}</span>
    </p>
  );
}

/**
 * The owner's works as cards: thumbnail (pressing it opens the work's media in the lightbox), media type label, title,
 * who a client work was for, edit and delete (confirmed). Without `editPath` the cards cannot be edited; `actions`
 * adds what else a viewer may do with a card (the client's "Remove me from this work").
 */
export function WorkGrid({
  works,
  editPath,
  actions,
}: {
  works: WorkCardItem[];
  editPath?: (id: string) => string;
  actions?: (work: WorkCardItem) => ReactNode;
}) {
  const [shown, setShown] = useState<WorkCardItem | null>(null);
  return (
    <>
      <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
        {works.map((work) => (
          <li key={work.id} className="overflow-hidden rounded-lg border border-zinc-300 dark:border-zinc-700">
            <div className="relative aspect-video bg-zinc-200 dark:bg-zinc-800">
              {work.medias.length > 0 ? (
                <button
                  type="button"
                  onClick={() => setShown(work)}
                  aria-label={m.media_preview_open({ title: work.title })}
                  className="block size-full focus-visible:outline-2 focus-visible:-outline-offset-4 focus-visible:outline-brand-600 dark:focus-visible:outline-brand-300"
                >
                  <MediaImage src={work.thumbnailUrl} alt="" className="size-full" />
                </button>
              ) : null}
              <span className="pointer-events-none absolute top-2 left-2 rounded-full bg-zinc-900/85 px-2.5 py-0.5 text-xs font-semibold text-white">
                {work.texts.mediaType}
              </span>
            </div>
            <div className="space-y-2 p-3">
              <p className="font-medium break-words text-zinc-900 dark:text-zinc-50">{work.title}</p>
              <p className="text-sm text-zinc-700 dark:text-zinc-300">{work.texts.summary}</p>
              {/* Hidden by Comet's team after a report (decision 089): the owner is told why nobody else sees it. */}
              {work.texts.hidden ? (
                <p className="inline-flex rounded-full bg-amber-100 px-2.5 py-0.5 text-xs font-semibold text-amber-900 dark:bg-amber-950 dark:text-amber-100">
                  {work.texts.hidden}
                </p>
              ) : null}
              {work.person && work.texts.person ? (
                <WorkPersonLine person={work.person} text={work.texts.person} />
              ) : null}
              {editPath ? (
                <div className="flex flex-wrap items-center gap-3">
                  <Link
                    to={editPath(work.id)}
                    className="text-sm font-medium text-brand-700 underline dark:text-brand-300"
                    aria-label={m.authoring_edit_named({ title: work.title })}
                  >
                    {m.authoring_edit()}
                  </Link>
                  <ConfirmForm
                    question={m.authoring_work_delete_confirm({ title: work.title })}
                    fields={{ workId: work.id }}
                  >
                    <button
                      type="submit"
                      className="min-h-9 text-sm font-medium text-red-700 underline dark:text-red-300"
                      aria-label={m.authoring_work_delete_named({ title: work.title })}
                    >
                      {m.authoring_delete()}
                    </button>
                  </ConfirmForm>
                </div>
              ) : null}
              {actions ? actions(work) : null}
            </div>
          </li>
        ))}
      </ul>
      {/* Fetched on the first open and mounted only while open: unmounting closes it and returns focus (ModalDialog). */}
      {shown === null ? null : (
        <LazyMediaLightbox open onClose={() => setShown(null)} items={shown.medias} title={shown.title} />
      )}
    </>
  );
}
