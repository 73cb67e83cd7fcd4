import { redirect } from "react-router";
import { DASHBOARD_PATHS } from "#app/components/dashboard/dashboard-paths";
import { requireUser } from "./guards.server";
import type { Route } from "./+types/index";

export function loader({ context }: Route.LoaderArgs) {
  requireUser(context);
  throw redirect(DASHBOARD_PATHS.settingsProfile);
}

export default function DashboardIndex() {
  return null;
}
