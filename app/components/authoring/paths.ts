import { DASHBOARD_PATHS } from "#app/components/dashboard/dashboard-paths";

/** Authoring pages that the dashboard's sidebar does not list (they need an id). */
export const AUTHORING_PATHS = {
  formEdit: (formId: string) => `${DASHBOARD_PATHS.formEdit}?formId=${encodeURIComponent(formId)}`,
  serviceNew: DASHBOARD_PATHS.serviceNew,
  serviceEdit: (serviceId: string) => `/dashboard/commission/setting/service/${encodeURIComponent(serviceId)}/edit`,
  workEdit: (workId: string) => `${DASHBOARD_PATHS.portfolioCreator}/${encodeURIComponent(workId)}/edit`,
  clientWorkEdit: (workId: string) => `${DASHBOARD_PATHS.portfolioClient}/${encodeURIComponent(workId)}/edit`,
};
