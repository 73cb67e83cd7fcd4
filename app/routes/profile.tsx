import { sql } from "drizzle-orm";
import { data } from "react-router";
import { Avatar } from "~/components/layout/avatar";
import { requestContext } from "~/lib/request-context";
import { m } from "~/paraglide/messages.js";
import { userProfiles } from "../../worker/db/schema";
import type { Route } from "./+types/profile";

/** /{handle}: a public profile. Handles are unique ignoring case, so /Alice and /alice are the same page. */
export async function loader({ params, context }: Route.LoaderArgs) {
  const { db } = context.get(requestContext);
  const [profile] = await db
    .select({ handle: userProfiles.originalHandle, avatarUrl: userProfiles.avatarUrl })
    .from(userProfiles)
    .where(sql`lower(${userProfiles.originalHandle}) = ${params.handle.toLowerCase()}`)
    .limit(1);
  if (!profile) throw data(null, { status: 404 });
  return { profile };
}

export const meta: Route.MetaFunction = ({ loaderData }) =>
  loaderData ? [{ title: m.layout_meta_page_title({ page: `@${loaderData.profile.handle}` }) }] : [];

export default function Profile({ loaderData }: Route.ComponentProps) {
  const { profile } = loaderData;
  return (
    <div className="mx-auto max-w-6xl px-4 py-12 sm:px-6">
      <div className="flex items-center gap-5">
        <Avatar src={profile.avatarUrl} className="size-20 sm:size-24" />
        <div className="min-w-0">
          <h1 className="truncate text-2xl font-bold tracking-tight text-zinc-900 sm:text-3xl dark:text-zinc-50">{profile.handle}</h1>
          <p className="mt-1 text-zinc-600 dark:text-zinc-400">@{profile.handle}</p>
        </div>
      </div>
      <section aria-labelledby="profile-portfolio" className="mt-12">
        <h2 id="profile-portfolio" className="text-xl font-semibold text-zinc-900 dark:text-zinc-50">
          {m.profile_portfolio_title()}
        </h2>
        <div className="mt-4 rounded-2xl border border-dashed border-zinc-300 px-6 py-14 text-center dark:border-zinc-700">
          <p className="font-medium text-zinc-900 dark:text-zinc-50">{m.profile_portfolio_empty()}</p>
          <p className="mt-1 text-sm text-zinc-600 dark:text-zinc-400">{m.profile_portfolio_empty_body({ handle: profile.handle })}</p>
        </div>
      </section>
    </div>
  );
}
