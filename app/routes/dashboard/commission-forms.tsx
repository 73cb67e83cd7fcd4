import { Link } from "react-router";
import { DASHBOARD_PATHS } from "#app/components/dashboard/dashboard-paths";
import { DashboardPage, EmptyState, buttonLinkClass, dashboardTitle } from "#app/components/dashboard/dashboard-page";
import { AUTHORING_PATHS } from "#app/components/authoring/paths";
import { formatMoney } from "#worker/domain/pricing";
import { requestContext } from "#app/lib/request-context";
import { m } from "#app/paraglide/messages.js";
import { listForms } from "#worker/services/commission-forms";
import { listServices } from "#worker/services/commission-services";
import { mediaUrlsForViewer } from "#worker/media/services/media-access";
import { requireCreatorSide } from "./guards.server";
import type { Route } from "./+types/commission-forms";

export async function loader({ context }: Route.LoaderArgs) {
  const user = requireCreatorSide(context);
  const { db, env, locale } = context.get(requestContext);
  const [forms, services] = await Promise.all([
    listForms(db, user.accountId, locale),
    listServices(db, user.accountId, locale),
  ]);
  // A draft's or an R-18 service's thumbnail is not at /media/ (decision 110): its owner reads it by a signed link.
  const view = await mediaUrlsForViewer(
    db,
    env,
    user,
    services.map((service) => service.thumbnailUrl),
  );
  // The page only lists: its texts, prices and links are made here, in the request's language, so the page's code
  // carries no messages and no money formatting (decision 030).
  const untitled = m.authoring_untitled();
  const unset = m.authoring_price_unset();
  const edit = (title: string) => m.authoring_edit_named({ title });
  return {
    forms: forms.map((form) => {
      const title = form.title || untitled;
      return {
        id: form.id,
        code: form.code,
        title,
        published: form.status === "PUBLISHED",
        status: form.status === "PUBLISHED" ? m.authoring_status_PUBLISHED() : m.authoring_status_DRAFT(),
        price: form.priceAmount ? formatMoney(form.priceAmount, form.currency, locale) : unset,
        editHref: AUTHORING_PATHS.formEdit(form.id),
        editLabel: edit(title),
      };
    }),
    services: services.map((service) => {
      const title = service.title || untitled;
      return {
        id: service.id,
        title,
        thumbnailUrl: view(service.thumbnailUrl),
        price: service.priceAmount
          ? m.catalog_price_from({ price: formatMoney(service.priceAmount, service.currency, locale) })
          : unset,
        editHref: AUTHORING_PATHS.serviceEdit(service.id),
        editLabel: edit(title),
      };
    }),
    texts: {
      title: m.authoring_forms_title(),
      intro: m.authoring_forms_intro(),
      formsHeading: m.authoring_forms_heading(),
      formsNew: m.authoring_forms_new(),
      formsEmpty: m.authoring_forms_empty(),
      formsEmptyDetail: m.authoring_forms_empty_detail(),
      columns: [
        m.authoring_col_title(),
        m.authoring_col_status(),
        m.authoring_col_code(),
        m.authoring_col_price(),
        m.authoring_col_actions(),
      ],
      edit: m.authoring_edit(),
      servicesHeading: m.authoring_services_heading(),
      servicesNew: m.authoring_services_new(),
      servicesEmpty: m.authoring_services_empty(),
    },
  };
}

type PageData = Route.ComponentProps["loaderData"];

export const meta: Route.MetaFunction = ({ loaderData }) => (loaderData ? dashboardTitle(loaderData.texts.title) : []);

const cell = "px-3 py-2 text-left align-top";

export default function CommissionFormsPage({ loaderData }: Route.ComponentProps) {
  const { forms, services, texts: t } = loaderData;
  return (
    <DashboardPage title={t.title} intro={t.intro}>
      <section aria-labelledby="forms-heading" className="space-y-4">
        <div className="flex flex-wrap items-center justify-between gap-3">
          <h2 id="forms-heading" className="text-lg font-semibold text-zinc-900 dark:text-zinc-50">
            {t.formsHeading}
          </h2>
          {forms.length > 0 && (
            <Link to={DASHBOARD_PATHS.formNew} className={buttonLinkClass}>
              {t.formsNew}
            </Link>
          )}
        </div>
        {forms.length === 0 ? (
          <EmptyState
            message={t.formsEmpty}
            detail={t.formsEmptyDetail}
            action={{ to: DASHBOARD_PATHS.formNew, label: t.formsNew }}
          />
        ) : (
          <div className="overflow-x-auto rounded-lg border border-zinc-300 dark:border-zinc-700">
            <table className="w-full text-sm text-zinc-900 dark:text-zinc-100">
              <thead className="bg-zinc-100 dark:bg-zinc-800">
                <tr>
                  {t.columns.map((column) => (
                    <th key={column} scope="col" className={cell}>
                      {column}
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody>
                {forms.map((form) => (
                  <tr key={form.id} className="border-t border-zinc-200 dark:border-zinc-700">
                    <td className={`${cell} font-medium`}>{form.title}</td>
                    <td className={cell}>{form.status}</td>
                    <td className={`${cell} font-mono`}>
                      {form.published ? (
                        <Link to={`/cf/${form.code}`} className="text-brand-700 underline dark:text-brand-300">
                          {form.code}
                        </Link>
                      ) : (
                        form.code
                      )}
                    </td>
                    <td className={cell}>{form.price}</td>
                    <td className={cell}>
                      <Link
                        to={form.editHref}
                        className="text-brand-700 underline dark:text-brand-300"
                        aria-label={form.editLabel}
                      >
                        {t.edit}
                      </Link>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </section>
      <ServicesSection services={services} texts={t} />
    </DashboardPage>
  );
}

function ServicesSection({ services, texts: t }: { services: PageData["services"]; texts: PageData["texts"] }) {
  return (
    <section aria-labelledby="services-heading" className="space-y-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 id="services-heading" className="text-lg font-semibold text-zinc-900 dark:text-zinc-50">
          {t.servicesHeading}
        </h2>
        <Link to={DASHBOARD_PATHS.serviceNew} className="button-secondary min-h-11">
          {t.servicesNew}
        </Link>
      </div>
      {services.length === 0 ? (
        <p className="text-sm text-zinc-700 dark:text-zinc-300">{t.servicesEmpty}</p>
      ) : (
        <ul className="grid gap-3 sm:grid-cols-2">
          {services.map((service) => (
            <li key={service.id} className="flex gap-3 rounded-lg border border-zinc-300 p-3 dark:border-zinc-700">
              {service.thumbnailUrl ? (
                <img
                  src={service.thumbnailUrl}
                  alt=""
                  className="size-16 shrink-0 rounded object-cover"
                  width={64}
                  height={64}
                />
              ) : (
                <span aria-hidden="true" className="size-16 shrink-0 rounded bg-zinc-200 dark:bg-zinc-800" />
              )}
              <div className="min-w-0 space-y-1 text-sm">
                <p className="font-medium text-zinc-900 dark:text-zinc-50">{service.title}</p>
                <p className="text-zinc-700 dark:text-zinc-300">{service.price}</p>
                <Link
                  to={service.editHref}
                  className="text-brand-700 underline dark:text-brand-300"
                  aria-label={service.editLabel}
                >
                  {t.edit}
                </Link>
              </div>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
