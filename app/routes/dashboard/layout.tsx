import { Outlet } from "react-router";
import { dashboardNav, dashboardNavTexts } from "#app/components/dashboard/dashboard-nav";
import { DashboardSidebar } from "#app/components/dashboard/dashboard-sidebar";
import { isCreatorSide } from "#worker/domain/roles";
import { requireUser } from "./guards.server";
import type { Route } from "./+types/layout";

export function loader({ context }: Route.LoaderArgs) {
  const user = requireUser(context);
  // The sidebar's labels are rendered here, in the request's language, so its messages stay off the client.
  return { navSections: dashboardNav(isCreatorSide(user.roles)), navTexts: dashboardNavTexts() };
}

export default function DashboardLayout({ loaderData }: Route.ComponentProps) {
  return (
    <div className="mx-auto flex w-full max-w-6xl flex-col gap-4 px-4 py-6 md:flex-row md:gap-10 md:px-6 md:py-10">
      <div className="md:w-60 md:shrink-0">
        <DashboardSidebar sections={loaderData.navSections} texts={loaderData.navTexts} />
      </div>
      {/* The site layout already wraps every page in the one <main>. */}
      <div className="min-w-0 flex-1">
        <Outlet />
      </div>
    </div>
  );
}
