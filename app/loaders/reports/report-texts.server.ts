// The report button's words in the reader's language (decision 089), made by the work and profile pages' loaders.
import { m } from "#app/paraglide/messages.js";
import type { ContentReportTarget } from "#worker/admin/domain/content-reports";
import type { ReportButtonTexts } from "#app/components/reports/report-button";

export const reportButtonTexts = (targetType: ContentReportTarget): ReportButtonTexts => ({
  text: m.reports_report(),
  name: targetType === "work" ? m.reports_heading_work() : m.reports_heading_profile(),
});
