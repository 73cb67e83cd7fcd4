import { redirect } from "react-router";
import { DASHBOARD_PATHS } from "#app/components/dashboard/dashboard-paths";
import { requestContext } from "#app/lib/request-context";
import { keepingLanguage } from "#worker/http/locale";
import { requireUser } from "./guards.server";
import type { Route } from "./+types/index";

export function loader({ context }: Route.LoaderArgs) {
  requireUser(context);
  // `/dashboard?lang=ko` lands on the first page in Korean, not the cookie's language (issue 75).
  throw redirect(keepingLanguage(DASHBOARD_PATHS.settingsProfile, context.get(requestContext).url));
}

export default function DashboardIndex() {
  return null;
}
