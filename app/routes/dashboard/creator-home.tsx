import { Form, Link, redirect, useNavigation } from "react-router";
import { DASHBOARD_PATHS } from "#app/components/dashboard/dashboard-paths";
import { DashboardPage, buttonLinkClass, dashboardTitle } from "#app/components/dashboard/dashboard-page";
import { SubmitButton } from "#app/components/form/form-status";
import { requestContext } from "#app/lib/request-context";
import { readFormData } from "#app/lib/form-data.server";
import { m } from "#app/paraglide/messages.js";
import { isCreatorSide } from "#worker/domain/roles";
import { grantCreatorRole } from "#worker/services/roles";
import { followerCount } from "#worker/services/follows";
import { requireUser } from "./guards.server";
import type { Route } from "./+types/creator-home";

export async function loader({ context }: Route.LoaderArgs) {
  const user = requireUser(context);
  const creatorSide = isCreatorSide(user.roles);
  // How many follow them (decision 107): the number, never who.
  const followers = creatorSide ? await followerCount(context.get(requestContext).db.$client, user.accountId) : null;
  // The page is copy: its texts are rendered here, in the request's language, to keep its messages off the client.
  const texts = {
    title: m.dashboard_creator_home_title(),
    already: m.dashboard_creator_home_already(),
    alreadyDetail: m.dashboard_creator_home_already_detail(),
    formsLink: m.dashboard_creator_home_forms_link(),
    intro: m.dashboard_creator_home_intro(),
    stepsTitle: m.dashboard_creator_home_steps_title(),
    steps: [
      m.dashboard_creator_home_step_forms(),
      m.dashboard_creator_home_step_requests(),
      m.dashboard_creator_home_step_payout(),
    ],
    note: m.dashboard_creator_home_note(),
    submit: m.dashboard_creator_home_submit(),
    submitting: m.dashboard_creator_home_submitting(),
  };
  return {
    creatorSide,
    texts,
    followers:
      followers === null
        ? null
        : {
            title: m.follows_followers_title(),
            count: m.follows_followers_count({ count: String(followers) }),
            note: m.follows_followers_note(),
          },
    // A creator's own numbers (decision 111): a link to their insights.
    insights: creatorSide
      ? { title: m.insights_home_title(), detail: m.insights_home_detail(), link: m.insights_home_link() }
      : null,
  };
}

/** Becoming a creator: grant the role (idempotent), then start where a creator begins, their forms. */
export async function action({ request, context }: Route.ActionArgs) {
  const user = requireUser(context);
  const { db, locale } = context.get(requestContext);
  // The button posts no fields; reading them still refuses a post that is not the page's form.
  await readFormData(request, locale);
  if (!isCreatorSide(user.roles)) await grantCreatorRole(db, user.accountId);
  return redirect(DASHBOARD_PATHS.forms);
}

export const meta: Route.MetaFunction = ({ loaderData }) => (loaderData ? dashboardTitle(loaderData.texts.title) : []);

export default function CreatorHomePage({ loaderData }: Route.ComponentProps) {
  const navigation = useNavigation();
  const t = loaderData.texts;
  if (loaderData.creatorSide) {
    return (
      <DashboardPage title={t.title}>
        <section className="rounded-lg border border-zinc-300 px-6 py-8 dark:border-zinc-700">
          <p className="text-base font-semibold text-zinc-900 dark:text-zinc-100">{t.already}</p>
          <p className="mt-2 text-sm text-zinc-700 dark:text-zinc-300">{t.alreadyDetail}</p>
          <Link to={DASHBOARD_PATHS.forms} className={`${buttonLinkClass} mt-6`}>
            {t.formsLink}
          </Link>
        </section>
        {loaderData.followers ? (
          <section
            aria-labelledby="creator-home-followers"
            className="rounded-lg border border-zinc-300 px-6 py-6 dark:border-zinc-700"
          >
            <h2 id="creator-home-followers" className="text-lg font-semibold text-zinc-900 dark:text-zinc-100">
              {loaderData.followers.title}
            </h2>
            <p className="mt-2 text-2xl font-bold text-zinc-900 dark:text-zinc-50" data-testid="follower-count">
              {loaderData.followers.count}
            </p>
            <p className="mt-2 text-sm text-zinc-700 dark:text-zinc-300">{loaderData.followers.note}</p>
          </section>
        ) : null}
        {loaderData.insights ? (
          <section
            aria-labelledby="creator-home-insights"
            className="rounded-lg border border-zinc-300 px-6 py-6 dark:border-zinc-700"
          >
            <h2 id="creator-home-insights" className="text-lg font-semibold text-zinc-900 dark:text-zinc-100">
              {loaderData.insights.title}
            </h2>
            <p className="mt-2 text-sm text-zinc-700 dark:text-zinc-300">{loaderData.insights.detail}</p>
            <Link to={DASHBOARD_PATHS.insights} className={`${buttonLinkClass} mt-4`}>
              {loaderData.insights.link}
            </Link>
          </section>
        ) : null}
      </DashboardPage>
    );
  }
  return (
    <DashboardPage title={t.title} intro={t.intro}>
      <section
        aria-labelledby="creator-home-steps"
        className="rounded-lg border border-zinc-300 px-6 py-6 dark:border-zinc-700"
      >
        <h2 id="creator-home-steps" className="text-lg font-semibold text-zinc-900 dark:text-zinc-100">
          {t.stepsTitle}
        </h2>
        <ul className="mt-3 list-disc space-y-2 pl-5 text-zinc-800 dark:text-zinc-200">
          {t.steps.map((step) => (
            <li key={step}>{step}</li>
          ))}
        </ul>
        <p className="mt-4 text-sm text-zinc-700 dark:text-zinc-300">{t.note}</p>
        <Form method="post" className="mt-6">
          <SubmitButton
            busy={navigation.state !== "idle" && navigation.formAction === DASHBOARD_PATHS.creatorHome}
            label={t.submit}
            busyLabel={t.submitting}
          />
        </Form>
      </section>
    </DashboardPage>
  );
}
