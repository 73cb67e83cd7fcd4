/**
 * Every dashboard address in one place, so links, redirects and guards agree on the spelling. A module of its
 * own, without messages: the footer and many pages link to the dashboard without needing its navigation labels.
 */
export const DASHBOARD_PATHS = {
  settingsProfile: "/dashboard/setting/profile",
  settingsAccount: "/dashboard/setting/profile/account",
  settingsNotification: "/dashboard/setting/profile/notification",
  settingsPayment: "/dashboard/setting/profile/payment",
  portfolioCreator: "/dashboard/portfolio/creator",
  portfolioCreatorNew: "/dashboard/portfolio/creator/new",
  portfolioCreatorClient: "/dashboard/portfolio/creator/client",
  portfolioCreatorClientNew: "/dashboard/portfolio/creator/client/new",
  portfolioClient: "/dashboard/portfolio/client",
  portfolioClientNew: "/dashboard/portfolio/client/new",
  portfolioTags: "/dashboard/portfolio/tags",
  serviceNew: "/dashboard/commission/setting/service/new",
  wallet: "/dashboard/creator/wallet",
  creatorHome: "/dashboard/creator/home",
  insights: "/dashboard/creator/insights",
  forms: "/dashboard/commission/setting/form",
  formsGeneral: "/dashboard/commission/setting/form/general",
  formNew: "/dashboard/commission/setting/form/form/new",
  formEdit: "/dashboard/commission/setting/form/form/edit",
  managements: "/dashboard/commission/managements",
  waitlist: "/dashboard/commission/waitlist",
  clientRequests: "/dashboard/commission/client/requests",
  billing: "/dashboard/billing",
  saved: "/dashboard/saved",
  sales: "/dashboard/history/sales",
  billingHistory: "/dashboard/history/billing",
} as const;
