import { data } from "react-router";
import { DashboardPage, EmptyState, dashboardTitle } from "~/components/dashboard/dashboard-page";
import { UPCOMING_PAGES } from "~/components/dashboard/upcoming-pages";
import { requestContext } from "~/lib/request-context";
import { requireClientSide, requireCreatorSide, requireUser } from "./guards.server";
import type { Route } from "./+types/upcoming";

/** Every page of UPCOMING_PAGES (app/routes.ts mounts this module once per path, each with its own route id). */
export function loader({ context }: Route.LoaderArgs) {
  const path = context.get(requestContext).url.pathname.replace(/\/$/, "");
  const page = UPCOMING_PAGES[path];
  if (!page) throw data(null, { status: 404 });
  if (page.access.kind === "creator") requireCreatorSide(context);
  else if (page.access.kind === "client") requireClientSide(context, page.access.creatorCounterpart);
  else requireUser(context);
  // The texts are rendered here, in the request's language, so the seven pages' messages stay off the client.
  return {
    title: page.title(),
    message: page.message(),
    detail: page.detail(),
    action: page.action && { to: page.action.to, label: page.action.label() },
  };
}

export const meta: Route.MetaFunction = ({ loaderData }) => (loaderData ? dashboardTitle(loaderData.title) : []);

export default function UpcomingDashboardPage({ loaderData }: Route.ComponentProps) {
  const { title, message, detail, action } = loaderData;
  return (
    <DashboardPage title={title}>
      <EmptyState message={message} detail={detail} action={action} />
    </DashboardPage>
  );
}
