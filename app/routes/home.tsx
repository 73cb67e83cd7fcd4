import { Link } from "react-router";
import { DASHBOARD_PATHS } from "~/components/dashboard/dashboard-paths";
import { BrushIcon, CubeIcon, FilmIcon, MusicIcon, SparkIcon } from "~/components/layout/icons";
import { m } from "~/paraglide/messages.js";
import type { Route } from "./+types/home";

export const meta: Route.MetaFunction = () => [
  { title: m.layout_meta_title() },
  { name: "description", content: m.home_meta_description() },
];

const categories = [
  { icon: BrushIcon, title: () => m.home_category_illustration(), body: () => m.home_category_illustration_body() },
  { icon: CubeIcon, title: () => m.home_category_3d(), body: () => m.home_category_3d_body() },
  { icon: SparkIcon, title: () => m.home_category_animation(), body: () => m.home_category_animation_body() },
  { icon: FilmIcon, title: () => m.home_category_video(), body: () => m.home_category_video_body() },
  { icon: MusicIcon, title: () => m.home_category_audio(), body: () => m.home_category_audio_body() },
];

const steps = [
  { title: () => m.home_step_request(), body: () => m.home_step_request_body() },
  { title: () => m.home_step_pay(), body: () => m.home_step_pay_body() },
  { title: () => m.home_step_receive(), body: () => m.home_step_receive_body() },
];

export default function Home() {
  return (
    <>
      <section className="home-hero border-b border-zinc-200 dark:border-zinc-800">
        <div className="mx-auto max-w-6xl px-4 pt-16 pb-20 sm:px-6 sm:pt-24 sm:pb-28">
          <p className="inline-flex rounded-full border border-brand-100 bg-white px-3 py-1 text-sm font-medium text-brand-700 dark:border-zinc-700 dark:bg-zinc-900 dark:text-brand-300">
            {m.home_hero_eyebrow()}
          </p>
          <h1 className="mt-5 max-w-3xl text-4xl font-bold tracking-tight text-balance text-zinc-900 sm:text-6xl dark:text-zinc-50">
            {m.home_hero_title()}
          </h1>
          <p className="mt-5 max-w-2xl text-lg text-pretty text-zinc-700 dark:text-zinc-300">{m.home_hero_body()}</p>
          <div className="mt-8 flex flex-wrap gap-3">
            <Link to="/explore/creators" className="button-primary">
              {m.home_cta_explore()}
            </Link>
            <a href="#how-it-works" className="button-secondary">
              {m.home_cta_how()}
            </a>
          </div>
        </div>
      </section>

      <section aria-labelledby="home-categories" className="mx-auto max-w-6xl px-4 py-16 sm:px-6">
        <h2 id="home-categories" className="text-2xl font-bold tracking-tight text-zinc-900 dark:text-zinc-50">
          {m.home_categories_title()}
        </h2>
        <p className="mt-2 text-zinc-600 dark:text-zinc-400">{m.home_categories_body()}</p>
        <ul className="mt-8 grid gap-4 sm:grid-cols-2 lg:grid-cols-5">
          {categories.map(({ icon: Icon, title, body }) => (
            <li key={title()} className="rounded-2xl border border-zinc-200 bg-white p-5 dark:border-zinc-800 dark:bg-zinc-900">
              <span className="inline-flex size-10 items-center justify-center rounded-xl bg-brand-50 text-brand-700 dark:bg-zinc-800 dark:text-brand-300">
                <Icon className="size-5" />
              </span>
              <h3 className="mt-4 font-semibold text-zinc-900 dark:text-zinc-50">{title()}</h3>
              <p className="mt-1 text-sm text-zinc-600 dark:text-zinc-400">{body()}</p>
            </li>
          ))}
        </ul>
      </section>

      <section id="how-it-works" aria-labelledby="home-how" className="scroll-mt-[76px] bg-zinc-50 dark:bg-zinc-900/60">
        <div className="mx-auto max-w-6xl px-4 py-16 sm:px-6">
          <h2 id="home-how" className="text-2xl font-bold tracking-tight text-zinc-900 dark:text-zinc-50">
            {m.home_how_title()}
          </h2>
          <ol className="mt-8 grid gap-6 md:grid-cols-3">
            {steps.map(({ title, body }, index) => (
              <li key={title()} className="flex gap-4">
                <span
                  className="inline-flex size-9 shrink-0 items-center justify-center rounded-full bg-brand-600 text-sm font-bold text-white"
                  aria-hidden="true"
                >
                  {index + 1}
                </span>
                <div>
                  <h3 className="font-semibold text-zinc-900 dark:text-zinc-50">{title()}</h3>
                  <p className="mt-1 text-sm text-zinc-600 dark:text-zinc-400">{body()}</p>
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
              {m.home_creators_title()}
            </h2>
            <p className="mt-2 max-w-xl text-brand-50">{m.home_creators_body()}</p>
          </div>
          <Link
            to={DASHBOARD_PATHS.creatorHome}
            className="inline-flex shrink-0 items-center rounded-full bg-white px-5 py-2.5 text-sm font-semibold text-brand-700 hover:bg-brand-50"
          >
            {m.home_creators_cta()}
          </Link>
        </div>
      </section>
    </>
  );
}
