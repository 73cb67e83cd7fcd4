import { Link } from "react-router";
import { DASHBOARD_PATHS } from "#app/components/dashboard/dashboard-paths";
import { BrushIcon, CubeIcon, FilmIcon, MusicIcon, SparkIcon } from "#app/components/layout/home-icons";
import { m } from "#app/paraglide/messages.js";
import { AccountDeletedToast } from "#app/components/settings/account-deletion-section";
import { ACCOUNT_DELETED_QUERY } from "./dashboard/account-deletion.server";
import type { Route } from "./+types/home";

/**
 * The page's texts, rendered here in the request's language: the home page is static copy, and its messages (both
 * languages of each) would otherwise be most of its JavaScript.
 */
export function loader({ request }: Route.LoaderArgs) {
  return {
    // After an account was deleted (decision 104), the page says so once.
    accountDeleted: new URL(request.url).searchParams.has(ACCOUNT_DELETED_QUERY)
      ? { title: m.account_deletion_done_title(), description: m.account_deletion_done_body() }
      : null,
    metaTitle: m.layout_meta_title(),
    metaDescription: m.home_meta_description(),
    heroEyebrow: m.home_hero_eyebrow(),
    heroTitle: m.home_hero_title(),
    heroBody: m.home_hero_body(),
    ctaExplore: m.home_cta_explore(),
    ctaHow: m.home_cta_how(),
    categoriesTitle: m.home_categories_title(),
    categoriesBody: m.home_categories_body(),
    /** In the order of CATEGORY_ICONS. */
    categories: [
      { title: m.home_category_illustration(), body: m.home_category_illustration_body() },
      { title: m.home_category_3d(), body: m.home_category_3d_body() },
      { title: m.home_category_animation(), body: m.home_category_animation_body() },
      { title: m.home_category_video(), body: m.home_category_video_body() },
      { title: m.home_category_audio(), body: m.home_category_audio_body() },
    ],
    howTitle: m.home_how_title(),
    steps: [
      { title: m.home_step_request(), body: m.home_step_request_body() },
      { title: m.home_step_pay(), body: m.home_step_pay_body() },
      { title: m.home_step_receive(), body: m.home_step_receive_body() },
    ],
    creatorsTitle: m.home_creators_title(),
    creatorsBody: m.home_creators_body(),
    creatorsCta: m.home_creators_cta(),
  };
}

export const meta: Route.MetaFunction = ({ loaderData }) =>
  loaderData ? [{ title: loaderData.metaTitle }, { name: "description", content: loaderData.metaDescription }] : [];

const CATEGORY_ICONS = [BrushIcon, CubeIcon, SparkIcon, FilmIcon, MusicIcon];

export default function Home({ loaderData: t }: Route.ComponentProps) {
  return (
    <>
      {t.accountDeleted && <AccountDeletedToast notice={t.accountDeleted} />}
      <section className="home-hero border-b border-zinc-200 dark:border-zinc-800">
        <div className="mx-auto max-w-6xl px-4 pt-16 pb-20 sm:px-6 sm:pt-24 sm:pb-28">
          <p className="inline-flex rounded-full border border-brand-100 bg-white px-3 py-1 text-sm font-medium text-brand-700 dark:border-zinc-700 dark:bg-zinc-900 dark:text-brand-300">
            {t.heroEyebrow}
          </p>
          <h1 className="mt-5 max-w-3xl text-4xl font-bold tracking-tight text-balance text-zinc-900 sm:text-6xl dark:text-zinc-50">
            {t.heroTitle}
          </h1>
          <p className="mt-5 max-w-2xl text-lg text-pretty text-zinc-700 dark:text-zinc-300">{t.heroBody}</p>
          <div className="mt-8 flex flex-wrap gap-3">
            <Link to="/explore/creators" className="button-primary">
              {t.ctaExplore}
            </Link>
            <a href="#how-it-works" className="button-secondary">
              {t.ctaHow}
            </a>
          </div>
        </div>
      </section>

      <section aria-labelledby="home-categories" className="mx-auto max-w-6xl px-4 py-16 sm:px-6">
        <h2 id="home-categories" className="text-2xl font-bold tracking-tight text-zinc-900 dark:text-zinc-50">
          {t.categoriesTitle}
        </h2>
        <p className="mt-2 text-zinc-600 dark:text-zinc-400">{t.categoriesBody}</p>
        <ul className="mt-8 grid gap-4 sm:grid-cols-2 lg:grid-cols-5">
          {t.categories.map(({ title, body }, index) => {
            const Icon = CATEGORY_ICONS[index];
            return (
              <li
                key={title}
                className="rounded-2xl border border-zinc-200 bg-white p-5 dark:border-zinc-800 dark:bg-zinc-900"
              >
                <span className="inline-flex size-10 items-center justify-center rounded-xl bg-brand-50 text-brand-700 dark:bg-zinc-800 dark:text-brand-300">
                  <Icon className="size-5" />
                </span>
                <h3 className="mt-4 font-semibold text-zinc-900 dark:text-zinc-50">{title}</h3>
                <p className="mt-1 text-sm text-zinc-600 dark:text-zinc-400">{body}</p>
              </li>
            );
          })}
        </ul>
      </section>

      <section id="how-it-works" aria-labelledby="home-how" className="scroll-mt-[76px] bg-zinc-50 dark:bg-zinc-900/60">
        <div className="mx-auto max-w-6xl px-4 py-16 sm:px-6">
          <h2 id="home-how" className="text-2xl font-bold tracking-tight text-zinc-900 dark:text-zinc-50">
            {t.howTitle}
          </h2>
          <ol className="mt-8 grid gap-6 md:grid-cols-3">
            {t.steps.map(({ title, body }, index) => (
              <li key={title} className="flex gap-4">
                <span
                  className="inline-flex size-9 shrink-0 items-center justify-center rounded-full bg-brand-600 text-sm font-bold text-white"
                  aria-hidden="true"
                >
                  {index + 1}
                </span>
                <div>
                  <h3 className="font-semibold text-zinc-900 dark:text-zinc-50">{title}</h3>
                  <p className="mt-1 text-sm text-zinc-600 dark:text-zinc-400">{body}</p>
                </div>
              </li>
            ))}
          </ol>
        </div>
      </section>

      <section aria-labelledby="home-creators" className="mx-auto max-w-6xl px-4 pt-16 sm:px-6">
        <div className="flex flex-col items-start gap-6 rounded-3xl bg-brand-700 px-6 py-10 text-white sm:px-10 md:flex-row md:items-center md:justify-between">
          <div>
            <h2 id="home-creators" className="text-2xl font-bold tracking-tight">
              {t.creatorsTitle}
            </h2>
            <p className="mt-2 max-w-xl text-brand-50">{t.creatorsBody}</p>
          </div>
          <Link
            to={DASHBOARD_PATHS.creatorHome}
            className="inline-flex shrink-0 items-center rounded-full bg-white px-5 py-2.5 text-sm font-semibold text-brand-700 hover:bg-brand-50"
          >
            {t.creatorsCta}
          </Link>
        </div>
      </section>
    </>
  );
}
