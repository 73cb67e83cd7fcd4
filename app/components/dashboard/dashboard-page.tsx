import type { ReactNode } from "react";
import { Link } from "react-router";
import { m } from "#app/paraglide/messages.js";

/** A dashboard page's heading (the page's only h1) and body. */
export function DashboardPage({ title, intro, children }: { title: string; intro?: string; children: ReactNode }) {
  return (
    <div className="space-y-6">
      <header className="space-y-1">
        <h1 className="text-2xl font-bold tracking-tight text-zinc-900 dark:text-zinc-50">{title}</h1>
        {intro && <p className="text-zinc-700 dark:text-zinc-300">{intro}</p>}
      </header>
      {children}
    </div>
  );
}

export const buttonLinkClass = "button-primary min-h-11";

/** What will appear on a page that has nothing yet, said plainly, with the next useful step when there is one. */
export function EmptyState({
  message,
  detail,
  action,
}: {
  message: string;
  detail?: string;
  action?: { to: string; label: string };
}) {
  return (
    <section className="rounded-lg border border-dashed border-zinc-400 px-6 py-10 text-center dark:border-zinc-600">
      <svg
        aria-hidden="true"
        viewBox="0 0 24 24"
        className="mx-auto mb-3 size-10 text-zinc-500 dark:text-zinc-400"
        fill="none"
        stroke="currentColor"
        strokeWidth="1.5"
      >
        <path
          strokeLinecap="round"
          strokeLinejoin="round"
          d="M20.25 7.5l-.625 10.632a2.25 2.25 0 0 1-2.247 2.118H6.622a2.25 2.25 0 0 1-2.247-2.118L3.75 7.5M10 11.25h4M3.375 7.5h17.25c.621 0 1.125-.504 1.125-1.125v-1.5c0-.621-.504-1.125-1.125-1.125H3.375c-.621 0-1.125.504-1.125 1.125v1.5c0 .621.504 1.125 1.125 1.125Z"
        />
      </svg>
      <p className="text-base font-semibold text-zinc-900 dark:text-zinc-100">{message}</p>
      {detail && <p className="mx-auto mt-2 max-w-md text-sm text-zinc-700 dark:text-zinc-300">{detail}</p>}
      {action && (
        <Link to={action.to} className={`${buttonLinkClass} mt-6`}>
          {action.label}
        </Link>
      )}
    </section>
  );
}

/** The document title of a dashboard page: "Page | Dashboard | Comet". */
export function dashboardTitle(page: string) {
  return [{ title: `${m.dashboard_page_title({ page })} | ${m.app_name()}` }];
}
