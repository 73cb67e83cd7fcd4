import { DashboardPage, EmptyState, dashboardTitle } from "~/components/dashboard/dashboard-page";
import { m } from "~/paraglide/messages.js";
import { requireUser } from "./guards.server";
import type { Route } from "./+types/setting-notification";

export function loader({ context }: Route.LoaderArgs) {
  requireUser(context);
  return null;
}

export const meta: Route.MetaFunction = () => dashboardTitle(m.settings_notification_title());

export default function SettingNotificationPage() {
  return (
    <DashboardPage title={m.settings_notification_title()}>
      <EmptyState
        message={m.settings_notification_empty()}
        detail={m.settings_notification_empty_detail()}
      />
    </DashboardPage>
  );
}
