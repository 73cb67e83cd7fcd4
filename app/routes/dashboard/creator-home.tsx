import { Form, Link, redirect, useNavigation } from "react-router";
import { DASHBOARD_PATHS } from "~/components/dashboard/dashboard-paths";
import { DashboardPage, buttonLinkClass, dashboardTitle } from "~/components/dashboard/dashboard-page";
import { SubmitButton } from "~/components/form/form-status";
import { requestContext } from "~/lib/request-context";
import { m } from "~/paraglide/messages.js";
import { isCreatorSide } from "../../../worker/domain/roles";
import { grantCreatorRole } from "../../../worker/services/roles";
import { requireUser } from "./guards.server";
import type { Route } from "./+types/creator-home";

export function loader({ context }: Route.LoaderArgs) {
  const user = requireUser(context);
  return { creatorSide: isCreatorSide(user.roles) };
}

/** Becoming a creator: grant the role (idempotent), then start where a creator begins, their forms. */
export async function action({ context }: Route.ActionArgs) {
  const user = requireUser(context);
  if (!isCreatorSide(user.roles)) await grantCreatorRole(context.get(requestContext).db, user.accountId);
  return redirect(DASHBOARD_PATHS.forms);
}

export const meta: Route.MetaFunction = () => dashboardTitle(m.dashboard_creator_home_title());

export default function CreatorHomePage({ loaderData }: Route.ComponentProps) {
  const navigation = useNavigation();
  if (loaderData.creatorSide) {
    return (
      <DashboardPage title={m.dashboard_creator_home_title()}>
        <section className="rounded-lg border border-zinc-300 px-6 py-8 dark:border-zinc-700">
          <p className="text-base font-semibold text-zinc-900 dark:text-zinc-100">{m.dashboard_creator_home_already()}</p>
          <p className="mt-2 text-sm text-zinc-700 dark:text-zinc-300">{m.dashboard_creator_home_already_detail()}</p>
          <Link to={DASHBOARD_PATHS.forms} className={`${buttonLinkClass} mt-6`}>
            {m.dashboard_creator_home_forms_link()}
          </Link>
        </section>
      </DashboardPage>
    );
  }
  return (
    <DashboardPage title={m.dashboard_creator_home_title()} intro={m.dashboard_creator_home_intro()}>
      <section aria-labelledby="creator-home-steps" className="rounded-lg border border-zinc-300 px-6 py-6 dark:border-zinc-700">
        <h2 id="creator-home-steps" className="text-lg font-semibold text-zinc-900 dark:text-zinc-100">
          {m.dashboard_creator_home_steps_title()}
        </h2>
        <ul className="mt-3 list-disc space-y-2 pl-5 text-zinc-800 dark:text-zinc-200">
          <li>{m.dashboard_creator_home_step_forms()}</li>
          <li>{m.dashboard_creator_home_step_requests()}</li>
          <li>{m.dashboard_creator_home_step_payout()}</li>
        </ul>
        <p className="mt-4 text-sm text-zinc-700 dark:text-zinc-300">{m.dashboard_creator_home_note()}</p>
        <Form method="post" className="mt-6">
          <SubmitButton
            busy={navigation.state !== "idle" && navigation.formAction === DASHBOARD_PATHS.creatorHome}
            label={m.dashboard_creator_home_submit()}
            busyLabel={m.dashboard_creator_home_submitting()}
          />
        </Form>
      </section>
    </DashboardPage>
  );
}
