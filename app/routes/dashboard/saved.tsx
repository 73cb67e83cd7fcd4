import { Form, Link, data } from "react-router";
import * as v from "valibot";
import { DashboardPage, EmptyState, dashboardTitle } from "#app/components/dashboard/dashboard-page";
import { FormStatus } from "#app/components/form/form-status";
import { useIsPosting } from "#app/components/form/use-is-posting";
import { Avatar } from "#app/components/layout/avatar";
import { requestContext } from "#app/lib/request-context";
import { readFormData } from "#app/lib/form-data.server";
import { m } from "#app/paraglide/messages.js";
import { setBookmark } from "#worker/services/bookmarks";
import { unfollowCreator } from "#worker/services/follows";
import { cometNow } from "#worker/services/clock";
import { savedOf } from "#worker/services/saved";
import { requireUser } from "./guards.server";
import type { Route } from "./+types/saved";

/**
 * /dashboard/saved (issue 66, decision 107): the creators the user follows and the services and forms they bookmarked,
 * each with its link and an Unfollow / Remove button, for every signed-in user. Only their own saves are read. Its texts
 * are made here, in the request's language: the page only shows them.
 */
export async function loader({ context }: Route.LoaderArgs) {
  const user = requireUser(context);
  const { db, env, locale } = context.get(requestContext);
  const saved = await savedOf(db, user.accountId, locale, await cometNow(env));
  return {
    creators: saved.creators.map((creator) => ({
      ...creator,
      status: creator.closed ? m.follows_status_closed() : m.follows_status_open(),
      unfollowLabel: m.follows_unfollow_name({ name: creator.name }),
    })),
    items: saved.items.map((item) => ({
      ...item,
      kindLabel: item.kind === "service" ? m.follows_kind_service() : m.follows_kind_form(),
      by: m.follows_by({ handle: item.creatorHandle }),
      removeLabel: m.follows_unbookmark_title({ title: item.title }),
    })),
    texts: {
      title: m.follows_saved_title(),
      intro: m.follows_saved_intro(),
      creators: m.follows_saved_creators(),
      creatorsEmpty: m.follows_saved_creators_empty(),
      creatorsEmptyDetail: m.follows_saved_creators_empty_detail(),
      items: m.follows_saved_items(),
      itemsEmpty: m.follows_saved_items_empty(),
      itemsEmptyDetail: m.follows_saved_items_empty_detail(),
      explore: m.follows_saved_explore(),
      unfollow: m.follows_unfollow(),
      remove: m.follows_unbookmark(),
    },
  };
}

const id = v.pipe(v.string(), v.minLength(1), v.maxLength(64));
const savedIntent = v.variant("intent", [
  v.object({ intent: v.literal("unfollow"), profileId: id }),
  v.object({ intent: v.literal("unbookmark"), kind: v.picklist(["service", "form"]), id }),
]);

export async function action({ request, context }: Route.ActionArgs) {
  const user = requireUser(context);
  const { db, locale } = context.get(requestContext);
  const parsed = v.safeParse(savedIntent, Object.fromEntries(await readFormData(request, locale)));
  if (!parsed.success) return data({ ok: false as const, message: m.error_generic({}, { locale }) }, { status: 400 });
  const input = parsed.output;
  // Each acts on the user's own rows only: another's follow or bookmark is never named by these.
  if (input.intent === "unfollow")
    await unfollowCreator(db.$client, { followerUserAccountId: user.accountId, creatorProfileId: input.profileId });
  else
    await setBookmark(db, user.accountId, { kind: input.kind, id: input.id }, false, { showsAdult: user.showsAdult });
  return { ok: true as const, message: null };
}

export const meta: Route.MetaFunction = ({ loaderData }) => (loaderData ? dashboardTitle(loaderData.texts.title) : []);

const sectionTitle = "text-lg font-semibold text-zinc-900 dark:text-zinc-100";
const linkClass = "font-semibold text-brand-700 underline dark:text-brand-300";
const removeClass =
  "min-h-11 min-w-11 shrink-0 rounded-full border border-zinc-400 px-4 text-sm font-semibold text-zinc-800 hover:bg-zinc-100 disabled:opacity-60 dark:border-zinc-600 dark:text-zinc-100 dark:hover:bg-zinc-800";
const rowClass =
  "flex flex-wrap items-center justify-between gap-3 rounded-lg border border-zinc-200 p-4 dark:border-zinc-800";

export default function SavedPage({ loaderData, actionData }: Route.ComponentProps) {
  const busy = useIsPosting();
  const { creators, items, texts } = loaderData;
  return (
    <DashboardPage title={texts.title} intro={texts.intro}>
      <FormStatus
        saved={false}
        savedText=""
        errorText={actionData && !actionData.ok ? actionData.message : undefined}
      />
      <section aria-labelledby="saved-creators" className="space-y-3">
        <h2 id="saved-creators" className={sectionTitle}>
          {texts.creators}
        </h2>
        {creators.length === 0 ? (
          <EmptyState
            message={texts.creatorsEmpty}
            detail={texts.creatorsEmptyDetail}
            action={{ to: "/explore/creators", label: texts.explore }}
          />
        ) : (
          <ul className="space-y-3">
            {creators.map((creator) => (
              <li key={creator.profileId} className={rowClass} data-testid="saved-creator">
                <div className="flex min-w-0 items-center gap-3">
                  <Avatar src={creator.avatarUrl} className="size-10 shrink-0" loading="lazy" />
                  <div className="min-w-0">
                    <Link
                      to={`/${creator.handle}`}
                      className={`${linkClass} inline-flex min-h-11 items-center [overflow-wrap:anywhere]`}
                    >
                      {creator.name}
                    </Link>
                    <p className="text-sm text-zinc-700 dark:text-zinc-300">
                      @{creator.handle} · {creator.status}
                    </p>
                  </div>
                </div>
                <Form method="post">
                  <input type="hidden" name="intent" value="unfollow" />
                  <input type="hidden" name="profileId" value={creator.profileId} />
                  <button type="submit" disabled={busy} aria-label={creator.unfollowLabel} className={removeClass}>
                    {texts.unfollow}
                  </button>
                </Form>
              </li>
            ))}
          </ul>
        )}
      </section>
      <section aria-labelledby="saved-items" className="space-y-3">
        <h2 id="saved-items" className={sectionTitle}>
          {texts.items}
        </h2>
        {items.length === 0 ? (
          <EmptyState message={texts.itemsEmpty} detail={texts.itemsEmptyDetail} />
        ) : (
          <ul className="space-y-3">
            {items.map((item) => (
              <li key={`${item.kind}:${item.id}`} className={rowClass} data-testid="saved-item">
                <div className="min-w-0">
                  <p className="text-xs font-semibold uppercase tracking-wide text-zinc-600 dark:text-zinc-400">
                    {item.kindLabel}
                  </p>
                  <Link
                    to={item.href}
                    className={`${linkClass} inline-flex min-h-11 items-center [overflow-wrap:anywhere]`}
                  >
                    {item.title}
                  </Link>
                  <p className="text-sm text-zinc-700 dark:text-zinc-300">{item.by}</p>
                </div>
                <Form method="post">
                  <input type="hidden" name="intent" value="unbookmark" />
                  <input type="hidden" name="kind" value={item.kind} />
                  <input type="hidden" name="id" value={item.id} />
                  <button type="submit" disabled={busy} aria-label={item.removeLabel} className={removeClass}>
                    {texts.remove}
                  </button>
                </Form>
              </li>
            ))}
          </ul>
        )}
      </section>
    </DashboardPage>
  );
}
