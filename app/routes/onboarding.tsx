import { Link } from "react-router";
import { DASHBOARD_PATHS } from "#app/components/dashboard/dashboard-paths";
import { m } from "#app/paraglide/messages.js";
import { useRootData } from "#app/root";
import type { Route } from "./+types/onboarding";

export const meta: Route.MetaFunction = () => [
  { title: m.layout_meta_page_title({ page: m.onboarding_meta_title() }) },
];

/** Shown after a sign-up (pushed from /?signup): what to do next. */
export default function Onboarding() {
  const user = useRootData()?.user;
  const steps = [
    {
      to: DASHBOARD_PATHS.settingsProfile,
      title: m.onboarding_profile_title(),
      body: m.onboarding_profile_body(),
      cta: m.onboarding_profile_cta(),
    },
    {
      to: "/explore/creators",
      title: m.onboarding_explore_title(),
      body: m.onboarding_explore_body(),
      cta: m.onboarding_explore_cta(),
    },
    {
      to: DASHBOARD_PATHS.creatorHome,
      title: m.onboarding_creator_title(),
      body: m.onboarding_creator_body(),
      cta: m.onboarding_creator_cta(),
    },
  ];
  return (
    <div className="mx-auto max-w-3xl px-4 py-16 sm:px-6">
      <h1 className="text-3xl font-bold tracking-tight text-zinc-900 sm:text-4xl dark:text-zinc-50">
        {user ? m.onboarding_title_named({ handle: user.handle }) : m.onboarding_title()}
      </h1>
      <p className="mt-3 text-lg text-zinc-700 dark:text-zinc-300">{m.onboarding_body()}</p>
      <h2 className="mt-12 text-sm font-semibold tracking-wide text-zinc-600 uppercase dark:text-zinc-400">
        {m.onboarding_next_steps()}
      </h2>
      <ol className="mt-4 space-y-4">
        {steps.map((step, index) => (
          <li
            key={step.to}
            className="flex gap-4 rounded-2xl border border-zinc-200 bg-white p-5 dark:border-zinc-800 dark:bg-zinc-900"
          >
            <span
              className="inline-flex size-8 shrink-0 items-center justify-center rounded-full bg-brand-50 text-sm font-bold text-brand-700 dark:bg-zinc-800 dark:text-brand-300"
              aria-hidden="true"
            >
              {index + 1}
            </span>
            <div className="min-w-0 flex-1">
              <h3 className="font-semibold text-zinc-900 dark:text-zinc-50">{step.title}</h3>
              <p className="mt-1 text-sm text-zinc-600 dark:text-zinc-400">{step.body}</p>
              <Link
                to={step.to}
                className="mt-3 inline-block rounded text-sm font-semibold text-brand-600 hover:underline dark:text-brand-300"
              >
                {step.cta}
              </Link>
            </div>
          </li>
        ))}
      </ol>
    </div>
  );
}
