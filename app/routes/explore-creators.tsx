import { Link } from "react-router";
import { SearchIcon } from "~/components/layout/icons";
import { m } from "~/paraglide/messages.js";
import type { Route } from "./+types/explore-creators";

export const meta: Route.MetaFunction = () => [{ title: m.layout_meta_page_title({ page: m.explore_title() }) }];

/** Creator search. The search and creator cards arrive with creator profiles; until then the list is empty. */
export default function ExploreCreators() {
  return (
    <div className="mx-auto max-w-6xl px-4 py-12 sm:px-6">
      <h1 className="text-3xl font-bold tracking-tight text-zinc-900 dark:text-zinc-50">{m.explore_title()}</h1>
      <p className="mt-2 text-zinc-600 dark:text-zinc-400">{m.explore_body()}</p>
      <section
        aria-labelledby="explore-empty"
        className="mt-10 flex flex-col items-center rounded-2xl border border-dashed border-zinc-300 px-6 py-16 text-center dark:border-zinc-700"
      >
        <span className="inline-flex size-12 items-center justify-center rounded-full bg-zinc-100 text-zinc-600 dark:bg-zinc-800 dark:text-zinc-300">
          <SearchIcon className="size-6" />
        </span>
        <h2 id="explore-empty" className="mt-4 text-lg font-semibold text-zinc-900 dark:text-zinc-50">
          {m.explore_empty_title()}
        </h2>
        <p className="mt-1 max-w-md text-sm text-zinc-600 dark:text-zinc-400">{m.explore_empty_body()}</p>
        <Link to="/dashboard/creator/home" className="button-secondary mt-6">
          {m.explore_empty_cta()}
        </Link>
      </section>
    </div>
  );
}
