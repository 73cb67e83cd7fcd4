import { NavLink, useLocation } from "react-router";
import type { DashboardNavTexts, NavLinkItem, NavSection } from "./dashboard-nav";

/** The label of the page at `pathname`, for the collapsed menu's summary on small screens. */
function currentNavLabel(sections: NavSection[], pathname: string): string | undefined {
  const path = pathname.replace(/\/+$/, "");
  for (const section of sections) {
    for (const item of section.items) {
      if (item.to === path) return item.label;
      const child = item.children?.find((c) => c.to === path);
      if (child) return child.label;
    }
  }
  return undefined;
}

function NavItem({ item }: { item: NavLinkItem }) {
  return (
    <li>
      {/* `end`: a parent is current only on its own page, so one link at a time carries aria-current. */}
      {/* Looks in dashboard.css; the current page's link is styled by its aria-current. */}
      <NavLink to={item.to} end className="dashboard-link dashboard-link-top">
        {item.label}
      </NavLink>
      {item.children && (
        <ul className="mt-1 ml-4 space-y-1 border-l border-zinc-300 pl-2 dark:border-zinc-700">
          {item.children.map((child) => (
            <li key={child.to}>
              <NavLink to={child.to} end className="dashboard-link">
                {child.label}
              </NavLink>
            </li>
          ))}
        </ul>
      )}
    </li>
  );
}

function NavSections({ sections, idPrefix }: { sections: NavSection[]; idPrefix: string }) {
  return (
    <div className="space-y-6">
      {sections.map((section) => {
        const titleId = `${idPrefix}-${section.id}`;
        return (
          <div key={section.id}>
            <p
              id={titleId}
              className="px-3 pb-2 text-xs font-semibold tracking-wide text-zinc-600 uppercase dark:text-zinc-400"
            >
              {section.title}
            </p>
            <ul aria-labelledby={titleId} className="space-y-1">
              {section.items.map((item) => (
                <NavItem key={item.to} item={item} />
              ))}
            </ul>
          </div>
        );
      })}
    </div>
  );
}

/**
 * The dashboard navigation: a sticky column on wide screens; on small screens a disclosure above the
 * content (a native <details>, so it opens without JavaScript) that closes again after each navigation.
 * `sections` and `texts` come from the dashboard layout's loader, already in the page's language.
 */
export function DashboardSidebar({ sections, texts }: { sections: NavSection[]; texts: DashboardNavTexts }) {
  const { pathname } = useLocation();
  const current = currentNavLabel(sections, pathname);
  return (
    <>
      <nav aria-label={texts.navLabel} className="md:hidden">
        <details
          key={pathname}
          className="group rounded-lg border border-zinc-300 bg-white dark:border-zinc-700 dark:bg-zinc-900"
        >
          <summary className="dashboard-menu-toggle">
            <span>
              {texts.menuToggle}
              {current && <span className="text-zinc-600 dark:text-zinc-400"> · {current}</span>}
            </span>
            <svg
              aria-hidden="true"
              viewBox="0 0 20 20"
              className="size-5 shrink-0 transition-transform group-open:rotate-180"
              fill="currentColor"
            >
              <path
                fillRule="evenodd"
                d="M5.23 7.21a.75.75 0 0 1 1.06.02L10 11.17l3.71-3.94a.75.75 0 1 1 1.08 1.04l-4.25 4.5a.75.75 0 0 1-1.08 0l-4.25-4.5a.75.75 0 0 1 .02-1.06Z"
                clipRule="evenodd"
              />
            </svg>
          </summary>
          <div className="border-t border-zinc-300 p-3 dark:border-zinc-700">
            <NavSections sections={sections} idPrefix="dashboard-nav-mobile" />
          </div>
        </details>
      </nav>
      <nav aria-label={texts.navLabel} className="hidden md:sticky md:top-20 md:block">
        <NavSections sections={sections} idPrefix="dashboard-nav" />
      </nav>
    </>
  );
}
