import { m } from "#app/paraglide/messages.js";
import { DASHBOARD_PATHS } from "./dashboard-paths";

export { DASHBOARD_PATHS };

export interface NavLinkItem {
  to: string;
  label: string;
  children?: NavLinkItem[];
}

export interface NavSection {
  id: string;
  title: string;
  items: NavLinkItem[];
}

/** The sidebar's own labels: its landmark's name and the small screens' menu toggle. */
export function dashboardNavTexts() {
  return { navLabel: m.sidebar_nav_label(), menuToggle: m.sidebar_menu_toggle() };
}

export type DashboardNavTexts = ReturnType<typeof dashboardNavTexts>;

/**
 * The sidebar of spec sections 2 and 6. Admins and creators get the creator side; items meant for
 * non-creators are hidden from them. Sections left empty are dropped.
 */
export function dashboardNav(creatorSide: boolean): NavSection[] {
  const p = DASHBOARD_PATHS;
  const sections: NavSection[] = [
    {
      id: "general",
      title: m.sidebar_section_general(),
      items: [
        {
          to: p.settingsProfile,
          label: m.sidebar_settings(),
          children: [
            { to: p.settingsAccount, label: m.sidebar_settings_account() },
            { to: p.settingsNotification, label: m.sidebar_settings_notification() },
            { to: p.settingsPayment, label: m.sidebar_settings_payment() },
          ],
        },
        creatorSide
          ? {
              to: p.portfolioCreator,
              label: m.sidebar_portfolio(),
              children: [
                { to: p.portfolioCreatorNew, label: m.sidebar_portfolio_new() },
                { to: p.portfolioCreatorClient, label: m.sidebar_portfolio_client() },
                { to: p.portfolioCreatorClientNew, label: m.sidebar_portfolio_client_new() },
              ],
            }
          : { to: p.portfolioClient, label: m.sidebar_portfolio() },
        creatorSide
          ? { to: p.wallet, label: m.sidebar_payout() }
          : { to: p.creatorHome, label: m.sidebar_join_creator() },
      ],
    },
    {
      id: "creator",
      title: m.sidebar_section_creator(),
      items: creatorSide
        ? [
            {
              to: p.forms,
              label: m.sidebar_forms(),
              children: [
                { to: p.formsGeneral, label: m.sidebar_forms_general() },
                { to: p.formNew, label: m.sidebar_forms_new() },
                { to: p.formEdit, label: m.sidebar_forms_edit() },
              ],
            },
            { to: p.managements, label: m.sidebar_managements() },
            { to: p.waitlist, label: m.sidebar_waitlist() },
            // A creator's own numbers (decision 111).
            { to: p.insights, label: m.insights_nav() },
          ]
        : [],
    },
    {
      id: "client",
      title: m.sidebar_section_client(),
      items: [
        { to: p.clientRequests, label: m.sidebar_sent_requests() },
        // Followed creators and bookmarks (decision 107), for every signed-in user.
        { to: p.saved, label: m.follows_nav_saved() },
      ],
    },
    {
      id: "history",
      title: m.sidebar_section_history(),
      items: [
        ...(creatorSide ? [{ to: p.sales, label: m.sidebar_sales() }] : []),
        { to: p.billingHistory, label: m.sidebar_billing_history() },
      ],
    },
  ];
  return sections.filter((section) => section.items.length > 0);
}

export interface AvatarMenuLink {
  to: string;
  label: string;
  /** Shown below the md breakpoint only: on wider screens the header shows these itself (spec section 2). */
  smallScreensOnly?: boolean;
}

/** The avatar menu's dashboard links (spec section 2's table), from the same paths as the sidebar. */
export function avatarMenuLinks(creatorSide: boolean): AvatarMenuLink[] {
  const p = DASHBOARD_PATHS;
  const settings = { to: p.settingsProfile, label: m.menu_settings() };
  if (creatorSide) {
    return [
      settings,
      { to: p.managements, label: m.menu_managements() },
      { to: p.forms, label: m.menu_form() },
      { to: p.portfolioCreator, label: m.menu_portfolio() },
      { to: p.wallet, label: m.menu_payout() },
      { to: p.clientRequests, label: m.menu_sent_requests(), smallScreensOnly: true },
      { to: p.sales, label: m.menu_sales(), smallScreensOnly: true },
      { to: p.billingHistory, label: m.menu_billing_history(), smallScreensOnly: true },
    ];
  }
  return [
    settings,
    { to: p.portfolioClient, label: m.menu_portfolio() },
    { to: p.clientRequests, label: m.menu_sent_requests() },
    { to: p.billing, label: m.menu_billing(), smallScreensOnly: true },
    { to: p.creatorHome, label: m.menu_join_as_creator(), smallScreensOnly: true },
  ];
}
