import { NavLink, Outlet } from "react-router";
import { m } from "#app/paraglide/messages.js";

const linkClass = ({ isActive }: { isActive: boolean }) =>
  `rounded-lg px-3 py-2 text-sm font-medium ${
    isActive
      ? "bg-zinc-900 text-white dark:bg-zinc-100 dark:text-zinc-900"
      : "text-zinc-800 hover:bg-zinc-100 dark:text-zinc-200 dark:hover:bg-zinc-800"
  }`;

/** The admin console's frame (decision 087): its pages as tabs. Each page's loader checks the admin itself. */
export default function AdminLayout() {
  return (
    <div className="mx-auto w-full max-w-5xl space-y-6 px-4 py-6 md:px-6 md:py-10">
      <nav aria-label={m.admin_nav_label()} className="flex flex-wrap gap-2">
        <NavLink to="/admin" end className={linkClass}>
          {m.admin_nav_overview()}
        </NavLink>
        <NavLink to="/admin/reports" className={linkClass}>
          {m.admin_nav_reports()}
        </NavLink>
        <NavLink to="/admin/users" className={linkClass}>
          {m.admin_nav_users()}
        </NavLink>
        <NavLink to="/admin/disputes" className={linkClass}>
          {m.admin_nav_disputes()}
        </NavLink>
      </nav>
      <Outlet />
    </div>
  );
}
