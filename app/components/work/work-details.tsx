// The facts under a work's media on its page: categories, tags, the client and the credited people (linked profiles),
// and the licence of the order the work was made for (issue 63).
import { Link } from "react-router";
import { Avatar } from "#app/components/layout/avatar";
import { useTextReading } from "#app/components/translation/use-text-reading";
import { READ_AS_WRITTEN, type TextReading } from "#worker/domain/text-reading";
import type { WorkPage, WorkPerson } from "#worker/services/work-page";

const chip = "rounded-full bg-zinc-100 px-3 py-1 text-sm text-zinc-800 dark:bg-zinc-800 dark:text-zinc-200";
const term = "text-sm font-semibold text-zinc-600 dark:text-zinc-400";

function PersonLink({ person }: { person: WorkPerson }) {
  return (
    <Link
      to={`/${person.handle}`}
      className="flex min-w-0 items-center gap-2 text-zinc-900 hover:underline dark:text-zinc-50"
    >
      <Avatar src={person.avatarUrl} className="size-7 shrink-0" loading="lazy" />
      <span className="truncate">{person.name}</span>
    </Link>
  );
}

/** A tag as this reader reads it (issue 62): translated when a translation is stored, the original one click away. */
function TagChip({ tag, reading, ask }: { tag: string; reading: TextReading; ask: boolean }) {
  const shown = useTextReading(tag, reading, { ask });
  return (
    <li className="flex flex-col items-start">
      <span className={chip} lang={shown.lang}>
        #{shown.text}
      </span>
      {shown.marker}
    </li>
  );
}

function Row({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <div className="grid gap-2 sm:grid-cols-[10rem_1fr]">
      <dt className={term}>{label}</dt>
      <dd className="min-w-0">
        <ul className="flex flex-wrap gap-2">{children}</ul>
      </dd>
    </div>
  );
}

/** The section's headings, made by the loader (work-details-labels.server.ts). */
export interface WorkDetailLabels {
  details: string;
  categories: string;
  tags: string;
  client: string;
  credits: string;
  licence: string;
}

/** Nothing renders for a work with none of these. */
export function WorkDetails({
  work,
  labels,
  askTranslations = false,
  licence = null,
}: {
  work: Pick<WorkPage, "categories" | "userCategories" | "tags" | "client" | "credits" | "readings">;
  labels: WorkDetailLabels;
  /** The order's licence in the reader's words (licence-text.ts, by the loader); null when the work has none. */
  licence?: string | null;
  /** Whether a tag's missing translation is asked for from this page (signed-in pages, as the work's other texts). */
  askTranslations?: boolean;
}) {
  const { categories, userCategories, tags, client, credits } = work;
  if (!categories.length && !userCategories.length && !tags.length && !client && !credits.length && !licence)
    return null;
  return (
    <section aria-labelledby="work-details" className="mt-8 border-t border-zinc-200 pt-6 dark:border-zinc-800">
      <h2 id="work-details" className="sr-only">
        {labels.details}
      </h2>
      <dl className="grid gap-4">
        {categories.length || userCategories.length ? (
          <Row label={labels.categories}>
            {categories.map((category) => (
              <li key={category.code} className={chip}>
                {category.name}
              </li>
            ))}
            {/* The creator's own labels follow the fixed categories, outlined to tell them apart. */}
            {userCategories.map((name) => (
              <li
                key={`own:${name}`}
                className="rounded-full border border-zinc-300 px-3 py-1 text-sm text-zinc-800 dark:border-zinc-600 dark:text-zinc-200"
              >
                {name}
              </li>
            ))}
          </Row>
        ) : null}
        {tags.length ? (
          <Row label={labels.tags}>
            {tags.map((tag) => (
              <TagChip key={tag} tag={tag} reading={work.readings[tag] ?? READ_AS_WRITTEN} ask={askTranslations} />
            ))}
          </Row>
        ) : null}
        {client ? (
          <Row label={labels.client}>
            <li className="min-w-0">
              <PersonLink person={client} />
            </li>
          </Row>
        ) : null}
        {licence ? (
          <Row label={labels.licence}>
            <li className={chip} data-testid="work-licence">
              {licence}
            </li>
          </Row>
        ) : null}
        {credits.length ? (
          <Row label={labels.credits}>
            {credits.map((person) => (
              <li key={person.handle} className="min-w-0">
                <PersonLink person={person} />
              </li>
            ))}
          </Row>
        ) : null}
      </dl>
    </section>
  );
}
