/// <reference types="node" />
import { type RouteConfig, index, layout, prefix, route } from "@react-router/dev/routes";
import { LEGAL_PAGES } from "#worker/domain/legal-pages";

/**
 * The dev mailbox, the dev clock and the browser tests' fixtures exist only in development and test builds, never in a
 * production build.
 */
const devTools = process.env.NODE_ENV !== "production" || process.env.COMET_DEV_TOOLS === "1";

export default [
  ...(devTools ? [route("dev/fixtures/:name", "routes/dev-fixtures.ts")] : []),
  layout("routes/site-layout.tsx", [
    index("routes/home.tsx"),
    route("explore/creators", "routes/explore-creators.tsx"),
    route("cf/:code", "routes/commission-form.tsx"),
    route("ban", "routes/ban.tsx"),
    route("onboarding", "routes/onboarding.tsx"),
    ...(devTools ? [route("dev/mailbox", "routes/dev-mailbox.tsx"), route("dev/clock", "routes/dev-clock.tsx")] : []),
    ...prefix("dashboard", [
      layout("routes/dashboard/layout.tsx", [
        index("routes/dashboard/index.tsx"),
        route("setting/profile", "routes/dashboard/setting-profile.tsx"),
        route("setting/profile/account", "routes/dashboard/setting-account.tsx"),
        route("setting/profile/account/export/:exportId", "routes/dashboard/data-export-download.ts"),
        route("setting/profile/notification", "routes/dashboard/setting-notification.tsx"),
        route("setting/profile/payment", "routes/dashboard/setting-payment.tsx"),
        route("portfolio/creator", "routes/dashboard/portfolio-creator.tsx"),
        route("portfolio/creator/new", "routes/dashboard/portfolio-creator-new.tsx"),
        route("portfolio/creator/client", "routes/dashboard/portfolio-creator-client.tsx"),
        route("portfolio/creator/client/new", "routes/dashboard/portfolio-creator-client-new.tsx"),
        route("portfolio/client", "routes/dashboard/portfolio-client.tsx"),
        route("portfolio/client/new", "routes/dashboard/portfolio-client-new.tsx"),
        route("portfolio/client/:workId/edit", "routes/dashboard/portfolio-client-edit.tsx"),
        route("portfolio/creator/:workId/edit", "routes/dashboard/portfolio-creator-edit.tsx"),
        route("portfolio/tags", "routes/dashboard/portfolio-tags.tsx"),
        route("commission/setting/service/new", "routes/dashboard/commission-forms-service-new.tsx"),
        route("commission/setting/service/:serviceId/edit", "routes/dashboard/commission-forms-service-edit.tsx"),
        route("creator/wallet", "routes/dashboard/wallet.tsx"),
        route("creator/home", "routes/dashboard/creator-home.tsx"),
        route("creator/insights", "routes/dashboard/creator-insights.tsx"),
        route("commission/setting/form", "routes/dashboard/commission-forms.tsx"),
        route("commission/setting/form/general", "routes/dashboard/commission-forms-general.tsx"),
        route("commission/setting/form/form/new", "routes/dashboard/commission-form-new.tsx"),
        route("commission/setting/form/form/edit", "routes/dashboard/commission-form-edit.tsx"),
        route("commission/managements", "routes/dashboard/commission-managements.tsx"),
        route("commission/waitlist", "routes/dashboard/commission-waitlist.tsx"),
        route("commission/client/requests", "routes/dashboard/client-requests.tsx"),
        route("billing", "routes/dashboard/billing.tsx"),
        route("saved", "routes/dashboard/saved.tsx"),
        route("history/sales", "routes/dashboard/history-sales.tsx"),
        route("history/billing", "routes/dashboard/history-billing.tsx"),
        route("documents/:documentId", "routes/dashboard/document.tsx"),
      ]),
    ]),
    // The admin console (decision 087): every loader and action answers a non-admin with the site's 404.
    ...prefix("admin", [
      layout("routes/admin/layout.tsx", [
        index("routes/admin/index.tsx"),
        route("reports", "routes/admin/reports.tsx"),
        route("users", "routes/admin/users.tsx"),
        route("disputes", "routes/admin/disputes.tsx"),
        route("disputes/:orderId", "routes/admin/dispute.tsx"),
        route("chargebacks/:chargebackId", "routes/admin/chargeback.tsx"),
      ]),
      // A disputed order's file, through the admin's audited door (decision 088): a response, no page.
      route("disputes/:orderId/files/:kind/:id", "routes/admin/dispute-file.ts"),
    ]),
    // The footer's guideline and legal pages (decision 052): one module, a route id for each page.
    ...LEGAL_PAGES.map((page) => route(page.path, "routes/legal-page.tsx", { id: `routes/legal/${page.slug}` })),
    // A work's page (decision 031), before the catch-all handle.
    route(":handle/works/:workId", "routes/work.tsx"),
    // Last: a handle is any single segment not claimed above.
    route(":handle", "routes/profile.tsx"),
    route("*", "routes/not-found.tsx"),
  ]),
] satisfies RouteConfig;
