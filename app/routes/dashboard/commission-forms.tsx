import { Link } from "react-router";
import { DASHBOARD_PATHS } from "~/components/dashboard/dashboard-paths";
import { DashboardPage, EmptyState, buttonLinkClass, dashboardTitle } from "~/components/dashboard/dashboard-page";
import { AUTHORING_PATHS as SERVICE_PATHS_ROOT } from "~/components/authoring/paths";
import { formatMoney } from "../../../worker/domain/pricing";
import { requestContext } from "~/lib/request-context";
import { m } from "~/paraglide/messages.js";
import { listForms } from "../../../worker/services/commission-forms";
import { listServices } from "../../../worker/services/commission-services";
import { requireCreatorSide } from "./guards.server";
import type { Route } from "./+types/commission-forms";

export async function loader({ context }: Route.LoaderArgs) {
  const user = requireCreatorSide(context);
  const { db, locale } = context.get(requestContext);
  const [forms, services] = await Promise.all([listForms(db, user.accountId, locale), listServices(db, user.accountId, locale)]);
  return { forms, services, locale };
}

export const meta: Route.MetaFunction = () => dashboardTitle(m.authoring_forms_title());

const cell = "px-3 py-2 text-left align-top";

export default function CommissionFormsPage({ loaderData }: Route.ComponentProps) {
  const { forms, services, locale } = loaderData;
  return (
    <DashboardPage title={m.authoring_forms_title()} intro={m.authoring_forms_intro()}>
      <section aria-labelledby="forms-heading" className="space-y-4">
        <div className="flex flex-wrap items-center justify-between gap-3">
          <h2 id="forms-heading" className="text-lg font-semibold text-zinc-900 dark:text-zinc-50">
            {m.authoring_forms_heading()}
          </h2>
          {forms.length > 0 && (
            <Link to={DASHBOARD_PATHS.formNew} className={buttonLinkClass}>
              {m.authoring_forms_new()}
            </Link>
          )}
        </div>
        {forms.length === 0 ? (
          <EmptyState message={m.authoring_forms_empty()} detail={m.authoring_forms_empty_detail()} action={{ to: DASHBOARD_PATHS.formNew, label: m.authoring_forms_new() }} />
        ) : (
          <div className="overflow-x-auto rounded-lg border border-zinc-300 dark:border-zinc-700">
            <table className="w-full text-sm text-zinc-900 dark:text-zinc-100">
              <thead className="bg-zinc-100 dark:bg-zinc-800">
                <tr>
                  <th scope="col" className={cell}>{m.authoring_col_title()}</th>
                  <th scope="col" className={cell}>{m.authoring_col_status()}</th>
                  <th scope="col" className={cell}>{m.authoring_col_code()}</th>
                  <th scope="col" className={cell}>{m.authoring_col_price()}</th>
                  <th scope="col" className={cell}>{m.authoring_col_actions()}</th>
                </tr>
              </thead>
              <tbody>
                {forms.map((form) => {
                  const title = form.title || m.authoring_untitled();
                  return (
                    <tr key={form.id} className="border-t border-zinc-200 dark:border-zinc-700">
                      <td className={`${cell} font-medium`}>{title}</td>
                      <td className={cell}>{form.status === "PUBLISHED" ? m.authoring_status_PUBLISHED() : m.authoring_status_DRAFT()}</td>
                      <td className={`${cell} font-mono`}>
                        {form.status === "PUBLISHED" ? (
                          <Link to={`/cf/${form.code}`} className="text-brand-700 underline dark:text-brand-300">
                            {form.code}
                          </Link>
                        ) : (
                          form.code
                        )}
                      </td>
                      <td className={cell}>{form.priceAmount ? formatMoney(form.priceAmount, form.currency, locale) : m.authoring_price_unset()}</td>
                      <td className={cell}>
                        <Link to={`${DASHBOARD_PATHS.formEdit}?formId=${encodeURIComponent(form.id)}`} className="text-brand-700 underline dark:text-brand-300" aria-label={m.authoring_edit_named({ title })}>
                          {m.authoring_edit()}
                        </Link>
                      </td>
                    </tr>
                  );
                })}
              </tbody>
            </table>
          </div>
        )}
      </section>
      <ServicesSection services={services} locale={locale} />
    </DashboardPage>
  );
}

function ServicesSection({ services, locale }: { services: Route.ComponentProps["loaderData"]["services"]; locale: string }) {
  return (
    <section aria-labelledby="services-heading" className="space-y-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 id="services-heading" className="text-lg font-semibold text-zinc-900 dark:text-zinc-50">
          {m.authoring_services_heading()}
        </h2>
        <Link to={SERVICE_PATHS_ROOT.serviceNew} className="button-secondary min-h-11">
          {m.authoring_services_new()}
        </Link>
      </div>
      {services.length === 0 ? (
        <p className="text-sm text-zinc-700 dark:text-zinc-300">{m.authoring_services_empty()}</p>
      ) : (
        <ul className="grid gap-3 sm:grid-cols-2">
          {services.map((service) => {
            const title = service.title || m.authoring_untitled();
            return (
              <li key={service.id} className="flex gap-3 rounded-lg border border-zinc-300 p-3 dark:border-zinc-700">
                {service.thumbnailUrl ? (
                  <img src={service.thumbnailUrl} alt="" className="size-16 shrink-0 rounded object-cover" width={64} height={64} />
                ) : (
                  <span aria-hidden="true" className="size-16 shrink-0 rounded bg-zinc-200 dark:bg-zinc-800" />
                )}
                <div className="min-w-0 space-y-1 text-sm">
                  <p className="font-medium text-zinc-900 dark:text-zinc-50">{title}</p>
                  <p className="text-zinc-700 dark:text-zinc-300">
                    {service.priceAmount ? `~${formatMoney(service.priceAmount, service.currency, locale)}` : m.authoring_price_unset()}
                  </p>
                  <Link to={SERVICE_PATHS_ROOT.serviceEdit(service.id)} className="text-brand-700 underline dark:text-brand-300" aria-label={m.authoring_edit_named({ title })}>
                    {m.authoring_edit()}
                  </Link>
                </div>
              </li>
            );
          })}
        </ul>
      )}
    </section>
  );
}
