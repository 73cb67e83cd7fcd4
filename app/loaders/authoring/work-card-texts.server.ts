// The work cards' words (work-grid.tsx), made by the list pages' loaders in the reader's language (decision 016's
// pattern): the media type, the count and visibility, and who a client work was for or by. Only the words a card
// shows reach the browser, not every media type's and visibility's.
import { mediaTypeLabel } from "#app/components/media/media-type-label";
import { m } from "#app/paraglide/messages.js";
import type { WorkListItem, WorkPerson } from "#worker/services/portfolio";
import type { WorkCardItem } from "#app/components/authoring/work-grid";

const VISIBILITY: Record<WorkListItem["visibility"], () => string> = {
  PUBLIC: m.authoring_visibility_PUBLIC,
  UNLISTED: m.authoring_visibility_UNLISTED,
  PRIVATE: m.authoring_visibility_PRIVATE,
};

function personLine({ profile, role, removed }: WorkPerson): string {
  if (!profile) return m.client_works_for_former();
  const who = { name: profile.name, handle: profile.handle };
  if (role !== "client") return m.client_works_by(who);
  return removed ? m.client_works_for_removed(who) : m.client_works_for(who);
}

export const withCardTexts = (works: WorkListItem[]): WorkCardItem[] =>
  works.map((work) => ({
    ...work,
    texts: {
      mediaType: work.mediaType ? mediaTypeLabel(work.mediaType) : m.authoring_work_no_media(),
      summary: `${m.authoring_work_media_count({ count: work.mediaCount })} · ${VISIBILITY[work.visibility]()}`,
      person: work.person ? personLine(work.person) : null,
      hidden: work.hidden ? m.reports_hidden_badge() : null,
    },
  }));
